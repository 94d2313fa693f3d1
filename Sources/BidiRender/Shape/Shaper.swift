// Shaper: HarfBuzz shaping of one run — a range of one direction, script, language and font — with
// the rest of its paragraph as context, into glyphs positioned in px.

/// Shapes runs with HarfBuzz. It reuses one hb_buffer, so it is not Sendable: use one per thread.
///
/// Its working arrays skip dynamic exclusivity checks (`@exclusivity(unchecked)`), which cost about
/// 100 instructions each, several times a word. That is sound: the arrays are private, a Shaper is
/// used by one thread (it is not Sendable; each layout scratch owns one), and no method re-enters
/// another while it holds one of them (HarfBuzz calls no Swift back).
public final class Shaper {
    private let buffer = HBBuffer()
    @exclusivity(unchecked) private var context: [UInt32] = []
    @exclusivity(unchecked) private var raw: [RawGlyph] = []
    @exclusivity(unchecked) private var words: [Range<Int>] = []
    /// The longest run of non-starters in any piece this shaper has handed to HarfBuzz (at most
    /// `StreamSafe.maxNonStarters`); tests read and reset it.
    @exclusivity(unchecked) var longestNonStarterRun = 0

    /// A shaper with its own hb_buffer.
    public init() {}

    /// Shapes `range` of `text`, with `text[context]` (normally the whole paragraph) visible to
    /// HarfBuzz so that joining and kerning see across the run's edges.
    ///
    /// - Parameters:
    ///   - text: the original text's scalars; clusters are offsets into it.
    ///   - range: the run, within `context`.
    ///   - context: the text HarfBuzz sees around the run (nil: the run alone).
    ///   - font: the font to shape with; its HarfBuzz font is shared and immutable.
    ///   - direction: the run's direction (from its bidi level). HarfBuzz mirrors characters like "("
    ///     in RTL runs and returns the glyphs in visual order.
    ///   - script: ISO 15924 tag ("Arab", "Hani", "Latn").
    ///   - language: BCP 47 tag, or nil.
    ///   - size: px per em.
    public func shape(
        _ text: [Unicode.Scalar], range: Range<Int>, context: Range<Int>? = nil, font: Font,
        direction: TextDirection, script: ScriptTag, language: LocaleTag?, size: Double
    ) -> ShapedRun {
        let tag = script
        let context = context ?? range
        self.context.removeAll(keepingCapacity: true)
        self.context.append(contentsOf: text[context].lazy.map(\.value))
        raw.removeAll(keepingCapacity: true)
        self.context.withUnsafeBufferPointer { codepoints in
            harfBuzzShape(
                font, text: codepoints,
                item: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
                rightToLeft: direction == .rightToLeft, script: tag, language: language?.normalized, cancellable: false)
        }
        return run(range: range, font: font, direction: direction, script: script, language: language, size: size, clusterBase: context.lowerBound)
    }

    /// Shapes `codePoints[item]` with the code points around it as context (HarfBuzz reads at most
    /// five on each side). Clusters are offsets into `codePoints` plus `clusterBase`.
    func shape(
        codePoints: UnsafeBufferPointer<UInt32>, item: Range<Int>, clusterBase: Int, font: Font,
        direction: TextDirection, script: ScriptTag, language: String?, size: Double, features: HBFeatures? = nil
    ) -> ShapedRun {
        let window = max(0, item.lowerBound - 8)..<min(codePoints.count, item.upperBound + 8)
        raw.removeAll(keepingCapacity: true)
        harfBuzzShape(
            font, text: UnsafeBufferPointer(rebasing: codePoints[window]),
            item: (item.lowerBound - window.lowerBound)..<(item.upperBound - window.lowerBound),
            rightToLeft: direction == .rightToLeft, script: script, language: language, features: features)
        return run(
            range: (clusterBase + item.lowerBound)..<(clusterBase + item.upperBound), font: font, direction: direction,
            script: script, language: language.map { LocaleTag($0) }, size: size, clusterBase: clusterBase + window.lowerBound)
    }

