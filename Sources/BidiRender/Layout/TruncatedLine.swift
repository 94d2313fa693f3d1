// TruncatedLine: the line a truncation cuts, for each `TruncationMode` — the kept text built as one or
// two pieces of line, cut where the line break stage says (LineBreakScratch+Truncation), and the
// ellipsis run set beside them in visual order at the paragraph's end edge (end), start edge (start)
// or between the head and the tail (middle).

extension LayoutScratch {
    /// A piece of a truncated line, in visual order: kept text built as a line, or the ellipsis.
    private enum Piece {
        case text(LayoutLine)
        case ellipsis
    }

    /// The last kept line (`.end`, `.middle`) or the first (`.start`), `lineRange` as line filling
    /// made it, of `paragraph` (`range` in the text; the line break stage has it loaded), truncated
    /// as `options.truncation` says; see Truncation.swift. Positioned from x = 0, like any built
    /// line. The fallbacks of the clusters it hides are dropped from `fallbacks`, and the
    /// ellipsis's added when no font of the manifest covers it. `hidden` is set to the code points
    /// the ellipsis stands for: the text's rest (end), its beginning (start), or the middle's cut.
    mutating func truncatedLine(
        from lineRange: Range<Int>, paragraphRange range: Range<Int>, of paragraph: LineBuilder.Paragraph,
        entities: [Entity], attributes: AttributeMap, registry: FontRegistry, options: LayoutOptions,
        fallbacks: inout [FontFallback], hidden: inout Range<Int>, glyphs: inout [PositionedGlyph]
    ) -> LayoutLine {
        let firstGlyph = glyphs.count
        let ellipsis = ellipsisMemo.ellipsis(
            options.ellipsis, baseLevel: paragraph.baseLevel, registry: registry, shaper: shape.shaper, options: options)
        let room = options.maxWidth.map { $0 - (ellipsis?.advance ?? 0) }
        let rtl = paragraph.baseLevel & 1 == 1
        let a = lineRange.lowerBound
        func build(_ part: Range<Int>, _ cuts: LineCuts) -> LayoutLine {
            lines.build(
                part, of: paragraph, text: text, isolated: isolated, bidi: bidi, attributes: attributes, shape: &shape,
                tables: itemize.tables, registry: registry, size: options.size, cuts: cuts, glyphs: &glyphs)
        }
        let pieces: [Piece]
        let kept: Range<Int>
        let cut: Int
        let paragraphEnd = text.visibleEnd(a, range.upperBound)
        let middle = options.truncation == .middle
            ? middleCut(from: a, to: paragraphEnd, paragraph: range, room: room, items: paragraph.items, entities: entities, size: options.size)
            : nil
        switch (options.truncation, middle) {
        case (.start, _):
            // The first kept line's end stays; its start moves as far back into the paragraph as the
            // ellipsis before it leaves room for.
            let end = text.visibleEnd(a, lineRange.upperBound)
            cut = room.map {
                lineBreak.truncationStart(
                    from: range.lowerBound, to: end, room: $0, items: paragraph.items, text: text, shape: &shape,
                    tables: itemize.tables, size: options.size, entities: entities)
            } ?? a
            let line = build(cut..<lineRange.upperBound, .start)
            pieces = rtl ? [.text(line), .ellipsis] : [.ellipsis, .text(line)]
            kept = cut..<lineRange.upperBound
            hidden = 0..<cut
            fallbacks.removeAll { $0.range.lowerBound < cut }
        case (.middle, let (head, tail)?):
            // The paragraph's trailing white space hangs after the tail, as on any last line.
            cut = head
            var parts: [Piece] = [.text(build(a..<cut, .end)), .ellipsis]
            if tail < paragraphEnd { parts.append(.text(build(tail..<range.upperBound, .start))) }
            pieces = rtl ? parts.reversed() : parts
            kept = a..<range.upperBound
            hidden = cut..<(tail < paragraphEnd ? tail : range.upperBound)
            fallbacks.removeAll { $0.range.lowerBound >= cut && $0.range.lowerBound < hidden.upperBound }
        case (.end, _), (.middle, nil):
            cut = room.map {
                var cut = lineBreak.truncationEnd(
                    from: a, to: range.upperBound, room: $0, items: paragraph.items, text: text, shape: &shape,
                    tables: itemize.tables, size: options.size, entities: entities, wholeAtEdge: options.entitiesWholeAtCut)
                // An entity that starts the line and does not fit: its first cluster ("@…").
                if options.entitiesWholeAtCut, cut == a, let first = entities.first(where: { $0.range.lowerBound == a && $0.kind.isCutWhole }) {
                    var end = a + 1
                    while end < first.range.upperBound, !text.graphemeStarts[end] { end += 1 }
                    cut = end
                }
                return cut
            } ?? text.visibleEnd(a, lineRange.upperBound)
            let line = build(a..<cut, .end)
            pieces = rtl ? [.ellipsis, .text(line)] : [.text(line), .ellipsis]
            kept = a..<cut
            hidden = cut..<text.count
            fallbacks.removeAll { $0.range.lowerBound >= cut }
        }
        for part in ellipsis?.runs ?? [] where part.source == .system || part.source == .notdef {
            fallbacks.append(FontFallback(range: cut..<cut, source: part.source, font: part.run.font.descriptor))
        }
        return assemble(
            pieces, range: kept, paragraph: paragraph.index, ellipsis: ellipsis, at: cut, options: options,
            glyphs: &glyphs, from: firstGlyph)
    }

