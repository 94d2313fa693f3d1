// LineHeight: the height of a line box — `normal` (the strut and the fonts that really are taller),
// a multiple of the font size, or a fixed number of px — with CSS 2.1 §10.8.1 half-leading.

/// How tall a line box is (CSS `line-height`).
///
/// Every line starts from a strut: the ascent, descent and line gap of the locale's first font at the
/// layout's size (CSS 2.1 §10.8.1). A run in another font grows the line only if it holds a cluster
/// that is not white space, punctuation, a digit or a control (`LineStrut.grows`): a fallback font
/// that serves one ":" or a space leaves the line alone, while a taller script or an emoji still
/// grows it. With `multiple` or `px`, the line box is that height and the difference from the
/// content's ascent + descent (the leading, possibly negative) is split evenly above and below.
public enum LineHeight: Sendable, Hashable {
    /// The strut and the taller fonts on the line, with their line gaps.
    case normal
    /// A multiple of the font size (1.4: 1.4 × size px).
    case multiple(Double)
    /// A fixed line box height in px.
    case px(Double)

    /// Parses "normal", a number ("1.4": a multiple of the size) or a number of px ("24px").
    /// - Throws: `.invalidValue` for `key` naming the value and what is accepted.
    package init(parsing text: String, key: String = "line-height") throws(BidiRenderError) {
        let t = String(text.lowercased().filter { !$0.isWhitespace })
        let value: LineHeight
        if t == "normal" {
            value = .normal
        } else if t.hasSuffix("px"), let px = Double(t.dropLast(2)) {
            value = .px(px)
        } else if let multiple = Double(t) {
            value = .multiple(multiple)
        } else {
            throw .invalidValue(
                key: key, value: text, reason: "must be normal, a multiple of the size (1.4) or a number of px (24px)")
        }
        try value.validate(key: key)
        self = value
    }

    /// Checks the number: a multiple from 0 to 100, a px height from 0 to 100,000.
    /// - Throws: `.invalidValue` naming `key`, the value and the range.
    func validate(key: String = "line-height") throws(BidiRenderError) {
        switch self {
        case .normal: return
        case .multiple(let m):
            guard m.isFinite, m >= 0, m <= 100 else {
                throw .invalidValue(key: key, value: m.valueText, reason: "must be a multiple of the size from 0 to 100")
            }
        case .px(let px):
            guard px.isFinite, px >= 0, px <= 100_000 else {
                throw .invalidValue(key: key, value: "\(px.valueText)px", reason: "must be a number of px from 0 to 100000")
            }
        }
    }

    /// The line box height for `size` px per em, or nil for `normal`.
    func height(size: Double) -> Double? {
        switch self {
        case .normal: return nil
        case .multiple(let m): return m * size
        case .px(let px): return px
        }
    }

    /// "normal", "1.4", "24px".
    package var description: String {
        switch self {
        case .normal: return "normal"
        case .multiple(let m): return Self.format(m)
        case .px(let px): return Self.format(px) + "px"
        }
    }

    private static func format(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }

    /// Sets `line`'s box to this height: the leading (height less ascent and descent) becomes its
    /// line gap, half above and half below (CSS 2.1 §10.8.1). `normal` leaves the line as built.
    func fit(_ line: inout LayoutLine, size: Double) {
        guard let height = height(size: size) else { return }
        line.lineGap = height - (line.ascent + line.descent)
    }
}

/// The strut rule of `LineHeight.normal`: which runs grow a line.
enum LineStrut {
    /// Whether a run of `codePoints` in a font other than the strut's grows the line: it does when
    /// one of them is not white space, punctuation, a decimal digit, a control or a format character
    /// (by General_Category).
    static func grows(_ codePoints: UnsafeBufferPointer<UInt32>) -> Bool {
        for c in codePoints {
            if c < 128 {
                if (c < 64 ? asciiGrows.low >> c : asciiGrows.high >> (c - 64)) & 1 != 0 { return true }
                continue
            }
            // Arabic letters (Lo, and the tatweel Lm), the CJK Unified Ideographs block (Lo, or
            // unassigned: Cn grows too) and the emoji planes' symbols from Mahjong tiles to Symbols
            // and Pictographs Extended-A (So, Sk, No or Cn: an emoji run's first code point answers)
            // without the General_Category lookup.
            if (0x0620...0x064A).contains(c) || (0x4E00...0x9FFF).contains(c) || (0x1F000...0x1FAFF).contains(c) {
                return true
            }
            guard let scalar = Unicode.Scalar(c) else { continue }
            if grows(scalar) { return true }
        }
        return false
    }

    /// The rule for one scalar.
    private static func grows(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .decimalNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .nonspacingMark:
            return false
        default:
            return true
        }
    }

    /// `grows(_:)` of U+0000…U+007F as two bit sets (the standard library's General_Category
    /// lookup costs a few hundred instructions, and the runs it scans to the end are mostly ASCII
    /// digits, spaces and punctuation).
    private static let asciiGrows: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for c in UInt32(0)..<128 where grows(Unicode.Scalar(c)!) {  // no-trap: ASCII
            if c < 64 { bits.low |= 1 << c } else { bits.high |= 1 << (c - 64) }
        }
        return bits
    }()
}
