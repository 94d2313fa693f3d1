// ParagraphDirection and TextDirection: how a paragraph's base direction is chosen (UAX #9 P2, P3, HL1).

/// A resolved direction: left-to-right or right-to-left.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (`"ltr"`).
    case leftToRight = "ltr"
    /// Right to left (`"rtl"`).
    case rightToLeft = "rtl"

    /// The direction of an embedding level: even levels are LTR, odd levels RTL (UAX #9 BD2).
    init(level: UInt8) {
        self = level & 1 == 0 ? .leftToRight : .rightToLeft
    }

    /// The direction of an embedding level.
    init(level: BidiLevel) { self.init(level: level.rawValue) }

    /// The paragraph embedding level of this direction: 0 or 1.
    var baseLevel: UInt8 { self == .leftToRight ? 0 : 1 }
}

/// How the base direction of each paragraph is chosen.
public enum ParagraphDirection: Sendable, Hashable {
    /// Left-to-right whatever the text holds (UAX #9 HL1).
    case leftToRight
    /// Right-to-left whatever the text holds (UAX #9 HL1): an Arabic UI shows "小明بدأ في متابعتك"
    /// right-to-left although its first character is Chinese.
    case rightToLeft
    /// Rules P2–P3: the first strong character outside isolates decides; LTR if there is none.
    case auto
    /// Rules P2–P3, with `fallback` when the paragraph has no strong character (for example the UI
    /// locale's direction; FriBidi's WLTR and WRTL).
    case autoWithFallback(TextDirection)

    /// A forced direction.
    init(_ direction: TextDirection) {
        self = direction == .leftToRight ? .leftToRight : .rightToLeft
    }
}
