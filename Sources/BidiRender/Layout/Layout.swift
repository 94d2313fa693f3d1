// Layout: the result of laying out a text — paragraphs, lines in order, and in each line the runs in
// visual order with their glyphs positioned in px. Plain values, ready to dump or render.
//
// Coordinates: x from the layout's left edge, y down from its top; a glyph's (x, y) is its pen
// position plus its GPOS offset, on the line's baseline. Every offset and cluster is a Unicode scalar
// offset into the ORIGINAL text (controls inserted for mentions never appear); ends are exclusive.

/// A laid-out text.
public struct Layout: Sendable, Hashable {
    /// The paragraphs (UAX #9 P1), in text order.
    public internal(set) var paragraphs: [LayoutParagraph]
    /// The lines, top to bottom, over all paragraphs.
    public internal(set) var lines: [LayoutLine]
    /// Every glyph of the layout, line by line and in each line in visual order, left to right: a
    /// run's are `glyphs[run.glyphRange]`. One array for the whole layout, not one per run.
    public internal(set) var glyphs: [PositionedGlyph] = []
    /// The width the lines are aligned in: `options.maxWidth`, or without one the widest line's
    /// `contentWidth`. Not what the text covers (a layout to a width of 300 px is 300 px wide even
    /// when its longest line is 80 px): that is `contentWidth`.
    public internal(set) var width: Double
    /// The line boxes' heights added up, in px: the first line's top is 0 and the last line's
    /// bottom is `height`.
    public internal(set) var height: Double
    /// Grapheme clusters that no font of the manifest covered: served by a system font or shown as
    /// .notdef.
    package internal(set) var fallbacks: [FontFallback]
    /// The options the layout was made with.
    package internal(set) var options: LayoutOptions
    /// Whether `options.maxLines` cut the text: the last line then ends in the ellipsis run
    /// (`LayoutRun.isEllipsis`; two or more side by side when it needs more than one font), the text after the cut is on no line, and `paragraphs` ends with the
    /// paragraph of the cut.
    public internal(set) var truncated: Bool = false

    /// The widest line without its hanging white space (an ellipsis included): the width a bubble
    /// is sized to.
    public var contentWidth: Double { lines.reduce(0) { max($0, $1.contentWidth) } }
    /// Where grapheme clusters start, and the carets inside ligatures: what the queries need
    /// (`caret(at:affinity:)`, `offset(at:)`, `selectionRects(for:)`, `move(_:from:affinity:)`).
    @_spi(Tools) public internal(set) var graphemes = GraphemeIndex()
    /// Every entity that was isolated (mentions, URLs, e-mail addresses, phone numbers, hashtags),
    /// sorted, with the direction of each, the caller's id and where the layout draws it (`Entity.rects`).
    public internal(set) var entities: [Entity] = []
    /// What the caller should know about how the text could be drawn: today only that no colour
    /// emoji font was found for one of its emoji (fonts-noto-color-emoji missing). Like the rest of
    /// the layout it depends on the text, options and fonts alone, not on earlier calls: a caller
    /// that lays out many texts says it once (the CLI prints each warning once per run). Empty
    /// almost always.
    public internal(set) var warnings: [String] = []
    /// What the text holds that attacks its readers, as `LayoutEngine.findings(in:as:confusableWith:)`
    /// finds in a message (its mentions, URL hosts and e-mail domains as the identifiers), and a
    /// `marks` finding for each line whose glyphs' ink rises above its box or falls below it by more
    /// than a quarter of the size. Empty for almost every text; the JSON's `"warnings"`.
    public internal(set) var findings: [TextFinding] = []

    /// The mentions among `entities` (detected, or the caller's mention spans), in order. Filters
    /// `entities` on each call: keep the result when you read it more than once.
    package var mentions: [Entity] { entities.filter { $0.kind == .mention } }

    /// The glyphs of `run`, one of this layout's: `glyphs[run.glyphRange]`.
    package func glyphs(of run: LayoutRun) -> ArraySlice<PositionedGlyph> { glyphs[run.glyphRange] }
}

/// One paragraph (UAX #9 P1): its range without the separator, and its resolved direction.
public struct LayoutParagraph: Sendable, Hashable {
    /// Its scalar offsets, without the paragraph separator.
    public internal(set) var range: Range<Int>
    /// Its resolved direction: forced, or by rules P2–P3.
    public internal(set) var direction: TextDirection
}

