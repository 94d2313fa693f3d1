// LineBuilder: one line of a paragraph built — reordered by L1–L2 through the bidi stage, cut into runs
// of one item and one level in visual order, its glyphs positioned from x = 0, its metrics taken from
// its fonts.

/// Builds lines, with working arrays reused across lines and calls.
struct LineBuilder {
    /// A line's items (pieces reshaped at its edges), the item index of each of its code points, its
    /// runs before they are built (item, level and code points), and its fonts.
    private var lineItems: [Item] = []
    private var itemAt: [Int32] = []
    private var groups: [(item: Int, level: UInt8, lo: Int, hi: Int, style: Int32)] = []
    private var fonts: [Int32] = []
    /// The strut font of the last registry and attributes asked for (nil before the first), kept
    /// as three fields compared in place: an optional tuple is copied through generic value
    /// witnesses (some 600 instructions a line).
    private var strutFontMemo: Font?
    private var strutRegistry: FontRegistry?
    private var strutAttributes = Attributes(weight: .regular, style: .normal, locale: "und")
    /// The glyphs' ink boxes, for each line's `ink`.
    var inkMemo = GlyphInkMemo()
    /// The faces of this call's runs by their items' font and language indices, which name one font
    /// and one language throughout a call (the call's item tables, its own or a prepared text's);
    /// emptied by `startCall`. A hit costs two integer compares, not a copy of the language tag.
    private var callFaces: [(font: Int32, language: Int32, face: RunFace)] = []
    /// The ink of the first `glyphInk.count` glyphs of the shape stage's store, when a prepared
    /// text loaded them (`load(ink:glyphs:)`); empty otherwise: the memo is asked.
    private var glyphInk: [GlyphInk] = []
    /// A run's glyphs as they are placed, before they are copied to the layout's array.
    private var placed: [PositionedGlyph] = []
    /// The runs' shared faces (`RunFace`) by font and language, the last few asked for.
    private var faces: [(font: Font, language: LocaleTag?, face: RunFace)] = []

    /// Forgets the call's faces by index (the next call's item tables may number them otherwise)
    /// and any ink loaded.
    mutating func startCall() {
        if !callFaces.isEmpty { callFaces.removeAll(keepingCapacity: true) }
        unloadInk()
    }

    /// Takes `ink` (shared, not copied), a prepared text's, as the ink of the shape stage's store
    /// of `glyphs` glyphs, which it has just loaded; ignored unless it has one box a glyph.
    mutating func load(ink: [GlyphInk], glyphs: Int) {
        glyphInk = ink.count == glyphs ? ink : []
    }

    /// Lets go of the ink `load(ink:glyphs:)` shared.
    mutating func unloadInk() {
        if !glyphInk.isEmpty { glyphInk = [] }
    }

    /// Lets go of storage a very long text grew.
    mutating func trim() {
        if itemAt.capacity > TextBuffer.keepLimit { (lineItems, itemAt, groups) = ([], [], []) }
        if placed.count > TextBuffer.keepLimit { placed = [] }
    }

    /// The paragraph a line belongs to, as the bidi stage and the itemizer left it.
    struct Paragraph {
        /// Its index in the layout, and its base level.
        var index: Int
        var baseLevel: UInt8
        /// Its items, shaped.
        var items: [Item]
        /// Its range in the isolated text the bidi stage resolved (loaded in `bidi`).
        var transformed: Range<Int>
    }

