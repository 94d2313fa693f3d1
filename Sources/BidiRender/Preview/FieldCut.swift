// FieldCut: a preview field rebuilt from the pieces of it a cut keeps (PreviewScratch's, to a width;
// PlainPreview's, to a number of grapheme clusters) with "…" where the text was cut, its spans moved
// with it.

extension NeutralField {
    /// The field keeping `pieces` of its text (code point ranges, ascending) with "…" at `cut`, its
    /// spans moved with the kept text (a span over the cut splits in two), made safe again (an
    /// isolate the cut opened or closed is balanced).
    func keeping(_ pieces: [Range<Int>], ellipsisAt cut: Int) throws(BidiRenderError) -> NeutralField {
        var text = String.UnicodeScalarView()
        var spans: [TextSpan] = []
        var placed = false
        func placeEllipsis() {
            if !placed { text.append("\u{2026}") }
            placed = true
        }
        for piece in pieces {
            if piece.lowerBound >= cut { placeEllipsis() }
            let start = text.count
            text.append(contentsOf: scalars[piece])
            for span in self.spans {
                let kept = span.range.clamped(to: piece)
                guard !kept.isEmpty else { continue }
                var moved = span
                moved.range = (kept.lowerBound - piece.lowerBound + start)..<(kept.upperBound - piece.lowerBound + start)
                spans.append(moved)
            }
        }
        placeEllipsis()
        return try NeutralField(PreviewField(
            name: name, text: String(text), spans: spans, priority: priority, minShare: minShare, truncation: truncation))
    }

    /// The field keeping `pieces` (its own offsets) with "…" at `cut`, as `keeping` makes it; a cut
    /// that keeps no text keeps the first grapheme cluster (the last at a start cut), so that a
    /// field always shows something of itself.
    func cut(keeping pieces: [Range<Int>], at cut: Int) throws(BidiRenderError) -> NeutralField {
        guard pieces.allSatisfy(\.isEmpty), !scalars.isEmpty else { return try keeping(pieces.filter { !$0.isEmpty }, ellipsisAt: cut) }
        let starts = Self.graphemeStarts(scalars)
        if truncation == .start {
            let last = starts.last ?? 0
            return try keeping([last..<scalars.count], ellipsisAt: last)
        }
        let first = starts.count > 1 ? starts[1] : scalars.count
        return try keeping([0..<first], ellipsisAt: first)
    }

    /// The maximal runs of true in `flags`, as ranges.
    static func ranges(of flags: [Bool]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start: Int?
        for (i, on) in flags.enumerated() {
            if on, start == nil { start = i }
            if !on, let s = start {
                out.append(s..<i)
                start = nil
            }
        }
        if let s = start { out.append(s..<flags.count) }
        return out
    }

    /// The code point offset of each grapheme cluster's start in `scalars`.
    static func graphemeStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for character in String(String.UnicodeScalarView(scalars)) {
            starts.append(offset)
            offset += character.unicodeScalars.count
        }
        return starts
    }
}
