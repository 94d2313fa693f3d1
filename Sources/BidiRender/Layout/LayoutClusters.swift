// LayoutClusters: a line seen as the queries see it — its glyph clusters, then its graphemes, left
// to right, each with the code points it covers, its visual extent and its bidi level. Every query
// on a layout (carets, hit-testing, selection, movement) is one walk of this kind over one line:
// O(line), allocation-free.
//
// A cluster is a run's stretch of glyphs with one cluster value (HarfBuzz's monotone-graphemes
// level: the first code point of a grapheme); it covers the code points up to the next cluster in
// logical order. Its extent runs from the pen position of its first glyph over the sum of its
// advances (GPOS offsets move ink, not the caret). A cluster that covers several graphemes (a
// ligature, lam-alef) is divided at the font's GDEF ligature carets, stored at layout time in
// `GraphemeIndex`, and evenly when the font has none (as Pango and HarfBuzz's own API do).

/// A grapheme on a line: its code points, its visual extent and its level.
struct VisualGrapheme {
    var range: Range<Int>
    var left: Double
    var right: Double
    var level: UInt8
    var rightToLeft: Bool { level & 1 == 1 }
    /// The edge where it starts in reading order: left in an LTR run, right in an RTL one.
    var leading: Double { rightToLeft ? right : left }
    /// The edge where it ends in reading order.
    var trailing: Double { rightToLeft ? left : right }
}

enum LayoutClusters {
    /// A stretch of one cluster's glyphs in a run.
    struct Cluster {
        /// The code points it covers, in logical order.
        var range: Range<Int>
        /// Its glyphs, indices into the run's glyphs (empty for code points without a glyph).
        var glyphs: Range<Int>
        /// The pen position of its first glyph, and the sum of its advances.
        var left: Double
        var width: Double
        var level: UInt8
        var rightToLeft: Bool { level & 1 == 1 }
    }

    /// Calls `body` with each cluster of `run`, left to right, until it returns false; returns
    /// false when it was stopped.
    @discardableResult
    static func forEach(in run: LayoutRun, graphemes: GraphemeIndex, _ body: (Cluster) -> Bool) -> Bool {
        run.glyphs.withUnsafeBufferPointer { glyphs in
            forEachCluster(glyphs, level: run.level, x: run.x, range: run.range, graphemes: graphemes, body)
        }
    }

    /// Calls `body` with each cluster of a run's `glyphs` (of `level`, at `x`, covering `range`),
    /// left to right, until it returns false; returns false when it was stopped.
    ///
    /// Glyph clusters ascend left to right in a run of even level and descend in one of odd level
    /// (the line builder orders them so), so a cluster ends where its logical successor starts:
    /// its right neighbour's cluster in an LTR run, its left neighbour's in an RTL one, the run's
    /// end for the last. Code points before a run's first cluster, which have no glyph, make an
    /// empty cluster at the run's logical start edge.
    @inline(__always)
    static func forEachCluster(
        _ glyphs: UnsafeBufferPointer<PositionedGlyph>, level: UInt8, x: Double, range: Range<Int>,
        graphemes: GraphemeIndex, _ body: (Cluster) -> Bool
    ) -> Bool {
        let rtl = level & 1 == 1
        guard !glyphs.isEmpty else {
            guard !range.isEmpty else { return true }
            return body(Cluster(range: range, glyphs: 0..<0, left: x, width: 0, level: level))
        }
        let firstCluster = rtl ? glyphs[glyphs.count - 1].cluster : glyphs[0].cluster
        let uncovered = range.lowerBound..<max(range.lowerBound, min(firstCluster, range.upperBound))
        if !rtl, !uncovered.isEmpty {
            guard body(Cluster(range: uncovered, glyphs: 0..<0, left: x, width: 0, level: level)) else { return false }
        }
        var pen = x
        var previousCluster = -1
        var k = 0
        while k < glyphs.count {
            let c = glyphs[k].cluster
            var j = k
            var width = 0.0
            while j < glyphs.count, glyphs[j].cluster == c {
                width += glyphs[j].advance
                j += 1
            }
            var end = rtl ? (k > 0 ? previousCluster : range.upperBound) : (j < glyphs.count ? glyphs[j].cluster : range.upperBound)
            if end <= c { end = max(c + 1, min(graphemes.boundary(after: c), range.upperBound)) }
            guard body(Cluster(range: c..<end, glyphs: k..<j, left: pen, width: width, level: level)) else { return false }
            pen += width
            previousCluster = c
            k = j
        }
        if rtl, !uncovered.isEmpty {
            return body(Cluster(range: uncovered, glyphs: 0..<0, left: pen, width: 0, level: level))
        }
        return true
    }

