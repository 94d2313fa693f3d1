// OffsetRange: a "START:END" range of code point offsets on the command line (render --selection).
import ArgumentParser

/// A half-open range of code point offsets, written START:END.
struct OffsetRange: ExpressibleByArgument, Equatable {
    var range: Range<Int>

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, start <= end else { return nil }
        range = start..<end
    }
}
