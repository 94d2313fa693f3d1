// LanguageIDs: a small id for each language tag the items shape with, interned once. The shaping
// cache owns one (its keys carry the id, not the tag) and hands it to the itemizer, so the itemizer
// does not know the cache.

/// Small ids for language tags, shared by the item tables that record them and the shaping cache
/// whose keys carry them.
final class LanguageIDs {
    /// The id of a language whose words are not to be cached.
    static let uncached = UInt32.max

    private var ids: [String: UInt32] = [:]

    /// A small id for a language tag; 0 for none. Ids are never dropped; past 1,024 languages a new
    /// one gets `uncached`, and its words are shaped every time.
    func id(_ language: String?) -> UInt32 {
        guard let language else { return 0 }
        if let id = ids[language] { return id }
        if ids.count >= 1_024 { return Self.uncached }
        let id = UInt32(ids.count + 1)
        ids[language] = id
        return id
    }
}
