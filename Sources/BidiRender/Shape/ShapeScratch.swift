// ShapeScratch: the shape stage of a layout — items shaped word by word through the shaping cache into
// one glyph store per call, and the pieces of items a line's edges cut reshaped with the line as
// context.

/// The edges of a line that truncation cut, an ellipsis beside them: the shaping context of a word
/// cut there stops at the edge.
struct LineCuts: OptionSet {
    let rawValue: UInt8
    static let start = LineCuts(rawValue: 1)
    static let end = LineCuts(rawValue: 2)
}

/// The shaping working objects of one layout call at a time: the `Shaper` (its hb_buffer), the
/// shaping cache, and the call's glyph store.
struct ShapeScratch {
    let shaper = Shaper()
    /// Words shaped once, across calls; nil when the engine was made without a cache.
    let cache: ShapeCache?
    /// Every glyph shaped in the call; items refer to ranges of it.
    private(set) var glyphs: [ShapedGlyph] = []

    /// The scratch's own glyph storage while a prepared text's store is loaded in its place.
    private var ownGlyphs: [ShapedGlyph] = []

    /// A piece of an item reshaped for a line: item index, piece and line.
    struct PieceKey: Equatable {
        var item: Int
        var range: Range<Int>
        var context: Range<Int>
    }
    /// Pieces reshaped in the call (the glyph range of each).
    private var pieces: [(key: PieceKey, glyphs: Range<Int>)] = []

    init(cache: ShapeCache?) {
        self.cache = cache
    }

    /// Empties the glyph store and the pieces for a new call, letting go of storage a very long text
    /// grew.
    mutating func startCall() {
        if glyphs.capacity > TextBuffer.keepLimit * 2 { glyphs = [] }
        glyphs.removeAll(keepingCapacity: true)
        if pieces.capacity > 4_096 { pieces = [] }
        if !pieces.isEmpty { pieces.removeAll(keepingCapacity: true) }
    }

    /// Loads `stored` (the glyph store of a prepared text, whose items refer to it) as the call's
    /// glyph store, after `startCall`: shared, not copied (a piece reshaped for a line copies it on
    /// its first append), the scratch's own storage set aside until `unload`.
    mutating func load(glyphs stored: [ShapedGlyph]) {
        swap(&glyphs, &ownGlyphs)
        glyphs = stored
    }

    /// Lets go of the store `load(glyphs:)` shared, when the call is over: the scratch's own glyph
    /// storage is its store again (emptied).
    mutating func unload() {
        swap(&glyphs, &ownGlyphs)
        ownGlyphs = []
        glyphs.removeAll(keepingCapacity: true)
    }

    /// Shapes each of `items` (one paragraph's) with the paragraph `context` visible to HarfBuzz.
    ///
    /// When the task is cancelled it stops early, between items or words (checked every 4,096 code
    /// points), leaving the rest unshaped: the caller checks and throws `.cancelled`.
    mutating func shape(
        _ items: inout [Item], context: Range<Int>, text: TextBuffer, tables: ItemTables, boxes: [InlineSpan], size: Double
    ) {
        var sinceCheck = 0
        for k in items.indices {
            let item = items[k]
            sinceCheck &+= item.range.count
            if sinceCheck >= 4_096 {
                sinceCheck = 0
                if Task.isCancelled { return }
            }
            items[k].languageID = tables.languageIDs[Int(item.language)]
            if item.box >= 0 {
                items[k].glyphs = boxGlyph(item, width: boxes[Int(item.box)].box.width)
                continue
            }
            items[k].glyphs = shape(
                items[k], range: item.range, context: context, font: tables.fonts[Int(item.font)],
                language: tables.languages[Int(item.language)], features: tables.features(items[k]), text: text, size: size)
        }
    }

    /// The one glyph of an inline box's item: id 0 (no glyph is drawn for it), its cluster the
    /// box's start, its advance the box's width. Returns its range in `glyphs`.
    private mutating func boxGlyph(_ item: Item, width: Double) -> Range<Int> {
        glyphs.append(ShapedGlyph(id: 0, cluster: item.range.lowerBound, xAdvance: width, yAdvance: 0, xOffset: 0, yOffset: 0))
        return (glyphs.count - 1)..<glyphs.count
    }

    /// Shapes `range` of an item, with `context` (the paragraph, or a line) visible to HarfBuzz: word
    /// by word through the shaping cache (`Shaper.shapeWords`), or, without a cache, whole. Clusters
    /// are offsets into the original text. The glyphs are appended to `glyphs`; the result is their
    /// range there. An item's own size (a span's) wins over `size`.
    private mutating func shape(
        _ item: Item, range: Range<Int>, context: Range<Int>, font: Font, language: String?, features: HBFeatures?,
        text: TextBuffer, size: Double
    ) -> Range<Int> {
        let size = item.size > 0 ? item.size : size
        let start = glyphs.count
        text.display.withUnsafeBufferPointer { all in
            guard let cache else {
                let window = UnsafeBufferPointer(rebasing: all[context])
                glyphs += shaper.shape(
                    codePoints: window, item: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
                    clusterBase: context.lowerBound, font: font, direction: TextDirection(level: item.level),
                    script: item.script, language: language, size: size, features: features
                ).glyphs
                return
            }
            text.graphemeStarts.withUnsafeBufferPointer { starts in
                shaper.shapeWords(
                    text: all, range: range, context: context, clusterStarts: starts, font: font,
                    rightToLeft: item.level & 1 == 1, script: item.script, language: language,
                    languageID: item.languageID, size: size, clusterBase: 0, cache: cache, features: features,
                    into: &glyphs)
            }
        }
        return start..<glyphs.count
    }

