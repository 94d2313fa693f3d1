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
    /// The paragraph's shaping proposes the latest boundary that fits (the prefix sums); the text
    /// shaped as a line (a word cut at the end reshaped, so an Arabic word takes its final form,
    /// which may be wider) confirms it, stepping back a grapheme cluster at a time.
    mutating func truncationEnd(
        from start: Int, to end: Int, room: Double, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double
    ) -> Int {
        let limit = room + 1e-6
        let starts = text.graphemeStarts
        // Forward, by the estimate: the latest boundary whose visible text fits.
        var c = start
        while c < end {
            var next = c + 1
            while next < end, !starts[next] { next += 1 }
            if !text.isHangingSpace(next - 1), advance(start, next) > limit { break }
            c = next
            if Self.isMandatoryBreak(text.scalars[next - 1].value) { break }
        }
        // Backward, by the text shaped as a line.
        while c > start {
            let visible = text.visibleEnd(start, c)
            if visible == start || measure(start, visible, items: items, text: text, shape: &shape, tables: tables, size: size) <= limit {
                return visible
            }
            c -= 1
            while c > start, !starts[c] { c -= 1 }
        }
        return start
    }
}
