// ClusterFontPicker: the font of each grapheme cluster, in order — the itemizer's one font policy:
// emoji presentation first, then the chain's first font, font continuity, the rest of the chain,
// and last the registry's fallback (a system font or .notdef).

/// Picks the font of each cluster of one paragraph, in logical order; it remembers the current
/// fallback chain and the cluster before (for font continuity).
struct ClusterFontPicker {
    /// A cluster's font and language (indices into `ItemTables`), why, and the step that gave it:
    /// the chain's step (primary, fallback), the index in `ItemizeScratch.emojiFonts` (emoji
    /// presentation), or -1 (continuity, or the registry's fallback: `lastFallback`).
    struct Pick {
        var font: Int32
        var language: Int32
        var reason: ClusterFont.Reason
        var step: Int
    }

    /// The current chain: its memo's index, script and attributes id, and its steps copied out of
    /// the memo when the chain changes (not per cluster).
    private(set) var memo = -1
    private var script = ScriptTag.unknown
    private var attributesID: Int32 = -1
    /// The current attributes' size in px, 0 for the options' size.
    private(set) var size = 0.0
    private var coverage: [CodePointSet] = []
    private var stepFonts: [Int32] = []
    private var stepLanguages: [Int32] = []
    /// The previous cluster's font may serve a neutral cluster after it (not an emoji font's).
    private var previous: (font: Int32, language: Int32, attributes: Int32)?
    /// The registry's choice for the last cluster that no step of its chain covered.
    private(set) var lastFallback: FontChoice?

    /// Makes the chain of `script` and attributes `id` current (memoized in `scratch`).
    @inline(__always)
    mutating func useChain(
        script: ScriptTag, id: Int32, attributes: AttributeMap, registry: FontRegistry, languages: LanguageIDs?,
        scratch: inout ItemizeScratch
    ) {
        guard memo < 0 || self.script != script || attributesID != id else { return }
        self.script = script
        attributesID = id
        size = attributes.table[Int(id)].size ?? 0
        // Mixed text switches back and forth between a few chains: those of this call are found by
        // script and attributes id, without copying and comparing the attributes.
        if let known = scratch.chains.first(where: { $0.script == script && $0.id == id }) {
            memo = known.memo
        } else {
            let memos = scratch.memos.count
            memo = scratch.memo(script: script, attributes: attributes.table, id: Int(id), registry: registry, languages: languages)
            // Fewer memos than before: `memo` was full and cleared them all.
            if scratch.memos.count < memos { scratch.chains.removeAll(keepingCapacity: true) }
            scratch.chains.append((script, id, memo))
        }
        coverage = scratch.memos[memo].coverage
        stepFonts = scratch.memos[memo].fonts
        stepLanguages = scratch.memos[memo].languages
    }

    /// The font of `cluster` (code points `range`, attributes `a` with id `id`) under the current
    /// chain. An emoji-presentation cluster (`EmojiPresentation`) goes to the colour emoji font
    /// first; a Common or Inherited cluster keeps the font of the cluster before it when that font
    /// covers it (`FontContinuity`); else the first step of the chain that covers it; else the
    /// registry's fallback, listed in `fallbacks`. A cluster is never split between fonts.
    @inline(__always)
    mutating func pick(
        _ cluster: UnsafeBufferPointer<UInt32>, range: Range<Int>, id: Int32, attributes: AttributeMap,
        registry: FontRegistry, languages: LanguageIDs?, scratch: inout ItemizeScratch, fallbacks: inout [FontFallback]
    ) -> Pick {
        let presentation = EmojiPresentation.of(cluster)
        let pick: Pick
        if presentation == .emoji,
            let emoji = scratch.emojiFont(
                cluster, range: range, attributes: attributes.table[Int(id)], registry: registry, languages: languages, fallbacks: &fallbacks)
        {
            pick = Pick(font: emoji.font, language: emoji.language, reason: .emojiPresentation, step: emoji.known)
        } else if cluster.count == 1, !coverage.isEmpty, coverage[0].contains(cluster[0]),
            presentation != nil || previous == nil || previous!.attributes != id  // no-trap: nil checked first
                || (previous!.font, previous!.language) == (stepFonts[0], stepLanguages[0])  // no-trap: as above
        {
            // The chain's first font covers the character, and font continuity would keep that
            // same font if it applied: both rules below give it (the usual case, a letter after a
            // letter of its script), so neither is asked.
            pick = Pick(font: stepFonts[0], language: stepLanguages[0], reason: .primary, step: 0)
        } else if presentation == nil, let p = previous, p.attributes == id, FontContinuity.isNeutral(cluster),
            FontContinuity.covers(scratch.tables.fonts[Int(p.font)].hbFont.coverage, cluster)
        {
            pick = Pick(font: p.font, language: p.language, reason: .continuity, step: -1)
        } else if let step = FallbackChainMemo.firstCovering(coverage, cluster) {
            pick = Pick(
                font: stepFonts[step], language: stepLanguages[step], reason: step == 0 ? .primary : .fallback, step: step)
        } else {
            // Only here are the attributes themselves read (a copy of them costs retains).
            let a = attributes.table[Int(id)]
            let choice = registry.fallback(
                for: cluster.map { Unicode.Scalar($0) ?? "\u{FFFD}" }, chain: scratch.memos[memo].chain,
                locale: a.locale, weight: a.weight, style: a.style, color: presentation == .text ? false : nil)
            fallbacks.append(FontFallback(range: range, source: choice.source, font: choice.font.descriptor))
            let font = scratch.tables.fontIndex(choice.font)
            let language = scratch.tables.languageIndex(
                FallbackChainMemo.language(for: choice.source, locale: a.locale), features: a.features,
                languages: languages)
            lastFallback = choice
            pick = Pick(font: font, language: language, reason: .fallback, step: -1)
        }
        previous = presentation == .emoji ? nil : (pick.font, pick.language, id)
        return pick
    }

    /// Whether a cluster of the one code point `c`, of `script` with attributes `id`, takes the
    /// current chain's first font as `useChain` and `pick` would, leaving the picker as it is: the
    /// chain is that of `script` and `id` already, the cluster before took the chain's first font,
    /// `c` asks for no emoji presentation (`EmojiPresentation.of`'s cheap ranges) and the first font
    /// covers it. The itemizer's fast path for a letter after a letter.
    @inline(__always)
    func continuesPrimary(_ c: UInt32, script: ScriptTag, id: Int32) -> Bool {
        guard memo >= 0, self.script == script, attributesID == id, !coverage.isEmpty, let p = previous,
            p.attributes == id, p.font == stepFonts[0], p.language == stepLanguages[0]
        else { return false }
        return (c < 0x231A || (0x2C00..<0x1F000).contains(c)) && coverage[0].contains(c)
    }

    /// `pick` as the public query reports it: the font's `FontChoice`, for a cluster of `script` at
    /// `range`. `before` is the cluster before it, whose font a continuity pick kept.
    func clusterFont(
        _ pick: Pick, range: Range<Int>, script: ScriptTag, scratch: ItemizeScratch, before: ClusterFont?
    ) -> ClusterFont? {
        let choice: FontChoice?
        switch pick.reason {
        case .emojiPresentation: choice = scratch.emojiFonts[pick.step].choice
        case .continuity: choice = before?.choice
        case .primary, .fallback: choice = pick.step >= 0 ? scratch.memos[memo].chain[pick.step] : lastFallback
        }
        return choice.map { ClusterFont(range: range, script: script, choice: $0, reason: pick.reason) }
    }
}
