// Shaper: HarfBuzz shaping of one run — a range of one direction, script, language and font — with
// the rest of its paragraph as context, into glyphs positioned in px. Word by word through the
// shaping cache in Shaper+Words.swift, missed words shaped together in Shaper+Batch.swift.

/// Shapes runs with HarfBuzz. It reuses one hb_buffer, so it is not Sendable: use one per thread.
///
/// Its working arrays skip dynamic exclusivity checks (`@exclusivity(unchecked)`), which cost about
/// 100 instructions each, several times a word. That is sound: only the Shaper files touch them, a
/// Shaper is used by one thread (it is not Sendable; each layout scratch owns one), and no method re-enters
/// another while it holds one of them (HarfBuzz calls no Swift back).
@_spi(Tools) public final class Shaper {
    let buffer = HBBuffer()
    /// The code points handed to HarfBuzz; `shapeBatch` and `shapeWord` use its first `staged`
    /// (overwritten, not emptied: see `batch`).
    @exclusivity(unchecked) var context: [UInt32] = []
    @exclusivity(unchecked) var staged = 0
    @exclusivity(unchecked) var raw: [RawGlyph] = []
    @exclusivity(unchecked) var words: [Range<Int>] = []
    /// Words shaped together in one HarfBuzz call (`shapeBatch`): the first `batchCount` of `batch`
    /// (entries past it are stale, kept to be overwritten: `removeAll(keepingCapacity:)` costs a
    /// generic range replacement a call), and their glyphs, together.
    @exclusivity(unchecked) var batch: [BatchWord] = []
    @exclusivity(unchecked) var batchCount = 0
    @exclusivity(unchecked) var runGlyphs: [RawGlyph] = []
    /// Per word of the run being shaped, once the cache has been asked about it: its index in
    /// `batch` (-1 for none) and its hash.
    @exclusivity(unchecked) var wordBatch: [Int] = []
    @exclusivity(unchecked) var wordHashes: [UInt32] = []
    /// Whether missed words, when several, are shaped together and cut (`shapeBatch`); the tests
    /// turn it off to compare with shaping word by word.
    @exclusivity(unchecked) var shapesRunsOnce = true
    /// The longest run of non-starters in any piece this shaper has handed to HarfBuzz (at most
    /// `StreamSafe.maxNonStarters`); tests read and reset it.
    @exclusivity(unchecked) var longestNonStarterRun = 0
    /// How many code points the latest `shapeBatch` handed to HarfBuzz; tests read it.
    @exclusivity(unchecked) var lastBatchCodePoints = 0

    /// The glyphs of one word on their way into the cache (`cut`): a plain buffer of trivial values
    /// this shaper owns and frees.
    @exclusivity(unchecked) var cutGlyphs = UnsafeMutablePointer<CachedGlyph>.allocate(capacity: 64)
    @exclusivity(unchecked) var cutCapacity = 64

    /// A shaper with its own hb_buffer.
    public init() {}

    deinit { cutGlyphs.deallocate() }

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

    /// Appends to the code points staged for HarfBuzz (the first `staged` of `context`).
    @inline(__always)
    func stage(_ c: UInt32) {
        if staged < context.count { context[staged] = c } else { context.append(c) }
        staged += 1
    }

    func stage(_ codePoints: UnsafeBufferPointer<UInt32>) {
        guard let source = codePoints.baseAddress, !codePoints.isEmpty else { return }
        let end = staged + codePoints.count
        if context.count < end { context.append(contentsOf: repeatElement(0, count: end - context.count)) }
        context.withUnsafeMutableBufferPointer { ($0.baseAddress! + staged).update(from: source, count: codePoints.count) }  // no-trap: context holds end > 0 entries (guard above)
        staged = end
    }

    /// `glyphs` as the cache stores them, clusters less `shift`, in `cutGlyphs` (valid until the
    /// next call).
    func cut(_ glyphs: UnsafeBufferPointer<RawGlyph>, shift: Int) -> UnsafeBufferPointer<CachedGlyph> {
        if glyphs.count > cutCapacity {
            cutGlyphs.deallocate()
            cutCapacity = max(glyphs.count, 2 * cutCapacity)
            cutGlyphs = .allocate(capacity: cutCapacity)
        }
        for k in 0..<glyphs.count {
            var g = CachedGlyph(glyphs[k])
            g.cluster &-= UInt32(shift)
            (cutGlyphs + k).initialize(to: g)
        }
        return UnsafeBufferPointer(start: cutGlyphs, count: glyphs.count)
    }

    /// Lets go of the working arrays a very long run grew (as ShapeScratch lets go of its own).
    func trim() {
        if runGlyphs.capacity > TextBuffer.keepLimit || words.capacity > TextBuffer.keepLimit
            || batch.capacity > TextBuffer.keepLimit
        {
            (runGlyphs, words, batch, wordBatch, wordHashes, batchCount) = ([], [], [], [], [], 0)
        }
    }

    /// Shapes one word with at most one code point of context on each side into `raw`, clusters
    /// made offsets into the word.
    func shapeWord(
        _ word: UnsafeBufferPointer<UInt32>, before: UInt32, after: UInt32, font: Font, rightToLeft: Bool,
        script: ScriptTag, language: String?, features: HBFeatures?
    ) {
        staged = 0
        if before != 0 { stage(before) }
        stage(word)
        if after != 0 { stage(after) }
        raw.removeAll(keepingCapacity: true)
        let offset = before != 0 ? 1 : 0
        context.withUnsafeBufferPointer {
            harfBuzzShape(
                font, text: UnsafeBufferPointer(rebasing: $0[0..<staged]), item: offset..<(offset + word.count), rightToLeft: rightToLeft, script: script,
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
    func harfBuzzShape(
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
    static func append(
        _ glyphs: some Collection<CachedGlyph>, base: Int, scale: Double, to output: inout [ShapedGlyph]
    ) {
        for g in glyphs {
            output.append(ShapedGlyph(
                id: g.id, unsafeToBreak: g.unsafeToBreak, cluster: base + Int(g.cluster),
                xAdvance: Double(g.xAdvance) * scale, yAdvance: Double(g.yAdvance) * scale,
                xOffset: Double(g.xOffset) * scale, yOffset: Double(g.yOffset) * scale))
        }
    }

    func run(
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