    /// Line `lineRange` of `paragraph`, positioned from x = 0 (alignment and baseline come later).
    ///
    /// Reorders the line (L1–L2 on its range of the isolated text; the inserted controls are dropped
    /// from the order), reshapes the items its edges cut with the text around them as context (up to
    /// the line's edges at its `cuts`, beside an ellipsis), and makes one run
    /// per maximal visual stretch of one item and one level. Trailing white space counts in `width`
    /// but not in `contentWidth`. The line's `ink` is the union of its glyphs' ink boxes.
    mutating func build(
        _ lineRange: Range<Int>, of paragraph: Paragraph, text: TextBuffer, isolated: IsolatedText, bidi: BidiReorderer,
        attributes: AttributeMap, shape: inout ShapeScratch, tables: ItemTables, registry: FontRegistry, size: Double,
        cuts: LineCuts = [], glyphs layoutGlyphs: inout [PositionedGlyph]
    ) -> LayoutLine {
        var line = LayoutLine(
            range: lineRange, paragraph: paragraph.index, x: 0, baseline: 0, width: 0, contentWidth: 0, ascent: 0,
            descent: 0, lineGap: 0, runs: [])
        let firstGlyph = layoutGlyphs.count
        line.glyphRange = firstGlyph..<firstGlyph
        guard !lineRange.isEmpty else {
            let font = Self.emptyLineFont(at: lineRange.lowerBound, text: text, attributes: attributes, registry: registry)
            Self.setMetrics(&line, font: font, size: size)
            return line
        }
        // L1–L2 on the transformed line; inserted controls are dropped from the order.
        let tLine = isolated.transformedRange(lineRange)
        let (lo, hi) = (tLine.lowerBound - paragraph.transformed.lowerBound, tLine.upperBound - paragraph.transformed.lowerBound)
        // Items cut by the line's edges are reshaped with the text around them as context (a word
        // broken inside keeps its joining forms; one cut for an ellipsis takes its final form).
        // They partition the line: note the item of each code point.
        shape.lineItems(paragraph.items, lineRange, cuts: cuts, text: text, tables: tables, size: size, into: &lineItems)
        groupRuns(lineRange, lo..<hi, of: paragraph, isolated: isolated, bidi: bidi, attributes: attributes)
        let styles = attributes.styles
        var ink = InkBox.empty
        // The strut: the locale's first font, then the fonts that grow the line.
        let strut = strutFont(at: lineRange.lowerBound, text: text, attributes: attributes, registry: registry)
        var pen = 0.0
        fonts.removeAll(keepingCapacity: true)
        line.runs.reserveCapacity(groups.count)
        var placedCount = 0  // the line's glyphs so far, in `placed`
        var clusters = 0  // the distinct clusters of its runs so far
        let glyphInk = self.glyphInk  // (a read of its own: `self` is written meanwhile)
        shape.glyphs.withUnsafeBufferPointer { all in glyphInk.withUnsafeBufferPointer { knownInk in
            for group in groups {
                let item = lineItems[group.item]
                // The group's glyphs: clusters are monotone in an item's glyphs (HarfBuzz's monotone
                // graphemes level), so those of [lo, hi) are one stretch of them, found by binary
                // search (a scan from the item's start would walk a long item once per group).
                let glyphs = UnsafeBufferPointer(rebasing: all[item.glyphs])
                let (first, last) = ShapeScratch.stretch(of: group.lo..<group.hi, in: glyphs).bounds
                let runX = pen
                let reversed = group.level & 1 != item.level & 1  // L1-reset white space
                // The run's glyphs go to the end of the layout's one array (no array per run), the
                // line's at once. A spoiler's run keeps its advance but no glyph: the hidden text
                // is in no result.
                let hidden = group.style != 0 && styles.table[Int(group.style)].decorations.contains(.spoiler)
                let runStart = placedCount
                // A prepared text's glyphs come with their ink; others' is asked of the memo after.
                let inked = item.box < 0 && item.glyphs.upperBound <= knownInk.count
                place(
                    glyphs, first..<last, reversed: reversed, hidden: hidden,
                    ink: inked ? UnsafeBufferPointer(rebasing: knownInk[item.glyphs]) : nil, pen: &pen, box: &ink,
                    count: &placedCount, clusters: &clusters)
                let runGlyphs = firstGlyph + runStart..<firstGlyph + placedCount
                let runSize = item.size > 0 ? item.size : size
                // An inline box's run has no ink nor font metrics: `InlineBoxes.fit` adds its own.
                if item.box < 0 {
                    if !inked { inkMemo.unite(placed[runStart..<placedCount], font: tables.font(item), size: runSize, into: &ink) }
                    noteMetrics(of: item, group.lo..<group.hi, size: runSize, strut: strut, text: text, tables: tables, line: &line)
                }
                // Built as the argument, with its style: a local run whose style is set afterwards
                // is copied into the array and destroyed (~400 instructions a run).
                line.runs.append(LayoutRun(
                    range: group.lo..<group.hi, level: BidiLevel(group.level), script: item.script,
                    face: face(of: item, tables: tables), size: runSize, x: runX,
                    advance: pen - runX, glyphRange: runGlyphs,
                    style: group.style != 0 ? styles.table[Int(group.style)] : .plain, inlineBox: item.box))
            }
        } }
        layoutGlyphs.append(contentsOf: placed[..<placedCount])
        line.width = pen
        line.glyphRange = firstGlyph..<layoutGlyphs.count
        line.contentWidth = pen - trailingWidth(lineRange, text: text, shape: shape)
        line.ink = ink.nonEmpty
        line.clusterCount = clusters
        Self.setMetrics(&line, font: strut, size: size)
        for font in fonts { Self.setMetrics(&line, font: tables.fonts[Int(font)], size: size) }
        return line
    }