    /// Calls `body` with each grapheme of `line`, left to right, until it returns false; returns
    /// false when it was stopped. A cluster of n graphemes is divided at its ligature carets
    /// (`GraphemeIndex.ligatureCaret(at:)`), else into n equal parts, in its reading order.
    ///
    /// The runs and glyphs are read in place (no run is copied: a copy retains its strings).
    @discardableResult
    @inline(__always)
    static func forEachGrapheme(in line: LayoutLine, graphemes: GraphemeIndex, _ body: (VisualGrapheme) -> Bool) -> Bool {
        line.runs.withUnsafeBufferPointer { runs in
            for r in runs.indices {
                let completed = runs[r].glyphs.withUnsafeBufferPointer { glyphs in
                    forEachCluster(glyphs, level: runs[r].level, x: runs[r].x, range: runs[r].range, graphemes: graphemes) {
                        cluster in
                        let second = graphemes.boundary(after: cluster.range.lowerBound)
                        guard second < cluster.range.upperBound else {
                            return body(VisualGrapheme(
                                range: cluster.range, left: cluster.left, right: cluster.left + cluster.width, level: cluster.level))
                        }
                        return forEachPart(of: cluster, second: second, graphemes: graphemes, body)
                    }
                }
                guard completed else { return false }
            }
            return true
        }
    }

    /// The graphemes of a cluster of several (`second` is the second's start), left to right.
    private static func forEachPart(
        of cluster: Cluster, second: Int, graphemes: GraphemeIndex, _ body: (VisualGrapheme) -> Bool
    ) -> Bool {
        let lo = cluster.range.lowerBound
        let hi = cluster.range.upperBound
        var n = 1
        var o = second
        while o < hi {
            n += 1
            o = graphemes.boundary(after: o)
        }
        /// The x of the boundary after the k-th grapheme (0...n) in reading order.
        func edge(_ k: Int, at offset: Int) -> Double {
            if k == 0 { return cluster.rightToLeft ? cluster.left + cluster.width : cluster.left }
            if k == n { return cluster.rightToLeft ? cluster.left : cluster.left + cluster.width }
            if let x = graphemes.ligatureCaret(at: offset) { return cluster.left + x }
            let fraction = Double(k) / Double(n)
            return cluster.rightToLeft ? cluster.left + cluster.width * (1 - fraction) : cluster.left + cluster.width * fraction
        }
        if !cluster.rightToLeft {
            var start = lo
            for k in 0..<n {
                let end = k == n - 1 ? hi : graphemes.boundary(after: start)
                guard body(VisualGrapheme(range: start..<end, left: edge(k, at: start), right: edge(k + 1, at: end), level: cluster.level))
                else { return false }
                start = end
            }
        } else {
            // Right to left: the last grapheme first.
            var end = hi
            for k in stride(from: n, to: 0, by: -1) {
                let start = k == 1 ? lo : graphemes.boundary(before: end)
                guard body(VisualGrapheme(range: start..<end, left: edge(k, at: end), right: edge(k - 1, at: start), level: cluster.level))
                else { return false }
                end = start
            }
        }
        return true
    }
}
