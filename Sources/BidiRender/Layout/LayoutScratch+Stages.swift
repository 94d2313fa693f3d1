// LayoutScratch+Stages: the stages before line breaking, as a layout and the intrinsic widths run
// them — the text decoded and its entities isolated, then each paragraph's levels, items and glyphs.

extension LayoutScratch {
    /// Text: `string` decoded (digits substituted), its entities found and isolated, and the
    /// attributes of each code point; the bidi engine set. Returns the entities and paragraphs found
    /// (a copy of `entities`), and the attributes.
    mutating func loadText(
        _ string: String, spans: [TextSpan], options: LayoutOptions
    ) -> (EntityResolver, AttributeMap) {
        text.load(string, digits: options.digits.resolved(for: options.locale))
        let attributes = spans.isEmpty ? plainAttributes(options) : AttributeMap(spans: spans, options: options, count: text.count)
        // Inline boxes: their text replaced by one unit (U+FFFC), which no entity cuts.
        if !attributes.inlines.isEmpty { text.replace(attributes.inlines) }
        entities.resolve(
            text.scalars, classes: text.classes, direction: options.direction, kinds: options.isolate,
            spans: spans)
        entities.keepWhole(attributes.inlines)
        isolated.rebuild(text.scalars, entities: entities.entities, innerMarks: true)
        bidi.engine = options.bidiEngine
        return (entities, attributes)
    }

    /// The attributes of a text without spans: the options' alone, in the table of the last call
    /// whose options had the same (`plainAttributeTable`), else in a new one kept for the next.
    /// Equal to `AttributeMap(spans: [], options:, count:)`, without an array a call.
    mutating func plainAttributes(_ options: LayoutOptions) -> AttributeMap {
        var base = Attributes(weight: options.weight, style: options.style, locale: options.locale)
        let same = plainAttributeTable.count == 1
            && plainAttributeTable.withUnsafeBufferPointer { Attributes.equal($0.baseAddress!, &base) }  // no-trap: count is 1
        if !same { plainAttributeTable = [base] }
        return AttributeMap(table: plainAttributeTable, index: nil)
    }

    /// Bidi, Itemize, Shape for paragraph `p` of `resolved` (the text `loadText` loaded): the
    /// paragraph as line building reads it; its levels stay loaded in `bidi`.
    mutating func prepareParagraph(
        _ p: Int, of resolved: EntityResolver, attributes: AttributeMap, registry: FontRegistry, size: Double,
        fallbacks: inout [FontFallback]
    ) -> LineBuilder.Paragraph {
        let base = resolved.paragraphLevels[p]
        let (items, transformed) = shapeParagraph(
            resolved.paragraphs[p], baseLevel: base, entities: resolved.entities, attributes: attributes,
            registry: registry, size: size, fallbacks: &fallbacks)
        return LineBuilder.Paragraph(index: p, baseLevel: base, items: items, transformed: transformed)
    }

    /// Bidi, Itemize, Shape for paragraph `range` (of the text `loadText` loaded): levels on the
    /// isolated text, forced to `baseLevel`; items; each item shaped with the paragraph as context.
    /// Returns the items and the paragraph's range in the isolated text.
    mutating func shapeParagraph(
        _ range: Range<Int>, baseLevel: UInt8, entities: [Entity], attributes: AttributeMap, registry: FontRegistry,
        size: Double, fallbacks: inout [FontFallback]
    ) -> (items: [Item], transformed: Range<Int>) {
        var (items, transformed) = itemizeParagraph(
            range, baseLevel: baseLevel, entities: entities, attributes: attributes, registry: registry,
            fallbacks: &fallbacks)
        shape.shape(&items, context: range, text: text, tables: itemize.tables, boxes: attributes.inlines, size: size)
        return (items, transformed)
    }

    /// Bidi and Itemize for paragraph `range`: `shapeParagraph` before shaping. With `record`, each
    /// cluster's font and why are appended to it.
    mutating func itemizeParagraph(
        _ range: Range<Int>, baseLevel: UInt8, entities: [Entity], attributes: AttributeMap, registry: FontRegistry,
        fallbacks: inout [FontFallback], record: UnsafeMutablePointer<[ClusterFont]>? = nil
    ) -> (items: [Item], transformed: Range<Int>) {
        let transformed = isolated.transformedRange(range)
        _ = bidi.resolveParagraph(
            codePoints: isolated.scalars[transformed], direction: baseLevel == 1 ? .rightToLeft : .leftToRight)
        takeLevels(range, transformedStart: transformed.lowerBound)
        let items = Itemizer.itemize(
            range, text: text, levels: levels, attributes: attributes, entities: entities, registry: registry,
            languages: shape.cache?.languageIDs, scratch: &itemize, fallbacks: &fallbacks, record: record)
        return (items, transformed)
    }
}
