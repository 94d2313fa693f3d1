// ShapedRun: the shape stage's output — a run's glyphs positioned in px, with their clusters.

/// A glyph positioned in px. Offsets follow HarfBuzz: x to the right, y up from the baseline.
@_spi(Tools) public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph id in the run's font (0 is .notdef).
    var id: UInt32
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: a line broken before this glyph's cluster may give
    /// other glyphs than these on either side. Read only by line breaking, to take a piece's glyphs
    /// as they lie where it may (`ShapeScratch.reshapedPiece`); not part of the glyph's equality.
    var unsafeToBreak = false
    /// The Unicode scalar offset, in the original text, of the first character of the glyph's
    /// cluster (HarfBuzz cluster level "monotone graphemes").
    var cluster: Int
    /// How far the pen moves right after the glyph, in px.
    var xAdvance: Double
    /// How far the pen moves up after the glyph, in px (0 in horizontal text).
    var yAdvance: Double
    /// The glyph's offset from the pen to the right, in px (GPOS).
    var xOffset: Double
    /// The glyph's offset from the pen upwards, in px (GPOS).
    var yOffset: Double

    public static func == (a: ShapedGlyph, b: ShapedGlyph) -> Bool {
        a.id == b.id && a.cluster == b.cluster && a.xAdvance == b.xAdvance && a.yAdvance == b.yAdvance
            && a.xOffset == b.xOffset && a.yOffset == b.yOffset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(cluster)
        hasher.combine(xAdvance)
        hasher.combine(yAdvance)
        hasher.combine(xOffset)
        hasher.combine(yOffset)
    }
}

/// One shaped run.
@_spi(Tools) public struct ShapedRun: Sendable, Hashable {
    /// Scalar offsets in the original text.
    var range: Range<Int>
    /// The run's direction, as HarfBuzz shaped it.
    var direction: TextDirection
    /// ISO 15924 script tag (4 bytes: "Arab").
    package var script: ScriptTag
    /// The BCP 47 language HarfBuzz shaped with, if any.
    var language: LocaleTag?
    /// The font the run was shaped with.
    var font: Font
    /// Font size in px per em.
    var size: Double
    /// The glyphs in visual order, left to right.
    public var glyphs: [ShapedGlyph]

    /// The sum of the glyphs' x advances.
    var advance: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }
}
