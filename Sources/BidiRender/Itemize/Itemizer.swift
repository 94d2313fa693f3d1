// Itemizer: a paragraph cut into items — scripts (UAX #24), a font for each grapheme cluster through
// the fallback chain, and maximal stretches of one level, script, font and language.

/// The itemize stage.
enum Itemizer {
    /// The items of paragraph `range`, unshaped, in logical order; they partition the paragraph.
    ///
    /// Each code point's script comes from `ScriptResolver` (an entity is resolved on its own, so a
    /// mention's "@" takes the script of the name, not of the text before it). Each grapheme cluster takes the
    /// first font of its chain that covers it, else the registry's fallback (listed in `fallbacks`);
    /// a cluster is never split between fonts. An emoji-presentation cluster (`EmojiPresentation`)
    /// goes to the colour emoji font first; a Common or Inherited cluster keeps the font of the
    /// cluster before it when that font covers it (`FontContinuity`).
    ///
    /// - Parameters:
    ///   - levels: the paragraph's bidi levels, one per code point of `range`.
    ///   - entities: the text's isolated entities (mentions, URLs, …), sorted.
    ///   - cache: the shaping cache whose language ids the tables record.
    static func itemize(
        _ range: Range<Int>, text: TextBuffer, levels: [UInt8], attributes: AttributeMap, entities: [Entity],
        registry: FontRegistry, cache: ShapeCache?, scratch: inout ItemizeScratch, fallbacks: inout [FontFallback]
    ) -> [Item] {
        guard !range.isEmpty else { return [] }
        resolveScripts(range, text: text, entities: entities, scratch: &scratch)
        var k = -1
        var kAttributes: Int32 = -1
        var kScript = ScriptTag.unknown
        // A span's size splits items (it changes shaping); 0 is the options' size.
        var kSize = 0.0
        // The current chain's steps, copied out of its memo when the chain changes (not per cluster).
        var coverage: [CodePointSet] = []
        var stepFonts: [Int32] = []
        var stepLanguages: [Int32] = []
        scratch.chains.removeAll(keepingCapacity: true)
        var items: [Item] = []
        items.reserveCapacity(max(16, range.count / 4))
        var current: (start: Int, level: UInt8, script: ScriptTag, language: Int32, font: Int32, size: Double)?
        // The previous cluster's font may serve a neutral cluster after it (not an emoji font's).
        var previous: (font: Int32, language: Int32, attributes: Int32)?
        let graphemeStarts = text.graphemeStarts
        text.display.withUnsafeBufferPointer { display in
            var i = range.lowerBound
            while i < range.upperBound {
                var end = i + 1
                while end < range.upperBound, !graphemeStarts[end] { end += 1 }
                let script = scratch.scripts[i - range.lowerBound]
                let id = attributes.id(i)
                if k < 0 || kScript != script || kAttributes != id {
                    kScript = script
                    kAttributes = id
                    kSize = attributes.table[Int(id)].size ?? 0
                    // Mixed text switches back and forth between a few chains: those of this call are
                    // found by script and attributes id, without copying and comparing the attributes.
                    if let known = scratch.chains.first(where: { $0.script == script && $0.id == id }) {
                        k = known.memo
                    } else {
                        let memos = scratch.memos.count
                        k = scratch.memo(script: script, attributes: attributes.table[Int(id)], registry: registry, cache: cache)
                        // Fewer memos than before: `memo` was full and cleared them all.
                        if scratch.memos.count < memos { scratch.chains.removeAll(keepingCapacity: true) }
                        scratch.chains.append((script, id, k))
                    }
                    coverage = scratch.memos[k].coverage
                    stepFonts = scratch.memos[k].fonts
                    stepLanguages = scratch.memos[k].languages
                }
                let cluster = UnsafeBufferPointer(rebasing: display[i..<end])
                var font: Int32 = 0
                var language: Int32 = 0
                let presentation = EmojiPresentation.of(cluster)
                if presentation == .emoji,
                    let emoji = scratch.emojiFont(
                        cluster, range: i..<end, attributes: attributes.table[Int(id)], registry: registry, cache: cache,
                        fallbacks: &fallbacks)
                {
                    (font, language) = emoji
                } else if cluster.count == 1, !coverage.isEmpty, coverage[0].contains(cluster[0]),
                    presentation != nil || previous == nil || previous!.attributes != id
                        || (previous!.font, previous!.language) == (stepFonts[0], stepLanguages[0])
                {
                    // The chain's first font covers the character, and font continuity would keep
                    // that same font if it applied: both rules below give it (the usual case,
                    // a letter after a letter of its script), so neither is asked.
                    (font, language) = (stepFonts[0], stepLanguages[0])
                } else if presentation == nil, let p = previous, p.attributes == id,
                    FontContinuity.isNeutral(cluster),
                    FontContinuity.covers(scratch.tables.fonts[Int(p.font)].hbFont.coverage, cluster)
                {
                    (font, language) = (p.font, p.language)
                } else if let step = FallbackChainMemo.firstCovering(coverage, cluster) {
                    font = stepFonts[step]
                    language = stepLanguages[step]
                } else {
                    let a = attributes.table[Int(id)]
                    let choice = registry.fallback(
                        for: cluster.map { Unicode.Scalar($0) ?? "\u{FFFD}" }, chain: scratch.memos[k].chain,
                        locale: a.locale, weight: a.weight, style: a.style, color: presentation == .text ? false : nil)
                    fallbacks.append(FontFallback(range: i..<end, source: choice.source, font: choice.font.descriptor))
                    font = scratch.tables.fontIndex(choice.font)
                    language = scratch.tables.languageIndex(
                        FallbackChainMemo.language(for: choice.source, locale: a.locale), features: a.features,
                        cache: cache)
                }
                let size = kSize
                previous = presentation == .emoji ? nil : (font, language, id)
                // A cluster normally has one level; split at a level change inside it all the same, so
                // each item has one direction.
                for j in i..<end {
                    let level = levels[j - range.lowerBound]
                    if let c = current, c.level == level, c.script == script, c.font == font, c.language == language,
                        c.size == size
                    {
                        continue
                    }
                    if let c = current {
                        items.append(Item(range: c.start..<j, level: c.level, script: c.script, language: c.language, font: c.font, size: c.size))
                    }
                    current = (j, level, script, language, font, size)
                }
                i = end
            }
        }
        if let c = current {
            items.append(Item(range: c.start..<range.upperBound, level: c.level, script: c.script, language: c.language, font: c.font, size: c.size))
        }
        return items
    }

    /// The script of each code point of `range` into `scratch.scripts`, each entity (an isolated unit)
    /// resolved on its own. Over the code points' own buffer: a lazy map over the scalars costs several times more.
    private static func resolveScripts(
        _ range: Range<Int>, text: TextBuffer, entities mentions: [Entity], scratch: inout ItemizeScratch
    ) {
        text.withCodePoints { codePoints in
            ScriptResolver.resolve(
                UnsafeBufferPointer(rebasing: codePoints[range]), into: &scratch.scripts, stack: &scratch.bracketStack)
            // Entities are sorted: start at the first one that ends inside or after this paragraph.
            var m = mentions.partitioningIndex { $0.range.upperBound > range.lowerBound }
            while m < mentions.count, mentions[m].range.lowerBound < range.upperBound {
                let mention = mentions[m]
                m += 1
                guard range.contains(mention.range.lowerBound) else { continue }
                ScriptResolver.resolve(
                    UnsafeBufferPointer(rebasing: codePoints[mention.range]), into: &scratch.mentionScripts,
                    stack: &scratch.bracketStack)
                for (k, script) in scratch.mentionScripts.enumerated() {
                    scratch.scripts[mention.range.lowerBound + k - range.lowerBound] = script
                }
            }
        }
    }
}
