// TextSegmenter: word and sentence boundaries (UAX #29) from ICU's break iterators, one per kind and
// locale, kept by a layout scratch for its later calls; and `TextBoundary`, the units
// `LayoutEngine.boundaries(in:by:locale:)` answers for (Layout/LayoutScratch+Segments.swift).

/// A kind of boundary in a text.
public enum TextBoundary: String, Sendable, Hashable, CaseIterable {
    /// The end of an extended grapheme cluster (UAX #29), as carets, selection and truncation use them.
    case grapheme
    /// The end of a word segment (UAX #29, ICU's rules for the locale): each word, each run of
    /// spaces and each punctuation mark is a segment of its own.
    case word
    /// The end of a sentence (UAX #29, ICU's rules for the locale).
    case sentence
    /// A line break opportunity (UAX #14, ICU's rules for the locale) as line filling uses them:
    /// none inside a phone number, and one after each paragraph separator.
    case line
}

/// ICU word and sentence breakers by kind and ICU locale id, at most `breakerLimit` (cleared when
/// full). A layout scratch owns one, used by one call at a time.
struct TextSegmenter {
    private struct Key: Hashable {
        let kind: ICUBreaker.Kind
        let locale: String
    }

    private var breakers: [Key: ICUBreaker] = [:]
    static let breakerLimit = 8
    /// `ICUBreaker.boundaries` of the last call, reused.
    private var values: [UInt8] = []

    /// Appends to `out` every offset 0 < k ≤ text.count at which a segment of `kind` ends, by ICU's
    /// rules for `locale` (the root rules for one ICU does not know). False, with nothing appended,
    /// when ICU cannot answer.
    mutating func boundaries(
        _ kind: ICUBreaker.Kind, of text: UnsafeBufferPointer<UInt32>, locale: LocaleTag, into out: inout [Int]
    ) -> Bool {
        guard let breaker = breaker(kind, locale: ICUBreakOpportunities.icuLocale(locale)),
            breaker.boundaries(text, into: &values)
        else { return false }
        for k in 1..<values.count where values[k] != 0 { out.append(k) }
        return true
    }

    /// Lets go of storage a very long text grew.
    mutating func trim() {
        if values.capacity > TextBuffer.keepLimit { values = [] }
    }

    private mutating func breaker(_ kind: ICUBreaker.Kind, locale id: String) -> ICUBreaker? {
        let key = Key(kind: kind, locale: id)
        if let breaker = breakers[key] { return breaker }
        guard let breaker = (try? ICUBreaker(kind, locale: id)) ?? (try? ICUBreaker(kind, locale: "")) else { return nil }
        if breakers.count >= Self.breakerLimit { breakers.removeAll() }
        breakers[key] = breaker
        return breaker
    }
}
