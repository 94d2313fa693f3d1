// Shaper+Batch: the words of a run the cache missed, shaped together in one HarfBuzz call and cut
// apart where HarfBuzz says that shaping each alone gives the same glyphs.

/// A word shaped with others in one HarfBuzz call (`Shaper.shapeBatch`): where it is in the text,
/// where it starts in the code points shaped, its glyphs among theirs (empty when it cannot be cut
/// out), and whether its start is safe to cut at.
struct BatchWord {
    var range: Range<Int>
    var start = 0
    var glyphs: Range<Int> = 0..<0
    var safe = false
}

extension Shaper {
    /// Adds a word to `batch`.
    @inline(__always)
    func pushBatch(_ range: Range<Int>) {
        if batchCount < batch.count { batch[batchCount] = BatchWord(range: range) } else { batch.append(BatchWord(range: range)) }
        batchCount += 1
    }

    /// The run's first miss, at word `index`: the words from it on (in visual order) that `cache`
    /// does not hold go into `batch` (their hashes into `wordHashes`, their places into
    /// `wordBatch`), and are shaped together by `shapeBatch` when there are several. Returns
    /// whether they were cut.
    func shapeMissedWords(
        from index: Int, keys: WordKeys, text: UnsafeBufferPointer<UInt32>, range: Range<Int>, cache: ShapeCache,
        font: Font, language: String?, features: HBFeatures?
    ) -> Bool {
        batchCount = 0
        let cacheableLanguage = keys.run.language != ShapeCache.uncachedLanguage
        let longestWord = cache.limits.longestWord
        for j in (keys.run.rightToLeft ? 0..<(index + 1) : index..<keys.count) {
            let w = words[j]
            var missed = j == index
            if !missed {
                if cacheableLanguage && w.count <= longestWord {
                    let probe = keys.key(j)
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
        guard batchCount > 1 else { return false }
        return shapeBatch(
            text: text, before: batch[0].range.lowerBound == range.lowerBound ? keys.run.before : 0,
            after: batch[batchCount - 1].range.upperBound == range.upperBound ? keys.run.after : 0, font: font,
            rightToLeft: keys.run.rightToLeft, script: keys.run.script, language: language, features: features)
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
    func shapeBatch(
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
    func hasIgnorableOrNotdef(_ word: BatchWord, text: UnsafeBufferPointer<UInt32>) -> Bool {
        for k in word.glyphs where runGlyphs[k].glyph == 0 { return true }
        for i in word.range where DefaultIgnorable.contains(text[i]) { return true }
        return false
    }
}
