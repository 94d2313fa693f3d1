// LayoutScratch+Lines: the line phase of a layout, the stages that depend on the width — each
// paragraph's lines broken, built and, with maxLines, truncated; then alignment, the grapheme index
// and the entities' rectangles. `LayoutEngine.layout` and `PreparedText.layout` both run it.

/// A layout being made: the paragraphs and lines so far, and the fallbacks found.
struct LayoutDraft {
    var paragraphs: [LayoutParagraph] = []
    var lines: [LayoutLine] = []
    /// The lines' glyphs, one array (`Layout.glyphs`).
    var glyphs: [PositionedGlyph] = []
    /// The bottom of the last line.
    var top = 0.0
    var truncated = false
    /// The code points the truncation hides (`GraphemeIndex.hidden`), and their paragraph's base
    /// level.
    var hidden = 0..<0
    var hiddenLevel: UInt8 = 0
    var fallbacks: [FontFallback] = []
    /// The first emoji no colour font covered, for `Layout.warnings` when it is on a line.
    var missedEmoji: MissedColorEmoji?

    /// Reserves room in the glyph array for about one glyph for each of the text's `codePoints`
    /// before it grows (an array grown from empty would be copied several times for a short
    /// message), or at most 4,096 when `maxLines` may cut the text: the layout keeps the array, and
    /// a long text cut to two lines should not keep room for all of it. (A method, not an
    /// initializer: a draft made by an initializer with a body is copied into its variable.)
    mutating func reserve(codePoints: Int, maxLines: Int?) {
        lines.reserveCapacity(8)
        glyphs.reserveCapacity((maxLines == nil ? codePoints : min(codePoints, 4_096)) + 4)
    }
}

extension LayoutScratch {
    /// Line breaking, building and truncation of one paragraph, shaped and with its levels loaded in
    /// `bidi`; its lines go to `draft`. `breaks` are its break opportunities and `prefix` its
    /// advances' prefix sums when known (else found). With `.start` truncation, `start` is the
    /// paragraph's first kept line when the kept lines begin in it. Returns true when maxLines cut
    /// the text here (the layout has no more lines). Throws `.cancelled` when the task is cancelled.
    mutating func layLines(
        _ paragraph: LineBuilder.Paragraph, range: Range<Int>, moreParagraphs: Bool, entities: [Entity],
        attributes: AttributeMap, registry: FontRegistry, options: LayoutOptions, breaks: [UInt8]? = nil,
        prefix: [Double]? = nil, from start: FirstKeptLine? = nil, into draft: inout LayoutDraft
    ) throws(BidiRenderError) -> Bool {
        draft.paragraphs.append(LayoutParagraph(range: range, direction: TextDirection(level: paragraph.baseLevel)))
        // Truncation at the start keeps the text's last lines: `start` says where they begin, and the
        // lines after it need no limit.
        let fromEnd = options.truncation == .start && options.maxLines != nil
        let lineRanges: [Range<Int>]
        if let start, let prefix {
            // Filled already, counting from the end: only the prefix sums are loaded again.
            lineRanges = start.lines
            lineBreak.load(prefix: prefix, from: range.lowerBound)
        } else {
            lineRanges = lineBreak.lines(
                range, items: paragraph.items, text: text, entities: entities, maxWidth: options.maxWidth,
                locale: options.locale, shape: &shape, tables: itemize.tables, size: options.size,
                lineLimit: fromEnd ? nil : options.maxLines.map { $0 - draft.lines.count }, breaks: breaks, prefix: prefix)
        }
        // Line filling stops early when the task is cancelled: its output is then partial, never used.
        try LayoutEngine.checkCancellation()
        // Truncation (maxLines): the lines kept, the last one (or the first) cut, with the ellipsis.
        let kept = fromEnd
            ? (count: lineRanges.count, truncates: false)
            : Truncation.kept(
                lineCount: lineRanges.count, linesBefore: draft.lines.count, maxLines: options.maxLines,
                moreParagraphs: moreParagraphs)
        let skip = min(start?.line ?? 0, kept.count)
        for k in skip..<kept.count {
            let lineRange = lineRanges[k]
            if lineRanges.count > 1 { try LayoutEngine.checkCancellation() }
            let cuts = fromEnd ? k == skip && start?.truncates == true : kept.truncates && k == kept.count - 1
            var line = cuts
                ? truncatedLine(
                    from: lineRange, paragraphRange: range, of: paragraph, entities: entities, attributes: attributes,
                    registry: registry, options: options, fallbacks: &draft.fallbacks, hidden: &draft.hidden,
                    glyphs: &draft.glyphs)
                : lines.build(
                    lineRange, of: paragraph, text: text, isolated: isolated, bidi: bidi, attributes: attributes,
                    shape: &shape, tables: itemize.tables, registry: registry, size: options.size, glyphs: &draft.glyphs)
            if cuts { draft.hiddenLevel = paragraph.baseLevel }
            options.lineHeight.fit(&line, size: options.size)
            InlineBoxes.fit(&line, boxes: attributes.inlines)
            line.baseline = draft.top + line.lineGap / 2 + line.ascent
            draft.top += line.height
            draft.lines.append(line)
        }
        if kept.truncates || start?.truncates == true { draft.truncated = true }
        return kept.truncates
    }

