// DigitSubstitution: which digits European digits are shown as. It changes glyphs only: the bidi
// order is computed on the original text, so European digits keep their class (EN) and a phone
// number never turns round.

/// The digit shapes to show ASCII digits 0–9 with.
public enum DigitSubstitution: String, Sendable, Hashable, CaseIterable {
    /// 0123456789, unchanged.
    case western
    /// ٠١٢٣٤٥٦٧٨٩ (U+0660–U+0669).
    case arabicIndic = "arabic-indic"
    /// ۰۱۲۳۴۵۶۷۸۹ (U+06F0–U+06F9), Persian and Urdu.
    case persian
    /// By the locale: Persian for fa and ur; Western for the Maghreb (ar-MA, ar-DZ, ar-TN, ar-LY,
    /// ar-EH) and for every non-Arabic locale; Arabic-Indic for the other Arabic locales (ar, ar-EG,
    /// ar-SA, ar-IQ, …), following CLDR's default numbering systems.
    case locale

    /// The concrete substitution for `locale`, resolving `.locale`.
    func resolved(for locale: LocaleTag) -> DigitSubstitution {
        guard self == .locale else { return self }
        switch locale.language {
        case "fa", "ur": return .persian
        case "ar":
            switch locale.region {
            case "MA", "DZ", "TN", "LY", "EH": return .western
            default: return .arabicIndic
            }
        default: return .western
        }
    }

    /// With Arabic-Indic or Persian digits, shapes "." between two such digits as U+066B ARABIC
    /// DECIMAL SEPARATOR and "," between two as U+066C ARABIC THOUSANDS SEPARATOR (CLDR's symbols
    /// of the arab and arabext numbering systems), in `display` (the scalars to shape, digits
    /// already substituted). Only glyphs change: offsets, clusters and the bidi order (computed on
    /// the original text) stay.
    func substituteSeparators(_ display: inout [UInt32]) {
        guard self == .arabicIndic || self == .persian, display.count >= 3 else { return }
        let digits: ClosedRange<UInt32> = self == .arabicIndic ? 0x660...0x669 : 0x6F0...0x6F9
        for i in 1..<(display.count - 1) where display[i] == 0x2E || display[i] == 0x2C {
            guard digits.contains(display[i - 1]), digits.contains(display[i + 1]) else { continue }
            display[i] = display[i] == 0x2E ? 0x66B : 0x66C
        }
    }

    /// The scalar to shape in place of `scalar`.
    @inline(__always)
    func apply(_ scalar: UInt32) -> UInt32 {
        guard scalar >= 0x30 && scalar <= 0x39 else { return scalar }
        switch self {
        case .western, .locale: return scalar
        case .arabicIndic: return scalar - 0x30 + 0x660
        case .persian: return scalar - 0x30 + 0x6F0
        }
    }
}
