// LineBreaker: the greedy fill of a paragraph's lines to a width, at the break opportunities a
// BreakOpportunitySource gives, with breaks at grapheme boundaries for a word longer than the line.

/// Line filling.
enum LineBreaker {
    private static let none = BreakOpportunity.none
    private static let mandatory = BreakOpportunity.mandatory
    private static let withinEntity = BreakOpportunity.withinEntity

    /// Fills lines of at most `maxWidth` (nil: no limit, only mandatory breaks) over `range`.
    ///
    /// Each line ends at the last UAX #14 opportunity whose text fits. `estimate` (prefix sums of the
    /// paragraph's shaping) proposes the candidates: the opportunities up to `slack` px past the
    /// width by it; `measure` (the line shaped as a line: a word cut at its edge is reshaped, and
    /// Arabic final forms are wider than medial ones, or narrower) decides, the latest candidate that
    /// fits winning. A line with no such opportunity that fits ends at the last `withinEntity` one that
    /// fits (a URL longer than a line breaks at its own opportunities), else, as a word wider than
    /// the line, between grapheme clusters by the same rule, keeping at least one cluster per line. Only the shaped width decides, so a layout at the width
    /// its widest line reports breaks where it did (as long as the paragraph's shaping of a line is at
    /// most `slack` wider than the line's own).
    ///
    /// - Parameters:
    ///   - breaks: per code point of `range` (index 0 = range.lowerBound), a `BreakOpportunity` kind.
    ///   - isHangingSpace: whether the code point at an absolute offset hangs at a line end.
    ///   - estimate, measure: the width of [a, b) (absolute offsets) without its trailing white space.
    ///   - graphemeStarts: whether each code point of `range` starts a grapheme cluster.
    ///   - slack: how much wider than `measure` `estimate` may be (reshaped edges): an em.
    ///   - fitsBefore: given a line's start and the width it may reach (absolute offset, px), an
    ///     offset before which `estimate` of every prefix of the line is within that width (from a
    ///     running maximum of the prefix sums): the scan asks `estimate` only from there on. nil:
    ///     it asks at every opportunity. The lines are the same either way.
    /// When the task is cancelled it stops before the next line and returns the rest of `range` as
    /// one last line (so the lines still partition it); the caller checks and throws `.cancelled`.
    /// With `maxLines` it stops the same way once it has filled that many lines.
    ///
    /// - Returns: the line ranges, partitioning `range` (one empty line for an empty range).
    static func fill(
        range: Range<Int>, maxWidth: Double?, breaks: [UInt8], graphemeStarts: UnsafeBufferPointer<Bool>,
        isHangingSpace: (Int) -> Bool, estimate: (Int, Int) -> Double, measure: (Int, Int) -> Double,
        maxLines: Int? = nil, slack: Double = 0, fitsBefore: ((Int, Double) -> Int)? = nil
    ) -> [Range<Int>] {
        let n = range.count
        guard n > 0 else { return [range] }
        let base = range.lowerBound
        var lines: [Range<Int>] = []
        lines.reserveCapacity(8)
        var start = 0
        let limit = (maxWidth ?? .infinity) + 1e-6
        let reach = limit + max(0, slack)
        breaks.withUnsafeBufferPointer { breaks in
            // Whether a line may end before code point b (the paragraph's end always may).
            func isOpportunity(_ b: Int) -> Bool { b == n || (breaks[b] != none && breaks[b] != withinEntity) }
            while start < n {
                if Task.isCancelled || lines.count == maxLines {
                    lines.append((base + start)..<(base + n))
                    break
                }
                // The candidates are the opportunities after `start` up to `last`: those that may fit
                // by the estimate, in order, up to a mandatory break. Before `safe` every prefix fits
                // by it, so it is asked only from there on.
                let safe = fitsBefore.map { $0(base + start, reach) - base } ?? start + 1
                var last = start
                var b = start + 1
                while b <= n {
                    if isOpportunity(b) {
                        if b >= safe { guard estimate(base + start, base + b) <= reach else { break } }
                        last = b
                        if b < n, breaks[b] == mandatory { break }
                    } else if b >= safe, (b - start) & 15 == 0, !isHangingSpace(base + b - 1),
                        estimate(base + start, base + b) > reach
                    {
                        // Past the width with no opportunity yet: no later one fits either (the
                        // estimate only grows past a visible code point). Asked every 16 code points:
                        // the scan stays linear, and the opportunities in between fail the guard
                        // above anyway.
                        break
                    }
                    b += 1
                }
                // The latest candidate that fits as a line, walking back from `last`.
                var end: Int?
                if maxWidth == nil {
                    end = last > start ? last : nil
                } else {
                    var candidate = last
                    while candidate > start {
                        if measure(base + start, base + candidate) <= limit {
                            end = candidate
                            break
                        }
                        candidate -= 1
                        while candidate > start, !isOpportunity(candidate) { candidate -= 1 }
                    }
                }
                if end == nil, maxWidth != nil {
                    end = urlBreak(
                        from: start, n: n, base: base, limit: limit, reach: reach, breaks: breaks,
                        isHangingSpace: isHangingSpace, estimate: estimate, measure: measure)
                }
                let lineEnd = end ?? graphemeBreak(
                    from: start, n: n, base: base, limit: limit, reach: reach, breaks: breaks,
                    graphemeStarts: graphemeStarts, estimate: estimate, measure: measure)
                lines.append((base + start)..<(base + lineEnd))
                start = lineEnd
            }
        }
        return lines
    }

