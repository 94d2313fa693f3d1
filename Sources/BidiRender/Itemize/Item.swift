// Item: a stretch of text of one bidi level, script, font and language, shaped as one — the unit the
// itemizer hands to shaping, line breaking and line building.

/// An item: a range of one level, script, font and language, shaped as one. A plain value: its font,
/// language and glyphs are indices into the call's tables (`ItemTables`, `ShapeScratch.glyphs`), so
/// copying one retains nothing.
struct Item {
    var range: Range<Int>
    var level: UInt8
    var script: ScriptTag
    /// Index into `ItemTables.languages`.
    var language: Int32
    /// Index into `ItemTables.fonts`.
    var font: Int32
    /// A span's font size in px, 0 for the options' size.
    var size: Double = 0
    /// The language's id in the shaping cache.
    var languageID: UInt32 = 0
    /// The glyphs, in visual order: a range of `ShapeScratch.glyphs` (empty until shaped).
    var glyphs: Range<Int> = 0..<0
    /// For an inline box's item, the box's index in `AttributeMap.inlines` (its one glyph is the
    /// box's advance, never HarfBuzz's); else -1.
    var box: Int32 = -1

    /// The index of the first of `items` (sorted and contiguous) that ends after `offset`.
    static func first(endingAfter offset: Int, in items: [Item]) -> Int {
        items.partitioningIndex { $0.range.upperBound > offset }
    }
}
