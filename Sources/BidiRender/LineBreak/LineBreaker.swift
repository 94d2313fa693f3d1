// LineBreaker: the greedy fill of a paragraph's lines to a width, at the break opportunities a
// BreakOpportunitySource gives, with breaks at grapheme boundaries for a word longer than the line.

/// Line filling.
enum LineBreaker {
    private static let none = BreakOpportunity.none
    private static let mandatory = BreakOpportunity.mandatory

    /// Fills lines of at most `maxWidth` (nil: no limit, only mandatory breaks) over `range`.
    ///
    /// Each line ends at the last UAX #14 opportunity whose text fits. `estimate` (prefix sums of the
    /// paragraph's shaping) proposes the end; `measure` (the line shaped as a line: a word cut at its
    /// edge is reshaped, and Arabic final forms are wider than medial ones) confirms it, stepping back
    /// an opportunity at a time when the reshaped line is too wide. A word wider than the line breaks
    /// between grapheme clusters, keeping at least one cluster per line.
    ///
    /// - Parameters:
    ///   - breaks: per code point of `range` (index 0 = range.lowerBound), a `BreakOpportunity` kind.
    ///   - isHangingSpace: whether the code point at an absolute offset hangs at a line end.
    ///   - estimate, measure: the width of [a, b) (absolute offsets) without its trailing white space.
    ///   - graphemeStarts: whether each code point of `range` starts a grapheme cluster.
    /// When the task is cancelled it stops before the next line and returns the rest of `range` as
    /// one last line (so the lines still partition it); the caller checks and throws `.cancelled`.
    /// With `maxLines` it stops the same way once it has filled that many lines.
    ///
    /// - Returns: the line ranges, partitioning `range` (one empty line for an empty range).
    static func fill(
        range: Range<Int>, maxWidth: Double?, breaks: [UInt8], graphemeStarts: UnsafeBufferPointer<Bool>,
        isHangingSpace: (Int) -> Bool, estimate: (Int, Int) -> Double, measure: (Int, Int) -> Double,
        maxLines: Int? = nil
    ) -> [Range<Int>] {
        let n = range.count
        guard n > 0 else { return [range] }
        let base = range.lowerBound
        var lines: [Range<Int>] = []
        lines.reserveCapacity(8)
        var start = 0
        let limit = (maxWidth ?? .infinity) + 1e-6
        var fitting: [Int] = []
        fitting.reserveCapacity(min(n, 64))
        while start < n {
            if Task.isCancelled || lines.count == maxLines {
                lines.append((base + start)..<(base + n))
                break
            }
            // The opportunities that fit by the estimate, in order; stop at a mandatory break.
            fitting.removeAll(keepingCapacity: true)
            var b = start + 1
            while b <= n {
                if b == n || breaks[b] != none {
                    guard estimate(base + start, base + b) <= limit else { break }
                    fitting.append(b)
                    if b < n, breaks[b] == mandatory { break }
                } else if !isHangingSpace(base + b - 1), estimate(base + start, base + b) > limit {
                    // Past the width with no opportunity yet: no later one fits either.
                    break
                }
                b += 1
            }
            var end: Int?
            if maxWidth == nil {
                end = fitting.last
            } else {
                while let candidate = fitting.popLast() {
                    if measure(base + start, base + candidate) <= limit {
                        end = candidate
                        break
                    }
                }
            }
            if end == nil {
                // Nothing fits: break inside the word between grapheme clusters.
                var e = nextGrapheme(after: start, graphemeStarts)
                while e < n {
                    let after = nextGrapheme(after: e, graphemeStarts)
                    if measure(base + start, base + after) > limit { break }
                    e = after
                }
                end = e
            }
            lines.append((base + start)..<(base + end!))
            start = end!
        }
        return lines
    }

    private static func nextGrapheme(after i: Int, _ starts: UnsafeBufferPointer<Bool>) -> Int {
        var j = i + 1
        while j < starts.count, !starts[j] { j += 1 }
        return j
    }
}