    /// Where a line that starts at `start` (relative to `base`) ends when no opportunity but those
    /// inside an entity fits: the latest `withinEntity` opportunity up to `reach` by `estimate` (and not past
    /// a mandatory break) whose text fits by `measure`; nil when none does. Linear in the code points
    /// scanned, as `fill`'s own scan.
    private static func urlBreak(
        from start: Int, n: Int, base: Int, limit: Double, reach: Double, breaks: UnsafeBufferPointer<UInt8>,
        isHangingSpace: (Int) -> Bool, estimate: (Int, Int) -> Double, measure: (Int, Int) -> Double
    ) -> Int? {
        var last = start
        var b = start + 1
        while b < n, breaks[b] != mandatory {
            if breaks[b] == withinEntity {
                guard estimate(base + start, base + b) <= reach else { break }
                last = b
            } else if (b - start) & 15 == 0, !isHangingSpace(base + b - 1), estimate(base + start, base + b) > reach {
                break
            }
            b += 1
        }
        var candidate = last
        while candidate > start {
            if measure(base + start, base + candidate) <= limit { return candidate }
            candidate -= 1
            while candidate > start, breaks[candidate] != withinEntity { candidate -= 1 }
        }
        return nil
    }

    /// Where a line that starts at `start` (relative to `base`) ends when no opportunity fits: the
    /// latest grapheme boundary up to `reach` by `estimate` (and not past a mandatory break) whose
    /// text fits by `measure`, at least one cluster on.
    private static func graphemeBreak(
        from start: Int, n: Int, base: Int, limit: Double, reach: Double, breaks: UnsafeBufferPointer<UInt8>,
        graphemeStarts: UnsafeBufferPointer<Bool>, estimate: (Int, Int) -> Double, measure: (Int, Int) -> Double
    ) -> Int {
        let first = nextGrapheme(after: start, graphemeStarts)
        var e = first
        while e < n, breaks[e] != mandatory {
            let after = nextGrapheme(after: e, graphemeStarts)
            if estimate(base + start, base + after) > reach { break }
            e = after
        }
        while e > first, measure(base + start, base + e) > limit {
            e -= 1
            while e > first, !graphemeStarts[e] { e -= 1 }
        }
        return e
    }

    private static func nextGrapheme(after i: Int, _ starts: UnsafeBufferPointer<Bool>) -> Int {
        var j = i + 1
        while j < starts.count, !starts[j] { j += 1 }
        return j
    }
}
