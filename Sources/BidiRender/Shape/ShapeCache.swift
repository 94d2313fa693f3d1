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

/// One glyph as cached: HarfBuzz units, its cluster an offset into the word.
struct CachedGlyph: Hashable {
    var id: UInt32
    var cluster: UInt32
    var xAdvance: Int32
    var yAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

extension CachedGlyph {
    init(_ g: RawGlyph) {
        self.init(
            id: g.glyph, cluster: g.cluster, xAdvance: g.xAdvance, yAdvance: g.yAdvance, xOffset: g.xOffset,
            yOffset: g.yOffset)
    }
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

    /// The counters and fill levels. Kept behind a pointer, like the tables, so that the hot lookup
    /// reads plain memory (class `var`s cost a dynamic exclusivity check on each access).
    private struct State {
        var generation: UInt32 = 1
        var textCount = 0
        var glyphCount = 0
        var statistics = ShapeCacheStatistics()
    }

    let limits: Limits
    private let slotCount: Int
    private let mask: Int
    /// The tables, allocated once at their bounds and freed in deinit.
    private let slots: UnsafeMutablePointer<Slot>
    private let text: UnsafeMutablePointer<UInt32>
    private let glyphStore: UnsafeMutablePointer<CachedGlyph>
    private let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    /// Every font an entry names, kept alive so that its identifier cannot be reused by another.
    private var fonts: [ObjectIdentifier: Font] = [:]
    private var languages: [String: UInt32] = [:]

    init(limits: Limits = Limits()) {
        self.limits = limits
        var capacity = 16
        while capacity < limits.entries * 2 { capacity <<= 1 }
        let empty = ShapeKey(
            font: ObjectIdentifier(ShapeCache.self), script: .common, language: 0, rightToLeft: false, before: 0,
            after: 0)
        slotCount = capacity
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(generation: 0, key: empty), count: capacity)
        text = .allocate(capacity: max(1, limits.codePoints))
        glyphStore = .allocate(capacity: max(1, limits.glyphs))
        state.initialize(to: State())
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        text.deallocate()
        glyphStore.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The stored glyphs of a range that `lookup` or `insert` returned, valid until the next insert
    /// or reset.
    func glyphs(_ range: Range<Int>) -> UnsafeBufferPointer<CachedGlyph> {
        UnsafeBufferPointer(start: glyphStore + range.lowerBound, count: range.count)
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

    /// The range of the cached shaping of `word` under `key` (see `glyphs(_:)`), or nil (counted as
    /// a miss).
    func lookup(_ key: ShapeKey, word: UnsafeBufferPointer<UInt32>) -> Range<Int>? {
        let hash = Self.hash(key, word)
        let generation = state.pointee.generation
        var index = Int(hash) & mask
        while slots[index].generation == generation {
            let slot = slots[index]
            if slot.hash == hash, slot.key == key, Int(slot.textCount) == word.count,
                memcmp(text + Int(slot.textStart), word.baseAddress!, word.count * 4) == 0
            {
                state.pointee.statistics.hits += 1
                return Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)
            }
            index = (index + 1) & mask
        }
        state.pointee.statistics.misses += 1
        return nil
    }

    /// Stores the shaping of `word` under `key` and returns its range (see `glyphs(_:)`), or nil when
    /// the word is longer than `limits.longestWord` or has more glyphs than the cache can hold.
    @discardableResult
    func insert(_ key: ShapeKey, font: Font, word: UnsafeBufferPointer<UInt32>, glyphs new: some Collection<CachedGlyph>) -> Range<Int>? {
        let count = new.count
        guard word.count <= limits.longestWord, count <= limits.glyphs, word.count <= limits.codePoints else {
            return nil
        }
        if state.pointee.statistics.entries + 1 > limits.entries || state.pointee.textCount + word.count > limits.codePoints
            || state.pointee.glyphCount + count > limits.glyphs
        {
            reset()
            state.pointee.statistics.resets += 1
        }
        if fonts[key.font] == nil { fonts[key.font] = font }
        let hash = Self.hash(key, word)
        let generation = state.pointee.generation
        var index = Int(hash) & mask
        while slots[index].generation == generation { index = (index + 1) & mask }
        let textStart = state.pointee.textCount
        let glyphStart = state.pointee.glyphCount
        slots[index] = Slot(
            generation: generation, hash: hash, key: key, textStart: Int32(textStart), textCount: Int32(word.count),
            glyphStart: Int32(glyphStart), glyphCount: Int32(count))
        (text + textStart).update(from: word.baseAddress!, count: word.count)
        var k = glyphStart
        for g in new {
            (glyphStore + k).initialize(to: g)
            k += 1
        }
        state.pointee.textCount += word.count
        state.pointee.glyphCount += count
        state.pointee.statistics.entries += 1
        return glyphStart..<(glyphStart + count)
    }

    /// Drops every entry (O(1): the slots of older generations read as empty).
    func reset() {
        if state.pointee.generation == UInt32.max {
            for i in 0..<slotCount { slots[i].generation = 0 }
            state.pointee.generation = 0
        }
        state.pointee.generation += 1
        state.pointee.textCount = 0
        state.pointee.glyphCount = 0
        fonts.removeAll(keepingCapacity: true)
        state.pointee.statistics.entries = 0
    }

    /// The figures, with `bytes` the tables' allocated size.
    var currentStatistics: ShapeCacheStatistics {
        var s = state.pointee.statistics
        s.bytes = slotCount * MemoryLayout<Slot>.stride + limits.codePoints * 4
            + limits.glyphs * MemoryLayout<CachedGlyph>.stride
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
