// LayoutScratch+Prepared: the preparing phase of a layout kept as a snapshot (text, items, glyphs,
// levels, break opportunities), and the line phase run again from it on any scratch of the pool —
// what `PreparedText` is made of.

/// One paragraph as the preparing phase leaves it: what line breaking, building and truncation read.
struct PreparedParagraph: Sendable {
    /// Its index, base level, shaped items and range in the isolated text.
    var line: LineBuilder.Paragraph
    /// Its range in the original text (separator excluded).
    var range: Range<Int>
    /// Its resolved levels, loaded back into the bidi stage to reorder its lines.
    var bidi: BidiParagraphSnapshot
    /// Its UAX #14 break opportunities (`LineBreakScratch.opportunities`); empty when not asked for
    /// (`knownBreaks` is then nil and line filling finds them).
    var breaks: [UInt8]
    /// `breaks` when they were found.
    var knownBreaks: [UInt8]? { breaks.isEmpty && !range.isEmpty ? nil : breaks }
    /// The prefix sums of its advances, from its start (`LineBreakScratch.prefix`).
    var prefix: [Double]

    /// How many of `lines` (its lines, in order) end at a forced break: where its opportunities have
    /// none, or one inside an entity (`BreakOpportunity.withinEntity`), but at its end. 0 when its
    /// opportunities were not found.
    func forcedBreaks(_ lines: ArraySlice<Range<Int>>) -> Int {
        guard !breaks.isEmpty else { return 0 }
        var forced = 0
        for line in lines where line.upperBound < range.upperBound {
            let kind = breaks[line.upperBound - range.lowerBound]
            if kind == BreakOpportunity.none || kind == BreakOpportunity.withinEntity { forced += 1 }
        }
        return forced
    }
}

/// What a layout scratch holds once every paragraph of a text is shaped: the width-independent half
/// of a layout. Items refer to `glyphs` and `tables` by index. A class, immutable: each layout of a
/// prepared text takes it with one retain, not one for each of its arrays.
final class PreparedSnapshot: Sendable {
    let text: TextBuffer
    let isolated: IsolatedText
    let entities: [Entity]
    let attributes: AttributeMap
    let tables: ItemTables
    /// The shaping cache's language ids `tables` took their ids from (nil: no cache): a layout
    /// through the same cache takes `tables` as they are, with no lookup of each language's key.
    /// Only compared by identity; held so that no other object can take its address meanwhile.
    nonisolated(unsafe) let languageIDs: LanguageIDs?
    let glyphs: [ShapedGlyph]
    /// The ink of each of `glyphs` (the items' glyphs; none for a glyph of no item), so that a
    /// layout adds its lines' ink with no lookup; empty when not found (the lines ask the memo).
    let ink: [GlyphInk]
    let paragraphs: [PreparedParagraph]
    /// Where its grapheme clusters start, as each layout's queries index them (ligature carets are
    /// added per layout: they depend on the lines).
    let graphemes: GraphemeIndex
    /// The fallbacks found while itemizing, in text order.
    let fallbacks: [FontFallback]
    /// The first emoji no colour font covered, for `Layout.warnings`.
    let missedEmoji: MissedColorEmoji?
    /// The guard's findings on the text (`LayoutScratch.textFindings`), nil when the options do not
    /// ask for them: each layout adds its lines' ink.
    let findings: [TextFinding]?

    init(
        text: TextBuffer, isolated: IsolatedText, entities: [Entity], attributes: AttributeMap, tables: ItemTables,
        languageIDs: LanguageIDs?, glyphs: [ShapedGlyph], ink: [GlyphInk], paragraphs: [PreparedParagraph],
        graphemes: GraphemeIndex, fallbacks: [FontFallback], missedEmoji: MissedColorEmoji?, findings: [TextFinding]?
    ) {
        (self.text, self.isolated, self.entities, self.attributes, self.tables) = (text, isolated, entities, attributes, tables)
        self.languageIDs = languageIDs
        (self.glyphs, self.ink, self.paragraphs, self.graphemes) = (glyphs, ink, paragraphs, graphemes)
        (self.fallbacks, self.missedEmoji, self.findings) = (fallbacks, missedEmoji, findings)
    }
}

