// GlyphRasterCache: glyphs rasterized once. A bounded cache of FreeType's bitmaps (8-bit coverage, or
// BGRA for colour emoji strikes) with their bearings, keyed by everything the bitmap depends on: the
// face (file, index and variable instance, as the renderer numbers them), the glyph id, the pixel
// size in 1/64 px, the subpixel offset in quarter pixels and the synthetic slant. The renderer feeds
// FreeType exactly the key's values (it quantizes positions and sizes first, cache or no cache), so a
// cached bitmap is byte for byte the one FreeType would draw now: the output does not depend on the
// cache's state.
//
// Bound and eviction: a byte budget (each entry costs its pixels plus `entryOverhead`), split evenly
// over `shardCount` shards. Each shard keeps two generations, as a segmented LRU does with two
// segments: new bitmaps go into the current one; a hit in the previous one moves the bitmap back into
// the current one; when the current generation would pass half the shard's budget, the previous
// generation is dropped whole (its entries counted as evictions) and the current one becomes the
// previous. So what was used since the last turn always survives the next, each shard stays within
// its budget, and eviction costs O(1) per turn (the dictionaries keep their storage). A bitmap larger
// than half a shard's budget is drawn but not kept.
//
// Thread-safety: the cache is Sendable. Each shard is behind its own lock (`Locked`), chosen by the
// key, so concurrent renders contend only when they look up the same shard at the same moment.
// FreeType runs outside the locks (the face serializes its own use); two renders that miss the same
// glyph at once both rasterize it and the first stored copy is kept, which is the same bitmap.

/// What a rasterized glyph depends on. See the file comment.
struct GlyphRasterKey: Hashable {
    /// The renderer's number for the face (file, index, variable instance).
    var face: UInt32
    var glyph: UInt32
    /// Pixels per em in 26.6 fixed point: what FT_Set_Char_Size receives.
    var size26Dot6: Int32
    /// The subpixel offset in quarter pixels: x in bits 0–1, y in bits 2–3 (0 for bitmap strikes).
    var subpixel: UInt8
    /// The synthetic oblique's slant, as its bit pattern.
    var slant: UInt64

    /// One word into the hasher rather than five fields (equality still compares them all): the
    /// lookup runs for every glyph drawn.
    func hash(into hasher: inout Hasher) {
        let ids = (UInt64(face) << 32 | UInt64(glyph)) &* 0x9E37_79B9_7F4A_7C15
        let size = (UInt64(UInt32(bitPattern: size26Dot6)) << 8 | UInt64(subpixel)) &* 0xC2B2_AE3D_27D4_EB4F
        hasher.combine(ids ^ size ^ slant)
    }
}

/// A bounded, shared cache of glyph bitmaps. See the file comment.
final class GlyphRasterCache: Sendable {
    /// The default budget: 16 MB, some 50,000 glyphs of a 16 px chat font.
    static let defaultBudget = 16 << 20
    /// The shards, each with its own lock and an equal part of the budget.
    static let shardCount = 8
    /// What an entry costs besides its pixels: the dictionary slot, the key, the bitmap's fields and
    /// the pixel array's header, rounded up.
    static let entryOverhead = 128

    private struct Shard {
        var current: [GlyphRasterKey: GlyphBitmap?] = [:]
        var previous: [GlyphRasterKey: GlyphBitmap?] = [:]
        var currentBytes = 0
        var previousBytes = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// The byte budget over all shards; 0 keeps nothing.
    let budget: Int
    private let shards: [Locked<Shard>]

    /// A cache of at most `budget` bytes (negative counts as 0).
    init(budget: Int = GlyphRasterCache.defaultBudget) {
        self.budget = max(0, budget)
        shards = (0..<Self.shardCount).map { _ in Locked(Shard()) }
    }

    /// What an entry holding `bitmap` costs.
    static func cost(_ bitmap: GlyphBitmap?) -> Int {
        entryOverhead + (bitmap?.pixels.count ?? 0)
    }

    /// The bitmap under `key`, from the cache or else from `rasterize` (called without any lock held,
    /// then stored). Nil for a glyph with nothing to draw, which is cached too.
    func bitmap(_ key: GlyphRasterKey, rasterize: () -> GlyphBitmap?) -> GlyphBitmap? {
        bitmap(key) { (rasterize(), true) }
    }

    /// The bitmap under `key`, from the cache or else from `rasterize`, which also says whether what
    /// it made may be kept (a glyph skipped or drawn only in part depends on where it is drawn, not
    /// only on the key, and is not kept).
    func bitmap(_ key: GlyphRasterKey, rasterize: () -> (bitmap: GlyphBitmap?, keep: Bool)) -> GlyphBitmap? {
        let shard = shards[Int((key.glyph &* 0x9E37_79B1 ^ key.face &* 0x85EB_CA6B) >> 29) & (Self.shardCount - 1)]
        let limit = budget / Self.shardCount / 2
        let found: GlyphBitmap?? = shard.withLock { s in
            if let entry = s.current[key] {
                s.hits += 1
                return .some(entry)
            }
            guard let entry = s.previous.removeValue(forKey: key) else {
                s.misses += 1
                return .none
            }
            // A hit in the previous generation: back into the current one.
            s.hits += 1
            let cost = Self.cost(entry)
            s.previousBytes -= cost
            Self.store(entry, cost: cost, under: key, in: &s, limit: limit)
            return .some(entry)
        }
        if let found { return found }
        let (made, keep) = rasterize()
        let cost = Self.cost(made)
        guard keep, cost <= limit else { return made }
        return shard.withLock { s in
            if let entry = s.current[key] { return entry }
            Self.store(made, cost: cost, under: key, in: &s, limit: limit)
            return made
        }
    }

    /// Puts an entry into the current generation, turning the generations first when it would pass
    /// `limit` bytes.
    private static func store(_ entry: GlyphBitmap?, cost: Int, under key: GlyphRasterKey, in s: inout Shard, limit: Int) {
        if s.currentBytes + cost > limit {
            s.evictions += s.previous.count
            swap(&s.previous, &s.current)
            s.current.removeAll(keepingCapacity: true)
            s.previousBytes = s.currentBytes
            s.currentBytes = 0
        }
        s.current[key] = entry
        s.currentBytes += cost
    }

    /// Drops every bitmap (the counters stay).
    func removeAll() {
        for shard in shards {
            shard.withLock { s in
                s.current.removeAll()
                s.previous.removeAll()
                s.currentBytes = 0
                s.previousBytes = 0
            }
        }
    }

    /// The counters and fill levels, summed over the shards.
    var statistics: GlyphCacheStatistics {
        var total = GlyphCacheStatistics()
        total.budget = budget
        for shard in shards {
            shard.withLock { s in
                total.hits += s.hits
                total.misses += s.misses
                total.evictions += s.evictions
                total.entries += s.current.count + s.previous.count
                total.bytes += s.currentBytes + s.previousBytes
            }
        }
        return total
    }
}
