// TextSpan: attributes (an entity with the caller's id, weight, style, locale, size; colour,
// background, decorations) over a range of the text, like an attributed string's.

/// Attributes over a range of the text, like an attributed string's. Nil fields inherit the options.
public struct TextSpan: Sendable, Hashable {
    /// Unicode scalar offsets into the text.
    public var range: Range<Int>
    /// An entity of this kind that the caller declares over the range: always isolated as one
    /// directional unit, whatever `LayoutOptions.isolate` says, winning over a detected entity it
    /// overlaps, and reported in `Layout.entities` with this kind. Nil: no entity.
    public var entity: EntityKind?
    /// The caller's id for the span's entity (a user id, a link target), reported as `Entity.id`;
    /// unused when `entity` is nil.
    public var id: String?
    /// The font weight over the range, in place of the options'.
    public var weight: FontWeight?
    /// Upright or italic over the range, in place of the options'.
    public var style: FontStyle?
    /// The locale over the range (fonts, line breaking), in place of the options'.
    public var locale: LocaleTag?
    /// The font size in px (0.1…10,000), in place of the options' size: shaped and measured at it;
    /// the runs of one line share its baseline.
    public var size: Double?
    /// OpenType features in HarfBuzz's syntax, one a string ("tnum", "-liga", "ss01=1"): they change
    /// shaping (an empty list turns an earlier span's off).
    public var features: [String]?
    /// The text colour, in place of the render options' (and the mention colour).
    public var color: RGBAColor?
    /// A fill behind the text, the height of the line box.
    public var background: RGBAColor?
    /// Draw an underline (true), or none where an earlier span set one (false).
    public var underline: Bool?
    /// Draw a strikethrough (true), or none where an earlier span set one (false).
    public var strikethrough: Bool?
    /// A box laid out in place of the range (a custom emoji's shortcode, an avatar, U+FFFC), reported
    /// as an entity of kind `.inlineBox` with the span's `id`. Boxes may not overlap one another, nor
    /// be empty, nor share a span with `entity`.
    public var inlineBox: InlineBox?

    /// A span over `range` (scalar offsets; `String.scalarOffsets(of:)` converts a
    /// `Range<String.Index>`) with the given attributes; nil ones inherit the options.
    public init(
        range: Range<Int>, entity: EntityKind? = nil, id: String? = nil, weight: FontWeight? = nil,
        style: FontStyle? = nil, locale: LocaleTag? = nil, size: Double? = nil, features: [String]? = nil,
        color: RGBAColor? = nil, background: RGBAColor? = nil, underline: Bool? = nil, strikethrough: Bool? = nil,
        inlineBox: InlineBox? = nil
    ) {
        self.range = range
        self.entity = entity
        self.id = id
        self.weight = weight
        self.style = style
        self.locale = locale
        self.size = size
        self.features = features
        self.color = color
        self.background = background
        self.underline = underline
        self.strikethrough = strikethrough
        self.inlineBox = inlineBox
    }

    /// Whether the span sets a font attribute (weight, style, locale or size).
    var setsAttributes: Bool { weight != nil || style != nil || locale != nil || size != nil || features != nil }

    /// Whether the span sets a paint attribute (colour, background or a decoration, or a spoiler's mask).
    var setsStyle: Bool { color != nil || background != nil || underline != nil || strikethrough != nil || entity == .spoiler }

    /// Whether `validate(index:)` has anything to check.
    var needsValidation: Bool {
        size != nil || features != nil || inlineBox != nil || entity == .inlineBox || entity == .ellipsis
    }

    /// Checks the size (0.1…10,000 px, as `LayoutOptions.size`), that HarfBuzz parses every
    /// feature (`hb_feature_from_string`) and the inline box; errors name span `index` and the key.
    package func validate(index: Int) throws(BidiRenderError) {
        if let inlineBox {
            try inlineBox.validate(key: "spans[\(index)].inlineBox")
            if entity != nil, entity != .inlineBox {
                throw .invalidValue(
                    key: "spans[\(index)].entity", value: entity?.rawValue ?? "",
                    reason: "a span with an inline box is the box's entity: give the other entity its own span")
            }
        } else if entity == .inlineBox {
            throw .invalidValue(key: "spans[\(index)].entity", value: "inline", reason: "needs the span's inlineBox")
        }
        if entity == .ellipsis {
            throw .invalidValue(key: "spans[\(index)].entity", value: "ellipsis", reason: "only a truncated layout makes an ellipsis entity")
        }
        if let features, let bad = HBFeatures.firstInvalid(features) {
            throw .invalidValue(
                key: "spans[\(index)].features", value: bad, reason: "is not an OpenType feature in HarfBuzz's syntax (tnum, -liga, ss01=1)")
        }
        if let size, !(size.isFinite && size >= 0.1 && size <= 10_000) {
            throw .invalidValue(key: "spans[\(index)].size", value: size.valueText, reason: "must be from 0.1 to 10000 px")
        }
    }
}

