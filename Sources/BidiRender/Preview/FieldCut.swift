// FieldCut: a preview field cut down — to a width by a layout of its own with its truncation mode
// (entity-aware, shaped as a line), or to a number of grapheme clusters for the plain string — and
// rebuilt as a field of the kept text with "…" where the text was cut, its spans moved with it.

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

    /// The field cut to at most `width` px laid out alone (its own direction, on one line) with its
    /// truncation mode and "…", by `engine`; nil when it fits whole. A cut that keeps no text keeps
    /// the first grapheme cluster (the last at a start cut).
    func cut(toWidth width: Double, engine: LayoutEngine, options: LayoutOptions) throws(BidiRenderError) -> NeutralField? {
        var o = options
        (o.direction, o.maxWidth, o.maxLines, o.truncation) = (.auto, max(1, width), 1, truncation)
        (o.ellipsis, o.ellipsisStyle, o.alignment) = ("\u{2026}", nil, .natural)
        let layout = try engine.layout(string, spans: spans, options: o)
        guard layout.truncated, let line = layout.lines.first, let ellipsis = line.runs.first(where: \.isEllipsis) else { return nil }
        var covered = [Bool](repeating: false, count: scalars.count)
        for run in line.runs where !run.isEllipsis { for i in run.range { covered[i] = true } }
        var pieces = Self.ranges(of: covered)
        var cut = ellipsis.range.lowerBound
        if pieces.isEmpty, !scalars.isEmpty {
            let first = Self.graphemeStarts(scalars)
            if truncation == .start {
                pieces = [(first.last ?? 0)..<scalars.count]
                cut = pieces[0].lowerBound
            } else {
                pieces = [0..<(first.count > 1 ? first[1] : scalars.count)]
                cut = pieces[0].upperBound
            }
        }
        return try keeping(pieces, ellipsisAt: cut)
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
