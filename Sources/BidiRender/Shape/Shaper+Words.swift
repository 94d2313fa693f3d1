// Shaper+Words: a run shaped word by word through the shaping cache — where words start, the
// joining context at the run's edges, and each word's cache key.

/// The shaping cache's keys of a run's words: the run's font, script, language id and direction,
/// with the joining context at the run's two edges (on its first and last word only).
struct WordKeys {
    /// The key of a word with the run's context on both sides.
    var run: ShapeKey
    /// The number of words in the run.
    var count: Int

    /// The key of word `j`.
    @inline(__always)
    func key(_ j: Int) -> ShapeKey {
        var key = run
        if j != 0 { key.before = 0 }
        if j != count - 1 { key.after = 0 }
        return key
    }
}

extension Shaper {
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
        let keys = WordKeys(
            run: ShapeKey(
                font: ObjectIdentifier(font), script: script, language: languageID, rightToLeft: rightToLeft,
                before: runBefore, after: runAfter),
            count: wordCount)
        let cacheableLanguage = languageID != ShapeCache.uncachedLanguage
        let longestWord = cache.limits.longestWord
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
            let key = keys.key(index)
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
                batchCut = shapeMissedWords(
                    from: index, keys: keys, text: text, range: range, cache: cache, font: font, language: language,
                    features: features)
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

    /// The code point of context HarfBuzz sees before the run's first word, when the word starts
    /// with no space: the nearest one before the run that is not transparent to joining (marks
    /// between it and the run are passed over, as HarfBuzz's joining passes over them), when it
    /// joins (Arabic joining); else 0.
    @inline(__always)
    static func contextBefore(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ context: Range<Int>) -> UInt32 {
        guard range.lowerBound > context.lowerBound, !isWordSpace(text[range.lowerBound]),
            ICUUnicode.isJoining(text[range.lowerBound - 1])
        else { return 0 }
        var i = range.lowerBound - 1
        while i > context.lowerBound, ICUUnicode.isTransparentJoining(text[i]) { i -= 1 }
        return joiningContext(text[i])
    }

    /// The code point of context after the run's last word, as `contextBefore`.
    @inline(__always)
    static func contextAfter(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>, _ context: Range<Int>) -> UInt32 {
        guard range.upperBound < context.upperBound, !isWordSpace(text[range.upperBound - 1]),
            ICUUnicode.isJoining(text[range.upperBound])
        else { return 0 }
        var i = range.upperBound
        while i < context.upperBound - 1, ICUUnicode.isTransparentJoining(text[i]) { i += 1 }
        return joiningContext(text[i])
    }

    /// `c` as context when it joins and is not transparent to joining, else 0 (no context).
    @inline(__always)
    private static func joiningContext(_ c: UInt32) -> UInt32 {
        ICUUnicode.isJoining(c) && !ICUUnicode.isTransparentJoining(c) ? c : 0
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
    static func isIdeograph(_ c: UInt32) -> Bool {
        (ScriptResolver.fastScript(c) ?? HarfBuzzUnicode.script(c)).isIdeographic
    }

    /// Cuts `text[range]` into words, as `shapeWords` says, into the first entries of `words`
    /// (overwritten, not emptied first: `removeAll(keepingCapacity:)` costs a generic range
    /// replacement per call). Returns the number of words. A word starts where `startsWord` says,
    /// found here in one pass that carries the previous code point's properties.
    static func splitWords(
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
}
