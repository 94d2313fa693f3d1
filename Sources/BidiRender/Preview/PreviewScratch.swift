// PreviewScratch: a preview's measures and cuts on the prepared sentence — each field's width from the
// paragraph's prefix sums, and each field that must give way cut where its truncation mode says, by
// the line break stage's own cuts (entity-aware, shaped as a line) — with no layout of its own.

/// A field to cut: its index, its range in the sentence, the px its kept text may take and its mode.
struct PreviewCut: Equatable {
    var field: Int
    var range: Range<Int>
    var room: Double
    var mode: TruncationMode
}

/// Where a field's cut leaves it: the pieces of its range kept (in the sentence's offsets), where
/// "…" goes, and whether an entity stopped it (kept whole, it left room unused).
typealias PreviewCutResult = (pieces: [Range<Int>], at: Int, limited: Bool)

extension LayoutScratch {
    /// The widths of `ranges`, then the cuts `plan` makes of them, in two rounds on one load of
    /// `snapshot`: `plan` is called with no earlier cut, then, when an entity stopped some cuts of
    /// the first round (kept whole, it may leave far less text than the room, which the other
    /// fields can then take), with those cuts and the advance of the pieces each kept. A cut of the
    /// second round equal to one of the first keeps its result.
    mutating func previewFit(
        _ snapshot: PreparedSnapshot, ranges: [Range<Int>?], options: LayoutOptions, registry: FontRegistry,
        plan: ((fields: [Double], total: Double, ellipsis: Double), _ earlier: [(cut: PreviewCut, kept: Double)]) -> [PreviewCut]
    ) throws(BidiRenderError) -> (cuts: [PreviewCut], results: [PreviewCutResult?]) {
        try withSnapshot(snapshot) { (scratch, tables) throws(BidiRenderError) in
            let widths = scratch.widths(snapshot, ranges: ranges, options: options, registry: registry)
            let cuts = plan(widths, [])
            let results = scratch.cuts(snapshot, cuts: cuts, options: options, tables: tables)
            guard !cuts.isEmpty else { return (cuts, results) }
            // The cuts an entity stopped, with the advance they kept.
            let earlier = zip(cuts, results).compactMap { (cut, result) -> (cut: PreviewCut, kept: Double)? in
                guard let result, result.limited else { return nil }
                return (cut, snapshot.advance(of: result.pieces))
            }
            guard !earlier.isEmpty else { return (cuts, results) }
            let again = plan(widths, earlier)
            guard again != cuts else { return (cuts, results) }
            let fresh = again.filter { !cuts.contains($0) }
            let freshResults = scratch.cuts(snapshot, cuts: fresh, options: options, tables: tables)
            return (again, again.map { cut in
                if let k = cuts.firstIndex(of: cut) { return results[k] }
                return freshResults[fresh.firstIndex(of: cut) ?? 0]  // no-trap: a cut not in `cuts` is in `fresh`
            })
        }
    }

    /// The advance of each of `ranges` in `snapshot` (0 for nil or a range across paragraphs), the
    /// whole text's advance, and that of "…" in the layout's font and the paragraph's direction.
    /// (`snapshot` swapped in.)
    private mutating func widths(
        _ snapshot: PreparedSnapshot, ranges: [Range<Int>?], options: LayoutOptions, registry: FontRegistry
    ) -> (fields: [Double], total: Double, ellipsis: Double) {
        let total = snapshot.paragraphs.reduce(0) { $0 + ($1.prefix.last ?? 0) }
        let fields = ranges.map { range -> Double in
            guard let range, let p = snapshot.paragraph(holding: range) else { return 0 }
            return p.prefix[range.upperBound - p.range.lowerBound] - p.prefix[range.lowerBound - p.range.lowerBound]
        }
        let baseLevel = snapshot.paragraphs.first?.line.baseLevel ?? 0
        let ellipsis = ellipsisMemo.ellipsis("\u{2026}", baseLevel: baseLevel, registry: registry, shaper: shape.shaper, options: options)
        return (fields, total, ellipsis?.advance ?? 0)
    }

    /// For each of `cuts`, the kept pieces of its range (ascending, in the sentence's offsets) and
    /// where "…" goes; nil for a range across paragraphs. The cuts are truncation's: the latest
    /// grapheme boundary whose text fits (end), the earliest (start), half the room to the tail
    /// and a file name's extension (middle); never inside an entity, not even one at the field's
    /// edge (the field then keeps its first grapheme cluster, `NeutralField.cut`). (`snapshot` swapped in, its
    /// items bound to `tables`.)
    private mutating func cuts(
        _ snapshot: PreparedSnapshot, cuts: [PreviewCut], options: LayoutOptions, tables: ItemTables
    ) -> [PreviewCutResult?] {
        var results: [PreviewCutResult?] = []
        for cut in cuts {
            let r = cut.range
            guard let prepared = snapshot.paragraph(holding: r) else {
                results.append(nil)
                continue
            }
            var paragraph = prepared.line
            tables.rebind(&paragraph.items)
            let items = paragraph.items
            lineBreak.load(prefix: prepared.prefix, from: prepared.range.lowerBound)
            let end = text.visibleEnd(r.lowerBound, r.upperBound)
            func cutting(_ entities: [Entity]) -> (pieces: [Range<Int>], at: Int) {
                switch cut.mode {
                case .end:
                    let c = lineBreak.truncationEnd(
                        from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                        size: options.size, entities: entities, wholeAtEdge: true)
                    return ([r.lowerBound..<c], c)
                case .start:
                    let c = lineBreak.truncationStart(
                        from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                        size: options.size, entities: entities, wholeAtEdge: true)
                    return ([c..<end], c)
                case .middle:
                    let (h, t) = lineBreak.middleCut(
                        from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                        size: options.size, entities: entities, wholeAtEdge: true)
                    return ([r.lowerBound..<h, t..<end].filter { !$0.isEmpty }, h)
                }
            }
            let result = cutting(snapshot.entities)
            // Whether an entity stopped the cut: the same cut with no entity keeps more.
            let limited = snapshot.entities.contains { $0.range.overlaps(r) } && cutting([]).pieces != result.pieces
            results.append((result.pieces, result.at, limited))
        }
        return results
    }
}

extension PreparedSnapshot {
    /// The prepared paragraph that holds all of `range`, if one does.
    func paragraph(holding range: Range<Int>) -> PreparedParagraph? {
        paragraphs.first { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound }
    }

    /// The advance of `pieces` from their paragraphs' prefix sums (a piece across paragraphs: 0).
    func advance(of pieces: [Range<Int>]) -> Double {
        pieces.reduce(0) { sum, piece in
            guard let p = paragraph(holding: piece) else { return sum }
            return sum + p.prefix[piece.upperBound - p.range.lowerBound] - p.prefix[piece.lowerBound - p.range.lowerBound]
        }
    }
}
