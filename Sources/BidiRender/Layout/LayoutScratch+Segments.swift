// LayoutScratch+Segments: a text's boundaries by grapheme, word, sentence or line, found by the
// stages a layout uses — the text buffer's grapheme starts, the line break stage's opportunities
// with its tailoring, ICU's word and sentence rules — for `LayoutEngine.boundaries(in:by:locale:)`.

extension LayoutScratch {
    /// Every code point offset 0 < k ≤ n of `string` (n code points) at which a segment of `unit`
    /// ends, or, for `.line`, before which a line may start, in increasing order; n is always one
    /// (for a text that is not empty). Never fails: where ICU cannot answer, words and sentences
    /// fall back to grapheme clusters.
    mutating func boundaries(_ string: String, by unit: TextBoundary, locale: LocaleTag) -> [Int] {
        var out: [Int] = []
        switch unit {
        case .grapheme:
            text.load(string, digits: .western)
        case .word, .sentence:
            text.load(string, digits: .western)
            let ok = text.withCodePoints { codePoints in
                segmenter.boundaries(unit == .word ? .word : .sentence, of: codePoints, locale: locale, into: &out)
            }
            if ok { return out }
        case .line:
            lineBoundaries(string, locale: locale, into: &out)
            return out
        }
        let starts = text.graphemeStarts
        for k in starts.indices.dropFirst() where starts[k] { out.append(k) }
        if text.count > 0 { out.append(text.count) }
        return out
    }

    /// The line break opportunities layout fills lines with (`LineBreakScratch.loadBreaks` on each
    /// paragraph, entities found as with default layout options), and the end of each paragraph.
    private mutating func lineBoundaries(_ string: String, locale: LocaleTag, into out: inout [Int]) {
        let (resolved, _) = loadText(string, spans: [], options: LayoutOptions(locale: locale))
        let paragraphs = resolved.paragraphs
        for (p, range) in paragraphs.enumerated() {
            if range.count > 1 {
                lineBreak.loadBreaks(range, text: text, locale: locale, entities: resolved.entities)
                let breaks = lineBreak.breaks
                for k in 1..<range.count where breaks[k] != BreakOpportunity.none { out.append(range.lowerBound + k) }
            }
            // The paragraph ends after its separator: where the next one starts, or at the text's end.
            let end = p + 1 < paragraphs.count ? paragraphs[p + 1].lowerBound : text.count
            if end > 0, out.last != end { out.append(end) }
        }
    }
}
