// LayoutEngine: lays a text out, stage by stage —
//   mentions isolated (Text) → paragraphs and levels on the isolated text (Bidi) → scripts, fonts per
//   grapheme cluster, items (Itemize) → HarfBuzz shaping, word by word through the shaping cache
//   (Shape) → lines to a width at UAX #14 opportunities (LayoutBreak) → per-line L1–L2 reorder, runs in
//   visual order, alignment and positions (Layout).
//
// Thread-safety: the engine is Sendable and meant to be shared. Each call takes a LayoutScratch (HarfBuzz
// buffer, bidi buffers, ICU line breakers, shaping cache) from a locked pool and gives it back after,
// so concurrent calls never share one; the caches warm up per scratch.

/// Lays out texts with one font registry.
public final class LayoutEngine: Sendable {
    public let registry: FontRegistry
    /// Idle scratches. At most `scratchPoolLimit` are kept.
    private let scratches = Locked<[LayoutScratch]>([])
    private let cacheLimits: ShapeCache.Limits?
    static let scratchPoolLimit = 16

    /// - Parameters:
    ///   - shapeCacheEntries: the bound of each shaping cache, in words (a cache stores at most 16
    ///     code points and 16 glyphs per word on average besides: about 8.8 MB for the default 16,384
    ///     words, which hold the 13,441 distinct words of the 10,000-message benchmark corpus). 0
    ///     shapes every run whole, with no cache. Each concurrent call has its own cache.
    public init(registry: FontRegistry, shapeCacheEntries: Int = 16_384) {
        self.registry = registry
        cacheLimits = shapeCacheEntries > 0
            ? ShapeCache.Limits(entries: shapeCacheEntries, codePoints: shapeCacheEntries * 16, glyphs: shapeCacheEntries * 16)
            : nil
    }

    /// Lays out `text` with `options` and attributed `spans` (scalar offsets).
    /// - Throws: `.invalidValue` for a size or width out of range. Text itself never fails: a
    ///   character no font covers falls back to a system font or to .notdef, listed in `fallbacks`.
    public func layout(_ text: String, spans: [TextSpan] = [], options: LayoutOptions) throws(BidiRenderError) -> Layout {
        try options.validate()
        let scratch = scratches.withLock { $0.popLast() } ?? LayoutScratch(cacheLimits: cacheLimits)
        defer {
            scratches.withLock { pool in
                if pool.count < Self.scratchPoolLimit { pool.append(scratch) }
            }
        }
        var job = LayoutJob(text: text, spans: spans, options: options, registry: registry, scratch: scratch)
        let layout = job.run(breaker: scratch.breaker(locale: icuLocale(options.locale)))
        job.recycle()
        return layout
    }

    /// The shaping caches' figures, summed over the scratches idle at the moment of the call.
    public var shapeCacheStatistics: ShapeCacheStatistics {
        scratches.withLock { pool in
            pool.reduce(ShapeCacheStatistics()) { $0 + ($1.shapeCache?.currentStatistics ?? ShapeCacheStatistics()) }
        }
    }

    /// Empties the shaping caches of the idle scratches (their counters stay), for a cold start.
    public func clearShapeCaches() {
        scratches.withLock { pool in for scratch in pool { scratch.shapeCache?.reset() } }
    }

