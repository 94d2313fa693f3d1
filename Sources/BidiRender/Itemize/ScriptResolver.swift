// ScriptResolver: the Script of every code point, with Common and Inherited characters resolved from
// their neighbours (UAX #24 §5.2, as HarfBuzz's and Pango's script itemizers do).

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
        case ScriptResolver.arabic: return "Arab"
        case .han: return "Hani"
        case ScriptResolver.latin: return "Latn"
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

/// Resolves the script of each code point for itemization and font fallback.
public enum ScriptResolver {
    /// The ISO 15924 tag of Common, the script a text with no script at all resolves to.
    static let common = "Zyyy"

    /// The script of each scalar ("Arab", "Hani", "Latn", …):
    /// - Inherited characters (combining marks) take the script of the character before them;
    /// - Common characters (spaces, digits, punctuation, emoji) take the script of the run they are
    ///   in, and at the start of a text the script of the first character that has one;
    /// - a closing paired bracket takes the script of its opening bracket, so "(" and ")" share one.
    /// A text with no script at all resolves to "Zyyy" throughout.
    public static func resolve(_ scalars: some Collection<Unicode.Scalar>) -> [String] {
        var tags: [ScriptTag] = []
        var stack: [(id: UInt32, script: ScriptTag)] = []
        resolve(scalars.lazy.map(\.value), into: &tags, stack: &stack)
        return tags.map(\.string)
    }

    /// `resolve` on code points, into `out` (replaced), with `stack` as reusable scratch.
    static let latin = ScriptTag(rawValue: 0x4C61_746E)  // Latn
    static let arabic = ScriptTag(rawValue: 0x4172_6162)  // Arab

    /// The Script of the code points chat text is mostly made of, without a call into HarfBuzz:
    /// ASCII, the Arabic letters, digits and harakat, and the CJK Unified Ideographs. Nil for the
    /// rest. (A test compares it with HarfBuzz on every code point it answers for.)
    @inline(__always) static func fastScript(_ v: UInt32) -> ScriptTag? {
        switch v {
        case 0x41...0x5A, 0x61...0x7A: return latin
        case 0...0x7F: return .common
        case 0x0620...0x063F, 0x0641...0x064A, 0x0660...0x0669: return arabic
        case 0x064B...0x0655: return .inherited
        case 0x4E00...0x9FFF: return .han
        default: return nil
        }
    }

    static func resolve(
        _ codePoints: some Collection<UInt32>, into out: inout [ScriptTag], stack: inout [(id: UInt32, script: ScriptTag)]
    ) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(codePoints.count)
        stack.removeAll(keepingCapacity: true)
        var current = ScriptTag.common
        let trie = UnicodeBidiData.trie  // read once: a static costs a `swift_once` call per use
        for value in codePoints {
            var script = fastScript(value) ?? HarfBuzzUnicode.script(value)
            let isNeutral = script == .common || script == .inherited || script == .unknown
            if isNeutral {
                script = current
                if trie.entry(value) & UnicodeBidiTables.bracketFlag != 0,
                    let bracket = UnicodeBidiData.bracketPairIdentifier(value)
                {
                    if bracket.isOpen {
                        if stack.count < 64 { stack.append((bracket.id, current)) }
                    } else if let match = stack.lastIndex(where: { $0.id == bracket.id }) {
                        script = stack[match].script
                        current = script
                        stack.removeSubrange(match...)
                    }
                }
            } else {
                if current == .common {
                    // The first real script: leading neutrals (and brackets opened there) take it.
                    for i in out.indices { out[i] = script }
                    for i in stack.indices where stack[i].script == .common { stack[i].script = script }
                }
                current = script
            }
            out.append(script)
        }
    }
}
