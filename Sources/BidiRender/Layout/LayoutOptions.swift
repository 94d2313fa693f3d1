// LayoutOptions: everything a layout is asked for — the paragraph direction, locale, weight, style,
// size, width, alignment, entities isolated, digits and the bidi engine.

/// What a layout is asked for.
public struct LayoutOptions: Sendable, Hashable {
    /// The paragraph direction: forced (`.rightToLeft` for an Arabic UI), or found by rules P2–P3.
    public var direction: ParagraphDirection
    /// The UI's locale: it picks the font package, the line breaking rules and the digits.
    public var locale: LocaleTag
    /// The font weight asked for; the weight rule picks the nearest the package has.
    public var weight: FontWeight
    /// Upright or italic.
    public var style: FontStyle
    /// Font size in px per em.
    public var size: Double
    /// The line width in px; nil lays each paragraph out as one line.
    public var maxWidth: Double?
    /// How lines are placed in the layout's width.
    public var alignment: TextAlignment
    /// Whether European digits are shown as the locale's digits.
    public var digits: DigitSubstitution
    /// Which UAX #9 implementation resolves levels; see `BidiEngine`.
    public var bidiEngine: BidiEngine
    /// The most lines the layout keeps, counted over all paragraphs (nil: no limit, else at least 1).
    /// When the text needs more, the last kept line is truncated and ends in `ellipsis`; see
    /// `Layout.truncated` and Layout/Truncation.swift.
    public var maxLines: Int?
    /// The mark a truncated line ends in, at the end edge of its paragraph's direction: "…" (U+2026)
    /// by default; an empty string clips with no mark.
    public var ellipsis: String
    /// Where truncation cuts and shows the ellipsis: at the end of the last kept line (the default),
    /// at the start of the first (the last lines are kept) or inside the last; see `TruncationMode`.
    public var truncation: TruncationMode = .end
    /// The ellipsis's own look ("… Read more" in bold and the link colour): the weight, style,
    /// colour, background, underline and strikethrough of this span apply to it (its range is not
    /// read; nil ones take the layout's). nil: the ellipsis looks like the text.
    public var ellipsisStyle: TextSpan? = nil
    /// How tall each line box is: `normal` (the default: the locale's first font as a strut, grown
    /// by taller fonts), a multiple of `size`, or px; see `LineHeight`.
    public var lineHeight: LineHeight = .normal
    /// The kinds of entity detected and isolated as one directional unit (all by default; `[]`
    /// detects none). The caller's entity spans (`TextSpan.entity`) are isolated whatever it says.
    public var isolate: EntityKinds = .all
    /// Whether the layout runs the text guard on its text (`Layout.findings`); on by default, off
    /// for the benchmarks' `layout-guard/layout` pair.
    @_spi(Tools) public var findsHostileText = true
    /// Whether end truncation keeps an entity whole even when it starts the line (a preview's
    /// last guard: "@mohammed_al…" would name another user). The cut then keeps only the entity's
    /// first grapheme cluster ("@…"), as a preview's field cut does. Off: a line may cut an entity
    /// that starts it.
    package var entitiesWholeAtCut = false

    /// Options with the given values; the defaults lay out 16 px text of the default locale, auto
    /// direction, each paragraph on one line.
    public init(
        direction: ParagraphDirection = .auto, locale: LocaleTag = LocaleTag("default"), weight: FontWeight = .regular,
        style: FontStyle = .normal, size: Double = 16, maxWidth: Double? = nil, alignment: TextAlignment = .natural,
        digits: DigitSubstitution = .western, bidiEngine: BidiEngine = .native,
        maxLines: Int? = nil, ellipsis: String = "\u{2026}", isolate: EntityKinds = .all, lineHeight: LineHeight = .normal,
        truncation: TruncationMode = .end, ellipsisStyle: TextSpan? = nil
    ) {
        self.direction = direction
        self.locale = locale
        self.weight = weight
        self.style = style
        self.size = size
        self.maxWidth = maxWidth
        self.alignment = alignment
        self.digits = digits
        self.bidiEngine = bidiEngine
        self.maxLines = maxLines
        self.ellipsis = ellipsis
        self.isolate = isolate
        self.lineHeight = lineHeight
        self.truncation = truncation
        self.ellipsisStyle = ellipsisStyle
    }

    /// Checks the numbers: a size from 0.1 to 10,000 px, a width above 0 and at most 1,000,000 px,
    /// and max lines at least 1. Throws `.invalidValue` naming the option and the range.
    package func validate() throws(BidiRenderError) {
        guard size.isFinite, size >= 0.1, size <= 10_000 else {
            throw .invalidValue(key: "size", value: size.valueText, reason: "must be a number of px from 0.1 to 10000")
        }
        if let maxWidth, !(maxWidth.isFinite && maxWidth > 0 && maxWidth <= 1_000_000) {
            throw .invalidValue(key: "width", value: maxWidth.valueText, reason: "must be a positive number of px, at most 1000000")
        }
        if let maxLines, maxLines < 1 {
            throw .invalidValue(key: "max-lines", value: "\(maxLines)", reason: "must be a whole number of lines, at least 1")
        }
        try lineHeight.validate()
        if let span = ellipsisStyle {
            let refused: [(String, Bool)] = [
                ("entity", span.entity != nil), ("id", span.id != nil), ("locale", span.locale != nil),
                ("size", span.size != nil), ("features", span.features != nil), ("inline box", span.inlineBox != nil),
            ]
            if let key = refused.first(where: \.1)?.0 {
                throw .invalidValue(
                    key: "ellipsis-style", value: key,
                    reason: "is not an attribute of the ellipsis: weight, style, color, background, underline and strikethrough are")
            }
        }
    }

    /// The paint of the ellipsis: `ellipsisStyle`'s colour, background and decorations.
    var ellipsisPaint: TextStyle {
        guard let span = ellipsisStyle else { return .plain }
        var decorations: TextDecorations = []
        if span.underline == true { decorations.insert(.underline) }
        if span.strikethrough == true { decorations.insert(.strikethrough) }
        return TextStyle(color: span.color, background: span.background, decorations: decorations)
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
    var isRightToLeft: Bool {
        if let script = subtags.dropFirst().first(where: { $0.count == 4 }) {
            return ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains(script)
        }
        return ["ar", "fa", "he", "iw", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "ks"].contains(language)
    }
}
