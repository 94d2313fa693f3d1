// LayoutScratch+Stages: the stages before line breaking, as a layout and the intrinsic widths run
// them — the text decoded and its mentions isolated, then each paragraph's levels, items and glyphs.

extension LayoutScratch {
    /// Text: `string` decoded (digits substituted), its mentions found and isolated, and the
    /// attributes of each code point; the bidi engine set. Returns the mentions and paragraphs found,
    /// and the attributes.
    mutating func loadText(
        _ string: String, spans: [TextSpan], options: LayoutOptions
    ) -> (MentionResolver.Result, AttributeMap) {
        text.load(string, digits: options.digits.resolved(for: options.locale))
        let resolved = MentionResolver.resolve(
            text.scalars, classes: text.classes, direction: options.direction, mode: options.mentions,
            callerMentions: spans.filter(\.isMention).map(\.range))
        isolated.rebuild(text.scalars, mentions: resolved.mentions, innerMarks: true)
        bidi.engine = options.bidiEngine
        return (resolved, AttributeMap(spans: spans, options: options, count: text.count))
    }

    /// Bidi, Itemize, Shape for paragraph `range` (of the text `loadText` loaded): levels on the
    /// isolated text, forced to `baseLevel`; items; each item shaped with the paragraph as context.
    /// Returns the items and the paragraph's range in the isolated text.
    mutating func shapeParagraph(
        _ range: Range<Int>, baseLevel: UInt8, mentions: [Mention], attributes: AttributeMap, registry: FontRegistry,
        size: Double, fallbacks: inout [FontFallback]
    ) -> (items: [Item], transformed: Range<Int>) {
        let transformed = isolated.transformedRange(range)
        _ = bidi.resolveParagraph(
            codePoints: isolated.scalars[transformed], direction: baseLevel == 1 ? .rightToLeft : .leftToRight)
        takeLevels(range, transformedStart: transformed.lowerBound)
        var items = Itemizer.itemize(
            range, text: text, levels: levels, attributes: attributes, mentions: mentions, registry: registry,
            cache: shape.cache, scratch: &itemize, fallbacks: &fallbacks)
        shape.shape(&items, context: range, text: text, tables: itemize.tables, size: size)
        return (items, transformed)
    }
}