    /// The middle cut of a last kept line from `a` to `end` (its paragraph's visible end): the tail
    /// first (half the room, or a file name's extension), then the head. Nil when the cut is
    /// `.end`'s: one ellipsis stands for one stretch of hidden text, so when the cut hides nothing
    /// in the paragraph (it fits; the paragraphs after it do not) or text follows the paragraph
    /// (`paragraph`, its range), or without a width, the ellipsis goes at the end.
    private mutating func middleCut(
        from a: Int, to end: Int, paragraph: Range<Int>, room: Double?, items: [Item], entities: [Entity], size: Double
    ) -> (head: Int, tail: Int)? {
        guard let room, paragraph.upperBound >= text.count else { return nil }
        let found = lineBreak.middleCut(
            from: a, to: end, room: room, items: items, text: text, shape: &shape, tables: itemize.tables, size: size,
            entities: entities)
        return found.head < found.tail ? found : nil
    }

    /// `pieces` set side by side from x = 0, left to right, as one line over `range`: each piece of
    /// text moved right by the width before it, and the ellipsis (when there is one) a run of its
    /// own with an empty range at `cut`. The line's metrics are the largest of its pieces' and the
    /// ellipsis font's; only the logically last piece may have white space hanging. The pieces'
    /// glyphs are `glyphs` from `firstGlyph` on; the ellipsis's are added, and the line's put in
    /// visual order.
    private mutating func assemble(
        _ pieces: [Piece], range: Range<Int>, paragraph: Int, ellipsis: Ellipsis?, at cut: Int, options: LayoutOptions,
        glyphs: inout [PositionedGlyph], from firstGlyph: Int
    ) -> LayoutLine {
        var line = LayoutLine(
            range: range, paragraph: paragraph, x: 0, baseline: 0, width: 0, contentWidth: 0, ascent: 0, descent: 0,
            lineGap: 0, runs: [])
        var pen = 0.0
        var hanging = 0.0
        for piece in pieces {
            switch piece {
            case .text(var part):
                if pen != 0 {
                    part.ink?.move(dx: pen, dy: 0)
                    for r in part.runs.indices { part.runs[r].x += pen }
                    for g in part.glyphRange { glyphs[g].x += pen }
                }
                line.runs += part.runs
                if let ink = part.ink { InkBox.unite(&line.ink, ink) }
                pen += part.width
                hanging += part.width - part.contentWidth
                line.ascent = max(line.ascent, part.ascent)
                line.descent = max(line.descent, part.descent)
                line.lineGap = max(line.lineGap, part.lineGap)
            case .ellipsis:
                // Its runs side by side, one per font.
                for part in ellipsis?.runs ?? [] {
                    let start = glyphs.count
                    let x = pen
                    for g in part.run.glyphs {
                        glyphs.append(PositionedGlyph(id: g.id, cluster: cut, x: pen + g.xOffset, y: -g.yOffset, advance: g.xAdvance))
                        pen += g.xAdvance
                    }
                    pen = x + part.run.advance
                    lines.inkMemo.unite(glyphs[start...], font: part.run.font, size: options.size, into: &line.ink)
                    line.runs.append(LayoutRun(
                        range: cut..<cut, level: BidiLevel(ellipsis?.level ?? 0), script: part.run.script,
                        face: RunFace(font: part.run.font.descriptor, language: part.run.language), size: options.size, x: x,
                        advance: part.run.advance, glyphRange: start..<glyphs.count, isEllipsis: true, style: options.ellipsisPaint))
                    LineBuilder.setMetrics(&line, font: part.run.font, size: options.size)
                }
            }
        }
        line.width = pen
        line.contentWidth = pen - hanging
        // The pieces' glyphs were made in the order they were built, the ellipsis's last: put them
        // in the runs' visual order (a truncated line's few glyphs are copied once).
        var ordered: [PositionedGlyph] = []
        ordered.reserveCapacity(glyphs.count - firstGlyph)
        for r in line.runs.indices {
            let start = firstGlyph + ordered.count
            ordered += glyphs[line.runs[r].glyphRange]
            line.runs[r].glyphRange = start..<(firstGlyph + ordered.count)
        }
        glyphs.replaceSubrange(firstGlyph..<glyphs.count, with: ordered)
        line.glyphRange = firstGlyph..<glyphs.count
        return line
    }
}
