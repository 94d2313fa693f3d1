// InlineBox: a box of a given size laid out in place of a range of the text (a custom emoji's
// shortcode, an avatar, a pill; or U+FFFC) — its size, its vertical alignment, and the call's boxes as
// the stages read them.

/// A box laid out in place of a span's range (`TextSpan.inlineBox`): custom emoji, avatars and
/// pills inline in text, as SkParagraph's placeholders, CoreText's run delegates.
///
/// The range becomes one unit, as U+FFFC OBJECT REPLACEMENT CHARACTER would be: bidi class ON (it
/// takes the direction around it), one grapheme cluster (no caret inside), no line break inside
/// (UAX #14 class CB before and after it, as U+FFFC), and one glyph-less run `width` px wide. A box
/// taller than the text grows its line. The layout reports each box as an `Entity` of kind
/// `.inlineBox` whose one rectangle is the box, with the span's `id`; `Renderer` draws the image
/// `RenderOptions.inlineImages` holds for that id into it, or its outline in the debug overlay.
public struct InlineBox: Sendable, Hashable {
    /// Its width and height in px (0…10,000).
    var width: Double
    var height: Double
    /// Where it sits against the line.
    var alignment: Alignment
    /// With `.baseline`: the distance from its top to the baseline it puts on the line's (0…its
    /// height; nil: its height, so it stands on the baseline).
    var baselineOffset: Double?

    /// How a box sits against its line (SkParagraph's placeholder alignments, CSS `vertical-align`).
    public enum Alignment: String, Sendable, Hashable, CaseIterable {
        /// Its baseline (`baselineOffset` below its top; by default its bottom) on the line's.
        case baseline
        /// Its middle at the middle of the text: half way between the text's ascent and descent.
        case middle
        /// Its top at the line box's top (a taller box grows the line downwards).
        case top
        /// Its bottom at the line box's bottom (a taller box grows the line upwards).
        case bottom
        /// Its top at the top of the text: the baseline less the text's ascent.
        case textTop = "text-top"
        /// Its bottom at the bottom of the text: the baseline plus the text's descent.
        case textBottom = "text-bottom"
    }

    /// A box of `width` × `height` px with `alignment` (and, for `.baseline`, its `baselineOffset`).
    public init(width: Double, height: Double, alignment: Alignment = .baseline, baselineOffset: Double? = nil) {
        (self.width, self.height, self.alignment, self.baselineOffset) = (width, height, alignment, baselineOffset)
    }

    /// Checks the size (0…10,000 px) and the baseline offset (0…height); errors name `key`.
    func validate(key: String) throws(BidiRenderError) {
        for (name, value) in [("width", width), ("height", height)] where !(value.isFinite && value >= 0 && value <= 10_000) {
            throw .invalidValue(key: "\(key).\(name)", value: value.valueText, reason: "must be from 0 to 10000 px")
        }
        if let offset = baselineOffset, !(offset.isFinite && offset >= 0 && offset <= height) {
            throw .invalidValue(key: "\(key).baselineOffset", value: offset.valueText, reason: "must be from 0 to the box's height (\(height.valueText))")
        }
    }

    /// Its top, relative to the baseline (negative: above it), given the text's ascent and descent
    /// on its line (the fonts', before any box) and the line box's top and bottom (after the
    /// boxes that align to the text grew it), all relative to the baseline.
    func top(textAscent: Double, textDescent: Double, lineTop: Double, lineBottom: Double) -> Double {
        switch alignment {
        case .baseline: return -(baselineOffset ?? height)
        case .middle: return (textDescent - textAscent) / 2 - height / 2
        case .top: return lineTop
        case .bottom: return lineBottom - height
        case .textTop: return -textAscent
        case .textBottom: return textDescent - height
        }
    }

    /// Whether its place depends on the line box (`.top`, `.bottom`): such boxes are placed after
    /// the others have grown the line, and grow it only by what is left.
    var alignsToLineBox: Bool { alignment == .top || alignment == .bottom }
}

/// A box of the call, from a span: its range in the text, the box and the span's id.
struct InlineSpan: Hashable {
    var range: Range<Int>
    var box: InlineBox
    var id: String?

    /// The boxes of `spans`, sorted by start (`TextSpan.checkInlineBoxes` has made sure that they do
    /// not overlap and are not empty).
    static func boxes(of spans: [TextSpan]) -> [InlineSpan] {
        var boxes: [InlineSpan] = []
        for span in spans {
            guard let box = span.inlineBox, !span.range.isEmpty else { continue }
            boxes.append(InlineSpan(range: span.range, box: box, id: span.id))
        }
        if boxes.count > 1 { boxes.sort { $0.range.lowerBound < $1.range.lowerBound } }
        return boxes
    }

    /// The index of the box of `boxes` (sorted) that starts at `offset`, if any, searching from
    /// `cursor` on and moving it past the boxes that start before `offset`.
    static func box(startingAt offset: Int, in boxes: [InlineSpan], cursor: inout Int) -> Int? {
        while cursor < boxes.count, boxes[cursor].range.lowerBound < offset { cursor += 1 }
        return cursor < boxes.count && boxes[cursor].range.lowerBound == offset ? cursor : nil
    }
}
