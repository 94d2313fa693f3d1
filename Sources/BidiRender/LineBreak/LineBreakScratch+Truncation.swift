// LineBreakScratch+Truncation: where a truncated line is cut — the latest grapheme boundary whose text,
// shaped as a line and without its trailing white space, fits in the room the ellipsis leaves.

extension LineBreakScratch {
    /// The end of the kept text of a truncated line that starts at `start` in the loaded paragraph
    /// (`lines` was called for it): the latest grapheme boundary `c`, at most `end` and not past the
    /// paragraph's next mandatory break, such that [start, c) without its trailing white space is at
    /// most `room` px wide shaped as a line. The result is that boundary less the trailing white
    /// space (so the ellipsis follows the last visible character); `start` when not even the first
    /// grapheme cluster fits.
    ///
    /// The paragraph's shaping (the prefix sums) proposes the candidates: the boundaries whose
    /// visible text is at most `slack` (an em) wider than the room by it. The text shaped as a line
    /// decides (a word cut at the end reshaped, so an Arabic word takes its final form, which may be
    /// wider or narrower, and a longer cut may be narrower than a shorter one): the latest candidate
    /// that fits, found stepping back a grapheme cluster at a time. Only the shaped width decides, so
    /// at the width the line reports (its text's shaped width plus the ellipsis) the cut is the same:
    /// a truncated layout laid out again at its `contentWidth` keeps the same text.
    mutating func truncationEnd(
        from start: Int, to end: Int, room: Double, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double
    ) -> Int {
        let limit = room + 1e-6
        let reach = limit + Self.slack(items, size: size)
        let starts = text.graphemeStarts
        // Forward, by the estimate: the latest candidate.
        var c = start
        while c < end {
            var next = c + 1
            while next < end, !starts[next] { next += 1 }
            if !text.isHangingSpace(next - 1), advance(start, next) > reach { break }
            c = next
            if Self.isMandatoryBreak(text.scalars[next - 1].value) { break }
        }
        // Backward, by the text shaped as a line.
        while c > start {
            let visible = text.visibleEnd(start, c)
            if visible == start || measure(start, visible, endsAtCut: true, items: items, text: text, shape: &shape, tables: tables, size: size) <= limit {
                return visible
            }
            c -= 1
            while c > start, !starts[c] { c -= 1 }
        }
        return start
    }
}
