// Layout+Movement: where the caret goes from a position — the next or previous grapheme (logical),
// left or right (visual, across runs and line ends, as Pango's `pango_layout_move_cursor_visually`
// moves the strong cursor), up or down a line (keeping x).
//
// Logical moves are O(grapheme). Visual moves sort the carets of one or two lines, so they are
// O(line log line) and allocate a list of the line's carets; up and down are a caret and a hit test.

/// A caret movement.
public enum CaretMovement: String, Sendable, Hashable, CaseIterable {
    /// To the next grapheme boundary in logical order.
    case next
    /// To the previous grapheme boundary in logical order.
    case previous
    /// One caret position to the left on the screen.
    case left
    /// One caret position to the right on the screen.
    case right
    /// To the line above, at the same x.
    case up
    /// To the line below, at the same x.
    case down
}

extension Layout {
    /// The position the caret reaches from `offset` (with `affinity`) by `movement`.
    ///
    /// - `next`, `previous`: the adjacent grapheme boundary in logical order (a paragraph separator
    ///   is one grapheme, and so is the text a truncation hides: the caret steps over it); the
    ///   text's ends stay where they are.
    /// - `left`, `right`: the next primary caret position on the screen, as
    ///   `pango_layout_move_cursor_visually` moves the strong cursor. Past a line's visual end the
    ///   caret enters the adjacent line in reading order (the next line when moving toward the
    ///   paragraph's end edge): the next line at its opposite visual end, the previous line at its
    ///   logical end (the same place when the two lines share a direction), skipping that place when
    ///   it is the same offset (a soft line break). The layout's visual ends stay where they are.
    ///   (Moving left from the end of a right-to-left paragraph, Pango enters a right-to-left
    ///   paragraph after it at its logical end, skipping the line; this enters it at its start.)
    /// - `up`, `down`: the line above or below, hit-tested at the primary caret's x, mid-height.
    ///   Up from the first line goes to the text's start, down from the last line to its end.
    ///
    /// - Throws: `.invalidValue` for an offset outside `0...graphemes.count`.
    public func move(_ movement: CaretMovement, from offset: Int, affinity: TextAffinity = .downstream) throws(BidiRenderError) -> TextPosition {
        try checkOffset(offset)
        let o = graphemes.boundary(atOrBefore: offset)
        guard !lines.isEmpty else { return TextPosition(offset: o) }
        let l = lineIndex(for: o, affinity: affinity)
        let here = min(o, queryRange(lines[l]).upperBound)
        switch movement {
        case .next:
            return TextPosition(offset: graphemes.boundary(after: o))
        case .previous:
            return TextPosition(offset: graphemes.boundary(before: o))
        case .up, .down:
            let target = movement == .up ? l - 1 : l + 1
            guard lines.indices.contains(target) else {
                let end = movement == .up ? 0 : graphemes.count
                return TextPosition(offset: end, affinity: .downstream)
            }
            let x = caret(at: here, onLine: l).primary.x
            let line = lines[target]
            let hit = hit(x: x, y: line.top + line.height / 2, onLine: target)
            return TextPosition(offset: hit.offset, affinity: hit.affinity)
        case .left, .right:
            return moveVisually(right: movement == .right, from: here, onLine: l)
        }
    }

    /// One step left or right from boundary `o` on line `l`, as `pango_layout_move_cursor_visually`.
    private func moveVisually(right: Bool, from o: Int, onLine l: Int) -> TextPosition {
        let stops = caretStops(onLine: l)
        let x = caret(at: o, onLine: l).primary.x
        // The current stop: the rightmost at x when moving right, the leftmost when moving left
        // (else the caret could not leave a place several stops share).
        let matches = stops.indices.filter { abs(stops[$0].x - x) < Self.sameCaretX }
        let current = (right ? matches.last : matches.first) ?? (right ? stops.lastIndex { $0.x < x } ?? -1 : stops.firstIndex { $0.x > x } ?? stops.count)
        let next = right ? current + 1 : current - 1
        if stops.indices.contains(next) { return TextPosition(offset: stops[next].offset, affinity: affinity(of: stops[next].offset, onLine: l)) }
        // Off the line's visual end: into the adjacent line in reading order, at its other end.
        let rtl = paragraphs[lines[l].paragraph].direction == .rightToLeft
        let target = right != rtl ? l + 1 : l - 1
        guard lines.indices.contains(target) else { return TextPosition(offset: o, affinity: affinity(of: o, onLine: l)) }
        let entry = caretStops(onLine: target)
        // The line before is entered at its logical end (its visual end on the side the caret came
        // from when the two lines share a direction; "ab" above "جد", moving right from ج's side:
        // after "b"), the line after at its visual end on the other side.
        var k = right ? 0 : entry.count - 1
        if target < l, let end = entry.firstIndex(where: { $0.offset == lines[target].range.upperBound }) { k = end }
        if entry[k].offset == o, entry.indices.contains(right ? k + 1 : k - 1) { k = right ? k + 1 : k - 1 }
        return TextPosition(offset: entry[k].offset, affinity: affinity(of: entry[k].offset, onLine: target))
    }

    /// Every grapheme boundary of line `l` with its primary caret's x, sorted by x (then offset).
    /// One walk of the line gives each boundary's two sides; the strong rule picks one.
    func caretStops(onLine l: Int) -> [(x: Double, offset: Int)] {
        let line = lines[l]
        let lo = line.range.lowerBound
        let n = line.range.count
        // The trailing edge of the grapheme ending at each boundary, the leading edge of the one
        // starting there, with levels (NaN: none found).
        var trailing = [(x: Double, level: UInt8)](repeating: (.nan, 0), count: n + 1)
        var leading = trailing
        LayoutClusters.forEachGrapheme(in: line, glyphs: glyphs, graphemes: graphemes) { g in
            let s = g.range.lowerBound - lo
            let e = g.range.upperBound - lo
            if s >= 0, s <= n, leading[s].x.isNaN { leading[s] = (g.leading, g.level) }
            if e >= 0, e <= n, trailing[e].x.isNaN { trailing[e] = (g.trailing, g.level) }
            return true
        }
        var stops: [(x: Double, offset: Int)] = []
        var o = lo
        while true {
            let x: Double
            if trailing[o - lo].x.isNaN || leading[o - lo].x.isNaN {
                x = caret(at: o, onLine: l).primary.x  // an edge or a grapheme without a glyph
            } else {
                let b = trailing[o - lo]
                let a = leading[o - lo]
                let base: UInt8 = paragraphs[line.paragraph].direction == .rightToLeft ? 1 : 0
                x = Self.beforeIsStrong(b.level, a.level, base: base) ? b.x : a.x
            }
            stops.append((x, o))
            if o >= line.range.upperBound { break }
            o = min(graphemes.boundary(after: o), line.range.upperBound)
        }
        // The far side of the text a truncation hides, past the line's range: its end after an
        // ellipsis at the end, its start before one at the start.
        let span = queryRange(line)
        for o in [span.lowerBound, span.upperBound] where !line.range.contains(o) && o != line.range.upperBound {
            stops.append((caret(at: o, onLine: l).primary.x, o))
        }
        stops.sort { $0.x != $1.x ? $0.x < $1.x : $0.offset < $1.offset }
        return stops
    }
}
