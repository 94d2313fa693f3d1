// ShapeCache: words shaped once. A bounded cache of HarfBuzz's output for one word, keyed by font,
// script, direction, language, the word's code points and the one code point of context HarfBuzz saw
// on each side, as Android's Minikin (LayoutCache) and Chrome (ShapeCache) keep.
//
// Size is not part of the key: each HarfBuzz font works at ppem = units per em, unhinted (see
// HBFont), so its output is in font units and one entry serves every size.
//
// The table is open addressing over flat arrays: a lookup hashes the word where it lies and
// compares it with the stored text, so a hit allocates nothing. Entries are never evicted one by one:
// when any bound (entries, stored code points, stored glyphs) would be passed, the whole cache is
// dropped in O(1) by moving to a new generation, and fills again with the words in use.
//
// Thread-safety: none. Each cache belongs to one LayoutScratch, which one layout call uses at a time.

import Foundation

/// The cache's bounds and figures, for tuning and reports.
public struct ShapeCacheStatistics: Sendable, Hashable {
    /// Lookups answered from the cache, and lookups that had to shape.
    public var hits = 0
    public var misses = 0
    /// Words held now.
    public var entries = 0
    /// Times the cache was dropped whole on reaching a bound.
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

/// One glyph as cached: HarfBuzz units, its cluster an offset into the word.
struct CachedGlyph: Hashable {
    var id: UInt32
    var cluster: UInt32
    var xAdvance: Int32
    var yAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// What a shaped word depends on besides its code points.
struct ShapeKey: Hashable {
    var font: ObjectIdentifier
    var script: ScriptTag
    /// An id from `ShapeCache.languageID`, 0 for none.
    var language: UInt32
    var rightToLeft: Bool
    /// The code point HarfBuzz saw just before and just after the word (for Arabic joining), 0 for none.
    var before: UInt32
    var after: UInt32
}

/// A bounded cache of shaped words. See the file comment.
final class ShapeCache {
    /// Bounds: words held, code points stored and glyphs stored.
    struct Limits: Sendable, Hashable {
        var entries = 8_192
        var codePoints = 131_072
        var glyphs = 131_072
        /// Longer words are shaped every time, not cached.
        var longestWord = 64
    }

    private struct Slot {
        var generation: UInt32 = 0
        var hash: UInt32 = 0
        var key: ShapeKey
        var textStart: Int32 = 0
        var textCount: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
    }

    let limits: Limits
    private var slots: [Slot]
    private let mask: Int
    private var text: [UInt32] = []
    /// The glyphs of every entry; an entry's range comes from `lookup` or `insert`.
    private(set) var glyphs: [CachedGlyph] = []
    private var generation: UInt32 = 1
    /// Every font an entry names, kept alive so that its identifier cannot be reused by another.
    private var fonts: [ObjectIdentifier: Font] = [:]
    private var languages: [String: UInt32] = [:]
    private(set) var statistics = ShapeCacheStatistics()

    init(limits: Limits = Limits()) {
        self.limits = limits
        var capacity = 16
        while capacity < limits.entries * 2 { capacity <<= 1 }
        let empty = ShapeKey(
            font: ObjectIdentifier(ShapeCache.self), script: .common, language: 0, rightToLeft: false, before: 0,
            after: 0)
        slots = [Slot](repeating: Slot(key: empty), count: capacity)
        mask = capacity - 1
        text.reserveCapacity(limits.codePoints)
        glyphs.reserveCapacity(limits.glyphs)
    }

    /// The language id of words that are not to be cached.
    static let uncachedLanguage = UInt32.max

    /// A small id for a language tag; 0 for none. Ids outlive `reset` (entries are dropped, the ids
    /// stay); past 1,024 languages a new one gets `uncachedLanguage`, and its words are shaped every
    /// time.
    func languageID(_ language: String?) -> UInt32 {
        guard let language else { return 0 }
        if let id = languages[language] { return id }
        if languages.count >= 1_024 { return Self.uncachedLanguage }
        let id = UInt32(languages.count + 1)
        languages[language] = id
        return id
    }

    /// The range in `glyphs` of the cached shaping of `word` under `key`, or nil (counted as a miss).
    func lookup(_ key: ShapeKey, word: UnsafeBufferPointer<UInt32>) -> Range<Int>? {
        let hash = Self.hash(key, word)
        let generation = generation
        let found: Range<Int>? = slots.withUnsafeBufferPointer { slots in
            text.withUnsafeBufferPointer { text in
                var index = Int(hash) & mask
                while slots[index].generation == generation {
                    let slot = slots[index]
                    if slot.hash == hash, slot.key == key, Int(slot.textCount) == word.count,
                        memcmp(text.baseAddress! + Int(slot.textStart), word.baseAddress!, word.count * 4) == 0
                    {
                        return Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
        if found != nil { statistics.hits += 1 } else { statistics.misses += 1 }
        return found
    }

    /// Stores the shaping of `word` under `key` and returns its range in `glyphs`, or nil when the
    /// word is longer than `limits.longestWord` or has more glyphs than the cache can hold.
    @discardableResult
    func insert(_ key: ShapeKey, font: Font, word: UnsafeBufferPointer<UInt32>, glyphs new: some Collection<CachedGlyph>) -> Range<Int>? {
        guard word.count <= limits.longestWord, new.count <= limits.glyphs, word.count <= limits.codePoints else {
            return nil
        }
        if statistics.entries + 1 > limits.entries || text.count + word.count > limits.codePoints
            || glyphs.count + new.count > limits.glyphs
        {
            reset()
            statistics.resets += 1
        }
        if fonts[key.font] == nil { fonts[key.font] = font }
        let hash = Self.hash(key, word)
        var index = Int(hash) & mask
        while slots[index].generation == generation { index = (index + 1) & mask }
        let glyphStart = glyphs.count
        slots[index] = Slot(
            generation: generation, hash: hash, key: key, textStart: Int32(text.count), textCount: Int32(word.count),
            glyphStart: Int32(glyphStart), glyphCount: Int32(new.count))
        text.append(contentsOf: word)
        glyphs.append(contentsOf: new)
        statistics.entries += 1
        return glyphStart..<glyphs.count
    }

    /// Drops every entry (O(1): the slots of older generations read as empty).
    func reset() {
        if generation == UInt32.max {
            for i in slots.indices { slots[i].generation = 0 }
            generation = 0
        }
        generation += 1
        text.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        fonts.removeAll(keepingCapacity: true)
        statistics.entries = 0
    }

    /// The figures, with `bytes` by capacity.
    var currentStatistics: ShapeCacheStatistics {
        var s = statistics
        s.bytes = slots.capacity * MemoryLayout<Slot>.stride + text.capacity * 4
            + glyphs.capacity * MemoryLayout<CachedGlyph>.stride
        return s
    }

    /// FNV-1a over the key and the word, 32 bits.
    private static func hash(_ key: ShapeKey, _ word: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        mix(UInt64(UInt(bitPattern: key.font)))
        mix(UInt64(key.script.rawValue) << 32 | UInt64(key.language) << 1 | (key.rightToLeft ? 1 : 0))
        mix(UInt64(key.before) << 32 | UInt64(key.after))
        for c in word { mix(UInt64(c)) }
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }
}
