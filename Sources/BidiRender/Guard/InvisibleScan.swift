// InvisibleScan: the guard's invisible findings — default-ignorable characters that show nothing where
// they do not belong: ZWSP, the word joiner and invisible operators, Hangul fillers, U+180E, a BOM
// inside the text, tags outside an emoji tag sequence, a variation selector on a base that has none,
// ZWJ or ZWNJ between letters of scripts that never join. ZWJ and ZWNJ beside Arabic, Syriac, N'Ko,
// Mongolian or a Brahmic script, and inside emoji sequences, are how those are written: not findings.

enum InvisibleScan {
    /// The invisible findings of `scalars`.
    static func findings(_ scalars: [Unicode.Scalar]) -> [TextFinding] {
        var found: [TextFinding] = []
        var i = 0
        let n = scalars.count
        while i < n {
            let v = scalars[i].value
            // Fast path: nothing below U+115F is a finding.
            if v < 0x115F {
                i += 1
                continue
            }
            switch v {
            case 0x115F, 0x1160, 0x3164, 0xFFA0:
                found.append(TextFinding(.invisible, i..<(i + 1), "Hangul filler U+\(hex(v)) shows nothing"))
            case 0x17B4, 0x17B5:
                found.append(TextFinding(.invisible, i..<(i + 1), "Khmer inherent vowel U+\(hex(v)) shows nothing"))
            case 0x180E:
                found.append(TextFinding(.invisible, i..<(i + 1), "Mongolian vowel separator U+180E shows nothing"))
            case 0x200B:
                found.append(TextFinding(.invisible, i..<(i + 1), "zero-width space U+200B"))
            case 0x2060...0x2064:
                found.append(TextFinding(.invisible, i..<(i + 1), v == 0x2060 ? "word joiner U+2060" : "invisible operator U+\(hex(v))"))
            case 0x2065, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3:
                found.append(TextFinding(.invisible, i..<(i + 1), "format character U+\(hex(v)) shows nothing"))
            case 0xFEFF where i > 0:
                found.append(TextFinding(.invisible, i..<(i + 1), "zero-width no-break space U+FEFF inside the text"))
            case 0x200C, 0x200D:
                if !joinerBelongs(scalars, at: i) {
                    found.append(TextFinding(.invisible, i..<(i + 1), v == 0x200D ? "ZWJ between characters that never join" : "ZWNJ between characters that never join"))
                }
            case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180D, 0x180F:
                if !selectorBelongs(scalars, at: i) {
                    found.append(TextFinding(.invisible, i..<(i + 1), "variation selector U+\(hex(v)) on a base that has none"))
                }
            case 0xE0000...0xE007F:
                var end = i
                while end < n, (0xE0000...0xE007F).contains(scalars[end].value) { end += 1 }
                // An emoji tag sequence: U+1F3F4, tag characters, then CANCEL TAG.
                let isSequence = i > 0 && scalars[i - 1].value == 0x1F3F4 && end - i >= 2 && scalars[end - 1].value == 0xE007F
                    && scalars[i..<(end - 1)].allSatisfy { (0xE0020...0xE007E).contains($0.value) }
                if !isSequence {
                    found.append(TextFinding(.invisible, i..<end, "\(end - i) tag character(s) outside an emoji tag sequence: \"\(tagText(scalars[i..<end]))\""))
                }
                i = end
                continue
            default: break
            }
            i += 1
        }
        return found
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The ASCII text tag characters spell (U+E0020…U+E007E less 0xE0000), other tags as "?".
    static func tagText(_ tags: ArraySlice<Unicode.Scalar>) -> String {
        String(tags.prefix(64).map { (0xE0020...0xE007E).contains($0.value) ? Character(Unicode.Scalar($0.value - 0xE0000)!) : "?" })
    }

    /// Whether ZWJ or ZWNJ at `i` stands where a script or an emoji sequence uses it.
    static func joinerBelongs(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        let before = i > 0 ? s[i - 1].value : nil
        let after = i + 1 < s.count ? s[i + 1].value : nil
        for v in [before, after].compactMap({ $0 }) where usesJoiners(v) { return true }
        // Emoji ZWJ sequences: a pictograph, a modifier or VS16 before, a pictograph after.
        if s[i].value == 0x200D, let before, let after {
            let emojiBefore = before == 0xFE0F || ICUUnicode.isExtendedPictographic(before) || ICUUnicode.isEmojiModifier(before) || (0xE0020...0xE007F).contains(before)
            if emojiBefore && (ICUUnicode.isExtendedPictographic(after) || ICUUnicode.isEmoji(after)) { return true }
        }
        return false
    }

    /// Scripts written with ZWJ and ZWNJ: Arabic, Syriac, N'Ko, Mongolian, the Brahmic scripts of
    /// India and South-East Asia, Tibetan, Myanmar and Khmer.
    static func usesJoiners(_ v: UInt32) -> Bool {
        switch v {
        case 0x0600...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE, 0x0900...0x0DFF, 0x0F00...0x109F, 0x1780...0x18AF,
            0xA8E0...0xA8FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F, 0x10D00...0x10D3F, 0x11000...0x11FFF:
            true
        default: false
        }
    }

    /// Whether the variation selector at `i` follows a base it applies to: an emoji (VS15, VS16),
    /// a Han ideograph (the ideographic selectors), Mongolian (its free variation selectors), or any
    /// other non-ASCII character (the standardized variation sequences of symbols and scripts).
    static func selectorBelongs(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i > 0 else { return false }
        let v = s[i].value
        // The character before: a selector after a selector selects nothing.
        let base = s[i - 1].value
        if (0xFE00...0xFE0F).contains(base) || (0xE0100...0xE01EF).contains(base) { return false }
        switch v {
        case 0xFE0E, 0xFE0F: return ICUUnicode.isEmoji(base)
        case 0x180B...0x180D, 0x180F: return (0x1800...0x18AF).contains(base)
        case 0xE0100...0xE01EF:
            return (0x3400...0x4DBF).contains(base) || (0x4E00...0x9FFF).contains(base) || (0xF900...0xFAFF).contains(base)
                || (0x20000...0x3FFFF).contains(base)
        default: return base >= 0x80
        }
    }
}
