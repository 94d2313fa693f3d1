// BreakOpportunitySource: the line break stage's one interface to a UAX #14 implementation — where a
// line may, and where it must, break in a paragraph. ICU implements it (ICUBreakOpportunities.swift);
// another library (libunibreak) would be one more file beside it.

/// The kind of break before a code point, one byte per code point in a break buffer.
enum BreakOpportunity {
    /// No break before it.
    static let none: UInt8 = 0
    /// A line may start here (UAX #14 "÷").
    static let allowed: UInt8 = 1
    /// A line must start here (UAX #14 "!", after BK, CR, LF or NL).
    static let mandatory: UInt8 = 2
    /// Inside an entity: a URL (UAX #14 "÷" there, after "/", "?", "-"…), a mention, a hashtag or
    /// an e-mail address: a line may start here only when the entity does not fit on a line of its
    /// own, where it would otherwise break between grapheme clusters. Line filling sets these from
    /// the text's entities (`LineBreakScratch.markEntityBreaks`); a source never writes them.
    static let withinEntity: UInt8 = 3
}

/// A UAX #14 implementation: break opportunities for one paragraph at a time.
///
/// A layout scratch owns one source, used by one call at a time, so an implementation may keep
/// mutable state (opened break iterators, buffers) without locks of its own.
protocol BreakOpportunitySource {
    /// Writes into `breaks` (replaced) one `BreakOpportunity` kind per code point of `paragraph`: the
    /// kind of break before it, by the rules of `locale`. The value before the first code point is
    /// not used. Returns false when the implementation cannot answer; the caller then breaks only
    /// between grapheme clusters.
    mutating func opportunities(
        for paragraph: UnsafeBufferPointer<UInt32>, locale: LocaleTag, into breaks: inout [UInt8]
    ) -> Bool
}
