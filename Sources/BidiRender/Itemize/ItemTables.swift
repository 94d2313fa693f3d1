// ItemTables: the fonts and languages items refer to by index, interned across the layout calls of
// one scratch so that an item stays a plain value.

/// The fonts and languages of a scratch's items, with each language's id in the shaping cache.
///
/// The tables outlive a call (the fallback chain memos refer to them); past `limit` entries they are
/// cleared, together with the memos, at the end of a call (`ItemizeScratch.trim`).
struct ItemTables {
    private(set) var fonts: [Font] = []
    private(set) var languages: [String?] = []
    /// Each language as the tag a run reports, built once when the language is interned.
    private(set) var languageTags: [LocaleTag?] = []
    /// The shaping cache's id of each language (0 without a cache).
    private(set) var languageIDs: [UInt32] = []
    /// A span's OpenType features beside each language: a language index stands for the pair, so
    /// items split where the features change and the cache keys them apart (nil for none).
    private(set) var featureSets: [HBFeatures?] = []

    static let limit = 64

    /// Whether the tables have grown past `limit`.
    var isFull: Bool { fonts.count > Self.limit || languages.count > Self.limit }

    func font(_ item: Item) -> Font { fonts[Int(item.font)] }
    func language(_ item: Item) -> String? { languages[Int(item.language)] }
    func languageTag(_ item: Item) -> LocaleTag? { languageTags[Int(item.language)] }
    func features(_ item: Item) -> HBFeatures? { featureSets[Int(item.language)] }

    /// The index of `font`, added if new.
    mutating func fontIndex(_ font: Font) -> Int32 {
        if let i = fonts.firstIndex(where: { $0 === font }) { return Int32(i) }
        fonts.append(font)
        return Int32(fonts.count - 1)
    }

    /// The index of `language` with `features`, added if new with its id in `languages` (with features,
    /// the id of the language and the features together).
    mutating func languageIndex(_ language: String?, features: [String] = [], languages ids: LanguageIDs?) -> Int32 {
        if let i = languages.indices.first(where: {
            languages[$0] == language && (featureSets[$0]?.text ?? []) == features
        }) {
            return Int32(i)
        }
        languages.append(language)
        languageTags.append(language.map { LocaleTag($0) })
        // Features were checked when the layout began (TextSpan.validate); one HarfBuzz could not
        // parse is left out.
        let set = features.isEmpty ? nil : HBFeatures(features)
        featureSets.append(set)
        languageIDs.append(ids?.id(Self.cacheKey(language, features: set)) ?? 0)
        return Int32(languages.count - 1)
    }

    /// The shaping cache's key of a language with features: the language alone, or with its features.
    private static func cacheKey(_ language: String?, features: HBFeatures?) -> String? {
        features.map { "\(language ?? "")\u{0}\($0.text.joined(separator: ","))" } ?? language
    }

    /// The tables with each language's id taken from `ids` (another shaping cache's), for items
    /// shaped through one cache and reshaped through another. Unchanged when the ids agree.
    func rebound(to ids: LanguageIDs?) -> ItemTables {
        var tables = self
        for k in languages.indices {
            let id = ids?.id(Self.cacheKey(languages[k], features: featureSets[k])) ?? 0
            if id != tables.languageIDs[k] { tables.languageIDs[k] = id }
        }
        return tables
    }

    /// Sets each item's shaping cache id to the one these tables give its language (after `rebound`).
    func rebind(_ items: inout [Item]) {
        guard items.contains(where: { $0.languageID != languageIDs[Int($0.language)] }) else { return }
        for k in items.indices { items[k].languageID = languageIDs[Int(items[k].language)] }
    }

    /// Empties the tables, keeping their storage.
    mutating func removeAll() {
        fonts.removeAll(keepingCapacity: true)
        languages.removeAll(keepingCapacity: true)
        languageTags.removeAll(keepingCapacity: true)
        languageIDs.removeAll(keepingCapacity: true)
        featureSets.removeAll(keepingCapacity: true)
    }
}
