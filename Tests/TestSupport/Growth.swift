// Growth: how the tests tell linear time from quadratic without a wall-clock threshold. A case is
// timed at n and at 4n, the least of five runs of each taken in turn, and the ratio must stay under
// 8: linear time gives about 4, quadratic about 16, so the noise of a busy machine (the suite runs
// tests in parallel on two cores) has a factor of two either way. A sanitizer build keeps each
// test's checks of its results but not the ratio: its time is the sanitizer's.
import Foundation

public enum Growth {
    /// How much larger the large input is than the small one.
    public static let factor = 4

    /// The largest ratio a linear case may show: between linear (4) and quadratic (16).
    public static let limit = 8.0

    /// Whether this is a sanitizer build (`make check-sanitizers` builds into .build-asan and
    /// .build-tsan), whose times say nothing about the code's growth.
    public static let sanitized: Bool = {
        let paths = [Bundle.main.bundlePath, Bundle.main.executablePath ?? "", CommandLine.arguments.first ?? ""]
        return paths.contains { $0.contains("/.build-asan/") || $0.contains("/.build-tsan/") }
    }()

    /// Whether `ratio` shows linear growth (always true in a sanitizer build).
    public static func linear(_ ratio: Double) -> Bool { sanitized || ratio < limit }

    /// The time of one run of `body`, in seconds.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The times of `run` on `small` and `large` and their ratio: the least of five runs of each,
    /// taken in turn (small, large, small, large…) so that other work on the machine weighs on both
    /// alike. A sanitizer build runs each once.
    public static func times<Input>(
        _ small: Input, _ large: Input, runs: Int = 5, _ run: (Input) throws -> Void
    ) rethrows -> (small: Double, large: Double, ratio: Double) {
        var (t1, t2) = (Double.infinity, Double.infinity)
        for _ in 0..<(sanitized ? 1 : runs) {
            t1 = min(t1, try seconds { try run(small) })
            t2 = min(t2, try seconds { try run(large) })
        }
        return (t1, t2, t2 / t1)
    }

    /// `times` on `text(n)` and `text(4n)`.
    public static func ratio<Input>(
        _ n: Int, runs: Int = 5, text: (Int) -> Input, _ run: (Input) throws -> Void
    ) rethrows -> (small: Double, large: Double, ratio: Double) {
        try times(text(n), text(factor * n), runs: runs, run)
    }
}