extension LayoutScratch {
    /// The preparing phase of `layout` on every paragraph of `string`: decoded, entities isolated,
    /// levels resolved, itemized, shaped and (unless `findingBreaks` is false: a text only measured
    /// and cut, as a preview's) its break opportunities found; with `findingInk` (a text laid out more
    /// than once) its glyphs' ink too. Throws `.cancelled` when the task is cancelled.
    mutating func prepare(
        _ string: String, spans: [TextSpan], options: LayoutOptions, registry: FontRegistry, findingBreaks: Bool = true,
        findingInk: Bool = true
    ) throws(BidiRenderError) -> PreparedSnapshot {
        try LayoutEngine.checkCancellation()
        startCall()
        let (resolved, attributes) = loadText(string, spans: spans, options: options)
        var fallbacks: [FontFallback] = []
        var paragraphs: [PreparedParagraph] = []
        paragraphs.reserveCapacity(resolved.paragraphs.count)
        for p in resolved.paragraphs.indices {
            try LayoutEngine.checkCancellation()
            let paragraph = prepareParagraph(
                p, of: resolved, attributes: attributes, registry: registry, size: options.size, fallbacks: &fallbacks)
            let range = resolved.paragraphs[p]
            paragraphs.append(PreparedParagraph(
                line: paragraph, range: range, bidi: bidi.paragraphSnapshot(),
                breaks: findingBreaks ? lineBreak.opportunities(range, text: text, locale: options.locale, entities: resolved.entities) : [],
                prefix: lineBreak.prefix(range, items: paragraph.items, shape: shape)))
        }
        // Shaping stops early when the task is cancelled: its output is then partial, never used.
        try LayoutEngine.checkCancellation()
        // Copies of their own: the scratch's buffers may be far larger than this text.
        return PreparedSnapshot(
            text: text.compacted(), isolated: isolated.compacted(), entities: resolved.entities.compacted(),
            attributes: attributes, tables: itemize.tables, languageIDs: shape.cache?.languageIDs,
            glyphs: shape.glyphs.compacted(),
            ink: findingInk ? glyphInk(of: paragraphs, size: options.size) : [], paragraphs: paragraphs,
            graphemes: GraphemeIndex(graphemeStarts: text.graphemeStarts),
            fallbacks: fallbacks, missedEmoji: itemize.missedColorEmoji,
            findings: options.findsHostileText ? textFindings(entities: resolved.entities, boxes: attributes.inlines) : nil)
    }

    /// The ink of each glyph of the store, by the items of `paragraphs` (of the scratch's text) that
    /// hold it: the font and size of its item. A glyph of no item (an inline box's) has none.
    private mutating func glyphInk(of paragraphs: [PreparedParagraph], size: Double) -> [GlyphInk] {
        var ink = [GlyphInk](repeating: .none, count: shape.glyphs.count)
        ink.withUnsafeMutableBufferPointer { out in
            shape.glyphs.withUnsafeBufferPointer { glyphs in
                for paragraph in paragraphs {
                    for item in paragraph.line.items where item.box < 0 && !item.glyphs.isEmpty {
                        lines.inkMemo.offsets(
                            of: UnsafeBufferPointer(rebasing: glyphs[item.glyphs]), font: itemize.tables.font(item),
                            size: item.size > 0 ? item.size : size, into: UnsafeMutableBufferPointer(rebasing: out[item.glyphs]))
                    }
                }
            }
        }
        return ink
    }

    /// The line phase of `layout` on `snapshot`, laid out with `options` (those it was prepared with,
    /// but for the width and the line limit), each paragraph's levels loaded back into the bidi
    /// stage. The same layout as `LayoutEngine.layout` with `options`.
    mutating func layout(
        _ snapshot: PreparedSnapshot, options: LayoutOptions, registry: FontRegistry
    ) throws(BidiRenderError) -> Layout {
        try withSnapshot(snapshot) { (scratch, tables) throws(BidiRenderError) in
            scratch.bidi.engine = options.bidiEngine
            var draft = LayoutDraft(fallbacks: snapshot.fallbacks, missedEmoji: snapshot.missedEmoji)
            draft.reserve(codePoints: snapshot.glyphs.count, maxLines: options.maxLines)
            let start = options.truncation == .start ? try scratch.firstKeptLine(snapshot, options: options, tables: tables) : nil
            for prepared in snapshot.paragraphs {
                try LayoutEngine.checkCancellation()
                // Truncation at the start: the paragraphs before the first kept line show nothing.
                if let start, prepared.line.index < start.paragraph {
                    draft.paragraphs.append(LayoutParagraph(range: prepared.range, direction: TextDirection(level: prepared.line.baseLevel)))
                    continue
                }
                scratch.bidi.restoreParagraph(prepared.bidi)
                var paragraph = prepared.line
                tables.rebind(&paragraph.items)
                let cut = try scratch.layLines(
                    paragraph, range: prepared.range, moreParagraphs: paragraph.index + 1 < snapshot.paragraphs.count,
                    entities: snapshot.entities, attributes: snapshot.attributes, registry: registry, options: options,
                    breaks: prepared.knownBreaks, prefix: prepared.prefix,
                    from: start?.paragraph == prepared.line.index ? start : nil, into: &draft)
                if cut { break }
            }
            return scratch.finish(
                &draft, entities: snapshot.entities, boxes: snapshot.attributes.inlines, options: options,
                textFindings: snapshot.findings, graphemes: snapshot.graphemes)
        }
    }

