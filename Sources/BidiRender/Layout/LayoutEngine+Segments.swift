// LayoutEngine+Segments: where a text's grapheme clusters, words and sentences end and where its
// lines may break, answered by the stages a layout uses (LayoutScratch+Segments.swift).

extension LayoutEngine {
    /// The code point offsets 0 < k ≤ n of `text` (n code points) at which a segment of `unit` ends
    /// — the "÷" marks of Unicode's break test files — in increasing order; n is one of them for a
    /// text that is not empty, and an empty text has none.
    ///
    /// - `.grapheme`: the extended grapheme clusters (UAX #29) carets, selection and truncation use.
    /// - `.word`, `.sentence`: UAX #29 word and sentence boundaries by ICU's rules for `locale`.
    /// - `.line`: the break opportunities `layout` fills lines with: UAX #14 by ICU's rules for
    ///   `locale`, none inside a phone number, and one after each paragraph separator (CR LF is one).
    ///
    /// Linear in the text's length. Thread-safe: each call runs on a scratch of its own.
    ///
    /// - Throws: `.inputTooLarge` for a text of more than `maxInputCodePoints` code points; never
    ///   for the text itself.
    public func boundaries(in text: String, by unit: TextBoundary, locale: LocaleTag = LocaleTag("default")) throws(BidiRenderError) -> [Int] {
        try InputLimit.check(text, limit: maxInputCodePoints)
        return try withPooledScratch { scratch in scratch.boundaries(text, by: unit, locale: locale) }
    }
}
