// Layout+HitTest: the offset a point falls on — the nearest line by y, then the nearest grapheme by
// x, and the side of it (as `pango_layout_xy_to_index` does, with graphemes). O(log lines + line),
// allocation-free. And the entity a point falls on (a tap on a mention, URL, phone number…).

/// What a point of a layout falls on.
public struct HitTestResult: Sendable, Hashable {
    /// The grapheme boundary nearest the point.
    public internal(set) var offset: Int
    /// `.upstream` when the offset is the end of a line that the next line continues (the point
    /// is at the earlier line's end).
    public internal(set) var affinity: TextAffinity
    /// The line (an index into `Layout.lines`).
    package internal(set) var line: Int
    /// Whether the point is on a grapheme: inside its line box and its extent.
    public internal(set) var isInside: Bool
}

extension Layout {
    /// The offset at point (`x`, `y`), in layout px.
    ///
    /// The nearest line by y (a point above the first line is on it, one below the last on the
    /// last), then the nearest grapheme by x: in the left half of an LTR grapheme, or the right
    /// half of an RTL one, the offset before it, else the offset after it. A point left or right
    /// of the line, or on its very end, maps to that visual end: the line's start or end, whichever
    /// has its primary caret there (the start at the left of an LTR paragraph's line). On the very
    /// edge between two graphemes whose offsets differ, the offset whose primary caret is there
    /// wins, so that hit-testing a primary caret's x gives its offset back (two offsets of bidi
    /// text may share a place, as in Pango: then either).
    ///
    /// - Throws: `.invalidValue` for a coordinate that is not a finite number.
    public func offset(atX x: Double, y: Double) throws(BidiRenderError) -> HitTestResult {
        try Self.checkFinite(x: x, y: y)
        guard !lines.isEmpty else { return HitTestResult(offset: 0, affinity: .downstream, line: 0, isInside: false) }
        let l = min(lines.partitioningIndex { $0.top + $0.height > y }, lines.count - 1)
        return hit(x: x, y: y, onLine: l)
    }

    /// The entity drawn at point (`x`, `y`), in layout px: the one of ``entities`` (any kind) one of
    /// whose tap targets, ``Entity/rects``, contains the point (the
    /// left and top edges are in, the right and bottom edges out); nil when none does, such as
    /// between two entities or on a part truncation cut off. An entity broken over lines is hit on
    /// each of its lines. Linear in the entities' rectangles.
    ///
    /// - Throws: `.invalidValue` for a coordinate that is not a finite number.
    public func entity(atX x: Double, y: Double) throws(BidiRenderError) -> Entity? {
        try Self.checkFinite(x: x, y: y)
        // An inline box inside an entity (a custom emoji in a mention) is the innermost: it wins.
        let hit = { (entity: Entity) in entity.rects.contains { $0.contains(x: x, y: y) } }
        return entities.first { $0.kind == .inlineBox && hit($0) } ?? entities.first(where: hit)
    }

    /// Throws `.invalidValue` (key "point") when `x` or `y` is not a finite number.
    static func checkFinite(x: Double, y: Double) throws(BidiRenderError) {
        guard x.isFinite else { throw .invalidValue(key: "point", value: "\(x.valueText),\(y.valueText)", reason: "x must be a finite number") }
        guard y.isFinite else { throw .invalidValue(key: "point", value: "\(x.valueText),\(y.valueText)", reason: "y must be a finite number") }
    }

    /// The hit of (`x`, `y`) on line `l` (`y` only decides `isInside`).
    func hit(x: Double, y: Double, onLine l: Int) -> HitTestResult {
        let line = lines[l]
        // The nearest grapheme: the first that holds x in [left, right), else the closest.
        var best: VisualGrapheme?
        var bestDistance = Double.infinity
        var bestHolds = false
        var touching = 0
        var (minLeft, maxRight) = (line.x, -Double.infinity)
        // Graphemes come left to right: the walk passes those that end well left of x (none of
        // them is the nearest or touches x) and stops at the first that starts past x (the right
        // end is then not reached).
        let skip = LayoutClusters.Skip.left(of: x - 2 * Self.sameCaretX)
        LayoutClusters.forEachGrapheme(in: line, glyphs: glyphs, graphemes: graphemes, skip: skip) { g in
            guard g.left <= x + Self.sameCaretX || best == nil else { return false }
            if g.left - Self.sameCaretX <= x, x <= g.right + Self.sameCaretX { touching += 1 }
            (minLeft, maxRight) = (min(minLeft, g.left), max(maxRight, g.right))
            let distance = x < g.left ? g.left - x : (x > g.right ? x - g.right : 0)
            let holds = g.left <= x && x < g.right
            if distance < bestDistance || (distance == bestDistance && holds && !bestHolds) {
                (best, bestDistance, bestHolds) = (g, distance, holds)
            }
            return true
        }
        guard let g = best else {
            return HitTestResult(offset: line.range.lowerBound, affinity: affinity(of: line.range.lowerBound, onLine: l), line: l, isInside: false)
        }
        let inside = y >= line.top && y < line.top + line.height && x >= g.left && x < g.right
        // At or past a visual end: that end, the line's start or end by the paragraph's direction
        // (the offset whose primary caret is there), within `sameCaretX` (the line's edges and its
        // glyphs' are sums of the same advances in other orders).
        let atLeftEnd = x <= minLeft + Self.sameCaretX
        if atLeftEnd || x >= maxRight - Self.sameCaretX {
            let rtl = paragraphs[line.paragraph].direction == .rightToLeft
            let span = queryRange(line)
            let o = atLeftEnd == rtl ? span.upperBound : span.lowerBound
            return HitTestResult(offset: o, affinity: affinity(of: o, onLine: l), line: l, isInside: inside)
        }
        // The ellipsis is the grapheme of the text it hides: its near half gives the hidden text's
        // start, its far half its end.
        var o = Self.side(of: g, x: x)
        // On an edge shared by graphemes whose sides differ: the offset whose primary caret is there.
        if touching > 1, abs(caret(at: o, onLine: l).primary.x - x) >= Self.sameCaretX {
            LayoutClusters.forEachGrapheme(in: line, glyphs: glyphs, graphemes: graphemes, skip: skip) { other in
                guard other.left - Self.sameCaretX <= x, x <= other.right + Self.sameCaretX else { return true }
                let candidate = Self.side(of: other, x: x)
                guard candidate != o, abs(caret(at: candidate, onLine: l).primary.x - x) < Self.sameCaretX else { return true }
                o = candidate
                return false
            }
        }
        return HitTestResult(offset: o, affinity: affinity(of: o, onLine: l), line: l, isInside: inside)
    }

    /// The offset on `g`'s side of `x`: before it in its first half in reading order, after it in
    /// the second (a point outside it takes the nearer end).
    static func side(of g: VisualGrapheme, x: Double) -> Int {
        let leftHalf = x < (g.left + g.right) / 2
        return leftHalf != g.rightToLeft ? g.range.lowerBound : g.range.upperBound
    }
}
