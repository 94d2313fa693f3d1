// PreviewScratch: a preview's measures and cuts on the prepared sentence — each field's width from the
// paragraph's prefix sums, and each field that must give way cut where its truncation mode says, by
// the line break stage's own cuts (entity-aware, shaped as a line) — with no layout of its own.

/// A field to cut: its range in the sentence, the px it may take ("…" included) and its mode.
struct PreviewCut {
    var range: Range<Int>
    var room: Double
    var mode: TruncationMode
}

extension LayoutScratch {
    /// The advance of each of `ranges` in `snapshot` (0 for nil or a range across paragraphs), the
    /// whole text's advance, and that of "…" in the layout's font and the paragraph's direction.
    mutating func previewWidths(
        _ snapshot: PreparedSnapshot, ranges: [Range<Int>?], options: LayoutOptions, registry: FontRegistry
    ) throws(BidiRenderError) -> (fields: [Double], total: Double, ellipsis: Double) {
        try withSnapshot(snapshot) { (scratch, _) throws(BidiRenderError) in
            let total = snapshot.paragraphs.reduce(0) { $0 + ($1.prefix.last ?? 0) }
            let fields = ranges.map { range -> Double in
                guard let range, let p = snapshot.paragraphs.first(where: { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound })
                else { return 0 }
                return p.prefix[range.upperBound - p.range.lowerBound] - p.prefix[range.lowerBound - p.range.lowerBound]
            }
            let baseLevel = snapshot.paragraphs.first?.line.baseLevel ?? 0
            let ellipsis = scratch.ellipsisMemo.ellipsis(
                "\u{2026}", baseLevel: baseLevel, registry: registry, shaper: scratch.shape.shaper, options: options)
            return (fields, total, ellipsis?.advance ?? 0)
        }
    }

    /// For each of `cuts`, the kept pieces of its range (ascending, in the sentence's offsets) and
    /// where "…" goes; nil for a range across paragraphs. The cuts are truncation's: the latest
    /// grapheme boundary whose text fits (end), the earliest (start), half the room to the tail
    /// and a file name's extension (middle); never inside an entity.
    mutating func previewCuts(
        _ snapshot: PreparedSnapshot, cuts: [PreviewCut], options: LayoutOptions
    ) throws(BidiRenderError) -> [(pieces: [Range<Int>], at: Int)?] {
        try withSnapshot(snapshot) { (scratch, tables) throws(BidiRenderError) in
            cuts.map { cut -> (pieces: [Range<Int>], at: Int)? in
                let r = cut.range
                guard let prepared = snapshot.paragraphs.first(where: { $0.range.lowerBound <= r.lowerBound && r.upperBound <= $0.range.upperBound })
                else { return nil }
                var paragraph = prepared.line
                tables.rebind(&paragraph.items)
                scratch.lineBreak.load(prefix: prepared.prefix, from: prepared.range.lowerBound)
                let end = scratch.text.visibleEnd(r.lowerBound, r.upperBound)
                func head(_ to: Int, _ room: Double) -> Int {
                    scratch.lineBreak.truncationEnd(
                        from: r.lowerBound, to: to, room: room, items: paragraph.items, text: scratch.text, shape: &scratch.shape,
                        tables: tables, size: options.size, entities: snapshot.entities)
                }
                func tail(_ room: Double) -> Int {
                    scratch.lineBreak.truncationStart(
                        from: r.lowerBound, to: end, room: room, items: paragraph.items, text: scratch.text, shape: &scratch.shape,
                        tables: tables, size: options.size, entities: snapshot.entities)
                }
                switch cut.mode {
                case .end:
                    let c = head(end, cut.room)
                    return ([r.lowerBound..<c], c)
                case .start:
                    let c = tail(cut.room)
                    return ([c..<end], c)
                case .middle:
                    var t = tail(cut.room / 2)
                    if let dot = LineBreakScratch.extensionStart(r.lowerBound, end, text: scratch.text), dot < t,
                        scratch.lineBreak.measure(
                            dot, end, cuts: .start, items: paragraph.items, text: scratch.text, shape: &scratch.shape, tables: tables,
                            size: options.size) <= cut.room
                    {
                        t = dot
                    }
                    let tailWidth = t < end
                        ? scratch.lineBreak.measure(
                            t, end, cuts: .start, items: paragraph.items, text: scratch.text, shape: &scratch.shape, tables: tables,
                            size: options.size)
                        : 0
                    let h = head(t, cut.room - tailWidth)
                    return ([r.lowerBound..<h, t..<end].filter { !$0.isEmpty }, h)
                }
            }
        }
    }
}
