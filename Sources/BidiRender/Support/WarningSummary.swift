// WarningSummary: long lists of warnings cut short. A message of 100,000 characters that no font
// covers would otherwise print 100,000 warning lines; the first few and a count say as much.

/// The first `limit` warnings of a list, and a count of the rest.
package enum WarningSummary {
    /// How many warnings are shown one by one.
    package static let limit = 5

    /// Each of the first `limit` items through `line`; then, if any are left, `more(count)` once.
    /// A list of at most `limit` items comes out whole, as before.
    package static func lines<C: Collection>(
        _ items: C, limit: Int = limit, line: (C.Element) -> String, more: (Int) -> String
    ) -> [String] {
        var out = items.prefix(limit).map(line)
        if items.count > limit { out.append(more(items.count - limit)) }
        return out
    }
}
