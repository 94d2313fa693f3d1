// ScriptTag: an ISO 15924 script tag as HarfBuzz packs it (hb_script_t), the unit itemization works in
// and the script a run reports.

/// An ISO 15924 script tag packed as HarfBuzz packs it (hb_script_t): "Arab" is 0x41726162. A
/// 4-byte value: itemization works on these, and `LayoutRun.script` and `ShapedRun.script` hold one,
/// so no run carries a string. It prints as its four letters ("Arab") and may be written as a string
/// literal in code (`run.script == "Arab"`).
///
/// Parsing follows the library's rule for text from outside (Docs/Design.md, "Parsing values"):
/// `init?(parsing:)` is nil for anything but four ASCII letters; `init(validating:key:)` throws an
/// error naming the key.
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The four letters as big-endian bytes, as `HB_TAG('A','r','a','b')`.
    package let rawValue: UInt32

    /// Common (Zyyy): punctuation, digits and symbols shared by scripts.
    package static let common = ScriptTag(rawValue: 0x5A79_7979)
    /// Inherited (Zinh): combining marks that take their base's script.
    static let inherited = ScriptTag(rawValue: 0x5A69_6E68)
    /// Unknown (Zzzz).
    static let unknown = ScriptTag(rawValue: 0x5A7A_7A7A)
    /// Han (Hani).
    static let han = ScriptTag(rawValue: 0x4861_6E69)
    /// Hiragana (Hira).
    static let hiragana = ScriptTag(rawValue: 0x4869_7261)
    /// Katakana (Kana).
    static let katakana = ScriptTag(rawValue: 0x4B61_6E61)
    /// Latin (Latn).
    static let latin = ScriptTag(rawValue: 0x4C61_746E)
    /// Arabic (Arab).
    static let arabic = ScriptTag(rawValue: 0x4172_6162)

    /// The tag of a packed value (hb_script_t).
    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The tag of four ASCII letters, case normalized as ISO 15924 writes it ("arab" → "Arab"); nil
    /// for anything else.
    package init?(parsing string: String) {
        let bytes = Array(string.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else {
            return nil
        }
        let title = [bytes[0] & ~0x20] + bytes.dropFirst().map { $0 | 0x20 }
        rawValue = title.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The tag of a string from a user.
    /// - Throws: `.invalidValue` naming `key` when `string` is not four ASCII letters.
    package init(validating string: String, key: String = "script") throws(BidiRenderError) {
        guard let tag = ScriptTag(parsing: string) else {
            throw .invalidValue(
                key: key, value: String(string.prefix(40)), reason: "not an ISO 15924 script tag: four letters (Arab, Hani, Latn)")
        }
        self = tag
    }

    /// A tag written in code: four ASCII letters. Anything else is a programming error and traps.
    public init(stringLiteral value: StaticString) {
        guard let tag = ScriptTag(parsing: "\(value)") else {
            preconditionFailure("not an ISO 15924 script tag: \(value)")  // no-trap: a literal in source: a programmer error caught at its first run, like Foundation's literals
        }
        self = tag
    }

    /// The tag of a four-letter string ("Arab"); Zzzz for anything else.
    init(_ string: String) {
        self = ScriptTag(parsing: string) ?? .unknown
    }

    /// The tag as a string: "Arab".
    public var description: String { string }

    /// The tag as a string: "Arab".
    var string: String {
        // The common tags as literals: building a string costs more, and every run asks.
        switch self {
        case .arabic: return "Arab"
        case .han: return "Hani"
        case .latin: return "Latn"
        case .common: return "Zyyy"
        case .inherited: return "Zinh"
        default: break
        }
        let v = rawValue
        return String(unsafeUninitializedCapacity: 4) { buffer in
            for k in 0..<4 { buffer[k] = UInt8(truncatingIfNeeded: v >> UInt32(24 - 8 * k)) }
            return 4
        }
    }

    /// Whether the script is written without spaces between words, so that a line may break and a
    /// text may be cut for the shaping cache between any two of its grapheme clusters.
    var isIdeographic: Bool { self == .han || self == .hiragana || self == .katakana }
}