    /// Places `glyphs[stretch]` (a run's, in visual order: reversed when `reversed`) in `placed`
    /// after its first `count` (the line's so far; `count` grows by them), from `pen` on, which moves
    /// past them, and grows `box` by their ink when it is known (`ink`, of `glyphs`, index for
    /// index). A `hidden` run (a spoiler's) only moves the pen. `placed` is kept across calls, and
    /// the layout's array grows once a line, not once a glyph. `clusters` grows by the distinct
    /// clusters placed.
    @inline(__always)
    private mutating func place(
        _ glyphs: UnsafeBufferPointer<ShapedGlyph>, _ stretch: Range<Int>, reversed: Bool, hidden: Bool,
        ink: UnsafeBufferPointer<GlyphInk>?, pen: inout Double, box: inout InkBox, count: inout Int,
        clusters: inout Int
    ) {
        let (first, last) = stretch.bounds
        guard !hidden else {
            for k in 0..<stretch.count { pen += glyphs[reversed ? last - 1 - k : first + k].xAdvance }
            return
        }
        let start = count
        if placed.count < start + stretch.count {
            let zero = PositionedGlyph(id: 0, cluster: 0, x: 0, y: 0, advance: 0)
            placed.append(contentsOf: repeatElement(zero, count: max(start + stretch.count, 2 * placed.count) - placed.count))
        }
        var previous = -1
        placed.withUnsafeMutableBufferPointer { placed in
            for k in 0..<stretch.count {
                let s = reversed ? last - 1 - k : first + k, g = glyphs[s]
                let (x, y) = (pen + g.xOffset, -g.yOffset)
                placed[start + k] = PositionedGlyph(id: g.id, cluster: g.cluster, x: x, y: y, advance: g.xAdvance)
                ink?[s].unite(atX: x, y: y, into: &box)
                pen += g.xAdvance
                if g.cluster != previous {
                    clusters += 1
                    previous = g.cluster
                }
            }
        }
        count += stretch.count
    }

    /// The shared face of `item`'s font and language (`tables`, the call's), found by their indices.
    private mutating func face(of item: Item, tables: ItemTables) -> RunFace {
        for k in callFaces.indices where callFaces[k].font == item.font && callFaces[k].language == item.language {
            assert(callFaces[k].face.language == tables.languageTag(item) && callFaces[k].face.font == tables.font(item).descriptor)
            return callFaces[k].face
        }
        let face = face(tables.font(item), tables.languageTag(item))
        if callFaces.count >= 16 { callFaces.removeAll(keepingCapacity: true) }
        callFaces.append((item.font, item.language, face))
        return face
    }

    /// The shared face of `font` and `language`: one object for the runs of one font and language,
    /// across lines and calls (at most 16 are kept).
    private mutating func face(_ font: Font, _ language: LocaleTag?) -> RunFace {
        for k in faces.indices where faces[k].font === font && faces[k].language == language { return faces[k].face }
        if faces.count >= 16 { faces.removeAll(keepingCapacity: true) }
        let face = RunFace(font: font.descriptor, language: language)
        faces.append((font, language, face))
        return face
    }

    /// The advance of the white space that hangs at the end of line `lineRange` (its items in
    /// `lineItems`).
    private func trailingWidth(_ lineRange: Range<Int>, text: TextBuffer, shape: ShapeScratch) -> Double {
        let contentEnd = text.visibleEnd(lineRange.lowerBound, lineRange.upperBound)
        var trailing = 0.0
        for item in lineItems where item.range.upperBound > contentEnd {
            for g in shape.glyphs[item.glyphs] where g.cluster >= contentEnd { trailing += g.xAdvance }
        }
        return trailing
    }

    /// Notes the metrics a run of `item` over `range` adds to `line`: a span's size joins the line's
    /// metrics at that size (one baseline); with LineHeight.normal a font other than the strut's
    /// grows the line (its metrics added once the line is built) only for a run that holds more
    /// than white space, punctuation and digits.
    private mutating func noteMetrics(
        of item: Item, _ range: Range<Int>, size: Double, strut: Font, text: TextBuffer, tables: ItemTables,
        line: inout LayoutLine
    ) {
        if item.size > 0 {
            Self.setMetrics(&line, font: tables.font(item), size: size)
        } else if tables.font(item) !== strut, !fonts.contains(item.font),
            text.withCodePoints({ LineStrut.grows(UnsafeBufferPointer(rebasing: $0[range])) })
        {
            fonts.append(item.font)
        }
    }