    /// The glyphs of `piece` of item `index`, shaped with the text around it as context: past the
    /// line's edges, so that a word a line breaks inside keeps the joining forms it has whole (CSS
    /// Text 3: the letters keep their cursive connections), but at an edge in `cuts` (truncation: an
    /// ellipsis is beside it, so the word cut there takes its final form at a line's end, its initial
    /// form at its start) the context stops at the line's edge. Cached for the call,
    /// since line breaking measures a line before it is built; only the latest 16 pieces are searched
    /// (a miss shapes the piece again, the same).
    ///
    /// Most lines end where a word does: a piece cut only where `Shaper.shapeWords` starts a word is
    /// the item's own glyphs of those words, since the shaper shapes each word apart through the
    /// cache and a word edge at a line edge sees no context either way (white space before the
    /// edge, or an ideograph after it, which does not join). Those glyphs are returned as they lie.
    mutating func reshapedPiece(
        of item: Item, index: Int, _ piece: Range<Int>, line: Range<Int>, cuts: LineCuts = [], text: TextBuffer,
        tables: ItemTables, size: Double
    ) -> Range<Int> {
        // An inline box is one unit: no line edge cuts it.
        if item.box >= 0 { return item.glyphs }
        if let glyphs = wordPiece(of: item, piece, text: text) { return glyphs }
        // HarfBuzz reads at most five code points of context on either side.
        let context = (cuts.contains(.start) ? line.lowerBound : max(0, piece.lowerBound - 8))..<(cuts.contains(.end) ? line.upperBound : min(text.count, piece.upperBound + 8))
        let key = PieceKey(item: index, range: piece, context: context)
        var k = pieces.count - 1
        while k >= max(0, pieces.count - 16) {
            if pieces[k].key == key { return pieces[k].glyphs }
            k -= 1
        }
        let glyphs = shape(
            item, range: piece, context: context, font: tables.font(item), language: tables.language(item),
            features: tables.features(item), text: text, size: size)
        pieces.append((key, glyphs))
        return glyphs
    }

    /// The range of `item`'s glyphs that are those of `piece`, when the item was shaped word by word
    /// (with a cache) and each edge of `piece` inside the item starts a word, or starts a cluster
    /// HarfBuzz did not flag unsafe to break (the sides shaped apart give the same glyphs: "谢谢|50%",
    /// a Han item cut before its digits); else nil.
    private func wordPiece(of item: Item, _ piece: Range<Int>, text: TextBuffer) -> Range<Int>? {
        guard cache != nil, !piece.isEmpty else { return nil }
        let itemGlyphs = glyphs[item.glyphs]
        let cutsAtWords = text.display.withUnsafeBufferPointer { all in
            text.graphemeStarts.withUnsafeBufferPointer { starts in
                func fits(_ cut: Int) -> Bool {
                    cut <= item.range.lowerBound || cut >= item.range.upperBound
                        || Shaper.startsWord(at: cut, all, clusterStarts: starts, script: item.script)
                        || Self.safeToBreak(at: cut, in: itemGlyphs)
                }
                return fits(piece.lowerBound) && fits(piece.upperBound)
            }
        }
        guard cutsAtWords else { return nil }
        return Self.stretch(of: piece, in: itemGlyphs)
    }

    /// Whether a cluster of `run` (an item's glyphs) starts at `offset`, none of its glyphs flagged
    /// unsafe to break.
    static func safeToBreak(at offset: Int, in run: ArraySlice<ShapedGlyph>) -> Bool {
        let cluster = stretch(of: offset..<(offset + 1), in: run)
        return !cluster.isEmpty && !run[cluster].contains { $0.unsafeToBreak }
    }

    /// The glyphs of `run` whose clusters lie in `piece`, found by binary search: clusters are
    /// monotone in a run's glyphs (rising left to right, falling right to left), so those in `piece`
    /// are one stretch of them. An empty result lies at the run's end. Each line of a long item asks
    /// once, so a scan from the item's start would make line filling quadratic in the item.
    static func stretch<Glyphs: RandomAccessCollection<ShapedGlyph>>(of piece: Range<Int>, in run: Glyphs) -> Range<Int>
    where Glyphs.Index == Int {
        let rising = run.count < 2 || run[run.startIndex].cluster <= run[run.endIndex - 1].cluster
        let lo = rising
            ? run.partitioningIndex { $0.cluster >= piece.lowerBound }
            : run.partitioningIndex { $0.cluster < piece.upperBound }
        let hi = rising
            ? run[lo...].partitioningIndex { $0.cluster >= piece.upperBound }
            : run[lo...].partitioningIndex { $0.cluster < piece.lowerBound }
        return lo < hi ? lo..<hi : run.endIndex..<run.endIndex
    }

    /// The items of line `lineRange` into `out` (replaced): those inside it as shaped in the
    /// paragraph, and those its edges cut reshaped with the text around them as context (the line's
    /// edge as the context's edge at each of `cuts`; see `reshapedPiece`).
    mutating func lineItems(
        _ items: [Item], _ lineRange: Range<Int>, cuts: LineCuts = [], text: TextBuffer, tables: ItemTables,
        size: Double, into out: inout [Item]
    ) {
        out.removeAll(keepingCapacity: true)
        var index = Item.first(endingAfter: lineRange.lowerBound, in: items)
        while index < items.count, items[index].range.lowerBound < lineRange.upperBound {
            defer { index += 1 }
            let item = items[index]
            let clipped = item.range.clamped(to: lineRange)
            guard clipped != item.range else {
                out.append(item)
                continue
            }
            var piece = item
            piece.range = clipped
            piece.glyphs = reshapedPiece(
                of: item, index: index, clipped, line: lineRange, cuts: cuts, text: text, tables: tables, size: size)
            out.append(piece)
        }
    }
}
