// EmojiPresentation: whether a grapheme cluster asks for a colour emoji font, a text font, or neither
// (UTS #51 §4 "Presentation Style"), from ICU's emoji properties.

/// The presentation a grapheme cluster asks for.
enum EmojiPresentation: Equatable {
    /// Emoji presentation: a colour emoji font first.
    case emoji
    /// Text presentation asked for with U+FE0E: a text (non-colour) font.
    case text

    /// The presentation of `cluster`, or nil when it asks for none (the usual fallback chain).
    ///
    /// UTS #51 §4: a cluster is emoji-presentation when it holds U+FE0F (an emoji presentation
    /// selector), a ZWJ sequence of pictographs, a keycap (U+20E3), a flag (regional indicators), a
    /// tag sequence (U+E0020–E007F), or a skin-tone modifier after its base, or when its base has
    /// Emoji_Presentation=Yes. U+FE0E asks for text presentation. The cheap ranges below skip ICU for
    /// text with no emoji: no code point under U+231A, or in U+2C00–U+1EFFF, is Emoji_Presentation.
    static func of(_ cluster: UnsafeBufferPointer<UInt32>) -> EmojiPresentation? {
        guard let base = cluster.first else { return nil }
        if cluster.count == 1 {
            if base < 0x231A || (0x2C00..<0x1F000).contains(base) { return nil }
            return ICUUnicode.hasEmojiPresentation(base) ? .emoji : nil
        }
        var joined = false
        for (k, c) in cluster.enumerated() {
            switch c {
            case 0xFE0E: return .text
            case 0xFE0F, 0x20E3, 0xE0020...0xE007F: return .emoji
            case 0x200D: joined = true
            case 0x1F000...:
                // A flag (two regional indicators) or a base with a skin-tone modifier.
                if ICUUnicode.isRegionalIndicator(c) || (k > 0 && ICUUnicode.isEmojiModifier(c)) { return .emoji }
            default: break
            }
        }
        if joined, cluster.contains(where: { $0 >= 0x00A9 && ICUUnicode.isExtendedPictographic($0) }) { return .emoji }
        if base < 0x231A || (0x2C00..<0x1F000).contains(base) { return nil }
        return ICUUnicode.hasEmojiPresentation(base) ? .emoji : nil
    }
}
