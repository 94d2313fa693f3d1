// TestScale: how large a sample the heavy property and corpus tests take. `make test` runs the full
// samples; a sanitizer build (`make check-sanitizers`, where `Growth.sanitized` is true) runs a
// quarter of each, spread over the whole sample, so that every kind of check still runs once the
// sanitizers watch it, at a quarter of the cost. BIDIRENDER_TEST_SAMPLE=reduced asks for the reduced
// samples in any build (to check that a reduced test still passes without building a sanitizer).
import Foundation

public enum TestScale {
    /// How many times smaller a sanitizer build's samples are.
    public static let sanitizerDivisor = 4

    /// Whether the samples are reduced (a sanitizer build, or BIDIRENDER_TEST_SAMPLE=reduced).
    public static let reduced: Bool = Growth.sanitized
        || ProcessInfo.processInfo.environment["BIDIRENDER_TEST_SAMPLE"] == "reduced"

    /// The size of a sample of `n` items: `n`, or a quarter of it (rounded up, at least 1 when `n`
    /// is positive) in a sanitizer build.
    public static func sample(_ n: Int) -> Int {
        guard reduced, n > 0 else { return n }
        return max(1, (n + sanitizerDivisor - 1) / sanitizerDivisor)
    }

    /// `items`, or every fourth of them (the first, the fifth…, and always the last, so the range's
    /// ends are both kept) in a sanitizer build.
    public static func sample<Element>(_ items: [Element]) -> [Element] {
        guard reduced, items.count > 2 else { return items }
        var kept = stride(from: 0, to: items.count, by: sanitizerDivisor).map { items[$0] }
        if (items.count - 1) % sanitizerDivisor != 0, let last = items.last { kept.append(last) }
        return kept
    }
}
