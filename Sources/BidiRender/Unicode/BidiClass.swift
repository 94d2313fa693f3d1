// BidiClass: the Unicode Bidi_Class property (UAX #9 Table 4) and its lookup on Unicode 15 data.

/// The bidirectional character type of a code point (UAX #9, Table 4).
///
/// The raw values are the indices used by the generated table in
/// `UnicodeBidiTables.generated.swift`; `scripts/gen-unicode-tables.py` lists them in the same order.
@_spi(Tools) public enum BidiClass: UInt8, CaseIterable, Sendable, Hashable {
    /// L: strong left-to-right.
    case leftToRight = 0
    /// R: strong right-to-left (Hebrew and others).
    case rightToLeft
    /// AL: strong right-to-left, Arabic letters.
    case arabicLetter
    /// EN: European digits.
    case europeanNumber
    /// ES: plus and minus signs.
    case europeanSeparator
    /// ET: degree, currency and percent signs and the like.
    case europeanTerminator
    /// AN: Arabic-Indic digits and Arabic number separators.
    case arabicNumber
    /// CS: commas, colons, full stops between numbers.
    case commonSeparator
    /// NSM: nonspacing and enclosing marks.
    case nonspacingMark
    /// BN: default ignorables and controls that do not affect the algorithm.
    case boundaryNeutral
    /// B: paragraph separators.
    case paragraphSeparator
    /// S: tabs.
    case segmentSeparator
    /// WS: spaces.
    case whiteSpace
    /// ON: other neutrals (punctuation, symbols).
    case otherNeutral
    /// LRE (U+202A).
    case leftToRightEmbedding
    /// LRO (U+202D).
    case leftToRightOverride
    /// RLE (U+202B).
    case rightToLeftEmbedding
    /// RLO (U+202E).
    case rightToLeftOverride
    /// PDF (U+202C).
    case popDirectionalFormat
    /// LRI (U+2066).
    case leftToRightIsolate
    /// RLI (U+2067).
    case rightToLeftIsolate
    /// FSI (U+2068).
    case firstStrongIsolate
    /// PDI (U+2069).
    case popDirectionalIsolate

    /// The Bidi_Class of `scalar` in the Unicode version of the generated tables (15.0).
    @_spi(Tools) public init(_ scalar: Unicode.Scalar) {
        self = UnicodeBidiData.bidiClass(scalar.value)
    }

    /// The short alias UAX #9 and the UCD files use ("L", "AL", "PDI", …).
    var shortName: String { Self.shortNames[Int(rawValue)] }

    /// Looks a class up by its short alias ("L", "AL", …); nil for an unknown alias.
    init?(shortName: String) {
        guard let index = Self.shortNames.firstIndex(of: shortName) else { return nil }
        self.init(rawValue: UInt8(index))
    }

    private static let shortNames = [
        "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
        "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
    ]

    /// True for the classes rule X9 removes: LRE, RLE, LRO, RLO, PDF and BN.
    package var isRemovedByX9: Bool {
        switch self {
        case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
            .popDirectionalFormat, .boundaryNeutral:
            return true
        default:
            return false
        }
    }

    /// True for the explicit formatting characters (X1–X8): embeddings, overrides and isolates.
    var isExplicitFormatting: Bool {
        rawValue >= BidiClass.leftToRightEmbedding.rawValue
    }

    /// True for L, R and AL, the strong types of rules P2 and W7.
    var isStrong: Bool {
        self == .leftToRight || self == .rightToLeft || self == .arabicLetter
    }
}
