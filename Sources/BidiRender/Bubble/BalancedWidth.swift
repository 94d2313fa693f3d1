// BalancedWidth: the narrowest text width, to half a pixel, at which a text keeps the line count it
// has at the maximum width (CSS `text-wrap: balance`, as chat bubbles want it: no wider than needed)
// and breaks inside no more URLs and words, and whose lines all fit in it, found by bisection over
// widths, each one a line filling of the prepared text (no line is built but the last).

enum BalancedWidth {
    /// How close to the narrowest width the search goes, in px.
    static let precision = 0.5

    /// What a line filling at one width gives the search: its line count, whether the text was
    /// truncated, how many lines end at a forced break (inside a URL or a word), and how many are
    /// wider than the width (a grapheme cluster or inline box wider than it, alone on its line).
    struct Probe {
        var lines: Int
        var truncated: Bool
        var forced: Int
        var overflowing: Int
    }

    /// The layout of the balanced width: from `greedy` (the layout at the maximum width, `forced`
    /// of its lines ending inside a URL or a word), the
    /// narrowest width, within `precision`, whose layout has as many lines, is not truncated, has
    /// no more forced breaks (a URL that fits on a line stays whole, as does a word) and no line
    /// wider than the width (a lone emoji, a wide inline box: the text never spills out of its
    /// frame), laid out at that width. When there is nothing to balance (one line, a truncated
    /// text: a narrower width would cut more of it, a cluster already wider than the maximum
    /// width, or no narrower width keeps the count), the greedy lines laid out again at their own
    /// `contentWidth`, so that the width is the text's.
    ///
    /// Line filling is greedy, so fewer px never give fewer lines: the search keeps `hi` a width
    /// that keeps the count and `lo` one that does not, and halves the gap. Its first `lo` is a lower
    /// bound from the text's length: the lines' widths summed, over the line count, less a space at
    /// each break (checked, and dropped to 0 if it still keeps the count). O(log(width / precision))
    /// line fillings, about 8 for a chat message, then one layout.
    static func layout(
        greedy: Layout, forced: Int, balanced: Bool, probe: (Double) throws(BidiRenderError) -> Probe,
        layoutAt: (Double) throws(BidiRenderError) -> Layout
    ) throws(BidiRenderError) -> Layout {
        let best = greedy
        let count = greedy.lines.count
        let maxWidth = greedy.options.maxWidth ?? .infinity
        let overflows = greedy.lines.contains { $0.contentWidth > maxWidth + 1e-6 }
        if balanced, count > 1, !greedy.truncated, !overflows {
            var hi = greedy.contentWidth
            let total = greedy.lines.reduce(0) { $0 + $1.contentWidth }
            let space = greedy.options.size
            var lo = max(0, total / Double(count) - space)
            func keeps(_ width: Double) throws(BidiRenderError) -> Bool {
                let p = try probe(width)
                return p.lines == count && !p.truncated && p.forced <= forced && p.overflowing == 0
            }
            if lo > 0, try keeps(lo) { lo = 0 }
            while hi - lo > precision {
                let mid = (lo + hi) / 2
                if try keeps(mid) { hi = mid } else { lo = mid }
            }
            // Within `precision` of the narrowest: laid out there, once.
            if hi < greedy.contentWidth { return try layoutAt(hi) }
        }
        // The greedy lines at the text's own width: the same lines again (the fixed point of
        // `contentWidth`), aligned in it. Kept only when it is so.
        let width = best.contentWidth
        guard width > 0, width < best.width else { return best }
        let tight = try layoutAt(width)
        return sameLines(tight, best) ? tight : best
    }

    /// Whether two layouts break into the same lines, with the same truncation.
    static func sameLines(_ a: Layout, _ b: Layout) -> Bool {
        a.truncated == b.truncated && a.lines.count == b.lines.count
            && zip(a.lines, b.lines).allSatisfy { $0.range == $1.range }
    }
}
