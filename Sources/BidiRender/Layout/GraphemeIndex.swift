// GraphemeIndex: what the queries on a layout (carets, hit-testing, selection, movement) need beyond
// its glyphs — where grapheme clusters start (UAX #29), and the GDEF caret positions inside the
// ligatures that cover several graphemes (lam-alef) — kept compact and built at layout time.
//
// Cost on the layout path: a text whose every code point starts a grapheme (most chat text) stores
// no bits; otherwise one bit per code point. The ligatures are found by counting: a line whose
// glyph clusters are as many as its graphemes has none, and only a line that has fewer is scanned,
// and its ligatures' fonts asked for their GDEF carets (`hb_ot_layout_get_ligature_carets`). A
// ligature without GDEF carets stores nothing: the queries divide it evenly.

/// Where the grapheme clusters of a laid-out text start, and the caret positions inside ligatures.
@_spi(Tools) public struct GraphemeIndex: Sendable, Hashable {
    /// The number of code points of the text.
    public private(set) var count: Int
    /// One bit per code point, set where a grapheme cluster starts; empty when every code point
    /// starts one.
    private var starts: [UInt64]
    /// The carets GDEF gives inside ligatures, by offset (a grapheme start inside a ligature's
    /// cluster), ascending.
    private var ligatureCarets: [LigatureCaret]
    /// The code points a truncation hides, which its ellipsis stands for: one grapheme to the
    /// queries (no boundary inside it), drawn by the ellipsis runs. Empty when nothing is hidden.
    private(set) var hidden: Range<Int> = 0..<0
    /// The level of that grapheme: its paragraph's base level (an ellipsis against the paragraph's
    /// direction, "… Read more" in Arabic, stands for text of the paragraph's direction).
    private(set) var hiddenLevel: UInt8 = 0

    /// A grapheme boundary inside a ligature, and its x from the left edge of the ligature's cluster.
    struct LigatureCaret: Sendable, Hashable {
        var offset: Int
        var x: Double
    }

    /// An index of a text of `count` code points, each its own grapheme.
    init(count: Int = 0) {
        self.count = count
        starts = []
        ligatureCarets = []
    }

    /// The index of a text whose grapheme starts are `graphemeStarts` (one per code point).
    init(graphemeStarts: [Bool]) {
        self.init(count: graphemeStarts.count)
        guard graphemeStarts.contains(false) else { return }
        starts = [UInt64](repeating: 0, count: (count + 63) / 64)
        for (i, start) in graphemeStarts.enumerated() where start { starts[i >> 6] |= 1 << UInt64(i & 63) }
    }

