// ShapeCacheStatistics: a shaping cache's figures (hits, misses, entries, resets, bytes), summed over
// the engine's idle scratches for tuning and reports.

/// The cache's bounds and figures, for tuning and reports.
@_spi(Tools) public struct ShapeCacheStatistics: Sendable, Hashable {
    /// Lookups answered from the cache, and lookups that had to shape.
    public var hits = 0
    /// Lookups that had to shape (HarfBuzz ran).
    public var misses = 0
    /// Words held now.
    public var entries = 0
    /// Times a generation of the cache was dropped on reaching a bound (words in use survive it).
    public var resets = 0
    /// Bytes held: the table, the stored words and the stored glyphs, by capacity.
    public var bytes = 0

    /// All zero.
    public init() {}

    init(hits: Int, misses: Int, entries: Int, resets: Int, bytes: Int) {
        (self.hits, self.misses, self.entries, self.resets, self.bytes) = (hits, misses, entries, resets, bytes)
    }

    /// hits / (hits + misses), 0 when nothing was looked up.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

    static func + (a: Self, b: Self) -> Self {
        Self(
            hits: a.hits + b.hits, misses: a.misses + b.misses, entries: a.entries + b.entries,
            resets: a.resets + b.resets, bytes: a.bytes + b.bytes)
    }
}