    /// The line ranges line filling makes of `snapshot` at `maxWidth` with at most `maxLines` lines,
    /// no line built: those of `layout`'s lines, but for the last when truncation cuts it (then
    /// its range as filled, and `truncated` true); and how many of the lines kept end at a forced
    /// break (`PreparedParagraph.forcedBreaks`).
    mutating func lineRanges(
        _ snapshot: PreparedSnapshot, maxWidth: Double?, maxLines: Int?, options: LayoutOptions
    ) throws(BidiRenderError) -> (ranges: [Range<Int>], truncated: Bool, forced: Int, overflowing: Int) {
        try withSnapshot(snapshot) { (scratch, tables) throws(BidiRenderError) in
            var ranges: [Range<Int>] = []
            var (forced, overflowing) = (0, 0)
            for prepared in snapshot.paragraphs {
                try LayoutEngine.checkCancellation()
                var paragraph = prepared.line
                tables.rebind(&paragraph.items)
                let lines = scratch.lineBreak.lines(
                    prepared.range, items: paragraph.items, text: scratch.text, entities: snapshot.entities,
                    maxWidth: maxWidth, locale: options.locale, shape: &scratch.shape, tables: tables, size: options.size,
                    lineLimit: maxLines.map { $0 - ranges.count }, breaks: prepared.knownBreaks, prefix: prepared.prefix)
                try LayoutEngine.checkCancellation()
                let kept = Truncation.kept(
                    lineCount: lines.count, linesBefore: ranges.count, maxLines: maxLines,
                    moreParagraphs: paragraph.index + 1 < snapshot.paragraphs.count)
                ranges += lines.prefix(kept.count)
                forced += prepared.forcedBreaks(lines.prefix(kept.count))
                overflowing += scratch.lineBreak.overflowing(
                    lines.prefix(kept.count), maxWidth: maxWidth, items: paragraph.items, text: scratch.text,
                    shape: &scratch.shape, tables: tables, size: options.size)
                if kept.truncates { return (ranges, true, forced, overflowing) }
            }
            return (ranges, false, forced, overflowing)
        }
    }

    /// Runs `body` with the snapshot's text, isolated text, item tables and glyphs swapped into this
    /// scratch (the scratch's own put back after), and the tables (the items' shaping cache ids
    /// re-bound to this scratch's cache, which may number languages otherwise than the preparing one).
    mutating func withSnapshot<R>(
        _ snapshot: PreparedSnapshot, _ body: (inout LayoutScratch, ItemTables) throws(BidiRenderError) -> R
    ) throws(BidiRenderError) -> R {
        try LayoutEngine.checkCancellation()
        startCall()
        let ids = shape.cache?.languageIDs
        let tables = ids === snapshot.languageIDs ? snapshot.tables : snapshot.tables.rebound(to: ids)
        var own = (text: snapshot.text, isolated: snapshot.isolated, tables: tables)
        swap(&text, &own.text)
        swap(&isolated, &own.isolated)
        swap(&itemize.tables, &own.tables)
        defer {
            swap(&text, &own.text)
            swap(&isolated, &own.isolated)
            swap(&itemize.tables, &own.tables)
            shape.unload()
            lines.unloadInk()
        }
        shape.load(glyphs: snapshot.glyphs)
        lines.load(ink: snapshot.ink, glyphs: snapshot.glyphs.count)
        return try body(&self, tables)
    }
}