    /// ICU's locale id for a tag: "_" between subtags. (No Foundation here: on Linux its string
    /// replacement goes through NSString, several allocations a call.)
    private func icuLocale(_ locale: LocaleTag) -> String {
        let tag = locale.normalized
        if tag == "default" { return "" }
        let dash = UInt8(ascii: "-")
        guard tag.utf8.contains(dash) else { return tag }
        return String(decoding: tag.utf8.map { $0 == dash ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }
}

/// One layout call's working state.
struct LayoutJob {
    var scalars: [Unicode.Scalar]
    let spans: [TextSpan]
    let options: LayoutOptions
    let registry: FontRegistry
    let scratch: LayoutScratch
    var shaper: Shaper { scratch.shaper }
    var bidi: BidiReorderer { scratch.bidi }

    /// Per code point: the scalar to shape (digits substituted), its original bidi class, whether a
    /// grapheme cluster starts there.
    var display: [UInt32]
    var graphemeStarts: [Bool]
    var classes: [BidiClass]

    /// The per-code-point arrays reuse the storage of the scratch's last call (`recycle`).
    init(text: String, spans: [TextSpan], options: LayoutOptions, registry: FontRegistry, scratch: LayoutScratch) {
        self.spans = spans
        self.options = options
        self.registry = registry
        self.scratch = scratch
        scalars = scratch.recycled.scalars
        display = scratch.recycled.display
        classes = scratch.recycled.classes
        graphemeStarts = scratch.recycled.graphemeStarts
        scratch.recycled = LayoutScratch.Recycled()
        let digits = options.digits.resolved(for: options.locale)
        // Sized to the UTF-8 length (at least one byte a scalar), written through pointers in one
        // pass that decodes, substitutes digits and classifies, then cut to the scalar count.
        let bound = text.utf8.count
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: repeatElement("\0", count: bound))
        display.removeAll(keepingCapacity: true)
        display.append(contentsOf: repeatElement(0, count: bound))
        classes.removeAll(keepingCapacity: true)
        classes.append(contentsOf: repeatElement(.leftToRight, count: bound))
        let n = scalars.withUnsafeMutableBufferPointer { scalars in
            display.withUnsafeMutableBufferPointer { display in
                classes.withUnsafeMutableBufferPointer { classes in
                    var n = 0
                    func put(_ scalar: Unicode.Scalar) {
                        scalars[n] = scalar
                        display[n] = digits.apply(scalar.value)
                        classes[n] = BidiClass(scalar)
                        n += 1
                    }
                    let contiguous: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                        guard let base = bytes.baseAddress else { return }
                        var k = 0
                        while k < bytes.count {
                            let value = UTF8Decoding.next(base, &k)
                            put(unsafeBitCast(value, to: Unicode.Scalar.self))  // valid: decoded from a String
                        }
                    }
                    if contiguous == nil { for scalar in text.unicodeScalars { put(scalar) } }
                    return n
                }
            }
        }
        scalars.removeLast(bound - n)
        display.removeLast(bound - n)
        classes.removeLast(bound - n)
        Self.graphemeStarts(scalars, into: &graphemeStarts)
        scratch.startCall()
    }

    /// Hands the per-code-point arrays back to the scratch for the next call.
    /// Storage grown by a very long text is let go instead (`LayoutScratch.recycleLimit`).
    mutating func recycle() {
        if scalars.capacity <= LayoutScratch.recycleLimit {
            scratch.recycled = LayoutScratch.Recycled(
                scalars: scalars, display: display, classes: classes, graphemeStarts: graphemeStarts)
        }
        scalars = []
        display = []
        classes = []
        graphemeStarts = []
    }

    /// Whether each scalar starts an extended grapheme cluster (UAX #29), by the standard library's
    /// own grapheme breaking (the rules `String` iterates Characters by), scalar by scalar.
    static func graphemeStarts(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var starts: [Bool] = []
        graphemeStarts(scalars, into: &starts)
        return starts
    }

