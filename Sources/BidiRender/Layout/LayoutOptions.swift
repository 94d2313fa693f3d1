// LayoutOptions and TextSpan: everything a layout is asked for — the paragraph direction, locale,
// weight, style, size, width, alignment, mentions and digits — and attributed spans over ranges.

/// Horizontal alignment of the lines.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// The leading edge of each paragraph's own resolved direction: right for an RTL paragraph.
    case natural
    /// The leading edge of the layout's direction: the forced direction, or for auto the locale's
    /// (right for ar, fa, he, ur…), whatever each paragraph resolves to.
    case leading
    /// The trailing edge of the layout's direction.
    case trailing
    case left
    case right
    case center
}

/// Attributes over a range of the text, like an attributed string's. Nil fields inherit the options.
public struct TextSpan: Sendable, Hashable {
    /// Unicode scalar offsets into the text.
    public var range: Range<Int>
    /// A mention from the caller (with its user id, if known): always isolated as one unit.
    public var isMention: Bool
    public var mentionID: String?
    public var weight: FontWeight?
    public var style: FontStyle?
    public var locale: LocaleTag?

    public init(
        range: Range<Int>, isMention: Bool = false, mentionID: String? = nil, weight: FontWeight? = nil,
        style: FontStyle? = nil, locale: LocaleTag? = nil
    ) {
        self.range = range
        self.isMention = isMention
        self.mentionID = mentionID
        self.weight = weight
        self.style = style
        self.locale = locale
    }

    /// A span over a `String.Index` range of `text`.
    public init(
        _ range: Range<String.Index>, in text: String, isMention: Bool = false, mentionID: String? = nil,
        weight: FontWeight? = nil, style: FontStyle? = nil, locale: LocaleTag? = nil
    ) {
        self.init(
            range: text.scalarOffsets(of: range), isMention: isMention, mentionID: mentionID, weight: weight,
            style: style, locale: locale)
    }
}

/// What a layout is asked for.
public struct LayoutOptions: Sendable, Hashable {
    public var direction: ParagraphDirection
    public var locale: LocaleTag
    public var weight: FontWeight
    public var style: FontStyle
    /// Font size in px per em.
    public var size: Double
    /// The line width in px; nil lays each paragraph out as one line.
    public var maxWidth: Double?
    public var alignment: TextAlignment
    public var mentions: MentionMode
    public var digits: DigitSubstitution

    public init(
        direction: ParagraphDirection = .auto, locale: LocaleTag = LocaleTag("default"), weight: FontWeight = .regular,
        style: FontStyle = .normal, size: Double = 16, maxWidth: Double? = nil, alignment: TextAlignment = .natural,
        mentions: MentionMode = .auto, digits: DigitSubstitution = .western
    ) {
        self.direction = direction
        self.locale = locale
        self.weight = weight
        self.style = style
        self.size = size
        self.maxWidth = maxWidth
        self.alignment = alignment
        self.mentions = mentions
        self.digits = digits
    }

    /// Checks the numbers: a size from 0.1 to 10,000 px and a width above 0 and at most
    /// 1,000,000 px. Throws `.invalidValue` naming the option and the range.
    public func validate() throws(BidiRenderError) {
        guard size.isFinite, size >= 0.1, size <= 10_000 else {
            throw .invalidValue(key: "size", value: "\(size)", reason: "must be a number of px from 0.1 to 10000")
        }
        if let maxWidth, !(maxWidth.isFinite && maxWidth > 0 && maxWidth <= 1_000_000) {
            throw .invalidValue(key: "width", value: "\(maxWidth)", reason: "must be a positive number of px, at most 1000000")
        }
    }

    /// The direction of the layout as a whole, for leading/trailing alignment: the forced direction,
    /// else the locale's.
    var layoutDirection: TextDirection {
        switch direction {
        case .leftToRight: return .leftToRight
        case .rightToLeft: return .rightToLeft
        case .auto, .autoWithFallback: return locale.isRightToLeft ? .rightToLeft : .leftToRight
        }
    }
}

extension LocaleTag {
    /// Whether the locale's script is written right to left (ar, fa, he, ur, ps, sd, ug, yi, dv,
    /// ckb, or an explicit Arab/Hebr/Thaa/Syrc/Nkoo script subtag).
    public var isRightToLeft: Bool {
        if let script = subtags.dropFirst().first(where: { $0.count == 4 }) {
            return ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains(script)
        }
        return ["ar", "fa", "he", "iw", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "ks"].contains(language)
    }
}
