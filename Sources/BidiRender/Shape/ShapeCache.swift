// ShapeCache: words shaped once. A bounded cache of HarfBuzz's output for one word, keyed by font,
// script, direction, language, the word's code points and the one code point of context HarfBuzz saw
// on each side, as Android's Minikin (LayoutCache) and Chrome (ShapeCache) keep.
//
// Size is not part of the key: each HarfBuzz font works at ppem = units per em, unhinted (see
// HBFont), so its output is in font units and one entry serves every size.
//
// Two generations, each a table of open addressing over flat arrays: a lookup hashes the word where
// it lies and compares it with the stored text, so a hit allocates nothing. New words go into the
// current generation. When it is full (any bound: entries, stored code points, stored glyphs), it
// becomes the previous one and the old previous one is dropped whole, in O(1), to become the new
// current. A word found in the previous generation is copied into the current one. So a word in use
// survives every turn, and only words not used for a whole generation are dropped: nearly what an LRU
// keeps, without its per-hit bookkeeping. (A cache dropped whole, as before, lost its hot words too:
// on the real-vocabulary corpus it was reset 7 times per 10,000 messages, and hit 73 % of lookups.)
//
// Thread-safety: none. Each cache belongs to one LayoutScratch, which one layout call uses at a time.

import Foundation

/// One glyph as cached: HarfBuzz units, its cluster an offset into the word, and HarfBuzz's
/// unsafe-to-break flag (in the cluster's top bit: 24 bytes a glyph, not 28).
struct CachedGlyph: Hashable {
    var id: UInt32
    private var clusterAndFlag: UInt32
    var xAdvance: Int32
    var yAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32

    private static let flag: UInt32 = 1 << 31

    init(id: UInt32, cluster: UInt32, xAdvance: Int32, yAdvance: Int32, xOffset: Int32, yOffset: Int32, unsafeToBreak: Bool = false) {
        (self.id, self.xAdvance, self.yAdvance, self.xOffset, self.yOffset) = (id, xAdvance, yAdvance, xOffset, yOffset)
        clusterAndFlag = cluster & ~Self.flag | (unsafeToBreak ? Self.flag : 0)
    }

    /// The cluster: an offset into the word (a word is far shorter than 2³¹ code points).
    var cluster: UInt32 {
        get { clusterAndFlag & ~Self.flag }
        set { clusterAndFlag = clusterAndFlag & Self.flag | newValue & ~Self.flag }
    }

    /// HB_GLYPH_FLAG_UNSAFE_TO_BREAK (`RawGlyph.unsafeToBreak`).
    var unsafeToBreak: Bool { clusterAndFlag & Self.flag != 0 }
}

