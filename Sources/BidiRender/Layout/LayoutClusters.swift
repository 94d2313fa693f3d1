// LayoutClusters: a line seen as the queries see it — its glyph clusters, then its graphemes, left
// to right, each with the code points it covers, its visual extent and its bidi level. Every query
// on a layout (carets, hit-testing, selection, movement) is one walk of this kind over one line:
// O(line), allocation-free. A query's walk passes what cannot hold its answer (`Skip`): whole runs
// by their extent and range, clusters before an offset by a binary search over the run's monotone
// clusters, clusters left of a point by adding up advances; it visits only the graphemes near the
// answer.
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
    /// What a walk may pass over without visiting: clusters whose right edge is left of `leftOf`,
    /// and clusters wholly outside `offsets` in logical order. The walk passes such a cluster by
    /// adding its advances to the pen (no grapheme is made, the body is not called), and a whole run
    /// (the line's last excepted) by its `x` and `advance`, without reading its glyphs: a query
    /// then reads the clusters near its answer only. A run's last cluster is always visited, so a
    /// walk always reaches the line's right end.
    struct Skip {
        var leftOf = -Double.infinity
        var offsets = LayoutClusters.everyOffset
        /// Visit everything.
        static let nothing = Skip()
        /// Pass the clusters that end left of `x`.
        static func left(of x: Double) -> Skip { Skip(leftOf: x) }
        /// Pass the clusters that hold no offset of `lo...hi`.
        static func outside(_ lo: Int, _ hi: Int) -> Skip { Skip(offsets: lo...max(lo, hi)) }

        /// Whether a whole run (`x`, `advance`, `range`) can be passed.
        @inline(__always)
        func passes(runAt x: Double, advance: Double, range: Range<Int>) -> Bool {
            x + advance < leftOf || range.upperBound <= offsets.lowerBound || range.lowerBound > offsets.upperBound
        }
    }

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

    /// Calls `body` with each cluster of a run's `glyphs` (of `level`, at `x`, covering `range`),
    /// left to right, until it returns false; returns false when it was stopped.
    ///
    /// Glyph clusters ascend left to right in a run of even level and descend in one of odd level
    /// (the line builder orders them so), so a cluster ends where its logical successor starts:
    /// its right neighbour's cluster in an LTR run, its left neighbour's in an RTL one, the run's
    /// end for the last. Code points before a run's first cluster, which have no glyph, make an
    /// empty cluster at the run's logical start edge; a run with no glyph at all (a spoiler's
    /// mask) is one cluster `width` wide.
    @inline(__always)
    static func forEachCluster(
        _ glyphs: UnsafeBufferPointer<PositionedGlyph>, level: UInt8, x: Double, range: Range<Int>, width: Double = 0,
        graphemes: GraphemeIndex, skip: Skip = .nothing, _ body: (Cluster) -> Bool
    ) -> Bool {
        let rtl = level & 1 == 1
        guard !glyphs.isEmpty else {
            guard !range.isEmpty else { return true }
            return body(Cluster(range: range, glyphs: 0..<0, left: x, width: width, level: level))
        }
        let firstCluster = rtl ? glyphs[glyphs.count - 1].cluster : glyphs[0].cluster
        let uncovered = range.lowerBound..<max(range.lowerBound, min(firstCluster, range.upperBound))
        var pen = x
        var previousCluster = -1
        var k = 0
        // Pass the clusters `skip` rules out (never the run's last), adding up their advances: by
        // offsets, a binary search over the monotone clusters finds the first to visit; by x, a walk.
        if skip.offsets != Self.everyOffset {
            k = firstVisited(glyphs, rtl: rtl, offsets: skip.offsets)
            for g in 0..<k { pen += glyphs[g].advance }
            if k > 0 { previousCluster = glyphs[k - 1].cluster }
        }
        while skip.leftOf > -Double.infinity, k < glyphs.count {
            let (j, width) = clusterGlyphs(glyphs, from: k)
            guard j < glyphs.count, pen + width < skip.leftOf else { break }
            pen += width
            previousCluster = glyphs[k].cluster
            k = j
        }
        if !rtl, k == 0, !uncovered.isEmpty {
            guard body(Cluster(range: uncovered, glyphs: 0..<0, left: x, width: 0, level: level)) else { return false }
        }
        while k < glyphs.count {
            let c = glyphs[k].cluster
            let (j, width) = clusterGlyphs(glyphs, from: k)
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
    /// (`GraphemeIndex.ligatureCaret(at:)`), else into n equal parts, in its reading order. A
    /// truncated line's ellipsis is one grapheme: the hidden text (`GraphemeIndex.hidden`). The
    /// clusters and runs `skip` rules out are passed without a call.
    ///
    /// The runs and glyphs are read in place (no run is copied: a copy retains its strings).
    @discardableResult
    @inline(__always)
    static func forEachGrapheme(
        in line: LayoutLine, glyphs all: [PositionedGlyph], graphemes: GraphemeIndex, skip: Skip = .nothing,
        _ body: (VisualGrapheme) -> Bool
    ) -> Bool {
        all.withUnsafeBufferPointer { all in
            line.runs.withUnsafeBufferPointer { runs in
                for r in runs.indices {
                    if runs[r].isEllipsis, !graphemes.hidden.isEmpty {
                        // The ellipsis (its runs side by side, one per font) is the grapheme of the
                        // text the truncation hides.
                        guard r == 0 || !runs[r - 1].isEllipsis else { continue }
                        var end = r + 1
                        while end < runs.count, runs[end].isEllipsis { end += 1 }
                        let (left, right) = (runs[r].x, runs[end - 1].x + runs[end - 1].advance)
                        if end < runs.count, skip.passes(runAt: left, advance: right - left, range: graphemes.hidden) { continue }
                        guard body(VisualGrapheme(range: graphemes.hidden, left: left, right: right, level: graphemes.hiddenLevel))
                        else { return false }
                        continue
                    }
                    if r < runs.count - 1, skip.passes(runAt: runs[r].x, advance: runs[r].advance, range: runs[r].range) { continue }
                    let glyphs = UnsafeBufferPointer(rebasing: all[runs[r].glyphRange])
                    let completed = forEachCluster(
                        glyphs, level: runs[r].level.rawValue, x: runs[r].x, range: runs[r].range,
                        width: glyphs.isEmpty ? runs[r].advance : 0, graphemes: graphemes, skip: skip
                    ) {
                        forEachGrapheme(of: $0, graphemes: graphemes, body)
                    }
                    guard completed else { return false }
                }
                return true
            }
        }
    }

    static let everyOffset = Int.min...Int.max

    /// The end of the stretch of glyphs from `k` that share its cluster, and their advances' sum.
    @inline(__always)
    static func clusterGlyphs(_ glyphs: UnsafeBufferPointer<PositionedGlyph>, from k: Int) -> (end: Int, width: Double) {
        let c = glyphs[k].cluster
        var j = k
        var width = 0.0
        while j < glyphs.count, glyphs[j].cluster == c {
            width += glyphs[j].advance
            j += 1
        }
        return (j, width)
    }

    /// The first glyph of the first cluster of a run's `glyphs` that may hold an offset of
    /// `offsets`: in an LTR run (clusters ascend) the one that holds its start, the last cluster
    /// starting at or before it; in an RTL run (clusters descend) the first starting at or before
    /// its end. A run's last cluster at most.
    @inline(__always)
    static func firstVisited(_ glyphs: UnsafeBufferPointer<PositionedGlyph>, rtl: Bool, offsets: ClosedRange<Int>) -> Int {
        // The first glyph past the clusters to pass: LTR, the first starting after offsets' start
        // (the cluster before it holds the start); RTL, the first starting at or before its end.
        var (lo, hi) = (0, glyphs.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            let c = glyphs[mid].cluster
            if rtl ? c > offsets.upperBound : c <= offsets.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var k = rtl ? min(lo, glyphs.count - 1) : max(lo - 1, 0)
        // Back to the first glyph of its cluster.
        while k > 0, glyphs[k - 1].cluster == glyphs[k].cluster { k -= 1 }
        return k
    }

    /// Calls `body` with each grapheme of `cluster`, left to right, until it returns false; returns
    /// false when it was stopped.
    @inline(__always)
    static func forEachGrapheme(of cluster: Cluster, graphemes: GraphemeIndex, _ body: (VisualGrapheme) -> Bool) -> Bool {
        let second = graphemes.boundary(after: cluster.range.lowerBound)
        guard second < cluster.range.upperBound else {
            return body(VisualGrapheme(range: cluster.range, left: cluster.left, right: cluster.left + cluster.width, level: cluster.level))
        }
        return forEachPart(of: cluster, second: second, graphemes: graphemes, body)
    }

    /// The graphemes of a cluster of several (`second` is the second's start), left to right.
    @inline(__always)
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
