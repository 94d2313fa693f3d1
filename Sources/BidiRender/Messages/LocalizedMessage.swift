// LocalizedMessage: a catalog message formatted for a locale, with its arguments isolated and the
// direction of the language that served it.

/// A formatted catalog message (`MessageCatalog.format`).
public struct LocalizedMessage: Sendable, Hashable {
    /// The catalog key.
    package let key: String
    /// The locale asked for.
    package let locale: LocaleTag
    /// The catalog language whose pattern served the message: a file name without ".json" ("ar",
    /// "zh-Hans", "default").
    public let served: String
    /// The direction of the served language; the paragraph direction to lay the message out in.
    public let direction: TextDirection
    /// The formatted text, every text argument between an isolate initiator and PDI.
    public let text: String
    /// Where each text argument is in `text`, in code point offsets, its isolate's controls left
    /// out (the first place, for an argument shown twice): a span over it styles the name
    /// (`layout(_:spans:options:)`). Number and date arguments, which ICU formats, have none.
    public let argumentRanges: [String: Range<Int>]

    /// The text without isolate controls (U+2066–U+2069), for places that cannot show them. It no
    /// longer lays out safely on its own: use `text` for layout.
    package var plainText: String { ArgumentIsolation.removingIsolates(text) }

    /// The paragraph direction a layout of the message is forced to.
    package var paragraphDirection: ParagraphDirection {
        direction == .rightToLeft ? .rightToLeft : .leftToRight
    }
}