extension TextSpan {
    /// Throws `.invalidValue` naming `spans[i]` for the first span whose range is not within the
    /// scalars of `text` (the library's offset rule, `OffsetBounds`). Counts the text only when
    /// there are spans.
    static func checkRanges(_ spans: [TextSpan], in text: String) throws(BidiRenderError) {
        guard !spans.isEmpty else { return }
        let count = scalarCount(text)
        for (i, span) in spans.enumerated() { try OffsetBounds.check(span.range, in: 0...count, key: "spans[\(i)]") }
        try checkInlineBoxes(spans)
        try checkInlineBoxEdges(spans, in: text)
        try checkEntities(spans)
    }

    /// Throws `.invalidValue` naming `spans[i]` for an inline box whose range starts or ends inside
    /// a grapheme cluster: the box replaces whole clusters ("a👍🏽c" with a box over 1..<2 left the
    /// skin-tone modifier alone, drawn as an emoji of its own).
    static func checkInlineBoxEdges(_ spans: [TextSpan], in text: String) throws(BidiRenderError) {
        guard spans.contains(where: { $0.inlineBox != nil }) else { return }
        var boundaries: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            boundaries.insert(offset)
        }
        for (i, span) in spans.enumerated() where span.inlineBox != nil {
            for edge in [span.range.lowerBound, span.range.upperBound] where !boundaries.contains(edge) {
                throw .invalidValue(
                    key: "spans[\(i)]", value: "\(span.range)",
                    reason: "an inline box replaces whole grapheme clusters: offset \(edge) is inside one")
            }
        }
    }

    /// Throws `.invalidValue` naming `spans[i]` for an entity span (a mention, URL, e-mail address,
    /// phone number or hashtag) that overlaps another one otherwise than over the same range: each
    /// is isolated and reported whole, and two cannot share a code point (one was dropped
    /// silently). Over the same range, the later span wins, as for every attribute. A spoiler may
    /// cover entities, an inline box sit in one.
    static func checkEntities(_ spans: [TextSpan]) throws(BidiRenderError) {
        var marked: [(range: Range<Int>, index: Int)] = []
        for (i, span) in spans.enumerated() where !span.range.isEmpty {
            guard let kind = span.entity, kind != .spoiler, kind != .inlineBox, kind != .ellipsis else { continue }
            marked.append((span.range, i))
        }
        guard marked.count > 1 else { return }
        marked.sort { ($0.range.lowerBound, $0.index) < ($1.range.lowerBound, $1.index) }
        var widest = marked[0]
        for entry in marked.dropFirst() {
            if entry.range.lowerBound < widest.range.upperBound, entry.range != widest.range {
                let (a, b) = (min(entry.index, widest.index), max(entry.index, widest.index))
                let kind = spans[a].entity.map(\.rawValue) ?? "entity"
                throw .invalidValue(
                    key: "spans[\(b)]", value: "\(spans[b].range)", reason: "overlaps the \(kind) of spans[\(a)] (entity spans cannot overlap)")
            }
            if entry.range.upperBound >= widest.range.upperBound { widest = entry }
        }
    }

    /// Throws `.invalidValue` naming `spans[i]` for an inline box over an empty range or over the
    /// range of an earlier one (boxes replace their text: two cannot share a code point).
    static func checkInlineBoxes(_ spans: [TextSpan]) throws(BidiRenderError) {
        var boxes: [(range: Range<Int>, index: Int)] = []
        for (i, span) in spans.enumerated() where span.inlineBox != nil {
            if span.range.isEmpty {
                throw .invalidValue(key: "spans[\(i)]", value: "\(span.range)", reason: "an inline box replaces a range: it cannot be empty")
            }
            boxes.append((span.range, i))
        }
        guard boxes.count > 1 else { return }
        boxes.sort { $0.range.lowerBound < $1.range.lowerBound }
        for k in 1..<boxes.count where boxes[k].range.lowerBound < boxes[k - 1].range.upperBound {
            let (a, b) = (min(boxes[k].index, boxes[k - 1].index), max(boxes[k].index, boxes[k - 1].index))
            throw .invalidValue(key: "spans[\(b)]", value: "\(spans[b].range)", reason: "overlaps the inline box of spans[\(a)]")
        }
    }

    /// The number of code points of `text`: its UTF-8 bytes that do not continue a sequence (a
    /// native string's bytes are valid UTF-8), counted in one pass over them — a tenth of the cost
    /// of decoding `unicodeScalars`.
    static func scalarCount(_ text: String) -> Int {
        let counted = text.utf8.withContiguousStorageIfAvailable { bytes in
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return counted ?? text.unicodeScalars.count
    }
}
