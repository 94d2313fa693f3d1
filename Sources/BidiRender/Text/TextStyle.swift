// TextStyle: the paint of a span — colour, background and decorations — which changes how glyphs are
// drawn but never how they are shaped; and StyleMap, the style in force at each code point.

/// Lines drawn with the text: an underline, a strikethrough, or both (`TextStyle.underline` and
/// `.strikethrough` are the public view).
package struct TextDecorations: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// An underline, at the font's underline position and thickness.
    package static let underline = TextDecorations(rawValue: 1)
    /// A strikethrough, at the font's strikeout position and thickness.
    package static let strikethrough = TextDecorations(rawValue: 2)
    /// A spoiler's mask (`EntityKind.spoiler`): the run keeps its advance but has no glyph, and its
    /// background (grey unless the span gives one) is drawn as a block in their place.
    package static let spoiler = TextDecorations(rawValue: 4)

    /// The names of the decorations set, in a fixed order ("underline", "strikethrough"), as the JSON
    /// and text dumps write them.
    var names: [String] {
        var names: [String] = []
        if contains(.underline) { names.append("underline") }
        if contains(.strikethrough) { names.append("strikethrough") }
        if contains(.spoiler) { names.append("spoiler") }
        return names
    }
}

/// The paint in force at a code point: nil colours take the render options' (or, for a mention, the
/// mention colour).
public struct TextStyle: Sendable, Hashable {
    /// The text colour; nil takes the render options' (or, for a mention, the mention colour).
    public var color: RGBAColor?
    /// A fill behind the text, the height of the line box; nil for none.
    public var background: RGBAColor?
    /// The lines drawn with the text.
    package var decorations: TextDecorations
    /// An underline is drawn, at the font's underline position and thickness.
    public var underline: Bool { decorations.contains(.underline) }
    /// A strikethrough is drawn, at the font's strikeout position and thickness.
    public var strikethrough: Bool { decorations.contains(.strikethrough) }

    /// A style with the given paint; plain by default.
    package init(color: RGBAColor? = nil, background: RGBAColor? = nil, decorations: TextDecorations = []) {
        self.color = color
        self.background = background
        self.decorations = decorations
    }

    /// No colour, no background, no decoration.
    package static let plain = TextStyle()
    /// The block a spoiler is drawn as when its span gives no background: a mid grey, legible as
    /// "something hidden" on light and dark backgrounds.
    static let spoilerMask = RGBAColor(red: 0x9e, green: 0x9e, blue: 0x9e)
}

/// The styles of the text: a table, and for each code point its index in the table (no table and no
/// per-code-point array when no span sets a style, so the unstyled path allocates nothing).
struct StyleMap {
    var table: [TextStyle] = []
    var index: [Int32]?

    subscript(i: Int) -> TextStyle { index.map { table[Int($0[i])] } ?? .plain }
    func id(_ i: Int) -> Int32 { index?[i] ?? 0 }

    /// Whether any code point has a style.
    var isEmpty: Bool { index == nil }

    /// The spans' styles over `count` code points: each span that sets a colour, background or
    /// decoration overrides what earlier spans set, attribute by attribute (a later span wins); a
    /// spoiler's span masks its text.
    init(spans: [TextSpan], count: Int) {
        guard spans.contains(where: \.setsStyle) else { return }
        var values = SpanTable(base: TextStyle.plain, count: count)
        for span in spans where span.setsStyle {
            values.apply(span.range) { style in
                if let color = span.color { style.color = color }
                if let background = span.background { style.background = background }
                if let underline = span.underline {
                    if underline { style.decorations.insert(.underline) } else { style.decorations.remove(.underline) }
                }
                if let strikethrough = span.strikethrough {
                    if strikethrough { style.decorations.insert(.strikethrough) } else { style.decorations.remove(.strikethrough) }
                }
                if span.entity == .spoiler {
                    style.decorations.insert(.spoiler)
                    style.background = span.background ?? TextStyle.spoilerMask
                }
            }
        }
        table = values.table
        index = values.index
    }
}
