// PreviewScratch: a preview's measures and cuts on the prepared sentence — each field's width from the
// paragraph's prefix sums, and each field that must give way cut where its truncation mode says, by
// the line break stage's own cuts (entity-aware, shaped as a line) — with no layout of its own.

/// A field to cut: its index, its range in the sentence, the px its kept text may take and its mode.
struct PreviewCut {
    var field: Int
    var range: Range<Int>
    var room: Double
    var mode: TruncationMode
}

extension LayoutScratch {
    /// `previewWidths` then `previewCuts` of the cuts `plan` makes of the widths, on one load of
    /// `snapshot`.
    mutating func previewFit(
        _ snapshot: PreparedSnapshot, ranges: [Range<Int>?], options: LayoutOptions, registry: FontRegistry,
        plan: ((fields: [Double], total: Double, ellipsis: Double)) -> [PreviewCut]
    ) throws(BidiRenderError) -> (cuts: [PreviewCut], results: [(pieces: [Range<Int>], at: Int)?]) {
        try withSnapshot(snapshot) { (scratch, tables) throws(BidiRenderError) in
            let widths = scratch.widths(snapshot, ranges: ranges, options: options, registry: registry)
            let cuts = plan(widths)
            return (cuts, scratch.cuts(snapshot, cuts: cuts, options: options, tables: tables))
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
    ) -> [(pieces: [Range<Int>], at: Int)?] {
        var results: [(pieces: [Range<Int>], at: Int)?] = []
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
            switch cut.mode {
            case .end:
                let c = lineBreak.truncationEnd(
                    from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                    size: options.size, entities: snapshot.entities, wholeAtEdge: true)
                results.append(([r.lowerBound..<c], c))
            case .start:
                let c = lineBreak.truncationStart(
                    from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                    size: options.size, entities: snapshot.entities, wholeAtEdge: true)
                results.append(([c..<end], c))
            case .middle:
                let (h, t) = lineBreak.middleCut(
                    from: r.lowerBound, to: end, room: cut.room, items: items, text: text, shape: &shape, tables: tables,
                    size: options.size, entities: snapshot.entities, wholeAtEdge: true)
                results.append(([r.lowerBound..<h, t..<end].filter { !$0.isEmpty }, h))
            }
        }
        return results
    }
}

extension PreparedSnapshot {
    /// The prepared paragraph that holds all of `range`, if one does.
    func paragraph(holding range: Range<Int>) -> PreparedParagraph? {
        paragraphs.first { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound }
    }
}
