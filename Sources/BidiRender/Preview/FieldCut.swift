// FieldCut: a preview field rebuilt from the pieces of it a cut keeps (PreviewScratch's, to a width;
// PlainPreview's, to a number of grapheme clusters) with "…" where the text was cut, its spans moved
// with it.

extension NeutralField {
    /// The field keeping `pieces` of its text (code point ranges, ascending) with "…" at `cut`, its
    /// spans moved with the kept text (a span over the cut splits in two), made safe again (an
    /// isolate the cut opened or closed is balanced).
    func keeping(_ pieces: [Range<Int>], ellipsisAt cut: Int) -> NeutralField {
        var text: [Unicode.Scalar] = []
        text.reserveCapacity(pieces.reduce(1) { $0 + $1.count })
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
        return NeutralField(name: name, source: text, spans: spans, priority: priority, minShare: minShare, truncation: truncation)
    }

    /// The field keeping `pieces` (its own offsets) with "…" at `cut`, as `keeping` makes it; a cut
    /// that keeps no text keeps the first grapheme cluster (the last at a start cut), so that a
    /// field always shows something of itself.
    func cut(keeping pieces: [Range<Int>], at cut: Int) -> NeutralField {
        guard pieces.allSatisfy(\.isEmpty), !scalars.isEmpty else { return keeping(pieces.filter { !$0.isEmpty }, ellipsisAt: cut) }
        let starts = Self.graphemeStarts(scalars)
        if truncation == .start {
            let last = starts.last ?? 0
            return keeping([last..<scalars.count], ellipsisAt: last)
        }
        let first = starts.count > 1 ? starts[1] : scalars.count
        return keeping([0..<first], ellipsisAt: first)
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

    /// How many code points the first grapheme cluster of `scalars` has (0 when it is empty).
    static func firstGraphemeLength(_ scalars: [Unicode.Scalar]) -> Int {
        // Found on a short prefix (a break before the prefix's end is the text's too), grown when
        // the prefix is one cluster.
        var prefix = Swift.min(scalars.count, 32)
        while true {
            let length = String(scalars: scalars[0..<prefix]).first?.unicodeScalars.count ?? 0
            if length < prefix || prefix == scalars.count { return length }
            prefix = Swift.min(scalars.count, prefix * 2)
        }
    }

    /// The code point offset of each grapheme cluster's start in `scalars`.
    static func graphemeStarts(_ scalars: [Unicode.Scalar]) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for character in String(scalars: scalars) {
            starts.append(offset)
            offset += character.unicodeScalars.count
        }
        return starts
    }
}