    /// Code points after which a word ends for the shaping cache (a word keeps its trailing spaces).
    @inline(__always)
    static func isWordSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0xA0 || c == 0x3000 || c == 0x09 }

    /// Shapes `text[range]` (one run of one font, direction, script and language) word by word
    /// through `cache`, and appends its glyphs, in visual order and in px at `size`, to `output`.
    /// Clusters are offsets into `text` plus `clusterBase`.
    ///
    /// A word runs up to and including its trailing spaces; in an ideographic script a word also ends
    /// between two ideographs (Han, Hiragana, Katakana by their own Script property; a CJK font may
    /// kern the digits and Latin among them, so those stay together), at grapheme cluster starts
    /// (`clusterStarts`). At the run's two edges HarfBuzz sees the neighbouring code point inside
    /// `context` when it joins (HarfBuzz reads context for cursive joining only; a space or a
    /// non-joining neighbour changes nothing, so it stays out of the key), and no context between
    /// words: joining never crosses a space. The tests check that this equals shaping the run whole,
    /// on the corpus.
    func shapeWords(
        text: UnsafeBufferPointer<UInt32>, range: Range<Int>, context: Range<Int>,
        clusterStarts: UnsafeBufferPointer<Bool>, font: Font, rightToLeft: Bool, script: ScriptTag,
        language: String?, languageID: UInt32, size: Double, clusterBase: Int, cache: ShapeCache,
        features: HBFeatures? = nil, into output: inout [ShapedGlyph]
    ) {
        guard !range.isEmpty else { return }
        let wordCount = Self.splitWords(text, range, clusterStarts: clusterStarts, script: script, into: &words)
        let scale = size / Double(font.hbFont.unitsPerEm)
        var sinceCheck = 0
        for n in 0..<wordCount {
            let w = words[rightToLeft ? wordCount - 1 - n : n]
            // Cancellation (see LayoutEngine.layout): every 4,096 code points, stop early; the
            // caller throws.
            sinceCheck &+= w.count
            if sinceCheck >= 4_096 {
                sinceCheck = 0
                if Task.isCancelled { return }
            }
            var before: UInt32 = 0
            if w.lowerBound == range.lowerBound, w.lowerBound > context.lowerBound,
                !Self.isWordSpace(text[w.lowerBound]), ICUUnicode.isJoining(text[w.lowerBound - 1])
            {
                before = text[w.lowerBound - 1]
            }
            var after: UInt32 = 0
            if w.upperBound == range.upperBound, w.upperBound < context.upperBound,
                !Self.isWordSpace(text[w.upperBound - 1]), ICUUnicode.isJoining(text[w.upperBound])
            {
                after = text[w.upperBound]
            }
            let word = UnsafeBufferPointer(rebasing: text[w])
            let key = ShapeKey(
                font: ObjectIdentifier(font), script: script, language: languageID, rightToLeft: rightToLeft,
                before: before, after: after)
            let base = clusterBase + w.lowerBound
            let cacheable = word.count <= cache.limits.longestWord && languageID != ShapeCache.uncachedLanguage
            if cacheable, let hit = cache.lookup(key, word: word) {
                Self.append(cache.glyphs(hit), base: base, scale: scale, to: &output)
                continue
            }
            shapeWord(
                word, before: before, after: after, font: font, rightToLeft: rightToLeft, script: script, language: language,
                features: features)
            let glyphs = raw.lazy.map(CachedGlyph.init)
            if cacheable, let stored = cache.insert(key, font: font, word: word, glyphs: glyphs) {
                Self.append(cache.glyphs(stored), base: base, scale: scale, to: &output)
            } else {
                Self.append(glyphs, base: base, scale: scale, to: &output)
            }
        }
    }

    /// Cuts `text[range]` into words, as `shapeWords` says, into the first entries of `words`
    /// (overwritten, not emptied first: `removeAll(keepingCapacity:)` costs a generic range
    /// replacement per call). Returns the number of words.
    private static func splitWords(
        _ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, clusterStarts: UnsafeBufferPointer<Bool>,
        script: ScriptTag, into words: inout [Range<Int>]
    ) -> Int {
        var wordCount = 0
        func push(_ word: Range<Int>) {
            if wordCount < words.count { words[wordCount] = word } else { words.append(word) }
            wordCount += 1
        }
        let ideographic = script.isIdeographic
        var start = range.lowerBound
        func isIdeograph(_ c: UInt32) -> Bool { (ScriptResolver.fastScript(c) ?? HarfBuzzUnicode.script(c)).isIdeographic }
        var previousIsIdeograph = ideographic && isIdeograph(text[range.lowerBound])
        var previousIsSpace = isWordSpace(text[range.lowerBound])
        for i in (range.lowerBound + 1)..<range.upperBound {
            let c = text[i]
            let ideograph = ideographic && isIdeograph(c)
            let space = isWordSpace(c)
            defer { (previousIsIdeograph, previousIsSpace) = (ideograph, space) }
            guard clusterStarts[i] else { continue }
            if (previousIsIdeograph && ideograph) || (previousIsSpace && !space) {
                push(start..<i)
                start = i
            }
        }
        push(start..<range.upperBound)
        return wordCount
    }

    /// Shapes one word with at most one code point of context on each side into `raw`, clusters
    /// made offsets into the word.
    private func shapeWord(
        _ word: UnsafeBufferPointer<UInt32>, before: UInt32, after: UInt32, font: Font, rightToLeft: Bool,
        script: ScriptTag, language: String?, features: HBFeatures?
    ) {
        context.removeAll(keepingCapacity: true)
        if before != 0 { context.append(before) }
        context.append(contentsOf: word)
        if after != 0 { context.append(after) }
        raw.removeAll(keepingCapacity: true)
        let offset = before != 0 ? 1 : 0
        context.withUnsafeBufferPointer {
            harfBuzzShape(
                font, text: $0, item: offset..<(offset + word.count), rightToLeft: rightToLeft, script: script,
                language: language, features: features)
        }
        if offset != 0 { for k in raw.indices { raw[k].cluster -= UInt32(offset) } }
    }

    /// Shapes `text[item]` with HarfBuzz (`HBFont.shape`, the rest of `text` as context) and appends
    /// the glyphs, in visual order, to `raw`: in one piece, or, where more than
    /// `StreamSafe.maxNonStarters` non-starters follow each other, in pieces cut before the 31st
    /// (UAX #15 §13), so that HarfBuzz's cost stays linear. Text without such a run is shaped
    /// exactly as by one call.
    ///
    /// The pieces are shaped in logical order, each with the text around it as context, and laid
    /// side by side in visual order. The marks that open a piece belong to the grapheme cluster the
    /// piece before ends in, so their glyphs take that cluster: clusters stay at cluster starts.
    ///
    /// With `cancellable` (a layout's shaping), the pieces stop once the task is cancelled (checked
    /// every 4,096 code points), leaving `raw` partial: the layout then throws `.cancelled`.
    private func harfBuzzShape(
        _ font: Font, text: UnsafeBufferPointer<UInt32>, item: Range<Int>, rightToLeft: Bool, script: ScriptTag,
        language: String?, features: HBFeatures? = nil, cancellable: Bool = true
    ) {
        var (cut, longest) = StreamSafe.cut(text, item)
        guard var end = cut else {
            if longest > longestNonStarterRun { longestNonStarterRun = longest }
            font.hbFont.shape(
                buffer: buffer, text: text, item: item, rightToLeft: rightToLeft, script: script, language: language,
                features: features, into: &raw)
            return
        }
        // Rare (only text built to be hostile has such runs): plain arrays, one per piece.
        var pieces: [[RawGlyph]] = []
        var start = item.lowerBound
        var previousCluster: UInt32?
        var sinceCheck = 0
        while true {
            if longest > longestNonStarterRun { longestNonStarterRun = longest }
            var glyphs: [RawGlyph] = []
            font.hbFont.shape(
                buffer: buffer, text: text, item: start..<end, rightToLeft: rightToLeft, script: script,
                language: language, features: features, continuation: start != item.lowerBound, into: &glyphs)
            if let previousCluster {
                for k in glyphs.indices where glyphs[k].cluster == UInt32(start) { glyphs[k].cluster = previousCluster }
            }
            previousCluster = glyphs.lazy.map(\.cluster).max() ?? previousCluster
            pieces.append(glyphs)
            guard end < item.upperBound else { break }
            // Cancellation (see LayoutEngine.layout): stop early; the caller throws.
            sinceCheck += end - start
            if cancellable, sinceCheck >= 4_096 {
                sinceCheck = 0
                if Task.isCancelled { break }
            }
            start = end
            (cut, longest) = StreamSafe.cut(text, start..<item.upperBound)
            end = cut ?? item.upperBound
        }
        raw.reserveCapacity(raw.count + pieces.reduce(0) { $0 + $1.count })
        if rightToLeft {
            for glyphs in pieces.reversed() { raw += glyphs }
        } else {
            for glyphs in pieces { raw += glyphs }
        }
    }

    /// Appends `glyphs` (HarfBuzz units, clusters relative to `base`) in px: HarfBuzz units × `scale`.
    private static func append(
        _ glyphs: some Collection<CachedGlyph>, base: Int, scale: Double, to output: inout [ShapedGlyph]
    ) {
        for g in glyphs {
            output.append(ShapedGlyph(
                id: g.id, cluster: base + Int(g.cluster),
                xAdvance: Double(g.xAdvance) * scale, yAdvance: Double(g.yAdvance) * scale,
                xOffset: Double(g.xOffset) * scale, yOffset: Double(g.yOffset) * scale))
        }
    }

    private func run(
        range: Range<Int>, font: Font, direction: TextDirection, script: ScriptTag, language: LocaleTag?, size: Double,
        clusterBase: Int
    ) -> ShapedRun {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(raw.count)
        Self.append(
            raw.lazy.map(CachedGlyph.init), base: clusterBase, scale: size / Double(font.hbFont.unitsPerEm), to: &glyphs)
        return ShapedRun(
            range: range, direction: direction, script: script, language: language, font: font, size: size,
            glyphs: glyphs)
    }
}
