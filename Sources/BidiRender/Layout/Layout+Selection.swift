// Layout+Selection: the rectangles that highlight a logical range — per line, the visual extent of
// the range's graphemes, merged where they touch, from the line box's top to its bottom. One
// logical range may give several rectangles on one line (bidi). O(log lines + lines of the range),
// and on a line O(runs) plus the glyphs of the runs the range cuts (O(log runs) plus the runs that
// hold it, for a layout's mentions, through each line's runs sorted by logical start): a run wholly in the range is
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
    package func forEachSelectionRect(for range: Range<Int>, _ body: (LayoutRect) -> Void) throws(BidiRenderError) {
        try forEachSelectionRect(for: range, runsByStart: nil, body)
    }

    /// Each line's run indices sorted by their logical start: with it, the rectangles of a range
    /// visit only the runs that can hold it, so many ranges on one long line (a layout's mentions)
    /// cost their own runs, not every run of the line each.
    func runsByLogicalStart() -> [[Int]] {
        lines.map { line in
            // Through a pointer: a comparison capturing the line copies it (its runs retained).
            line.runs.withUnsafeBufferPointer { runs in
                func before(_ a: Int, _ b: Int) -> Bool { runs[a].range.lowerBound < runs[b].range.lowerBound }
                var order = Array(runs.indices)
                // A left-to-right line's runs are in logical order already: no sort.
                if !zip(order, order.dropFirst()).allSatisfy(before) { order.sort(by: before) }
                return order
            }
        }
    }

    /// `forEachSelectionRect(for:_:)`, visiting on a line that the range cuts only the runs that
    /// `runsByStart` (from `runsByLogicalStart()`) says may hold it, or every run without it.
    func forEachSelectionRect(
        for range: Range<Int>, runsByStart: [[Int]]?, _ body: (LayoutRect) -> Void
    ) throws(BidiRenderError) {
        try checkOffset(range.lowerBound, key: "range")
        try checkOffset(range.upperBound, key: "range")
        let start = graphemes.boundary(atOrBefore: range.lowerBound)
        let end = graphemes.boundary(atOrBefore: range.upperBound)
        guard start < end else { return }
        // A line's range and, on the ellipsis's line, the hidden text it stands for.
        var l = lines.partitioningIndex { queryRange($0).upperBound > start }
        while l < lines.count, queryRange(lines[l]).lowerBound < end {
            let (top, height, lineRange) = (lines[l].top, lines[l].height, queryRange(lines[l]))
            // A line the range covers whole is one rectangle, its graphemes' extent.
            if lineRange.lowerBound >= start, lineRange.upperBound <= end, !lineRange.isEmpty {
                body(LayoutRect(x: lines[l].x, y: top, width: lines[l].width, height: height))
                l += 1
                continue
            }
            if let order = runsByStart?[l] {
                emitRects(line: l, start: start, end: end, visualRuns: candidateRuns(line: l, order: order, start: start, end: end), body)
            } else {
                emitRects(line: l, start: start, end: end, visualRuns: lines[l].runs.indices, body)
            }
            l += 1
        }
    }

    /// The runs of line `l` whose logical range may hold a grapheme starting in `start..<end`, in
    /// visual order: the logically sorted `order` searched for the first run ending after `start`
    /// (runs of a line do not overlap), then walked while runs start before `end`.
    private func candidateRuns(line l: Int, order: [Int], start: Int, end: Int) -> [Int] {
        let runs = lines[l].runs
        var i = order.partitioningIndex { runs[$0].range.lowerBound >= start }
        while i > 0, runs[order[i - 1]].range.upperBound > start { i -= 1 }
        var picked: [Int] = []
        while i < order.count, runs[order[i]].range.lowerBound < end {
            picked.append(order[i])
            i += 1
        }
        return picked.count > 1 ? picked.sorted() : picked
    }

    /// The rectangles of the runs `visualRuns` (left to right) of line `l`: their selected
    /// stretches, merged where they touch.
    private func emitRects(
        line l: Int, start: Int, end: Int, visualRuns: some Sequence<Int>, _ body: (LayoutRect) -> Void
    ) {
        let (top, height, runs) = (lines[l].top, lines[l].height, lines[l].runs)
        var pending: (left: Double, right: Double)?
        for r in visualRuns {
            guard let part = selectedExtent(of: runs[r], from: start, to: end) else { continue }
            if let current = pending, part.left <= current.right + Self.sameCaretX {
                pending = (current.left, max(current.right, part.right))
            } else {
                if let current = pending {
                    body(LayoutRect(x: current.left, y: top, width: current.right - current.left, height: height))
                }
                pending = part
            }
        }
        if let current = pending {
            body(LayoutRect(x: current.left, y: top, width: current.right - current.left, height: height))
        }
    }

    /// The visual extent of `run`'s graphemes that start in `start..<end`, nil when none does.
    private func selectedExtent(of run: LayoutRun, from start: Int, to end: Int) -> (left: Double, right: Double)? {
        let range = run.range
        if range.isEmpty {
            // No code point: no grapheme without glyphs; an ellipsis is the grapheme of the text it
            // hides (or, hiding nothing, one at the cut).
            let at = graphemes.hidden.isEmpty || !run.isEllipsis ? range.lowerBound : graphemes.hidden.lowerBound
            guard !run.glyphRange.isEmpty, start <= at, at < end else { return nil }
            return (run.x, run.x + run.advance)
        }
        guard range.upperBound > start, range.lowerBound < end else { return nil }
        if range.lowerBound >= start, range.upperBound <= end { return (run.x, run.x + run.advance) }
        if let extent = selectedGlyphExtent(of: run, from: start, to: end) { return extent }
        var extent: (left: Double, right: Double)?
        let rtl = run.level.isRightToLeft
        self.glyphs.withUnsafeBufferPointer { all in
            let glyphs = UnsafeBufferPointer(rebasing: all[run.glyphRange])
            _ = LayoutClusters.forEachCluster(
                glyphs, level: run.level.rawValue, x: run.x, range: range, width: glyphs.isEmpty ? run.advance : 0,
                graphemes: graphemes, skip: .outside(start, end - 1)
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
        self.glyphs.withUnsafeBufferPointer { all in
            let glyphs = UnsafeBufferPointer(rebasing: all[run.glyphRange])
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