    /// The layout of `draft`'s lines: aligned once the width is known, with the queries' index and
    /// the entities' tap targets (the inline `boxes` among them). `textFindings` are the guard's
    /// findings on the text when known (a prepared text's), else they are found here; `graphemes`
    /// the text's grapheme starts when indexed before (a prepared text's), else indexed here.
    func finish(
        _ draft: inout LayoutDraft, entities: [Entity], boxes: [InlineSpan], options: LayoutOptions,
        textFindings: [TextFinding]? = nil, graphemes known: GraphemeIndex? = nil
    ) -> Layout {
        let width = options.maxWidth ?? draft.lines.map(\.contentWidth).max() ?? 0
        for i in draft.lines.indices {
            let direction = draft.paragraphs[draft.lines[i].paragraph].direction
            draft.lines[i].align(width: width, paragraphDirection: direction, options: options, glyphs: &draft.glyphs)
        }
        let lines = draft.lines
        // The queries' index: grapheme starts, and the GDEF carets inside ligatures.
        var graphemes = known ?? GraphemeIndex(graphemeStarts: text.graphemeStarts)
        if draft.truncated { graphemes.hide(draft.hidden, level: draft.hiddenLevel) }
        graphemes.addLigatureCarets(lines: lines, glyphs: draft.glyphs, fonts: itemize.tables.fonts)
        // The warnings are a function of the call alone (equal calls, equal layouts), and only of
        // what the lines show: an emoji past a truncation's cut says nothing, in either path.
        var warnings: [String] = []
        if let missed = draft.missedEmoji,
            !draft.truncated || (lines.first?.range.lowerBound ?? 0)..<(lines.last?.range.upperBound ?? 0) ~= missed.offset
        {
            warnings = [missed.warning]
        }
        var findings: [TextFinding] = []
        if let textFindings {
            findings = Self.withInkOverflow(textFindings, lines: lines, size: options.size)
        } else if options.findsHostileText {
            findings = guardFindings(entities: entities, boxes: boxes, lines: lines, size: options.size)
        }
        // Without tap targets to place, the layout is returned as made (a local layout changed and
        // then returned is copied and destroyed: ten retains and releases).
        let made = Layout(
            paragraphs: draft.paragraphs, lines: lines, glyphs: draft.glyphs, width: width, height: draft.top,
            fallbacks: draft.fallbacks, options: options, truncated: draft.truncated, graphemes: graphemes,
            entities: entities, warnings: warnings, findings: findings)
        guard !entities.isEmpty || !boxes.isEmpty || draft.truncated else { return made }
        // With them, the layout is made again from its parts (a copy of each array, as a local
        // changed and returned would cost, but no copy of the layout itself).
        let targets = made.tapTargets(boxes: boxes)
        return Layout(
            paragraphs: made.paragraphs, lines: made.lines, glyphs: made.glyphs, width: made.width, height: made.height,
            fallbacks: made.fallbacks, options: made.options, truncated: made.truncated, graphemes: made.graphemes,
            entities: targets, warnings: made.warnings, findings: made.findings)
    }
}

extension Layout {
    /// The entities' tap targets on the finished lines: each entity with its selection rectangles,
    /// the inline `boxes` among them, and the ellipsis of a truncated layout.
    fileprivate func tapTargets(boxes: [InlineSpan]) -> [Entity] {
        // Their selection rectangles on the finished lines. With many
        // entities each line's runs are searched by logical start (linear in the entities and runs,
        // however many share a line); a few visit their lines' runs, with no index to sort.
        var placed = entities
        if !placed.isEmpty {
            let runsByStart = placed.count > 4 ? runsByLogicalStart() : nil
            for i in placed.indices {
                var rects: [LayoutRect] = []
                // Only what the lines show: the ellipsis is a target of its own, not the hidden
                // part of an entity the truncation cut.
                for part in visibleParts(of: placed[i].range) {
                    try? forEachSelectionRect(for: part, runsByStart: runsByStart) { rects.append($0) }
                }
                placed[i].rects = rects
            }
        }
        if !boxes.isEmpty {
            placed = InlineBoxes.merge(placed, InlineBoxes.entities(of: lines, boxes: boxes))
        }
        // The ellipsis of a truncated layout is a tap target too ("… Read more"), at its cut: on the
        // last line, or the first when truncation keeps the last lines.
        // An ellipsis in two fonts is two runs side by side: one target over both.
        if truncated, let line = options.truncation == .start ? lines.first : lines.last,
            let first = line.runs.firstIndex(where: \.isEllipsis)
        {
            let run = line.runs[first]
            var end = first
            while end + 1 < line.runs.count, line.runs[end + 1].isEllipsis { end += 1 }
            let right = line.runs[end].x + line.runs[end].advance
            var ellipsis = Entity(kind: .ellipsis, range: run.range, direction: TextDirection(level: run.level.rawValue))
            ellipsis.rects = [LayoutRect(x: run.x, y: line.top, width: right - run.x, height: line.height)]
            let at = placed.partitioningIndex { $0.range.lowerBound > run.range.lowerBound }
            placed.insert(ellipsis, at: at)
        }
        return placed
    }

    /// `range` without the text a truncation hides (`GraphemeIndex.hidden`): itself, or the part
    /// before the hidden text and the part after it, each when not empty.
    private func visibleParts(of range: Range<Int>) -> [Range<Int>] {
        let hidden = graphemes.hidden
        guard range.overlaps(hidden) else { return [range] }
        return [range.lowerBound..<max(range.lowerBound, hidden.lowerBound), min(hidden.upperBound, range.upperBound)..<range.upperBound]
            .filter { !$0.isEmpty }
    }
}
