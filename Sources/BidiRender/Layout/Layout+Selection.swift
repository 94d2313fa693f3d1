// Layout+Selection: the rectangles that highlight a logical range — per line, the visual extent of
// the range's graphemes, merged where they touch, from the line box's top to its bottom. One
// logical range may give several rectangles on one line (bidi). O(log lines + lines of the range),
// and on a line O(runs) plus the glyphs of the runs the range cuts: a run wholly in the range is
// its own extent, and within a run (its clusters are monotone) the selected graphemes are one
// stretch, found by passing the clusters before it.

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
            let (top, height, lineRange) = (lines[l].top, lines[l].height, lines[l].range)
            // A line the range covers whole is one rectangle, its graphemes' extent.
            if lineRange.lowerBound >= start, lineRange.upperBound <= end, !lineRange.isEmpty {
                body(LayoutRect(x: lines[l].x, y: top, width: lines[l].width, height: height))
                l += 1
                continue
            }
            // The runs' selected stretches, left to right, merged where they touch.
            var open: (left: Double, right: Double)?
            lines[l].runs.withUnsafeBufferPointer { runs in
                for r in runs.indices {
                    guard let part = selectedExtent(of: runs[r], from: start, to: end) else { continue }
                    if let current = open, part.left <= current.right + Self.sameCaretX {
                        open = (current.left, max(current.right, part.right))
                    } else {
                        if let current = open {
                            body(LayoutRect(x: current.left, y: top, width: current.right - current.left, height: height))
                        }
                        open = part
                    }
                }
            }
            if let current = open {
                body(LayoutRect(x: current.left, y: top, width: current.right - current.left, height: height))
            }
            l += 1
        }
    }

    /// The visual extent of `run`'s graphemes that start in `start..<end`, nil when none does.
    private func selectedExtent(of run: LayoutRun, from start: Int, to end: Int) -> (left: Double, right: Double)? {
        let range = run.range
        if range.isEmpty {
            // No code point: no grapheme without glyphs; an ellipsis (glyphs at the cut) is one
            // grapheme at the cut.
            guard !run.glyphs.isEmpty, start <= range.lowerBound, range.lowerBound < end else { return nil }
            return (run.x, run.x + run.advance)
        }
        guard range.upperBound > start, range.lowerBound < end else { return nil }
        if range.lowerBound >= start, range.upperBound <= end { return (run.x, run.x + run.advance) }
        if let extent = selectedGlyphExtent(of: run, from: start, to: end) { return extent }
        var extent: (left: Double, right: Double)?
        let rtl = run.level & 1 == 1
        run.glyphs.withUnsafeBufferPointer { glyphs in
            _ = LayoutClusters.forEachCluster(
                glyphs, level: run.level, x: run.x, range: range, graphemes: graphemes, skip: .outside(start, end - 1)
            ) { cluster in
                let c = cluster.range
                // Past the stretch: clusters descend left to right in an RTL run, ascend in an LTR one.
                if rtl ? c.upperBound <= start : c.lowerBound >= end { return false }
                if c.upperBound <= start || c.lowerBound >= end { return true }
                if c.lowerBound >= start, c.upperBound <= end {
                    let (left, right) = (cluster.left, cluster.left + cluster.width)
                    extent = extent.map { (min($0.left, left), max($0.right, right)) } ?? (left, right)
                    return true
                }
                // A cluster of several graphemes that the range cuts: its graphemes in the range.
                return LayoutClusters.forEachGrapheme(of: cluster, graphemes: graphemes) { g in
                    if g.range.lowerBound >= start, g.range.lowerBound < end {
                        extent = extent.map { (min($0.left, g.left), max($0.right, g.right)) } ?? (g.left, g.right)
                    }
                    return true
                }
            }
        }
        return extent
    }

    /// The common case of `selectedExtent`, in one pass over the run's glyphs: when both ends of
    /// the range that fall inside the run start a cluster, and every code point has a glyph, a
    /// cluster is selected whole or not at all, and a glyph is selected when its cluster is in the
    /// range. Nil otherwise (a ligature the range cuts; code points without a glyph), or when no
    /// glyph is selected.
    private func selectedGlyphExtent(of run: LayoutRun, from start: Int, to end: Int) -> (left: Double, right: Double)? {
        run.glyphs.withUnsafeBufferPointer { glyphs in
            guard let first = glyphs.first, let last = glyphs.last else { return nil }
            // Code points before the first cluster have no glyph.
            guard min(first.cluster, last.cluster) == run.range.lowerBound else { return nil }
            var sawStart = start <= run.range.lowerBound
            var sawEnd = end >= run.range.upperBound
            var pen = run.x
            var (left, right) = (Double.infinity, -Double.infinity)
            for g in glyphs.indices {
                let c = glyphs[g].cluster
                if c >= start, c < end {
                    left = min(left, pen)
                    right = pen + glyphs[g].advance
                    sawStart = sawStart || c == start
                }
                sawEnd = sawEnd || c == end
                pen += glyphs[g].advance
            }
            return sawStart && sawEnd && left <= right ? (left, right) : nil
        }
    }
}
