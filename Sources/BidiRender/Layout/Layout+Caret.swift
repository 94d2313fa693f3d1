// Layout+Caret: where the caret goes for an offset — the line (by the offset and its affinity), and
// on it the strong and weak carets of Pango's `pango_layout_get_cursor_pos`, here primary and
// secondary. O(log lines + line), allocation-free.

/// Which side of a line break an offset at the break belongs to.
public enum TextAffinity: String, Sendable, Hashable, CaseIterable {
    /// With the text before it: at a soft line break, the end of the earlier line.
    case upstream
    /// With the text after it: at a soft line break, the start of the later line (the default).
    case downstream
}

/// An offset with its affinity: a caret's place in the text.
public struct TextPosition: Sendable, Hashable {
    /// A code point offset at a grapheme boundary.
    public var offset: Int
    /// Which line the offset belongs to when it is at a soft line break.
    public var affinity: TextAffinity

    /// A position at `offset`, downstream unless said otherwise.
    package init(offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }
}

/// One caret: a vertical line on a line box, and the direction of the text it belongs to.
public struct CaretPosition: Sendable, Hashable {
    /// Its x, in layout px.
    public internal(set) var x: Double
    /// The line box's top and bottom.
    public internal(set) var top: Double
    /// The bottom of the line box, in layout px.
    public internal(set) var bottom: Double
    /// The direction of the run it is attached to (the paragraph's at a line's edge).
    public internal(set) var direction: TextDirection
}

/// The carets of an offset: at a direction boundary it has two visual places.
public struct Caret: Sendable, Hashable {
    /// The line it is on (an index into `Layout.lines`).
    package internal(set) var line: Int
    /// Where text of the paragraph's direction would be inserted (Pango's strong cursor).
    public internal(set) var primary: CaretPosition
    /// Where text of the other direction would be inserted (Pango's weak cursor), when that is
    /// another place.
    public internal(set) var secondary: CaretPosition?
}

extension Layout {
    /// The carets of `offset`, on the line its affinity picks.
    ///
    /// An offset inside a grapheme snaps to its start, and one inside the text a truncation hides to
    /// the hidden text's start: the ellipsis stands for it as one grapheme. The line: at a soft line break (the end of a
    /// line that is also the next line's start) `.upstream` is the earlier line's end and
    /// `.downstream` the later line's start; an offset past the last line (after a final paragraph
    /// separator) is the last line's end.
    ///
    /// On the line, as `pango_layout_get_cursor_pos`: the trailing edge of the grapheme before the
    /// offset (the line's start edge at its start) and the leading edge of the grapheme after it
    /// (the line's end edge at its end). The primary caret is the first when that grapheme's
    /// direction is the paragraph's and the one after is of the other direction or a deeper level,
    /// else the second; the secondary caret is the other, nil when it is at the same x.
    ///
    /// - Throws: `.invalidValue` for an offset outside `0...graphemes.count`.
    public func caret(at offset: Int, affinity: TextAffinity = .downstream) throws(BidiRenderError) -> Caret {
        try checkOffset(offset)
        let o = graphemes.boundary(atOrBefore: offset)
        let l = lineIndex(for: o, affinity: affinity)
        return caret(at: min(o, queryRange(lines[l]).upperBound), onLine: l)
    }

    /// The code points `line` answers queries for: its range, and on the line with the ellipsis
    /// the text the truncation hides (`GraphemeIndex.hidden`), which the ellipsis stands for as one
    /// grapheme: a caret at its start is before the ellipsis, one at its end after it.
    func queryRange(_ line: LayoutLine) -> Range<Int> {
        let hidden = graphemes.hidden
        guard !hidden.isEmpty, line.runs.contains(where: \.isEllipsis) else { return line.range }
        return min(line.range.lowerBound, hidden.lowerBound)..<max(line.range.upperBound, hidden.upperBound)
    }

