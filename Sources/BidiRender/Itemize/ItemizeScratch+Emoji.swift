// ItemizeScratch+Emoji: the colour emoji font of an emoji-presentation cluster, memoized in the
// scratch so that a warm layout asks the registry (and fontconfig) only for an emoji its known
// emoji fonts lack.

extension ItemizeScratch {
    /// The font and language indices of the colour emoji font for `cluster` (code points `range`),
    /// or nil when none covers it. A font that fontconfig found is reported in `fallbacks`, as any
    /// system font is.
    mutating func emojiFont(
        _ cluster: UnsafeBufferPointer<UInt32>, range: Range<Int>, attributes a: Attributes, registry: FontRegistry,
        cache: ShapeCache?, fallbacks: inout [FontFallback]
    ) -> (font: Int32, language: Int32)? {
        var found: (font: Int32, source: FontSource)?
        for known in emojiFonts where FontContinuity.covers(tables.fonts[Int(known.font)].hbFont.coverage, cluster) {
            found = known
            break
        }
        if found == nil {
            // Nothing to ask without an emoji package or fontconfig (each ask costs thousands of
            // instructions, and its nil is not memoized).
            guard registry.hasEmojiSource else { return nil }
            let scalars = cluster.map { Unicode.Scalar($0) ?? "\u{FFFD}" }
            guard let choice = registry.emojiFont(for: scalars, weight: a.weight, style: a.style) else { return nil }
            let known = (tables.fontIndex(choice.font), choice.source)
            if !emojiFonts.contains(where: { $0.font == known.0 }) { emojiFonts.append(known) }
            found = known
        }
        guard let found else { return nil }
        if found.source == .system {
            fallbacks.append(FontFallback(range: range, source: .system, font: tables.fonts[Int(found.font)].descriptor))
        }
        let language = tables.languageIndex(FallbackChainMemo.language(for: found.source, locale: a.locale), cache: cache)
        return (found.font, language)
    }
}
