// Mentions: finding @-mentions and isolating each as one directional unit, as the seed documents ask
// ("مرحبا@我, 今天天气好吗" must read "@我, 今天天气好吗" beside "مرحبا", "@" attached to the name).
//
// Grammar (when `LayoutOptions.isolate` has `.mentions`): "@" (U+0040) or "＠" (U+FF20) followed by
// one or more characters of general category L*, M*, N* or "_". An at sign right after an ASCII letter, digit, "_" or another at sign
// starts no mention (e-mail addresses, "@@"). After an Arabic or Chinese letter it does ("مرحبا@我").
//
// Display: the span S becomes M + I + S + PDI + M, where I is LRI or RLI after the direction of the
// span's first strong character (the paragraph's when it has none) and M is LRM or RLM to match: to
// the text around it the whole span is one strong character of its own direction.

/// Mention detection over Unicode scalars (`EntityDetector.detect(_:kinds:)` with `.mentions` is
/// the public form).
enum MentionDetector {
    /// "@" and the fullwidth "＠".
    @inline(__always)
    static func isAtSign(_ value: UInt32) -> Bool { value == 0x40 || value == 0xFF20 }

    /// The mention ranges of `scalars` by the grammar above, in order and not overlapping.
    static func detect(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Entity] = []
        scalars.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: UInt32.self) { EntityDetector.detect($0, kinds: .mentions, into: &out) }
        }
        return out.map(\.range)
    }

    /// The end of the mention that starts at `i` (an at sign) by the grammar above, or nil.
    static func match(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Int? {
        if i > 0 {
            let before = s[i - 1]
            if EntityCharacters.isASCIIWordCharacter(before) || isAtSign(before) { return nil }
        }
        var end = i + 1
        while end < s.count, EntityCharacters.isNameCharacter(s[end]) { end += 1 }
        return end > i + 1 ? end : nil
    }

    /// L*, M*, N* or "_".
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // The ASCII letters and digits are L* and N*; the rest of ASCII, but "_", is neither.
            let v = scalar.value
            return v == 0x5F || (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

/// Mention resolution alone: `EntityResolver` with mentions as the only kind detected (none when
/// `detect` is false), for the tests.
enum MentionResolver {
    struct Result {
        var mentions: [Entity]
        /// The base level of each paragraph (by P1 on the original text).
        var paragraphLevels: [UInt8]
        var paragraphs: [Range<Int>]
    }

    static func resolve(
        _ scalars: [Unicode.Scalar], classes: [BidiClass]? = nil, direction: ParagraphDirection, detect: Bool = true,
        callerMentions: [Range<Int>] = []
    ) -> Result {
        var resolver = EntityResolver()
        resolver.resolve(
            scalars, classes: classes ?? scalars.map { BidiClass($0) }, direction: direction,
            kinds: detect ? .mentions : [], spans: callerMentions.map { TextSpan(range: $0, entity: .mention) })
        return Result(
            mentions: resolver.entities,
            paragraphLevels: resolver.paragraphLevels, paragraphs: resolver.paragraphs)
    }
}