    /// `graphemeStarts` into `starts` (replaced).
    ///
    /// Between two scalars that are both `isPlainBase`, no rule of UAX #29 but GB999 applies, so a
    /// cluster starts there without asking the standard library. Its recognizer is fed again, from
    /// the scalar before, only where a scalar that is not plain follows: after a break before a plain
    /// scalar, its state is that of a fresh recognizer that has seen that scalar alone.
    static func graphemeStarts(_ scalars: [Unicode.Scalar], into starts: inout [Bool]) {
        starts.removeAll(keepingCapacity: true)
        guard let first = scalars.first else { return }
        starts.reserveCapacity(scalars.count)
        starts.append(true)
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: first)
        var recognizerCurrent = true
        var previousPlain = isPlainBase(first.value)
        for i in 1..<scalars.count {
            let scalar = scalars[i]
            let plain = isPlainBase(scalar.value)
            if plain, previousPlain {
                starts.append(true)
                recognizerCurrent = false
            } else {
                if !recognizerCurrent {
                    recognizer = Unicode._CharacterRecognizer()
                    _ = recognizer.hasBreak(before: scalars[i - 1])
                    recognizerCurrent = true
                }
                starts.append(recognizer.hasBreak(before: scalar))
            }
            previousPlain = plain
        }
    }

    /// Scalars whose Grapheme_Cluster_Break is Other, that are not Extended_Pictographic and have no
    /// Indic_Conjunct_Break, in the blocks chat text is made of: printable ASCII, Arabic letters and
    /// digits, CJK ideographs, and full-width ASCII.
    @inline(__always) static func isPlainBase(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0x0621...0x064A, 0x0660...0x0669, 0x4E00...0x9FFF, 0xFF01...0xFF5E: return true
        default: return false
        }
    }

    /// An item: a range of one level, script, font and language, shaped as one. A plain value: its
    /// font, language and glyphs are indices into the call's tables in the scratch.
    struct Item {
        var range: Range<Int>
        var level: UInt8
        var script: ScriptTag
        /// Index into `scratch.languages`.
        var language: Int32
        /// Index into `scratch.fonts`.
        var font: Int32
        /// The language's id in the shaping cache.
        var languageID: UInt32 = 0
        /// The glyphs, in visual order: a range of `scratch.glyphs`.
        var glyphs: Range<Int> = 0..<0
    }

    func font(_ item: Item) -> Font { scratch.fonts[Int(item.font)] }
    func language(_ item: Item) -> String? { scratch.languages[Int(item.language)] }

    /// The attributes in force at a code point.
    struct Attributes: Hashable {
        var weight: FontWeight
        var style: FontStyle
        var locale: LocaleTag
    }

    /// The attributes of the text: a table, and for each code point its index in the table (all 0,
    /// and no per-code-point array, when no span sets any).
    struct AttributeMap {
        var table: [Attributes]
        var index: [Int32]?

        subscript(i: Int) -> Attributes { table[index.map { Int($0[i]) } ?? 0] }
        func id(_ i: Int) -> Int32 { index?[i] ?? 0 }
    }

    mutating func run(breaker: ICULineBreaker?) -> Layout {
        let resolved = MentionResolver.resolve(
            scalars, classes: classes, direction: options.direction, mode: options.mentions,
            callerMentions: spans.filter(\.isMention).map(\.range))
        // The isolated text reuses the storage of the scratch's last call.
        var isolated = scratch.isolated
        scratch.isolated = .empty
        isolated.rebuild(scalars, mentions: resolved.mentions, innerMarks: true)
        defer {
            if isolated.scalars.capacity <= LayoutScratch.recycleLimit { scratch.isolated = isolated }
        }
        let attributes = attributeMap()
        var fallbacks: [FontFallback] = []
        var paragraphs: [LayoutParagraph] = []
        var lines: [LayoutLine] = []
        lines.reserveCapacity(8)
        var top = 0.0
        var levels = scratch.levels
        scratch.levels = []
        defer { scratch.levels = levels }
        for (p, range) in resolved.paragraphs.enumerated() {
            let base = resolved.paragraphLevels[p]
            paragraphs.append(LayoutParagraph(range: range, direction: TextDirection(level: base)))
            // Levels on the isolated text, forced to the paragraph level found above.
            let transformed = isolated.transformedRange(range)
            _ = bidi.resolveParagraph(
                codePoints: isolated.scalars[transformed], direction: base == 1 ? .rightToLeft : .leftToRight)
            levels.removeAll(keepingCapacity: true)
            bidi.withParagraphLevels { bidiLevels in
                for i in range { levels.append(bidiLevels[isolated.transformedIndex[i] - transformed.lowerBound]) }
            }
            let items = itemize(
                range, levels: levels, attributes: attributes, mentions: resolved.mentions, fallbacks: &fallbacks)
            let lineRanges = breakLines(range, items: items, breaker: breaker)
            for lineRange in lineRanges {
                var line = buildLine(
                    lineRange, paragraph: p, paragraphRange: range, base: base, items: items,
                    isolated: isolated, transformed: transformed, attributes: attributes)
                line.baseline = top + line.lineGap / 2 + line.ascent
                top += line.height
                lines.append(line)
            }
        }
        let width = options.maxWidth ?? lines.map(\.contentWidth).max() ?? 0
        for i in lines.indices { align(&lines[i], width: width, paragraphDirection: paragraphs[lines[i].paragraph].direction) }
        return Layout(
            paragraphs: paragraphs, lines: lines, width: width, height: top, mentions: resolved.mentions,
            fallbacks: fallbacks, options: options)
    }

    /// The weight, style and locale at each code point: the options, overridden by the spans in order.
    func attributeMap() -> AttributeMap {
        let base = Attributes(weight: options.weight, style: options.style, locale: options.locale)
        guard spans.contains(where: { $0.weight != nil || $0.style != nil || $0.locale != nil }) else {
            return AttributeMap(table: [base], index: nil)
        }
        var perScalar = [Attributes](repeating: base, count: scalars.count)
        for span in spans where span.weight != nil || span.style != nil || span.locale != nil {
            let lo = max(0, span.range.lowerBound)
            let hi = min(scalars.count, span.range.upperBound)
            guard lo < hi else { continue }
            for i in lo..<hi {
                if let weight = span.weight { perScalar[i].weight = weight }
                if let style = span.style { perScalar[i].style = style }
                if let locale = span.locale { perScalar[i].locale = locale }
            }
        }
        var table: [Attributes] = [base]
        var ids: [Attributes: Int32] = [base: 0]
        var index = [Int32](repeating: 0, count: scalars.count)
        for (i, a) in perScalar.enumerated() {
            if let id = ids[a] {
                index[i] = id
            } else {
                let id = Int32(table.count)
                table.append(a)
                ids[a] = id
                index[i] = id
            }
        }
        return AttributeMap(table: table, index: index)
    }

    // MARK: Itemize and shape

    /// The fallback chain for one script and one set of attributes: for each step, its cmap and the
    /// indices of its font and language (the package's own for a script package, else the
    /// locale's) in the call's tables.
    struct ChainMemo {
        var script: ScriptTag
        var attributes: Attributes
        var chain: [FontChoice]
        var coverage: [CodePointSet]
        var fonts: [Int32]
        var languages: [Int32]

        /// The first step of `coverage` whose face covers every character of `cluster` that needs a
        /// glyph. Whether a character is default-ignorable is looked up once per character, and only
        /// for one a face lacks.
        static func firstCovering(_ coverage: [CodePointSet], _ cluster: UnsafeBufferPointer<UInt32>) -> Int? {
            if cluster.count == 1 {
                let c = cluster[0]
                for step in coverage.indices where coverage[step].contains(c) { return step }
                return !coverage.isEmpty && LayoutJob.isIgnorable(c) ? 0 : nil
            }
            var known: UInt64 = 0
            var ignorable: UInt64 = 0
            steps: for step in coverage.indices {
                for (k, c) in cluster.enumerated() where !coverage[step].contains(c) {
                    guard k < 64 else {
                        if LayoutJob.isIgnorable(c) { continue }
                        continue steps
                    }
                    let bit: UInt64 = 1 << UInt64(k)
                    if known & bit == 0 {
                        known |= bit
                        if LayoutJob.isIgnorable(c) { ignorable |= bit }
                    }
                    if ignorable & bit == 0 { continue steps }
                }
                return step
            }
            return nil
        }
    }

    /// Whether a face may lack `c` (Default_Ignorable_Code_Point). Kept out of line: the Unicode
    /// properties it reads make every caller set up their metadata on entry, even when it is not called.
    @inline(never) static func isIgnorable(_ c: UInt32) -> Bool {
        Unicode.Scalar(c).map(Font.isIgnorableForCoverage) ?? false
    }

    /// The language a run shapes with: the package's own for a script package, else the locale's.
    static func language(for source: FontSource, locale: LocaleTag) -> String? {
        if case .scriptPackage(_, let locale) = source { return locale }
        return locale.normalized == "default" || locale.normalized.isEmpty ? nil : locale.normalized
    }

    /// Scripts (UAX #24), a font per grapheme cluster through the fallback chain, then items of one
    /// level, script, font and language, each shaped with the paragraph as context.
    func itemize(
        _ range: Range<Int>, levels: [UInt8], attributes: AttributeMap, mentions: [Mention],
        fallbacks: inout [FontFallback]
    ) -> [Item] {
        guard !range.isEmpty else { return [] }
        var scripts = scratch.scripts
        var stack = scratch.bracketStack
        defer {
            scratch.scripts = scripts
            scratch.bracketStack = stack
        }
        scratch.scripts = []
        // Over the code points' own buffer: a lazy map over the scalars costs several times more.
        func resolveScripts(_ range: Range<Int>, into out: inout [ScriptTag]) {
            scalars.withUnsafeBufferPointer { all in
                all.withMemoryRebound(to: UInt32.self) { codePoints in
                    ScriptResolver.resolve(UnsafeBufferPointer(rebasing: codePoints[range]), into: &out, stack: &stack)
                }
            }
        }
        resolveScripts(range, into: &scripts)
        // A mention is one unit: its "@" takes the script of the name, not of the text before it.
        // Mentions are sorted: start at the first one that ends inside or after this paragraph.
        var m = mentions.partitioningIndex { $0.range.upperBound > range.lowerBound }
        var own = scratch.mentionScripts
        defer { scratch.mentionScripts = own }
        while m < mentions.count, mentions[m].range.lowerBound < range.upperBound {
            let mention = mentions[m]
            m += 1
            guard range.contains(mention.range.lowerBound) else { continue }
            resolveScripts(mention.range, into: &own)
            for (k, script) in own.enumerated() { scripts[mention.range.lowerBound + k - range.lowerBound] = script }
        }
        // The chains memoized by earlier calls on this scratch, taken for the call.
        var memos = scratch.memos
        scratch.memos = []
        defer { scratch.memos = memos }
        var k = -1
        var kAttributes: Int32 = -1
        var kScript = ScriptTag.unknown
        // The current chain's steps, copied out of its memo when the chain changes (not per cluster).
        var coverage: [CodePointSet] = []
        var stepFonts: [Int32] = []
        var stepLanguages: [Int32] = []
        var items: [Item] = []
        items.reserveCapacity(max(16, range.count / 4))
        var current: (start: Int, level: UInt8, script: ScriptTag, language: Int32, font: Int32)?
        display.withUnsafeBufferPointer { display in
            var i = range.lowerBound
            while i < range.upperBound {
                var end = i + 1
                while end < range.upperBound, !graphemeStarts[end] { end += 1 }
                let script = scripts[i - range.lowerBound]
                let id = attributes.id(i)
                if k < 0 || kScript != script || kAttributes != id {
                    let a = attributes.table[Int(id)]
                    kScript = script
                    kAttributes = id
                    // Searched by index, fields compared in place: the closure form copied each memo.
                    var found = -1
                    for m in memos.indices where memos[m].script == script && memos[m].attributes == a {
                        found = m
                        break
                    }
                    if found >= 0 {
                        k = found
                    } else {
                        if memos.count >= LayoutScratch.memoLimit { memos.removeAll(keepingCapacity: true) }
                        let chain = registry.entries(script: script.string, locale: a.locale, weight: a.weight, style: a.style)
                        memos.append(ChainMemo(
                            script: script, attributes: a, chain: chain, coverage: chain.map(\.font.hbFont.coverage),
                            fonts: chain.map { scratch.fontIndex($0.font) },
                            languages: chain.map { scratch.languageIndex(Self.language(for: $0.source, locale: a.locale)) }))
                        k = memos.count - 1
                    }
                    coverage = memos[k].coverage
                    stepFonts = memos[k].fonts
                    stepLanguages = memos[k].languages
                }
                let cluster = UnsafeBufferPointer(rebasing: display[i..<end])
                let font: Int32
                let language: Int32
                if let step = ChainMemo.firstCovering(coverage, cluster) {
                    font = stepFonts[step]
                    language = stepLanguages[step]
                } else {
                    let a = attributes.table[Int(id)]
                    let choice = registry.fallback(
                        for: cluster.map { Unicode.Scalar($0) ?? "\u{FFFD}" }, chain: memos[k].chain, locale: a.locale,
                        weight: a.weight, style: a.style)
                    fallbacks.append(FontFallback(range: i..<end, source: choice.source, font: choice.font.descriptor))
                    font = scratch.fontIndex(choice.font)
                    language = scratch.languageIndex(Self.language(for: choice.source, locale: a.locale))
                }
                // A cluster normally has one level; split at a level change inside it all the same, so
                // each item has one direction.
                for j in i..<end {
                    let level = levels[j - range.lowerBound]
                    if let c = current, c.level == level, c.script == script, c.font == font, c.language == language {
                        continue
                    }
                    if let c = current {
                        items.append(Item(range: c.start..<j, level: c.level, script: c.script, language: c.language, font: c.font))
                    }
                    current = (j, level, script, language, font)
                }
                i = end
            }
        }
        if let c = current {
            items.append(Item(range: c.start..<range.upperBound, level: c.level, script: c.script, language: c.language, font: c.font))
        }
        // The call's tables, held for the loop.
        let (fonts, languages, languageIDs) = (scratch.fonts, scratch.languages, scratch.languageIDs)
        var glyphs = scratch.glyphs
        scratch.glyphs = []
        for k in items.indices {
            let item = items[k]
            items[k].languageID = languageIDs[Int(item.language)]
            items[k].glyphs = shape(
                items[k], range: item.range, context: range, font: fonts[Int(item.font)],
                language: languages[Int(item.language)], into: &glyphs)
        }
        scratch.glyphs = glyphs
        return items
    }

    /// Shapes `range` of an item, with `context` (the paragraph, or a line) visible to HarfBuzz:
    /// word by word through the shaping cache, or, without a cache, whole.
    /// Clusters are offsets into the original text.
    /// The glyphs are appended to `scratch.glyphs`; the result is their range there.
    func shape(_ item: Item, range: Range<Int>, context: Range<Int>) -> Range<Int> {
        var glyphs = scratch.glyphs
        scratch.glyphs = []
        defer { scratch.glyphs = glyphs }
        return shape(item, range: range, context: context, font: font(item), language: language(item), into: &glyphs)
    }

    /// `shape` into a glyph store the caller holds (one exclusive access to the scratch per batch
    /// of items, not several per item).
    func shape(
        _ item: Item, range: Range<Int>, context: Range<Int>, font: Font, language: String?,
        into glyphs: inout [ShapedGlyph]
    ) -> Range<Int> {
        let start = glyphs.count
        display.withUnsafeBufferPointer { all in
            guard let cache = scratch.shapeCache else {
                let window = UnsafeBufferPointer(rebasing: all[context])
                glyphs += shaper.shape(
                    codePoints: window, item: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
                    clusterBase: context.lowerBound, font: font, direction: TextDirection(level: item.level),
                    script: item.script, language: language, size: options.size
                ).glyphs
                return
            }
            graphemeStarts.withUnsafeBufferPointer { starts in
                shaper.shapeWords(
                    text: all, range: range, context: context, clusterStarts: starts, font: font,
                    rightToLeft: item.level & 1 == 1, script: item.script, language: language,
                    languageID: item.languageID, size: options.size, clusterBase: 0, cache: cache, into: &glyphs)
            }
        }
        return start..<glyphs.count
    }

    /// The index of the first item that ends after `offset` (items are sorted and contiguous).
    static func firstItem(endingAfter offset: Int, in items: [Item]) -> Int {
        items.partitioningIndex { $0.range.upperBound > offset }
    }

    // MARK: Lines

    /// Line ranges of a paragraph: UAX #14 opportunities from ICU, filled greedily to the width.
    func breakLines(_ range: Range<Int>, items: [Item], breaker: ICULineBreaker?) -> [Range<Int>] {
        guard !range.isEmpty else { return [range] }
        let base = range.lowerBound
        // Prefix sums of the advances by code point: prefix[k] is the width of [base, base + k).
        var (prefix, breaks) = (scratch.prefix, scratch.breaks)
        (scratch.prefix, scratch.breaks) = ([], [])
        defer { (scratch.prefix, scratch.breaks) = (prefix, breaks) }
        prefix.removeAll(keepingCapacity: true)
        prefix.append(contentsOf: repeatElement(0, count: range.count + 1))
        scratch.glyphs.withUnsafeBufferPointer { glyphs in
            for item in items {
                for g in glyphs[item.glyphs] { prefix[g.cluster - base + 1] += g.xAdvance }
            }
        }
        for k in 0..<range.count { prefix[k + 1] += prefix[k] }
        // A paragraph that fits and holds no mandatory break (UAX #14 LB4–LB5: after BK, CR, LF or
        // NL; CR, LF and NL end paragraphs, so only BK — VT, FF, LS — can be inside one) is one line,
        // as the fill below would find: there is no need to ask ICU.
        let width = prefix[visibleEnd(range.lowerBound, range.upperBound) - base]
        if width <= (options.maxWidth ?? .infinity) + 1e-6,
            !scalars[range].contains(where: { $0.value == 0x0B || $0.value == 0x0C || $0.value == 0x2028 })
        {
            return [range]
        }
        let ok = scalars.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: UInt32.self) { codePoints in
                breaker?.breaks(UnsafeBufferPointer(rebasing: codePoints[range]), into: &breaks) ?? false
            }
        }
        if !ok {
            breaks.removeAll(keepingCapacity: true)
            breaks.append(contentsOf: repeatElement(0, count: range.count))
        }
        return graphemeStarts.withUnsafeBufferPointer { starts in
            LineBreaker.fill(
                range: range, maxWidth: options.maxWidth, breaks: breaks,
                graphemeStarts: UnsafeBufferPointer(rebasing: starts[range]),
                isHangingSpace: { isHangingSpace($0) },
                estimate: { a, b in prefix[visibleEnd(a, b) - base] - prefix[a - base] },
                measure: { a, b in
                    // Items inside the line as the prefix sums have them; those its edges cut, reshaped.
                    let end = visibleEnd(a, b)
                    var width = 0.0
                    var index = Self.firstItem(endingAfter: a, in: items)
                    while index < items.count, items[index].range.lowerBound < b {
                        let item = items[index]
                        let clipped = item.range.clamped(to: a..<b)
                        if clipped == item.range {
                            let upper = max(item.range.lowerBound, min(item.range.upperBound, end))
                            width += prefix[upper - base] - prefix[item.range.lowerBound - base]
                        } else {
                            let piece = reshapedPiece(of: item, index: index, clipped, line: a..<b)
                            for g in scratch.glyphs[piece] where g.cluster < end { width += g.xAdvance }
                        }
                        index += 1
                    }
                    return width
                })
        }
    }

    /// The end of [a, b) without its trailing hanging white space.
    func visibleEnd(_ a: Int, _ b: Int) -> Int {
        var end = b
        while end > a, isHangingSpace(end - 1) { end -= 1 }
        return end
    }

    /// The items of a line: those inside it as shaped in the paragraph, and those its edges cut
    /// reshaped with the line as context (cached, since breaking measures a line before building it).
    func lineItems(_ items: [Item], _ lineRange: Range<Int>, into out: inout [Item]) {
        out.removeAll(keepingCapacity: true)
        var index = Self.firstItem(endingAfter: lineRange.lowerBound, in: items)
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
            piece.glyphs = reshapedPiece(of: item, index: index, clipped, line: lineRange)
            out.append(piece)
        }
    }

    /// The glyphs of `piece` of item `index`, shaped with the line as context (cached per call).
    func reshapedPiece(of item: Item, index: Int, _ piece: Range<Int>, line: Range<Int>) -> Range<Int> {
        let key = LayoutScratch.PieceKey(item: index, range: piece, context: line)
        if let glyphs = scratch.piece(key) { return glyphs }
        let glyphs = shape(item, range: piece, context: line)
        scratch.pieces.append((key, glyphs))
        return glyphs
    }

    /// White space that hangs at a line end: bidi classes WS and S, and BN (zero width).
    func isHangingSpace(_ i: Int) -> Bool {
        switch classes[i] {
        case .whiteSpace, .segmentSeparator, .boundaryNeutral: return true
        default: return false
        }
    }

    /// Reorders one line (L1–L2 on the isolated text), cuts it into runs of one item and one level in
    /// visual order, reshapes items the line cuts, and positions the glyphs from x = 0.
    func buildLine(
        _ lineRange: Range<Int>, paragraph: Int, paragraphRange: Range<Int>, base: UInt8, items: [Item],
        isolated: IsolatedText, transformed: Range<Int>, attributes: AttributeMap
    ) -> LayoutLine {
        var line = LayoutLine(
            range: lineRange, paragraph: paragraph, x: 0, baseline: 0, width: 0, contentWidth: 0, ascent: 0,
            descent: 0, lineGap: 0, runs: [])
        guard !lineRange.isEmpty else {
            setMetrics(&line, font: emptyLineFont(at: lineRange.lowerBound, attributes: attributes))
            return line
        }
        // L1–L2 on the transformed line; inserted controls are dropped from the order.
        let tLine = isolated.transformedRange(lineRange)
        let lo = tLine.lowerBound - transformed.lowerBound
        let hi = tLine.upperBound - transformed.lowerBound
        // Items cut by the line's edges are reshaped with the line as context. They partition the
        // line: note the item of each code point.
        // The line's working arrays are the scratch's, taken for the call and given back.
        var (lineItems, itemAt, groups, fonts) = (scratch.lineItems, scratch.itemAt, scratch.groups, scratch.lineFonts)
        (scratch.lineItems, scratch.itemAt, scratch.groups, scratch.lineFonts) = ([], [], [], [])
        defer { (scratch.lineItems, scratch.itemAt, scratch.groups, scratch.lineFonts) = (lineItems, itemAt, groups, fonts) }
        self.lineItems(items, lineRange, into: &lineItems)
        itemAt.removeAll(keepingCapacity: true)
        for (k, item) in lineItems.enumerated() {
            for _ in 0..<item.range.count { itemAt.append(Int32(k)) }
        }
        // Runs: maximal visual stretches of one item and one level (inserted controls dropped).
        groups.removeAll(keepingCapacity: true)
        bidi.withLineOrder(lo..<hi, baseLevel: base) { order, bidiLevels in
            for t32 in order {
                let t = Int(t32)
                let index = isolated.originalIndex[t + transformed.lowerBound]
                guard index >= 0 else { continue }
                let level = bidiLevels[t]
                let item = Int(itemAt[index - lineRange.lowerBound])
                if var last = groups.last, last.item == item, last.level == level, index == last.lo - 1 || index == last.hi {
                    last.lo = min(last.lo, index)
                    last.hi = max(last.hi, index + 1)
                    groups[groups.count - 1] = last
                } else {
                    groups.append((item, level, index, index + 1))
                }
            }
        }
        var pen = 0.0
        fonts.removeAll(keepingCapacity: true)
        line.runs.reserveCapacity(groups.count)
        scratch.glyphs.withUnsafeBufferPointer { all in
            for group in groups {
                let item = lineItems[group.item]
                // The group's glyphs: clusters are monotone in an item's glyphs (HarfBuzz's monotone
                // graphemes level), so those of [lo, hi) are one stretch of them.
                let glyphs = UnsafeBufferPointer(rebasing: all[item.glyphs])
                var first = 0
                while first < glyphs.count, !(group.lo..<group.hi).contains(glyphs[first].cluster) { first += 1 }
                var last = first
                while last < glyphs.count, (group.lo..<group.hi).contains(glyphs[last].cluster) { last += 1 }
                let runX = pen
                let reversed = group.level & 1 != item.level & 1  // L1-reset white space
                // (Reserve and append: `init(unsafeUninitializedCapacity:)` allocates through the
                // standard library's unspecialized path, several hundred instructions more a run.)
                var positioned: [PositionedGlyph] = []
                positioned.reserveCapacity(last - first)
                for k in 0..<(last - first) {
                    let g = glyphs[reversed ? last - 1 - k : first + k]
                    positioned.append(PositionedGlyph(id: g.id, cluster: g.cluster, x: pen + g.xOffset, y: -g.yOffset, advance: g.xAdvance))
                    pen += g.xAdvance
                }
                if !fonts.contains(item.font) { fonts.append(item.font) }
                line.runs.append(LayoutRun(
                    range: group.lo..<group.hi, level: group.level, script: item.script.string, language: language(item),
                    font: font(item).descriptor, size: options.size, x: runX, advance: pen - runX, glyphs: positioned))
            }
        }
        line.width = pen
        let contentEnd = visibleEnd(lineRange.lowerBound, lineRange.upperBound)
        var trailing = 0.0
        for item in lineItems where item.range.upperBound > contentEnd {
            for g in scratch.glyphs[item.glyphs] where g.cluster >= contentEnd { trailing += g.xAdvance }
        }
        line.contentWidth = pen - trailing
        for font in fonts { setMetrics(&line, font: scratch.fonts[Int(font)]) }
        return line
    }

    /// The font whose metrics an empty line takes: the chain's first font for a space.
    func emptyLineFont(at index: Int, attributes: AttributeMap) -> Font {
        let a = index < scalars.count ? attributes[index] : attributes.table[0]
        return registry.font(for: [" "], script: ScriptResolver.common, locale: a.locale, weight: a.weight, style: a.style).font
    }

    /// Grows the line's ascent, descent and gap to hold `font`'s.
    func setMetrics(_ line: inout LayoutLine, font: Font) {
        let m = font.metrics(size: options.size)
        line.ascent = max(line.ascent, m.ascent)
        line.descent = max(line.descent, m.descent)
        line.lineGap = max(line.lineGap, m.lineGap)
    }

    /// Moves a line to its alignment within `width`, and turns glyph y offsets into absolute y.
    /// Trailing white space hangs past the end edge: the content, not the spaces, is aligned.
    func align(_ line: inout LayoutLine, width: Double, paragraphDirection: TextDirection) {
        let rtl = paragraphDirection == .rightToLeft
        let trailing = line.width - line.contentWidth
        // Where the content's left edge goes, then the line's (spaces sit left of RTL content).
        let edge: TextAlignment = {
            switch options.alignment {
            case .natural: return rtl ? .right : .left
            case .leading: return options.layoutDirection == .rightToLeft ? .right : .left
            case .trailing: return options.layoutDirection == .rightToLeft ? .left : .right
            case .left, .right, .center: return options.alignment
            }
        }()
        let contentX: Double
        switch edge {
        case .right: contentX = width - line.contentWidth
        case .center: contentX = (width - line.contentWidth) / 2
        default: contentX = 0
        }
        let x = rtl ? contentX - trailing : contentX
        line.x = x
        let baseline = line.baseline
        for r in line.runs.indices {
            line.runs[r].x += x
            line.runs[r].glyphs.withUnsafeMutableBufferPointer { glyphs in
                for g in glyphs.indices {
                    glyphs[g].x += x
                    glyphs[g].y += baseline
                }
            }
        }
    }
}
