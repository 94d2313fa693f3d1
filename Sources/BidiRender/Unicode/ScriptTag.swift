// ScriptTag: an ISO 15924 script tag as HarfBuzz packs it (hb_script_t), the unit itemization works in.

/// An ISO 15924 script tag packed as HarfBuzz packs it (hb_script_t): "Arab" is 0x41726162.
/// Itemization works on these; strings appear only in the results.
struct ScriptTag: Hashable, Sendable {
    var rawValue: UInt32

    static let common = ScriptTag(rawValue: 0x5A79_7979)  // Zyyy
    static let inherited = ScriptTag(rawValue: 0x5A69_6E68)  // Zinh
    static let unknown = ScriptTag(rawValue: 0x5A7A_7A7A)  // Zzzz
    static let han = ScriptTag(rawValue: 0x4861_6E69)  // Hani
    static let hiragana = ScriptTag(rawValue: 0x4869_7261)  // Hira
    static let katakana = ScriptTag(rawValue: 0x4B61_6E61)  // Kana
    static let latin = ScriptTag(rawValue: 0x4C61_746E)  // Latn
    static let arabic = ScriptTag(rawValue: 0x4172_6162)  // Arab

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The tag of a four-letter string ("Arab"); Zzzz for anything else.
    init(_ string: String) {
        let bytes = Array(string.utf8)
        guard bytes.count == 4 else {
            self = .unknown
            return
        }
        rawValue = bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

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
