// Shaper: HarfBuzz shaping of one run — a range of one direction, script, language and font — with
// the rest of its paragraph as context, into glyphs positioned in px.

/// A word shaped with others in one HarfBuzz call (`Shaper.shapeBatch`): where it is in the text,
/// where it starts in the code points shaped, its glyphs among theirs (empty when it cannot be cut
/// out), and whether its start is safe to cut at.
private struct BatchWord {
    var range: Range<Int>
    var start = 0
    var glyphs: Range<Int> = 0..<0
    var safe = false
}

/// Shapes runs with HarfBuzz. It reuses one hb_buffer, so it is not Sendable: use one per thread.
///
/// Its working arrays skip dynamic exclusivity checks (`@exclusivity(unchecked)`), which cost about
/// 100 instructions each, several times a word. That is sound: the arrays are private, a Shaper is
/// used by one thread (it is not Sendable; each layout scratch owns one), and no method re-enters
/// another while it holds one of them (HarfBuzz calls no Swift back).
public final class Shaper {
    private let buffer = HBBuffer()
    /// The code points handed to HarfBuzz; `shapeBatch` and `shapeWord` use its first `staged`
    /// (overwritten, not emptied: see `batch`).
    @exclusivity(unchecked) private var context: [UInt32] = []
    @exclusivity(unchecked) private var staged = 0
    @exclusivity(unchecked) private var raw: [RawGlyph] = []
    @exclusivity(unchecked) private var words: [Range<Int>] = []
    /// Words shaped together in one HarfBuzz call (`shapeBatch`): the first `batchCount` of `batch`
    /// (entries past it are stale, kept to be overwritten: `removeAll(keepingCapacity:)` costs a
    /// generic range replacement a call), and their glyphs, together.
    @exclusivity(unchecked) private var batch: [BatchWord] = []
    @exclusivity(unchecked) private var batchCount = 0
    @exclusivity(unchecked) private var runGlyphs: [RawGlyph] = []
    /// Per word of the run being shaped, once the cache has been asked about it: its index in
    /// `batch` (-1 for none) and its hash.
    @exclusivity(unchecked) private var wordBatch: [Int] = []
    @exclusivity(unchecked) private var wordHashes: [UInt32] = []
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
    @exclusivity(unchecked) private var cutGlyphs = UnsafeMutablePointer<CachedGlyph>.allocate(capacity: 64)
    @exclusivity(unchecked) private var cutCapacity = 64

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
        defer { trim() }
        let wordCount = Self.splitWords(text, range, clusterStarts: clusterStarts, script: script, into: &words)
        if wordBatch.count < wordCount {
            wordHashes.append(contentsOf: repeatElement(0, count: wordCount - wordBatch.count))
            wordBatch.append(contentsOf: repeatElement(-1, count: wordCount - wordBatch.count))
        }
        let scale = size / Double(font.hbFont.unitsPerEm)
        let runBefore = Self.contextBefore(text, range, context)
        let runAfter = Self.contextAfter(text, range, context)
        let fontID = ObjectIdentifier(font)
        let cacheableLanguage = languageID != ShapeCache.uncachedLanguage
        let longestWord = cache.limits.longestWord
        @inline(__always) func keyOf(_ j: Int) -> ShapeKey {
            ShapeKey(
                font: fontID, script: script, language: languageID, rightToLeft: rightToLeft,
                before: j == 0 ? runBefore : 0, after: j == wordCount - 1 ? runAfter : 0)
        }
        var sinceCheck = 0
        var batchCut = false
        // Whether the words from the first miss on have been shaped (`shapeBatch`).
        var batchShaped = false
        for n in 0..<wordCount {
            let index = rightToLeft ? wordCount - 1 - n : n
            let w = words[index]
            // Cancellation (see LayoutEngine.layout): every 4,096 code points, stop early; the
            // caller throws.
            sinceCheck &+= w.count
            if sinceCheck >= 4_096 {
                sinceCheck = 0
                if Task.isCancelled { return }
            }
            let word = UnsafeBufferPointer(rebasing: text[w])
            let key = keyOf(index)
            let base = clusterBase + w.lowerBound
            let cacheable = cacheableLanguage && w.count <= longestWord
            // Past the first miss, the cache has been asked about the word, and its hash kept.
            let hash = cacheable ? (batchShaped ? wordHashes[index] : ShapeCache.hash(key, word)) : 0
            if cacheable, let hit = cache.lookup(key, word: word, hash: hash) {
                Self.append(cache.glyphs(hit), base: base, scale: scale, to: &output)
                continue
            }
            // The run's first miss: the words from here on (in visual order) that the cache does
            // not hold, when there are several, are shaped in one HarfBuzz call, and each one's
            // glyphs taken out of it where HarfBuzz says that is what shaping the word alone gives.
            if !batchShaped, shapesRunsOnce {
                batchShaped = true
                batchCount = 0
                for j in (rightToLeft ? 0..<(index + 1) : index..<wordCount) {
                    let w = words[j]
                    var missed = j == index
                    if !missed {
                        if cacheableLanguage && w.count <= longestWord {
                            let probe = keyOf(j)
                            let word = UnsafeBufferPointer(rebasing: text[w])
                            let hash = ShapeCache.hash(probe, word)
                            wordHashes[j] = hash
                            missed = !cache.contains(probe, word: word, hash: hash)
                        } else {
                            missed = true
                        }
                    }
                    if missed {
                        wordBatch[j] = batchCount
                        pushBatch(w)
                    } else {
                        wordBatch[j] = -1
                    }
                }
                if batchCount > 1 {
                    batchCut = shapeBatch(
                        text: text, before: batch[0].range.lowerBound == range.lowerBound ? runBefore : 0,
                        after: batch[batchCount - 1].range.upperBound == range.upperBound ? runAfter : 0, font: font,
                        rightToLeft: rightToLeft, script: script, language: language, features: features)
                }
            }
            let glyphs: UnsafeBufferPointer<CachedGlyph>
            if batchCut, wordBatch[index] >= 0, !batch[wordBatch[index]].glyphs.isEmpty {
                let b = batch[wordBatch[index]]
                glyphs = runGlyphs.withUnsafeBufferPointer { cut(UnsafeBufferPointer(rebasing: $0[b.glyphs]), shift: b.start) }
            } else {
                shapeWord(
                    word, before: key.before, after: key.after, font: font, rightToLeft: rightToLeft, script: script,
                    language: language, features: features)
                glyphs = raw.withUnsafeBufferPointer { cut($0, shift: 0) }
            }
            if cacheable, let stored = cache.insert(key, font: font, word: word, hash: hash, glyphs: glyphs) {
                Self.append(cache.glyphs(stored), base: base, scale: scale, to: &output)
            } else {
                Self.append(glyphs, base: base, scale: scale, to: &output)
            }
        }
    }

    /// Appends to the code points staged for HarfBuzz (the first `staged` of `context`).
    @inline(__always)
    private func stage(_ c: UInt32) {
        if staged < context.count { context[staged] = c } else { context.append(c) }
        staged += 1
    }

    private func stage(_ codePoints: UnsafeBufferPointer<UInt32>) {
        guard let source = codePoints.baseAddress else { return }
        let end = staged + codePoints.count
        if context.count < end { context.append(contentsOf: repeatElement(0, count: end - context.count)) }
        context.withUnsafeMutableBufferPointer { ($0.baseAddress! + staged).update(from: source, count: codePoints.count) }
        staged = end
    }

    /// `glyphs` as the cache stores them, clusters less `shift`, in `cutGlyphs` (valid until the
    /// next call).
    private func cut(_ glyphs: UnsafeBufferPointer<RawGlyph>, shift: Int) -> UnsafeBufferPointer<CachedGlyph> {
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

    /// Adds a word to `batch`.
    @inline(__always)
    private func pushBatch(_ range: Range<Int>) {
        if batchCount < batch.count { batch[batchCount] = BatchWord(range: range) } else { batch.append(BatchWord(range: range)) }
        batchCount += 1
    }

    /// Lets go of the working arrays a very long run grew (as ShapeScratch lets go of its own).
    private func trim() {
        if runGlyphs.capacity > TextBuffer.keepLimit || words.capacity > TextBuffer.keepLimit
            || batch.capacity > TextBuffer.keepLimit
        {
            (runGlyphs, words, batch, wordBatch, wordHashes, batchCount) = ([], [], [], [], [], 0)
        }
    }

    /// The code point of context HarfBuzz sees before the run's first word: the one before the run
    /// when the word starts with no space and that code point joins (Arabic joining), else 0.
    @inline(__always)
    private static func contextBefore(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ context: Range<Int>) -> UInt32 {
        guard range.lowerBound > context.lowerBound, !isWordSpace(text[range.lowerBound]),
            ICUUnicode.isJoining(text[range.lowerBound - 1])
        else { return 0 }
        return text[range.lowerBound - 1]
    }

    /// The code point of context after the run's last word, as `contextBefore`.
    @inline(__always)
    private static func contextAfter(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ context: Range<Int>) -> UInt32 {
        guard range.upperBound < context.upperBound, !isWordSpace(text[range.upperBound - 1]),
            ICUUnicode.isJoining(text[range.upperBound])
        else { return 0 }
        return text[range.upperBound]
    }

    /// Shapes the words of `batch` (text ranges of one font, script, direction and language, in
    /// logical order) in one HarfBuzz call, side by side, with `before` as context before the first
    /// and `after` after the last (0 for none), into `runGlyphs`, and finds each word's glyphs there
    /// (`BatchWord.glyphs`; their clusters count from `BatchWord.start`). A word's glyphs are usable
    /// when each of its inner edges starts a cluster whose glyphs HarfBuzz did not flag
    /// HB_GLYPH_FLAG_UNSAFE_TO_BREAK: HarfBuzz then guarantees that shaping the word apart gives
    /// exactly those glyphs, which is what `shapeWord` would have computed (and what the cache
    /// holds). Otherwise the word's glyph range stays empty and it is shaped alone (so are words
    /// with a default-ignorable code point or a .notdef, words against their script's direction and
    /// left-to-right words with joining context; see below). One HarfBuzz call instead of one per
    /// word is most of what a cold layout saves here (Chinese has a "word" per ideograph), and
    /// shaping only the missed words, not their whole runs, what a warm one saves. Returns false
    /// when the words are not cut this way or need cutting for HarfBuzz (`StreamSafe`), which only
    /// hostile text does.
    private func shapeBatch(
        text: UnsafeBufferPointer<UInt32>, before: UInt32, after: UInt32, font: Font, rightToLeft: Bool,
        script: ScriptTag, language: String?, features: HBFeatures?
    ) -> Bool {
        // A run against its script's direction (Arabic-Indic digits at an even level, Latin at an
        // odd one) HarfBuzz shapes reversed, and HarfBuzz 6.0 then flags the wrong side of a
        // kerning pair and applies the context to the far end. A left-to-right run with joining
        // context is not the sum of its words either. Those are shaped word by word.
        guard HarfBuzzUnicode.isNativeDirection(script, rightToLeft: rightToLeft), batchCount > 0 else { return false }
        if !rightToLeft, before != 0 || after != 0 { return false }
        staged = 0
        if before != 0 { stage(before) }
        let start = staged
        for b in 0..<batchCount {
            batch[b].start = staged
            stage(UnsafeBufferPointer(rebasing: text[batch[b].range]))
        }
        let end = staged
        lastBatchCodePoints = end - start
        if after != 0 { stage(after) }
        let usable = context.withUnsafeBufferPointer { all -> Bool in
            let codePoints = UnsafeBufferPointer(rebasing: all[0..<staged])
            let (cut, longest) = StreamSafe.cut(codePoints, start..<end)
            guard cut == nil else { return false }
            if longest > longestNonStarterRun { longestNonStarterRun = longest }
            runGlyphs.removeAll(keepingCapacity: true)
            font.hbFont.shape(
                buffer: buffer, text: codePoints, item: start..<end, rightToLeft: rightToLeft, script: script,
                language: language, features: features, into: &runGlyphs)
            return true
        }
        guard usable else { return false }
        batch[0].safe = true
        // Monotone clusters: ascending left to right in LTR, descending in RTL. Walk the glyphs in
        // logical order, give each its word, and note whether a word's first cluster starts exactly
        // at the word with no glyph of it flagged.
        let count = runGlyphs.count
        let shaped = batchCount
        var b = 0
        for k in 0..<count {
            let p = rightToLeft ? count - 1 - k : k
            let cluster = Int(runGlyphs[p].cluster)
            while b + 1 < shaped, cluster >= batch[b + 1].start { b += 1 }
            let glyphs = batch[b].glyphs
            if glyphs.isEmpty {
                batch[b].glyphs = p..<(p + 1)
                if b > 0, cluster == batch[b].start { batch[b].safe = true }
            } else {
                batch[b].glyphs = min(glyphs.lowerBound, p)..<max(glyphs.upperBound, p + 1)
            }
            if runGlyphs[p].unsafeToBreak, cluster == batch[b].start, b > 0 { batch[b].safe = false }
        }
        for b in 0..<shaped
        where !batch[b].safe || (b + 1 < shaped && !batch[b + 1].safe) || hasIgnorableOrNotdef(batch[b], text: text) {
            batch[b].glyphs = 0..<0
        }
        return true
    }

    /// Whether a word holds a default-ignorable code point or shaped to a .notdef glyph. HarfBuzz
    /// 6.0 does not flag the edges of those reliably: "❤️ " in a font without U+2764 puts the hidden
    /// variation selector's glyph before the .notdef when shaped alone and after it inside a run, with
    /// no HB_GLYPH_FLAG_UNSAFE_TO_BREAK. Such words are shaped alone.
    private func hasIgnorableOrNotdef(_ word: BatchWord, text: UnsafeBufferPointer<UInt32>) -> Bool {
        for k in word.glyphs where runGlyphs[k].glyph == 0 { return true }
        for i in word.range where DefaultIgnorable.contains(text[i]) { return true }
        return false
    }

    /// Whether `shapeWords` starts a word at `i` inside a run of `script` that holds `i - 1` too:
    /// `i` starts a grapheme cluster and ends white space, or stands between two ideographs in an
    /// ideographic run (the rule of `splitWords`).
    static func startsWord(at i: Int, _ text: UnsafeBufferPointer<UInt32>, clusterStarts: UnsafeBufferPointer<Bool>, script: ScriptTag) -> Bool {
        guard clusterStarts[i] else { return false }
        if isWordSpace(text[i - 1]) && !isWordSpace(text[i]) { return true }
        return script.isIdeographic && isIdeograph(text[i - 1]) && isIdeograph(text[i])
    }

    /// Whether `c` is an ideograph by its own Script property (Han, Hiragana, Katakana).
    @inline(__always)
    private static func isIdeograph(_ c: UInt32) -> Bool {
        (ScriptResolver.fastScript(c) ?? HarfBuzzUnicode.script(c)).isIdeographic
    }

    /// Cuts `text[range]` into words, as `shapeWords` says, into the first entries of `words`
    /// (overwritten, not emptied first: `removeAll(keepingCapacity:)` costs a generic range
    /// replacement per call). Returns the number of words. A word starts where `startsWord` says,
    /// found here in one pass that carries the previous code point's properties.
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
