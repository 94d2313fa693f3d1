// ItemizeScratch+Emoji: the colour emoji font of an emoji-presentation cluster, memoized in the
// scratch so that a warm layout asks the registry (and fontconfig) only for an emoji its known
// emoji fonts lack.

extension ItemizeScratch {
    /// The font and language indices of the colour emoji font for `cluster` (code points `range`),
    /// and its index in `emojiFonts`, or nil when none covers it. A font that fontconfig found is reported in `fallbacks`, as any
    /// system font is.
    mutating func emojiFont(
        _ cluster: UnsafeBufferPointer<UInt32>, range: Range<Int>, attributes a: Attributes, registry: FontRegistry,
        languages: LanguageIDs?, fallbacks: inout [FontFallback]
    ) -> (font: Int32, language: Int32, known: Int)? {
        var found: Int?
        for k in emojiFonts.indices where FontContinuity.covers(tables.fonts[Int(emojiFonts[k].font)].hbFont.coverage, cluster) {
            found = k
            break
        }
        if found == nil {
            // Nothing to ask without an emoji package or fontconfig (each ask costs thousands of
            // instructions, and its nil is not memoized).
            guard registry.hasEmojiSource else {
                noteMissed(at: range.lowerBound, systemFontsOff: true)
                return nil
            }
            let scalars = cluster.map { Unicode.Scalar($0) ?? "\u{FFFD}" }
            guard let choice = registry.emojiFont(for: scalars, weight: a.weight, style: a.style) else {
                noteMissed(at: range.lowerBound, systemFontsOff: false)
                return nil
            }
            let font = tables.fontIndex(choice.font)
            found = emojiFonts.firstIndex { $0.font == font }
            if found == nil {
                emojiFonts.append((font, choice))
                found = emojiFonts.count - 1
            }
        }
        guard let found else { return nil }
        let font = emojiFonts[found].font
        let source = emojiFonts[found].choice.source
        if source == .system {
            fallbacks.append(FontFallback(range: range, source: .system, font: tables.fonts[Int(font)].descriptor))
        }
        let language = tables.languageIndex(FallbackChainMemo.language(for: source, locale: a.locale), languages: languages)
        return (font, language, found)
    }

    /// Notes an emoji at `offset` that no colour font covers, unless an earlier one was noted.
    private mutating func noteMissed(at offset: Int, systemFontsOff: Bool) {
        if missedColorEmoji.map({ offset < $0.offset }) ?? true {
            missedColorEmoji = MissedColorEmoji(offset: offset, systemFontsOff: systemFontsOff)
        }
    }
}

/// The first emoji of a call that no colour emoji font covered: where it is, and why (no system
/// fonts asked, or none installed), for `Layout.warnings`.
struct MissedColorEmoji: Sendable, Hashable {
    var offset: Int
    var systemFontsOff: Bool

    /// The warning a layout gives, when the emoji is on one of its lines.
    var warning: String {
        systemFontsOff ? FontRegistry.missingEmojiWarningWithoutSystemFonts : FontRegistry.missingEmojiWarning
    }
}
