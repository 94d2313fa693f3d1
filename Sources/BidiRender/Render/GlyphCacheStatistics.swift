// GlyphCacheStatistics: a renderer's glyph raster cache figures (hits, misses, entries, evictions,
// bytes against the budget), for tuning and reports.

/// The glyph raster cache's figures (`Renderer.glyphCacheStatistics`).
@_spi(Tools) public struct GlyphCacheStatistics: Sendable, Hashable {
    /// Glyphs drawn from the cache.
    public var hits = 0
    /// Glyphs FreeType had to rasterize.
    public var misses = 0
    /// Bitmaps held now (including glyphs with nothing to draw, such as spaces).
    public var entries = 0
    /// Bitmaps dropped to stay within the budget.
    public var evictions = 0
    /// Bytes held now: the bitmaps' pixels and a fixed overhead for each entry.
    public var bytes = 0
    /// The most bytes the cache holds; 0 when it is disabled.
    public var budget = 0

    /// All zero.
    init() {}

    /// hits / (hits + misses), 0 when nothing was looked up.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
}
