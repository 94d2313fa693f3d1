// ICUBreakOpportunities: UAX #14 break opportunities from ICU's line break iterator (ICUBreaker in
// Interop/ICU.swift), one iterator per ICU locale, kept for the scratch's later calls.

/// Break opportunities by ICU's tailored UAX #14 rules for the locale (root rules for an unknown one).
struct ICUBreakOpportunities: BreakOpportunitySource {
    /// ICU line breakers by ICU locale id. At most `breakerLimit`: the map is cleared when full.
    private var breakers: [String: ICUBreaker] = [:]
    static let breakerLimit = 8

    mutating func opportunities(
        for paragraph: UnsafeBufferPointer<UInt32>, locale: LocaleTag, into breaks: inout [UInt8]
    ) -> Bool {
        guard let breaker = breaker(locale: Self.icuLocale(locale)) else { return false }
        return breaker.breaks(paragraph, into: &breaks)
    }

    /// Whether `locale`'s line breaking is by ICU's root rules, untailored: ICU has no rules of its
    /// own for the locale (`ICUBreaker.rootRules`) and the tag has no extension (such as -u-lb-loose)
    /// that would choose others. False when ICU has no line breaker.
    mutating func usesRootRules(_ locale: LocaleTag) -> Bool {
        let id = Self.icuLocale(locale)
        guard !id.split(separator: "_").contains(where: { $0.utf8.count == 1 }), !id.utf8.contains(UInt8(ascii: "@")) else {
            return false
        }
        return breaker(locale: id)?.rootRules ?? false
    }

    /// The line breaker for an ICU locale id ("" for the root rules), or nil when ICU has none.
    private mutating func breaker(locale id: String) -> ICUBreaker? {
        if let breaker = breakers[id] { return breaker }
        guard let breaker = (try? ICUBreaker(.line, locale: id)) ?? (try? ICUBreaker(.line, locale: "")) else { return nil }
        if breakers.count >= Self.breakerLimit { breakers.removeAll() }
        breakers[id] = breaker
        return breaker
    }

    /// ICU's locale id for a tag: "_" between subtags. (No Foundation here: on Linux its string
    /// replacement goes through NSString, several allocations a call.)
    static func icuLocale(_ locale: LocaleTag) -> String {
        let tag = locale.normalized
        if tag == "default" { return "" }
        let dash = UInt8(ascii: "-")
        guard tag.utf8.contains(dash) else { return tag }
        return String(decoding: tag.utf8.map { $0 == dash ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }
}
