// ItemTables: the fonts and languages items refer to by index, interned across the layout calls of
// one scratch so that an item stays a plain value.

/// The fonts and languages of a scratch's items, with each language's id in the shaping cache.
///
/// The tables outlive a call (the fallback chain memos refer to them); past `limit` entries they are
/// cleared, together with the memos, at the end of a call (`ItemizeScratch.trim`).
struct ItemTables {
    private(set) var fonts: [Font] = []
    private(set) var languages: [String?] = []
    /// The shaping cache's id of each language (0 without a cache).
    private(set) var languageIDs: [UInt32] = []

    static let limit = 64

    /// Whether the tables have grown past `limit`.
    var isFull: Bool { fonts.count > Self.limit || languages.count > Self.limit }

    func font(_ item: Item) -> Font { fonts[Int(item.font)] }
    func language(_ item: Item) -> String? { languages[Int(item.language)] }

    /// The index of `font`, added if new.
    mutating func fontIndex(_ font: Font) -> Int32 {
        if let i = fonts.firstIndex(where: { $0 === font }) { return Int32(i) }
        fonts.append(font)
        return Int32(fonts.count - 1)
    }

    /// The index of `language`, added if new with its id in `cache`.
    mutating func languageIndex(_ language: String?, cache: ShapeCache?) -> Int32 {
        if let i = languages.firstIndex(of: language) { return Int32(i) }
        languages.append(language)
        languageIDs.append(cache?.languageID(language) ?? 0)
        return Int32(languages.count - 1)
    }

    /// Empties the tables, keeping their storage.
    mutating func removeAll() {
        fonts.removeAll(keepingCapacity: true)
        languages.removeAll(keepingCapacity: true)
        languageIDs.removeAll(keepingCapacity: true)
    }
}