/// One line.
public struct LayoutLine: Sendable, Hashable {
    /// The code points of the line, trailing spaces included.
    public internal(set) var range: Range<Int>
    /// The paragraph it belongs to (an index into `Layout.paragraphs`).
    package internal(set) var paragraph: Int
    /// The left edge of the first run. The trailing white space hangs past the line's end edge (as
    /// in CSS and Pango), so in a right-to-left paragraph, where it is the leftmost run, `x` is
    /// negative when the content reaches the left edge (a full line, or left alignment): the spaces
    /// lie left of 0. `Layout.bounds` leaves them out.
    public internal(set) var x: Double
    /// The baseline, down from the top of the layout.
    public internal(set) var baseline: Double
    /// The sum of the runs' advances, trailing spaces included.
    public internal(set) var width: Double
    /// The width without the trailing whitespace, which hangs past the line's end edge.
    public internal(set) var contentWidth: Double
    /// The largest ascent of the fonts on the line, in px (above the baseline).
    public internal(set) var ascent: Double
    /// The largest descent of the fonts on the line, in px, positive (below the baseline).
    public internal(set) var descent: Double
    /// The largest line gap of the fonts on the line, in px (half above the ascent, half below the
    /// descent).
    package internal(set) var lineGap: Double
    /// The top of the line box: the baseline less the ascent and half the line gap.
    public var top: Double { baseline - ascent - lineGap / 2 }
    /// The height of the line box: ascent + descent + line gap.
    public var height: Double { ascent + descent + lineGap }
    /// The runs in visual order, left to right.
    public internal(set) var runs: [LayoutRun]
    /// The union of its glyphs' ink boxes, in layout px (nil: no glyph with ink).
    var ink: InkBox? = nil
    /// Its glyphs in `Layout.glyphs`: its runs' `glyphRange`s, one after another.
    package internal(set) var glyphRange: Range<Int> = 0..<0
    /// Its runs' distinct clusters, added up (equal clusters are adjacent in a run), as they were
    /// placed; -1 when not counted (a truncated line). Fewer than its graphemes: a ligature covers
    /// several, and the queries' index reads its carets.
    var clusterCount = -1
}

/// A run of one level, script, language and font, in visual order within its line.
public struct LayoutRun: Sendable, Hashable {
    // The fields every query on a layout reads (carets, hit-testing, selection) come first, in one
    // cache line; the rest after them.

    /// Its scalar offsets in the original text (empty for an ellipsis run).
    public internal(set) var range: Range<Int>
    /// Its bidi embedding level (UAX #9): even for left-to-right, odd for right-to-left.
    public internal(set) var level: BidiLevel
    /// Its direction, from `level`.
    package var direction: TextDirection { TextDirection(level: level) }
    /// Its ISO 15924 script (a 4-byte tag, as HarfBuzz's hb_script_t: "Arab", "Hani", "Latn"…).
    public internal(set) var script: ScriptTag
    /// Its left edge, in px from the layout's left edge (after alignment).
    public internal(set) var x: Double
    /// Its width: the sum of its glyphs' advances, in px.
    public internal(set) var advance: Double
    /// Its glyphs in `Layout.glyphs`, in visual order, left to right: `layout.glyphs[run.glyphRange]`.
    /// Empty for a spoiler's run (its text is hidden).
    public internal(set) var glyphRange: Range<Int>
    /// Its font and language, shared with the layout's other runs that have them: a run holds one
    /// reference, not the strings of both (each copied and released with the run).
    var face: RunFace
    /// The BCP 47 language it was shaped with (its font package's); nil when none applies.
    @_spi(Tools) public var language: LocaleTag? { face.language }
    /// The font its glyphs come from.
    public var font: FontDescriptor { face.font }
    /// The font size in px.
    public internal(set) var size: Double
    /// Whether the run is the ellipsis of a truncated line: its range is empty, at the cut, and its
    /// glyphs' clusters are the cut offset.
    public internal(set) var isEllipsis: Bool = false
    /// The spans' paint over the run (colour, background, decorations); runs split where it changes.
    public internal(set) var style: TextStyle = .plain
    /// For an inline box's run (one glyph, id 0, the box's advance; nothing drawn for it): the box's
    /// index among the call's boxes (`AttributeMap.inlines`), else -1; and its top, from the
    /// baseline (negative: above it). Its rectangle is its entity's (`EntityKind.inlineBox`).
    var inlineBox: Int32 = -1
    var inlineTop: Double = 0
    /// Whether the run is an inline box's.
    var isInlineBox: Bool { inlineBox >= 0 }

    init(
        range: Range<Int>, level: BidiLevel, script: ScriptTag, face: RunFace, size: Double,
        x: Double, advance: Double, glyphRange: Range<Int>, isEllipsis: Bool = false, style: TextStyle = .plain,
        inlineBox: Int32 = -1
    ) {
        (self.range, self.level, self.script, self.x, self.advance, self.glyphRange) = (range, level, script, x, advance, glyphRange)
        (self.face, self.size, self.isEllipsis, self.style) = (face, size, isEllipsis, style)
        self.inlineBox = inlineBox
    }
}

/// A run's font and language, shared by reference among a layout's runs (`LayoutRun.face`); equal
/// when their values are.
final class RunFace: Sendable, Hashable {
    let font: FontDescriptor
    let language: LocaleTag?

    init(font: FontDescriptor, language: LocaleTag?) {
        (self.font, self.language) = (font, language)
    }

    static func == (a: RunFace, b: RunFace) -> Bool { a === b || (a.font == b.font && a.language == b.language) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(language)
    }
}

/// A glyph at its place.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph id in the run's font (0 is .notdef).
    public internal(set) var id: UInt32
    /// The scalar offset of the first character of its cluster.
    public internal(set) var cluster: Int
    /// Its x in px from the layout's left edge: pen position plus the GPOS offset.
    public internal(set) var x: Double
    /// Its baseline y in px down from the layout's top, plus the GPOS offset.
    public internal(set) var y: Double
    /// How far the pen moves after it, in px (the next glyph's x, or the run's end).
    package internal(set) var advance: Double
}
