// LayoutScratch: the reusable working objects of layout calls — HarfBuzz buffer (in the Shaper),
// bidi buffers, ICU line breakers and the shaping cache — so that a warm call creates none of them.
//
// Thread-safety: one layout call uses a scratch at a time. LayoutEngine keeps idle scratches in a
// locked pool, hands one to each call and takes it back after.

/// The working objects of one layout call at a time.
///
/// Its stored properties opt out of dynamic exclusivity checks, which cost about 100 instructions
/// each and ran some 60 times a call: a scratch belongs to one call at a time, and the call takes an
/// array out (`var a = scratch.a; scratch.a = []`) before it works on it and puts it back after.
final class LayoutScratch {
    let shaper = Shaper()
    let bidi = BidiReorderer()
    /// Words shaped once, across calls; nil when the engine was made without a cache.
    let shapeCache: ShapeCache?
    /// ICU line breakers by ICU locale id. At most `breakerLimit`: the map is cleared when full.
    @exclusivity(unchecked) private var breakers: [String: ICULineBreaker] = [:]
    static let breakerLimit = 8

    /// Script resolution buffers.
    @exclusivity(unchecked) var scripts: [ScriptTag] = []
    @exclusivity(unchecked) var mentionScripts: [ScriptTag] = []
    @exclusivity(unchecked) var bracketStack: [(id: UInt32, script: ScriptTag)] = []
    /// A line's items, its item index per code point, its runs before they are built (item, level
    /// and code points), and its fonts.
    @exclusivity(unchecked) var lineItems: [LayoutJob.Item] = []
    @exclusivity(unchecked) var itemAt: [Int32] = []
    @exclusivity(unchecked) var groups: [(item: Int, level: UInt8, lo: Int, hi: Int)] = []
    @exclusivity(unchecked) var lineFonts: [Int32] = []
    /// A paragraph's levels, and its advance prefix sums and break opportunities for line breaking.
    @exclusivity(unchecked) var levels: [UInt8] = []
    @exclusivity(unchecked) var prefix: [Double] = []
    @exclusivity(unchecked) var breaks: [UInt8] = []

    /// The per-code-point arrays of the last call, whose storage the next one reuses.
    struct Recycled {
        var scalars: [Unicode.Scalar] = []
        var display: [UInt32] = []
        var classes: [BidiClass] = []
        var graphemeStarts: [Bool] = []
    }
    @exclusivity(unchecked) var recycled = Recycled()
    /// The mention-isolated text of the last call, whose storage the next one reuses.
    @exclusivity(unchecked) var isolated = IsolatedText.empty
    /// Arrays of more code points than this are not kept for the next call.
    static let recycleLimit = 65_536

    // The call's tables (the glyph store and reshaped pieces are emptied by `startCall`; fonts and
    // languages are interned across calls): items refer to them by index.
    /// Every glyph shaped in the call.
    @exclusivity(unchecked) var glyphs: [ShapedGlyph] = []
    /// The fonts and languages of the items.
    @exclusivity(unchecked) private(set) var fonts: [Font] = []
    @exclusivity(unchecked) private(set) var languages: [String?] = []
    /// The shaping cache's id of each language.
    @exclusivity(unchecked) private(set) var languageIDs: [UInt32] = []
    /// Pieces of items reshaped for a line (the glyph range of each), by item, piece and line.
    struct PieceKey: Equatable {
        var item: Int
        var range: Range<Int>
        var context: Range<Int>
    }
    @exclusivity(unchecked) var pieces: [(key: PieceKey, glyphs: Range<Int>)] = []

    /// The glyphs of a piece reshaped earlier in the call. Only the latest pieces are searched (a
    /// line is measured, then built, before the next one): a miss shapes the piece again, the same.
    func piece(_ key: PieceKey) -> Range<Int>? {
        var k = pieces.count - 1
        while k >= max(0, pieces.count - 16) {
            if pieces[k].key == key { return pieces[k].glyphs }
            k -= 1
        }
        return nil
    }

    /// Fallback chains memoized across calls, by script and attributes (their font and language
    /// indices point into `fonts` and `languages`). At most `memoLimit`; cleared when full.
    @exclusivity(unchecked) var memos: [LayoutJob.ChainMemo] = []
    static let memoLimit = 64
    /// The font and language tables outlive a call (the memos refer to them); past `tableLimit`
    /// entries they are cleared with the memos at the start of the next call.
    static let tableLimit = 64

    /// Empties the per-call tables, keeping their storage.
    func startCall() {
        // Storage a very long text grew is let go rather than kept for every later call.
        if glyphs.capacity > Self.recycleLimit * 2 { glyphs = [] }
        if scripts.capacity > Self.recycleLimit { scripts = [] }
        if itemAt.capacity > Self.recycleLimit { itemAt = [] }
        if levels.capacity > Self.recycleLimit {
            (lineItems, groups, levels, prefix, breaks) = ([], [], [], [], [])
        }
        glyphs.removeAll(keepingCapacity: true)
        if fonts.count > Self.tableLimit || languages.count > Self.tableLimit {
            fonts.removeAll(keepingCapacity: true)
            languages.removeAll(keepingCapacity: true)
            languageIDs.removeAll(keepingCapacity: true)
            memos.removeAll(keepingCapacity: true)
        }
        if pieces.capacity > 4_096 { pieces = [] }
        if !pieces.isEmpty { pieces.removeAll(keepingCapacity: true) }
    }

    func fontIndex(_ font: Font) -> Int32 {
        if let i = fonts.firstIndex(where: { $0 === font }) { return Int32(i) }
        fonts.append(font)
        return Int32(fonts.count - 1)
    }

    func languageIndex(_ language: String?) -> Int32 {
        if let i = languages.firstIndex(of: language) { return Int32(i) }
        languages.append(language)
        languageIDs.append(shapeCache?.languageID(language) ?? 0)
        return Int32(languages.count - 1)
    }

    init(cacheLimits: ShapeCache.Limits?) {
        shapeCache = cacheLimits.map { ShapeCache(limits: $0) }
    }

    /// The line breaker for an ICU locale id ("" for the root rules), or nil when ICU has none.
    func breaker(locale id: String) -> ICULineBreaker? {
        if let breaker = breakers[id] { return breaker }
        guard let breaker = (try? ICULineBreaker(locale: id)) ?? (try? ICULineBreaker(locale: "")) else { return nil }
        if breakers.count >= Self.breakerLimit { breakers.removeAll() }
        breakers[id] = breaker
        return breaker
    }
}
