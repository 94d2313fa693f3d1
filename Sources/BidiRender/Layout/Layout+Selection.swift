// Layout+Selection: the rectangles that highlight a logical range — per line, the visual extent of
// the range's graphemes, merged where they touch, from the line box's top to its bottom. One
// logical range may give several rectangles on one line (bidi). O(log lines + lines of the range).

/// A rectangle in layout px: x from the left edge, y down from the top.
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

extension Layout {
    /// The selection rectangles of `range`, line by line, each line's from left to right.
    ///
    /// Both ends snap to the start of the grapheme they fall in; a grapheme is selected when it
    /// starts in the range. A line's selected graphemes that touch make one rectangle, as tall as
    /// the line box.
    ///
    /// - Throws: `.invalidValue` for a range outside `0...graphemes.count`.
    public func selectionRects(for range: Range<Int>) throws(BidiRenderError) -> [LayoutRect] {
        var rects: [LayoutRect] = []
        rects.reserveCapacity(4)
        try forEachSelectionRect(for: range) { rects.append($0) }
        return rects
    }

    /// Calls `body` with each selection rectangle of `range`, as `selectionRects(for:)` lists them,
    /// without collecting them.
    public func forEachSelectionRect(for range: Range<Int>, _ body: (LayoutRect) -> Void) throws(BidiRenderError) {
        try checkOffset(range.lowerBound, key: "range")
        try checkOffset(range.upperBound, key: "range")
        let start = graphemes.boundary(atOrBefore: range.lowerBound)
        let end = graphemes.boundary(atOrBefore: range.upperBound)
        guard start < end else { return }
        var l = lines.partitioningIndex { $0.range.upperBound > start }
        while l < lines.count, lines[l].range.lowerBound < end {
            let line = lines[l]
            // A line the range covers whole is one rectangle, its graphemes' extent.
            if line.range.lowerBound >= start, line.range.upperBound <= end, !line.range.isEmpty {
                body(LayoutRect(x: line.x, y: line.top, width: line.width, height: line.height))
                l += 1
                continue
            }
            var open: (left: Double, right: Double)?
            // The walk stops once it has seen every selected code point of the line.
            var left = max(0, min(end, line.range.upperBound) - max(start, line.range.lowerBound))
            LayoutClusters.forEachGrapheme(in: line, graphemes: graphemes) { g in
                guard g.range.lowerBound >= start, g.range.lowerBound < end else { return left > 0 }
                left -= g.range.count
                if let current = open, g.left <= current.right + Self.sameCaretX {
                    open = (current.left, max(current.right, g.right))
                } else {
                    if let current = open {
                        body(LayoutRect(x: current.left, y: line.top, width: current.right - current.left, height: line.height))
                    }
                    open = (g.left, g.right)
                }
                return left > 0
            }
            if let current = open {
                body(LayoutRect(x: current.left, y: line.top, width: current.right - current.left, height: line.height))
            }
            l += 1
        }
    }
}
