// LineBreakScratch+Intrinsic: a paragraph's intrinsic widths, as CSS Sizing 3 §5.1 and SkParagraph
// define them — the min-content width, the widest piece between two break opportunities, and the
// max-content width, the widest line with no width limit — measured as line filling measures a line.

extension LineBreakScratch {
    /// The min-content and max-content widths of paragraph `range`, shaped as `items`: each piece
    /// between two UAX #14 opportunities (mandatory ones included; none inside a phone number; those
    /// inside a URL counted, as a URL wider than a line breaks at them), and each line the paragraph
    /// makes with no width (it breaks only where a line must), shaped as a line (the words its edges
    /// cut reshaped) and without its trailing white space. No line is built.
    mutating func intrinsicWidths(
        _ range: Range<Int>, items: [Item], text: TextBuffer, entities: [Entity] = [], locale: LocaleTag,
        shape: inout ShapeScratch, tables: ItemTables, size: Double
    ) -> (min: Double, max: Double) {
        guard !range.isEmpty else { return (0, 0) }
        var widest = 0.0
        for line in lines(range, items: items, text: text, entities: entities, maxWidth: nil, locale: locale, shape: &shape, tables: tables, size: size) {
            widest = Swift.max(widest, measure(line.lowerBound, line.upperBound, items: items, text: text, shape: &shape, tables: tables, size: size))
        }
        loadBreaks(range, text: text, locale: locale, entities: entities)
        // Every piece is measured as a line: a word cut at a piece's edge may be wider reshaped than
        // in the paragraph's shaping (Arabic final forms), so the estimate cannot rule one out.
        var widestPiece = 0.0
        var start = range.lowerBound
        for k in 1...range.count where k == range.count || breaks[k] != BreakOpportunity.none {
            let end = range.lowerBound + k
            widestPiece = Swift.max(
                widestPiece, measure(start, end, items: items, text: text, shape: &shape, tables: tables, size: size))
            start = end
        }
        return (widestPiece, widest)
    }
}
