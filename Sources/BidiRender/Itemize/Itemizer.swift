// Itemizer: a paragraph cut into items — scripts (UAX #24), a font for each grapheme cluster through
// the fallback chain, and maximal stretches of one level, script, font and language.

/// The itemize stage.
enum Itemizer {
    /// The items of paragraph `range`, unshaped, in logical order; they partition the paragraph.
    ///
    /// Each code point's script comes from `ScriptResolver` (an entity is resolved on its own, so a
    /// mention's "@" takes the script of the name, not of the text before it). Each grapheme cluster
    /// takes its font from `ClusterFontPicker` (emoji presentation, the fallback chain, font
    /// continuity, the registry's fallback, listed in `fallbacks`); a cluster is never split between
    /// fonts.
    ///
    /// - Parameters:
    ///   - levels: the paragraph's bidi levels, one per code point of `range`.
    ///   - entities: the text's isolated entities (mentions, URLs, …), sorted.
    ///   - languages: the shaping cache's language ids, which the tables record.
    ///   - record: when given, each cluster's font and why are appended to it (the public query).
    static func itemize(
        _ range: Range<Int>, text: TextBuffer, levels: [UInt8], attributes: AttributeMap, entities: [Entity],
        registry: FontRegistry, languages: LanguageIDs?, scratch: inout ItemizeScratch, fallbacks: inout [FontFallback],
        record: UnsafeMutablePointer<[ClusterFont]>? = nil
    ) -> [Item] {
        guard !range.isEmpty else { return [] }
        resolveScripts(range, text: text, entities: entities, scratch: &scratch)
        var picker = ClusterFontPicker()
        scratch.chains.removeAll(keepingCapacity: true)
        var items: [Item] = []
        items.reserveCapacity(max(16, range.count / 4))
        var current: (start: Int, level: UInt8, script: ScriptTag, language: Int32, font: Int32, size: Double)?
        let graphemeStarts = text.graphemeStarts
        var boxCursor = attributes.inlines.partitioningIndex { $0.range.lowerBound >= range.lowerBound }
        // Without boxes and a record, a cluster of one code point that the picker gives the font
        // of the cluster before (`continuesPrimary`), at the level of the current item, extends it
        // as the full path below would, without asking the picker.
        let plain = attributes.inlines.isEmpty && record == nil
        text.display.withUnsafeBufferPointer { display in
            var i = range.lowerBound
            while i < range.upperBound {
                var end = i + 1
                while end < range.upperBound, !graphemeStarts[end] { end += 1 }
                let script = scratch.scripts[i - range.lowerBound]
                let id = attributes.id(i)
                if plain, end == i + 1, let c = current, c.script == script, c.level == levels[i - range.lowerBound],
                    picker.continuesPrimary(display[i], script: script, id: id)
                {
                    i = end
                    continue
                }
                picker.useChain(
                    script: script, id: id, attributes: attributes, registry: registry, languages: languages,
                    scratch: &scratch)
                // An inline box has no glyph of a font: its item takes the font a space would (for
                // the run's record only), and is an item of its own.
                let box = InlineSpan.box(startingAt: i, in: attributes.inlines, cursor: &boxCursor)
                let cluster = box == nil ? UnsafeBufferPointer(rebasing: display[i..<end]) : Self.space
                let pick = picker.pick(
                    cluster, range: i..<end, id: id, attributes: attributes, registry: registry,
                    languages: languages, scratch: &scratch, fallbacks: &fallbacks)
                if let record, let cluster = picker.clusterFont(
                    pick, range: i..<end, script: script, scratch: scratch, before: record.pointee.last)
                {
                    record.pointee.append(cluster)
                }
                let (font, language, size) = (pick.font, pick.language, picker.size)
                if let box {
                    if let c = current {
                        items.append(Item(range: c.start..<i, level: c.level, script: c.script, language: c.language, font: c.font, size: c.size))
                    }
                    current = nil
                    items.append(Item(
                        range: i..<end, level: levels[i - range.lowerBound], script: script, language: language, font: font,
                        size: size, box: Int32(box)))
                    i = end
                    continue
                }
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

    /// A space, the cluster whose font an inline box's item takes (allocated once, never freed; read
    /// only, so shared between threads safely).
    nonisolated(unsafe) private static let space: UnsafeBufferPointer<UInt32> = {
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 1)
        buffer[0] = 0x20
        return UnsafeBufferPointer(buffer)
    }()

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