    /// Whether a grapheme cluster starts at `offset` (`count`, the end, is a boundary too). No
    /// offset strictly inside `hidden` is one.
    @inline(__always)
    package func isBoundary(_ offset: Int) -> Bool {
        if offset > hidden.lowerBound, offset < hidden.upperBound { return false }
        guard offset > 0, offset < count, !starts.isEmpty else { return offset >= 0 && offset <= count }
        return starts[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    /// The grapheme boundary at or before `offset` (clamped to 0...count): an offset inside a
    /// grapheme snaps to its start (inside the hidden text, to its start).
    @inline(__always)
    package func boundary(atOrBefore offset: Int) -> Int {
        var o = min(max(offset, 0), count)
        if o > hidden.lowerBound, o < hidden.upperBound { return hidden.lowerBound }
        if starts.isEmpty { return o }
        while !isBoundary(o) { o -= 1 }
        return o
    }

    /// The grapheme boundary after `offset`, or `count` at the end (past the hidden text, its end).
    @inline(__always)
    package func boundary(after offset: Int) -> Int {
        var o = min(max(offset, -1), count - 1) + 1
        if o > hidden.lowerBound, o < hidden.upperBound { return hidden.upperBound }
        if starts.isEmpty { return max(o, 0) }
        while !isBoundary(o) { o += 1 }
        return o
    }

    /// Makes `range` (within 0...count) one grapheme of `level`: the text a truncation hides.
    mutating func hide(_ range: Range<Int>, level: UInt8) {
        hidden = range.clamped(to: 0..<count)
        hiddenLevel = level
    }

    /// The grapheme boundary before `offset`, or 0 at the start.
    @inline(__always)
    package func boundary(before offset: Int) -> Int {
        boundary(atOrBefore: min(offset, count + 1) - 1)
    }

    /// The GDEF caret at grapheme boundary `offset` inside a ligature: its x from the left edge of
    /// the ligature's cluster, or nil when the font gave none (binary search).
    func ligatureCaret(at offset: Int) -> Double? {
        guard !ligatureCarets.isEmpty else { return nil }
        let k = ligatureCarets.partitioningIndex { $0.offset >= offset }
        return k < ligatureCarets.count && ligatureCarets[k].offset == offset ? ligatureCarets[k].x : nil
    }
}

extension GraphemeIndex {
    /// Reads the GDEF ligature carets of `lines`' ligatures that cover several graphemes, from the
    /// fonts in `fonts` (the layout call's fonts; a run's font is found by its descriptor); the
    /// lines' glyphs are in `glyphs`, the layout's array.
    mutating func addLigatureCarets(lines: [LayoutLine], glyphs all: [PositionedGlyph], fonts: [Font]) {
        // Working arrays, allocated only for a text with a ligature.
        var inner: [Int] = []
        var carets: [Int32] = []
        all.withUnsafeBufferPointer { all in
            for l in lines.indices where hasLigatures(lines[l], all) {
                lines[l].runs.withUnsafeBufferPointer { runs in  // in place: a copied run retains its strings
                    for r in runs.indices where hasLigatures(runs[r], all) {
                        // The run's font, found (by descriptor) at its first ligature only; a run whose
                        // font is not among `fonts` is left.
                        var font: Font?
                        let glyphs = UnsafeBufferPointer(rebasing: all[runs[r].glyphRange])
                        _ = LayoutClusters.forEachCluster(
                            glyphs, level: runs[r].level.rawValue, x: runs[r].x, range: runs[r].range, graphemes: self
                        ) { cluster in
                            guard boundary(after: cluster.range.lowerBound) < cluster.range.upperBound else { return true }
                            font = font ?? fonts.first { $0.descriptor == runs[r].font }
                            guard let font else { return false }
                            addCarets(of: cluster, in: runs[r], glyphs: glyphs, font: font, inner: &inner, carets: &carets)
                            return true
                        }
                    }
                }
            }
        }
    }

    /// Whether some cluster of `line` covers more than one grapheme: fewer distinct clusters than
    /// graphemes (clusters are grapheme starts, HarfBuzz's monotone-graphemes level). The clusters
    /// are the line's count when its glyphs were placed, else counted here.
    private func hasLigatures(_ line: LayoutLine, _ all: UnsafeBufferPointer<PositionedGlyph>) -> Bool {
        if line.clusterCount >= 0 { return line.clusterCount < graphemeCount(line.range) }
        var clusters = 0
        line.runs.withUnsafeBufferPointer { runs in  // in place: a copied run retains its strings
            for r in runs.indices { clusters += Self.clusterCount(UnsafeBufferPointer(rebasing: all[runs[r].glyphRange])) }
        }
        return clusters < graphemeCount(line.range)
    }

    /// Whether some cluster of `run` covers more than one grapheme (as `hasLigatures(_: LayoutLine)`):
    /// only such runs of a line with a ligature are walked.
    private func hasLigatures(_ run: LayoutRun, _ all: UnsafeBufferPointer<PositionedGlyph>) -> Bool {
        !run.range.isEmpty && !run.glyphRange.isEmpty
            && Self.clusterCount(UnsafeBufferPointer(rebasing: all[run.glyphRange])) < graphemeCount(run.range)
    }

    /// The distinct clusters of `glyphs` (a run's: equal clusters are adjacent).
    private static func clusterCount(_ glyphs: UnsafeBufferPointer<PositionedGlyph>) -> Int {
        var (clusters, previous) = (0, -1)
        for glyph in glyphs where glyph.cluster != previous {
            clusters += 1
            previous = glyph.cluster
        }
        return clusters
    }

    /// The graphemes that start in `range` (as `isBoundary` counts them): the set bits of `starts`
    /// counted a word at a time, offset by offset only where the hidden text lies.
    private func graphemeCount(_ range: Range<Int>) -> Int {
        if starts.isEmpty { return range.count }
        guard hidden.isEmpty || !range.overlaps(hidden) else {
            var graphemes = 0
            for o in range where isBoundary(o) { graphemes += 1 }
            return graphemes
        }
        // 0 and `count` are boundaries whatever their bits; the bits between them are read.
        var graphemes = 0
        if range.contains(0) { graphemes += 1 }
        if range.contains(count), count > 0 { graphemes += 1 }
        var lo = max(range.lowerBound, 1)
        let hi = min(range.upperBound, count)
        starts.withUnsafeBufferPointer { words in
            while lo < hi {
                let shift = lo & 63
                let take = min(64 - shift, hi - lo)
                let mask: UInt64 = take == 64 ? ~0 : (1 << UInt64(take)) - 1
                graphemes += ((words[lo >> 6] >> UInt64(shift)) & mask).nonzeroBitCount
                lo += take
            }
        }
        return graphemes
    }

    /// The GDEF carets of the widest glyph of `cluster`, when the font has one per inner boundary.
    private mutating func addCarets(
        of cluster: LayoutClusters.Cluster, in run: LayoutRun, glyphs: UnsafeBufferPointer<PositionedGlyph>, font: Font,
        inner: inout [Int], carets: inout [Int32]
    ) {
        var widest = cluster.glyphs.lowerBound
        var pen = cluster.left
        var widestPen = pen
        for k in cluster.glyphs {
            if glyphs[k].advance > glyphs[widest].advance { (widest, widestPen) = (k, pen) }
            pen += glyphs[k].advance
        }
        inner.removeAll(keepingCapacity: true)
        var o = boundary(after: cluster.range.lowerBound)
        while o < cluster.range.upperBound {
            inner.append(o)
            o = boundary(after: o)
        }
        font.hbFont.ligatureCarets(glyphs[widest].id, rightToLeft: cluster.rightToLeft, into: &carets)
        guard carets.count == inner.count else { return }
        let scale = run.size / Double(font.hbFont.unitsPerEm)
        // Carets ascend in x; the logical boundaries ascend in an LTR cluster, descend in an RTL one.
        for (k, offset) in inner.enumerated() {
            let caret = carets[cluster.rightToLeft ? carets.count - 1 - k : k]
            let x = widestPen - cluster.left + Double(caret) * scale
            let entry = LigatureCaret(offset: offset, x: x)
            let at = ligatureCarets.partitioningIndex { $0.offset >= offset }
            ligatureCarets.insert(entry, at: at)
        }
    }
}