    /// The carets of grapheme boundary `o` on line `l` (`o` within the line's range).
    func caret(at o: Int, onLine l: Int) -> Caret {
        let line = lines[l]
        let sides = caretSides(at: o, on: line)
        let top = line.top
        let bottom = top + line.height
        let first = CaretPosition(x: sides.before.x, top: top, bottom: bottom, direction: TextDirection(level: sides.before.level))
        let second = CaretPosition(x: sides.after.x, top: top, bottom: bottom, direction: TextDirection(level: sides.after.level))
        let (primary, secondary) = sides.beforeIsStrong ? (first, second) : (second, first)
        return Caret(line: l, primary: primary, secondary: abs(secondary.x - primary.x) < Self.sameCaretX ? nil : secondary)
    }

    /// Carets closer than this (px) are one place.
    static let sameCaretX = 1e-6

    /// The two sides of boundary `o` on `line` — the trailing edge of the grapheme before it and the
    /// leading edge of the one after, each with its level — and whether the first is the strong
    /// (primary) one. One walk of the line.
    func caretSides(at o: Int, on line: LayoutLine) -> (before: (x: Double, level: UInt8), after: (x: Double, level: UInt8), beforeIsStrong: Bool) {
        let base: UInt8 = paragraphs[line.paragraph].direction == .rightToLeft ? 1 : 0
        let startEdge = base == 1 ? line.x + line.width : line.x
        let endEdge = base == 1 ? line.x : line.x + line.width
        let span = queryRange(line)
        var before: (x: Double, level: UInt8)? = o <= span.lowerBound ? (startEdge, base) : nil
        var after: (x: Double, level: UInt8)? = o >= span.upperBound ? (endEdge, base) : nil
        if before == nil || after == nil {
            let previous = graphemes.boundary(before: o)
            let skip = LayoutClusters.Skip.outside(before == nil ? previous : o, after == nil ? o : previous)
            LayoutClusters.forEachGrapheme(in: line, glyphs: glyphs, graphemes: graphemes, skip: skip) { g in
                if before == nil, g.range.contains(previous) { before = (g.trailing, g.level) }
                if after == nil, g.range.contains(o) { after = (g.leading, g.level) }
                return before == nil || after == nil
            }
        }
        // A grapheme without a glyph has no place of its own: it takes its neighbour's.
        let b = before ?? after ?? (startEdge, base)
        let a = after ?? b
        return (b, a, Self.beforeIsStrong(b.level, a.level, base: base))
    }

    /// Pango's strong-cursor rule: the side before a boundary (level `before`) is the strong one
    /// when its direction is the paragraph's (`base`, 0 or 1) and the side after is of the other
    /// direction or a deeper level.
    @inline(__always)
    static func beforeIsStrong(_ before: UInt8, _ after: UInt8, base: UInt8) -> Bool {
        before & 1 == base && (after & 1 != before & 1 || before < after)
    }

    /// The line `o` is on: the first line that ends at or after it, or at a soft line break with
    /// `.downstream` the next one, which starts there; the last line past every line.
    func lineIndex(for o: Int, affinity: TextAffinity) -> Int {
        let l = lines.partitioningIndex { $0.range.upperBound >= o }
        guard l < lines.count else { return lines.count - 1 }
        if affinity == .downstream, l + 1 < lines.count, lines[l].range.upperBound == o,
            lines[l + 1].range.lowerBound == o, lines[l + 1].paragraph == lines[l].paragraph
        {
            return l + 1
        }
        return l
    }

    /// The affinity that puts boundary `o` on line `l`: upstream only at the end of a line that
    /// the next one continues.
    func affinity(of o: Int, onLine l: Int) -> TextAffinity {
        lineIndex(for: o, affinity: .downstream) == l ? .downstream : .upstream
    }

    /// Throws `.invalidValue` naming `offset` when it is outside `0...graphemes.count`.
    func checkOffset(_ offset: Int, key: String = "offset") throws(BidiRenderError) {
        try OffsetBounds.check(offset, in: 0...graphemes.count, key: key)
    }
}
