// TextSpan: attributes (a mention, weight, style, locale) over a range of the text, like an attributed
// string's.

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

    /// Whether the span sets a font attribute (weight, style or locale).
    var setsAttributes: Bool { weight != nil || style != nil || locale != nil }
}