    /// Fills `groups`, the runs of line `lineRange` (`transformedLine` in the paragraph's isolated
    /// text, from the paragraph's start) before they are built: maximal visual stretches of one item, one level and one style
    /// (inserted controls dropped). Styles cut runs only here: they never change shaping.
    private mutating func groupRuns(
        _ lineRange: Range<Int>, _ transformedLine: Range<Int>, of paragraph: Paragraph, isolated: IsolatedText,
        bidi: BidiReorderer, attributes: AttributeMap
    ) {
        // Its first `lineRange.count` entries are the line's (it only grows: emptying and filling
        // it again costs more than the writes).
        if itemAt.count < lineRange.count { itemAt.append(contentsOf: repeatElement(0, count: lineRange.count - itemAt.count)) }
        let count = lineRange.count
        itemAt.withUnsafeMutableBufferPointer { itemAt in
            var i = 0
            for k in lineItems.indices {
                for _ in 0..<min(lineItems[k].range.count, count - i) {
                    itemAt[i] = Int32(k)
                    i += 1
                }
            }
            while i < count {  // (the items partition the line: never, but no stale entry is read)
                itemAt[i] = 0
                i += 1
            }
        }
        groups.removeAll(keepingCapacity: true)
        let offset = paragraph.transformed.lowerBound
        let lineStart = lineRange.lowerBound
        // The group being grown (none while its item is -1), appended when the next code point
        // cannot join it.
        var current: (item: Int, level: UInt8, lo: Int, hi: Int, style: Int32) = (-1, 0, 0, 0, 0)
        let itemAt = self.itemAt  // (a read of its own: `groups` is written meanwhile)
        let styleIndex = attributes.styles.index ?? []
        isolated.originalIndex.withUnsafeBufferPointer { originalIndex in
            itemAt.withUnsafeBufferPointer { itemAt in styleIndex.withUnsafeBufferPointer { styleIndex in
                bidi.withLineOrder(transformedLine, baseLevel: paragraph.baseLevel) { order, bidiLevels in
                    for t32 in order {
                        let t = Int(t32)
                        let index = originalIndex[t + offset]
                        guard index >= 0 else { continue }
                        let level = bidiLevels[t]
                        let item = Int(itemAt[index - lineStart])
                        let style = styleIndex.isEmpty ? 0 : styleIndex[index]
                        if current.item == item, current.level == level, current.style == style {
                            if index == current.hi {
                                current.hi += 1
                                continue
                            }
                            if index == current.lo - 1 {
                                current.lo -= 1
                                continue
                            }
                        }
                        if current.item >= 0 { groups.append(current) }
                        current = (item, level, index, index + 1, style)
                    }
                }
            } }
        }
        if current.item >= 0 { groups.append(current) }
    }

    /// The font whose metrics an empty line takes, and every line's strut: the chain's first font
    /// for a space.
    private static func emptyLineFont(
        at index: Int, text: TextBuffer, attributes: AttributeMap, registry: FontRegistry
    ) -> Font {
        let a = index < text.count ? attributes[index] : attributes.table[0]
        return registry.font(for: [" "], script: .common, locale: a.locale, weight: a.weight, style: a.style).font
    }

    /// `emptyLineFont`, memoized for the attributes of the last line (no registry call per line).
    private mutating func strutFont(
        at index: Int, text: TextBuffer, attributes: AttributeMap, registry: FontRegistry
    ) -> Font {
        let id = index < text.count ? Int(attributes.id(index)) : 0
        // Compared in place: a copy of the attributes costs retains and releases.
        if let font = strutFontMemo, strutRegistry === registry,
            attributes.table.withUnsafeBufferPointer({ Attributes.equal($0.baseAddress! + id, &strutAttributes) })  // no-trap: id is an index of the table, never empty
        {
            return font
        }
        let font = Self.emptyLineFont(at: index, text: text, attributes: attributes, registry: registry)
        (strutFontMemo, strutRegistry, strutAttributes) = (font, registry, attributes.table[id])
        return font
    }

    /// Grows the line's ascent, descent and gap to hold `font`'s at `size`.
    static func setMetrics(_ line: inout LayoutLine, font: Font, size: Double) {
        let m = font.metrics(size: size)
        line.ascent = max(line.ascent, m.ascent)
        line.descent = max(line.descent, m.descent)
        line.lineGap = max(line.lineGap, m.lineGap)
    }
}
