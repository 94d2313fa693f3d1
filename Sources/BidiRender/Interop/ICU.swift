// ICU: UAX #14 line break opportunities and the Unicode and emoji properties HarfBuzz does not expose, through
// the plain-C bridge CICUBridge. The only code of the library that calls it (ICU's ubidi, the tests'
// oracle, is called from the tests: Tests/BidiRenderTests/Bidi/ICUBidiOracle.swift).
//
// Thread-safety: a UBreakIterator is mutable; `ICUBreaker` serializes its use with a lock, and
// each LayoutScratch keeps its own breakers (in its ICUBreakOpportunities), so concurrent layouts
// never share one.

internal import CICUBridge

/// Owner of one ICU break iterator (br_breaker_open / br_breaker_close): UAX #14 line break
/// opportunities, or UAX #29 word or sentence boundaries.
final class ICUBreaker: @unchecked Sendable {
    /// What the iterator finds.
    enum Kind {
        case line, word, sentence
    }

    /// The value `boundaries` gives a word boundary whose segment is a word (letters, numbers, kana
    /// or ideographs), not spaces or punctuation.
    static let wordLike = UInt8(1 + BR_WORDLIKE)

    private let handle: OpaquePointer
    private let lock = Lock()
    let kind: Kind
    let locale: String

    /// Opens the rules of `kind` for `locale` ("" for the root rules).
    init(_ kind: Kind, locale: String) throws(BidiRenderError) {
        var error = [CChar](repeating: 0, count: 64)
        let code = switch kind {
        case .line: Int32(BR_BREAK_LINE)
        case .word: Int32(BR_BREAK_WORD)
        case .sentence: Int32(BR_BREAK_SENTENCE)
        }
        guard let handle = br_breaker_open(code, locale, &error, error.count) else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .invalidValue(key: "locale", value: locale, reason: "ICU cannot open its \(kind) breaker: \(message)")
        }
        self.handle = handle
        self.kind = kind
        self.locale = locale
        rootRules = br_breaker_root_rules(handle) != 0
    }

    /// Whether the iterator's rules are ICU's root rules (its data was loaded from the root locale:
    /// no tailoring for the locale, as for ar, en or he; ja, zh and zh_Hant have their own). Keywords
    /// (lb=loose) change the rules without changing this: callers check the locale id for them.
    let rootRules: Bool

    deinit {
        br_breaker_close(handle)
    }

    /// One value per position 0...text.count (count + 1 of them) into `out` (replaced): 0 no
    /// boundary; for lines 1 a break opportunity before the code point, 2 a mandatory break before
    /// it (UAX #14); for words 1 a boundary, `wordLike` a boundary ending a word; for sentences 1 a
    /// boundary. False when ICU fails.
    func boundaries(_ text: UnsafeBufferPointer<UInt32>, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: repeatElement(0, count: text.count + 1))
        guard text.count > 0 else { return true }
        return lock.withLock {
            out.withUnsafeMutableBufferPointer { o in
                br_breaker_breaks(handle, text.baseAddress, Int32(text.count), o.baseAddress) == 0
            }
        }
    }

    /// For each code point: 0 no break before it, 1 a break opportunity before it, 2 a mandatory
    /// break before it (UAX #14). False when ICU fails. (A line breaker's `boundaries` without the
    /// value after the last code point.)
    func breaks(_ text: UnsafeBufferPointer<UInt32>, into out: inout [UInt8]) -> Bool {
        let ok = boundaries(text, into: &out)
        out.removeLast()
        return ok
    }
}

/// ICU's Unicode properties that HarfBuzz does not expose.
enum ICUUnicode {
    /// Whether `c` takes part in cursive joining (its Joining_Type is not U). Only such a neighbour
    /// can change how HarfBuzz shapes the text next to it.
    static func isJoining(_ c: UInt32) -> Bool { br_is_joining(c) != 0 }

    /// Whether `c` is transparent to joining (Joining_Type T: most combining marks): joining looks
    /// past it.
    static func isTransparentJoining(_ c: UInt32) -> Bool { br_is_transparent_joining(c) != 0 }

    /// UTS #51 emoji properties (`u_hasBinaryProperty`): Emoji, Emoji_Presentation,
    /// Extended_Pictographic, Regional_Indicator, Emoji_Modifier.
    static func isEmoji(_ c: UInt32) -> Bool { br_is_emoji(c) != 0 }
    static func hasEmojiPresentation(_ c: UInt32) -> Bool { br_has_emoji_presentation(c) != 0 }
    static func isExtendedPictographic(_ c: UInt32) -> Bool { br_is_extended_pictographic(c) != 0 }
    static func isRegionalIndicator(_ c: UInt32) -> Bool { br_is_regional_indicator(c) != 0 }
    static func isEmojiModifier(_ c: UInt32) -> Bool { br_is_emoji_modifier(c) != 0 }

    /// `c`'s Line_Break class (UAX #14) as ICU numbers it (`ULineBreak`: 2 is AL, 26 SP, …).
    static func lineBreakClass(_ c: UInt32) -> UInt8 { UInt8(truncatingIfNeeded: br_line_break_class(c)) }

    /// Whether `c`'s Grapheme_Cluster_Break is Extend (UAX #29).
    static func isGraphemeExtend(_ c: UInt32) -> Bool { br_is_grapheme_extend(c) != 0 }

    /// Whether `utf16` is exactly one RGI emoji sequence (UTS #51 ED-27: a basic emoji, keycap,
    /// flag, tag, modifier or ZWJ sequence), by ICU's `u_stringHasBinaryProperty(UCHAR_RGI_EMOJI)`
    /// (`br_is_rgi_emoji`). False for an empty string.
    static func isRGIEmoji(_ utf16: [UInt16]) -> Bool {
        guard let length = Int32(exactly: utf16.count) else { return false }
        return utf16.withUnsafeBufferPointer { br_is_rgi_emoji($0.baseAddress, length) != 0 }
    }
}