extension CachedGlyph {
    init(_ g: RawGlyph) {
        self.init(
            id: g.glyph, cluster: g.cluster, xAdvance: g.xAdvance, yAdvance: g.yAdvance, xOffset: g.xOffset,
            yOffset: g.yOffset, unsafeToBreak: g.unsafeToBreak)
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

/// One generation of the cache: its slots, stored words and stored glyphs, allocated once at their
/// bounds and freed by `ShapeCache.deinit`. A struct of pointers, so that copying it copies no table.
private struct ShapeTable {
    struct Slot {
        var generation: UInt32 = 0
        var hash: UInt32 = 0
        var key: ShapeKey
        var textStart: Int32 = 0
        var textCount: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
    }

    /// The table's stamp (slots of older stamps read as empty) and fill levels.
    struct Fill {
        var generation: UInt32 = 1
        var entries = 0
        var textCount = 0
        var glyphCount = 0
        /// The font of the last word stored (one of `ShapeCache.fonts`), nil when none is.
        var lastFont: ObjectIdentifier?
    }

    let slotCount: Int
    let mask: Int
    let slots: UnsafeMutablePointer<Slot>
    let text: UnsafeMutablePointer<UInt32>
    let glyphs: UnsafeMutablePointer<CachedGlyph>
    let fill: UnsafeMutablePointer<Fill>

    init(entries: Int, codePoints: Int, glyphs glyphCapacity: Int) {
        // Slots for the entries at a load of at most 3/4 (the default's 24,576 a generation fill
        // 32,768 slots exactly): linear probing stays short, and the slots, which are allocated
        // and written whole, take 1.8 MB a generation.
        var capacity = 16
        while capacity * 3 < entries * 4 { capacity <<= 1 }
        let empty = ShapeKey(
            font: ObjectIdentifier(ShapeCache.self), script: .common, language: 0, rightToLeft: false, before: 0,
            after: 0)
        slotCount = capacity
        mask = capacity - 1
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(generation: 0, key: empty), count: capacity)
        text = .allocate(capacity: max(1, codePoints))
        glyphs = .allocate(capacity: max(1, glyphCapacity))
        fill = .allocate(capacity: 1)
        fill.initialize(to: Fill())
    }

    func free() {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        text.deallocate()
        glyphs.deallocate()
        fill.deinitialize(count: 1)
        fill.deallocate()
    }

    /// The range of the stored glyphs of `word` under `key`, or nil.
    @inline(__always)
    func find(_ key: ShapeKey, hash: UInt32, word: UnsafeBufferPointer<UInt32>) -> Range<Int>? {
        let generation = fill.pointee.generation
        var index = Int(hash) & mask
        while slots[index].generation == generation {
            let slot = slots[index]
            if slot.hash == hash, slot.key == key, Int(slot.textCount) == word.count,
                memcmp(text + Int(slot.textStart), word.baseAddress!, word.count * 4) == 0  // no-trap: a word is a non-empty slice of its run (splitWords)
            {
                return Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)
            }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Whether one more word of `codePoints` and `glyphCount` glyphs fits under the bounds.
    func fits(codePoints: Int, glyphs glyphCount: Int, limits: ShapeCache.Limits) -> Bool {
        fill.pointee.entries < limits.generationEntries && fill.pointee.textCount + codePoints <= limits.generationCodePoints
            && fill.pointee.glyphCount + glyphCount <= limits.generationGlyphs
    }

    /// Stores `word` (which must fit) and returns its glyphs' range.
    func store(_ key: ShapeKey, hash: UInt32, word: UnsafeBufferPointer<UInt32>, glyphs new: UnsafeBufferPointer<CachedGlyph>) -> Range<Int> {
        let generation = fill.pointee.generation
        var index = Int(hash) & mask
        while slots[index].generation == generation { index = (index + 1) & mask }
        let textStart = fill.pointee.textCount
        let glyphStart = fill.pointee.glyphCount
        if let source = new.baseAddress { (glyphs + glyphStart).initialize(from: source, count: new.count) }
        let k = glyphStart + new.count
        slots[index] = Slot(
            generation: generation, hash: hash, key: key, textStart: Int32(textStart), textCount: Int32(word.count),
            glyphStart: Int32(glyphStart), glyphCount: Int32(k - glyphStart))
        (text + textStart).update(from: word.baseAddress!, count: word.count)  // no-trap: as in find
        fill.pointee.textCount += word.count
        fill.pointee.glyphCount = k
        fill.pointee.entries += 1
        return glyphStart..<k
    }

    /// Drops every entry (O(1): the slots of older stamps read as empty).
    func clear() {
        if fill.pointee.generation == UInt32.max {
            for i in 0..<slotCount { slots[i].generation = 0 }
            fill.pointee.generation = 0
        }
        fill.pointee.generation += 1
        fill.pointee.entries = 0
        fill.pointee.textCount = 0
        fill.pointee.glyphCount = 0
        fill.pointee.lastFont = nil
    }

    var bytes: Int {
        slotCount * MemoryLayout<Slot>.stride + MemoryLayout<Fill>.stride
    }
}

/// A bounded cache of shaped words. See the file comment.
final class ShapeCache {
    /// Bounds, over both generations together: words held, code points stored and glyphs stored.
    /// Each generation holds half of each.
    struct Limits: Sendable, Hashable {
        var entries = 49_152
        var codePoints = 393_216
        var glyphs = 393_216
        /// Longer words are shaped every time, not cached.
        var longestWord = 64

        var generationEntries: Int { max(1, entries / 2) }
        var generationCodePoints: Int { max(1, codePoints / 2) }
        var generationGlyphs: Int { max(1, glyphs / 2) }
    }

    /// The counters and which table is current. Kept behind a pointer, like the tables, so that the
    /// hot lookup reads plain memory (class `var`s cost a dynamic exclusivity check on each access).
    private struct State {
        var current = 0
        var statistics = ShapeCacheStatistics()
    }

    let limits: Limits
    /// The two generations; `state.current` says which is current.
    private let tables: UnsafeMutablePointer<ShapeTable>
    private let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
    /// Every font an entry of each generation names, kept alive so that its identifier cannot be
    /// reused by another.
    private var fonts: [[ObjectIdentifier: Font]] = [[:], [:]]
    /// The ids of the languages its keys carry, handed to the itemizer's tables.
    let languageIDs = LanguageIDs()
    /// A word's glyphs on their way from the previous generation to the current one.
    private var moving: [CachedGlyph] = []

    init(limits: Limits = Limits()) {
        self.limits = limits
        tables = .allocate(capacity: 2)
        for i in 0..<2 {
            (tables + i).initialize(to: ShapeTable(
                entries: limits.generationEntries, codePoints: limits.generationCodePoints, glyphs: limits.generationGlyphs))
        }
        state.initialize(to: State())
    }

    deinit {
        for i in 0..<2 { tables[i].free() }
        tables.deinitialize(count: 2)
        tables.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The stored glyphs of a range that `lookup` or `insert` returned, valid until the next insert,
    /// lookup or reset.
    func glyphs(_ range: Range<Int>) -> UnsafeBufferPointer<CachedGlyph> {
        UnsafeBufferPointer(start: tables[state.pointee.current].glyphs + range.lowerBound, count: range.count)
    }

    /// The language id of words that are not to be cached.
    static let uncachedLanguage = LanguageIDs.uncached

    /// A small id for a language tag; 0 for none (`LanguageIDs.id`). Ids outlive `reset`.
    func languageID(_ language: String?) -> UInt32 { languageIDs.id(language) }

    /// The range of the cached shaping of `word` under `key` (see `glyphs(_:)`), or nil (counted as
    /// a miss). A word found in the previous generation is moved into the current one. `hash` is
    /// the word's `hash(_:_:)` when the caller has it (it passes the same to `insert` on a miss).
    func lookup(_ key: ShapeKey, word: UnsafeBufferPointer<UInt32>, hash: UInt32? = nil) -> Range<Int>? {
        let hash = hash ?? Self.hash(key, word)
        let current = state.pointee.current
        if let found = tables[current].find(key, hash: hash, word: word) {
            state.pointee.statistics.hits += 1
            return found
        }
        let previous = tables[1 - current]
        guard let found = previous.find(key, hash: hash, word: word) else {
            state.pointee.statistics.misses += 1
            return nil
        }
        state.pointee.statistics.hits += 1
        // Copied out first: making room in the current generation may drop the previous one.
        moving.removeAll(keepingCapacity: true)
        moving.append(contentsOf: UnsafeBufferPointer(start: previous.glyphs + found.lowerBound, count: found.count))
        let font = fonts[1 - current][key.font]!  // no-trap: a generation keeps the font of each word it stores
        return insert(key, font: font, word: word, hash: hash, glyphs: moving)
    }

    /// Whether `word` under `key` is in either generation, without moving it or counting a hit or a
    /// miss: what `Shaper.shapeWords` asks of each word of a run before it decides how to shape the
    /// words it misses.
    func contains(_ key: ShapeKey, word: UnsafeBufferPointer<UInt32>, hash: UInt32) -> Bool {
        let current = state.pointee.current
        return tables[current].find(key, hash: hash, word: word) != nil
            || tables[1 - current].find(key, hash: hash, word: word) != nil
    }

    /// Stores the shaping of `word` under `key` and returns its range (see `glyphs(_:)`), or nil when
    /// the word is longer than `limits.longestWord` or has more glyphs than a generation can hold.
    /// `hash` is the word's `hash(_:_:)` when the caller has it.
    @discardableResult
    func insert(
        _ key: ShapeKey, font: Font, word: UnsafeBufferPointer<UInt32>, hash: UInt32? = nil,
        glyphs new: UnsafeBufferPointer<CachedGlyph>
    ) -> Range<Int>? {
        let hash = hash ?? Self.hash(key, word)
        let count = new.count
        guard word.count <= limits.longestWord, count <= limits.generationGlyphs, word.count <= limits.generationCodePoints
        else { return nil }
        if !tables[state.pointee.current].fits(codePoints: word.count, glyphs: count, limits: limits) { turn() }
        let current = state.pointee.current
        // The generation keeps the font alive; most words come in the font of the word before.
        let fill = tables[current].fill
        if fill.pointee.lastFont != key.font {
            if fonts[current][key.font] == nil { fonts[current][key.font] = font }
            fill.pointee.lastFont = key.font
        }
        state.pointee.statistics.entries += 1
        return tables[current].store(key, hash: hash, word: word, glyphs: new)
    }

    /// `insert` of an array of glyphs.
    @discardableResult
    func insert(
        _ key: ShapeKey, font: Font, word: UnsafeBufferPointer<UInt32>, hash: UInt32? = nil, glyphs new: [CachedGlyph]
    ) -> Range<Int>? {
        new.withUnsafeBufferPointer { insert(key, font: font, word: word, hash: hash, glyphs: $0) }
    }

    /// The current generation becomes the previous one; the previous one is dropped and becomes the
    /// current one.
    private func turn() {
        let dropped = 1 - state.pointee.current
        state.pointee.statistics.entries -= tables[dropped].fill.pointee.entries
        tables[dropped].clear()
        fonts[dropped].removeAll(keepingCapacity: true)
        state.pointee.current = dropped
        state.pointee.statistics.resets += 1
    }

    /// Drops every entry of both generations (O(1)).
    func reset() {
        for i in 0..<2 {
            tables[i].clear()
            fonts[i].removeAll(keepingCapacity: true)
        }
        state.pointee.statistics.entries = 0
    }

    /// The figures, with `bytes` the tables' allocated size.
    var currentStatistics: ShapeCacheStatistics {
        var s = state.pointee.statistics
        s.bytes = 2 * tables[0].bytes + 2 * (limits.generationCodePoints * 4 + limits.generationGlyphs * MemoryLayout<CachedGlyph>.stride)
        return s
    }

    /// FNV-1a over the key and the word, 32 bits.
    static func hash(_ key: ShapeKey, _ word: UnsafeBufferPointer<UInt32>) -> UInt32 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3 }
        mix(UInt64(UInt(bitPattern: key.font)))
        mix(UInt64(key.script.rawValue) << 32 | UInt64(key.language) << 1 | (key.rightToLeft ? 1 : 0))
        mix(UInt64(key.before) << 32 | UInt64(key.after))
        for c in word { mix(UInt64(c)) }
        return UInt32(truncatingIfNeeded: h ^ (h >> 32))
    }
}
