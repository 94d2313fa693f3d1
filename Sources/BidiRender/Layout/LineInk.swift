// LineInk: a built line's ink box — the union of its glyphs' ink boxes (HarfBuzz's glyph extents,
// memoized per scratch) — kept on the line (`LayoutLine.ink`) for `Layout.inkBounds`.

/// A box being grown: its edges in px, y down.
struct InkBox: Hashable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The box as a rectangle.
    var rect: LayoutRect { LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

    /// Moves the box by (`dx`, `dy`).
    mutating func move(dx: Double, dy: Double) {
        (minX, maxX, minY, maxY) = (minX + dx, maxX + dx, minY + dy, maxY + dy)
    }

    /// Grows `box` (nil: empty) to hold `other`.
    static func unite(_ box: inout InkBox?, _ other: InkBox) {
        guard let b = box else {
            box = other
            return
        }
        box = InkBox(minX: min(b.minX, other.minX), minY: min(b.minY, other.minY), maxX: max(b.maxX, other.maxX), maxY: max(b.maxY, other.maxY))
    }
}

/// The glyphs' ink boxes asked for by one scratch, memoized by font and glyph (no lock: a scratch
/// serves one layout at a time). HarfBuzz reads an outline glyph's box from its table, but a colour
/// bitmap glyph's through FreeType, which loads the glyph: each is asked once.
struct GlyphInkMemo {
    private struct Key: Hashable {
        var font: ObjectIdentifier
        var glyph: UInt32
    }
    private var boxes: [Key: GlyphExtents] = [:]
    /// The fonts whose glyphs are held, kept alive so that no identifier is reused while they are.
    private var fonts: [ObjectIdentifier: Font] = [:]
    /// The most boxes held: past it the memo starts again.
    static let limit = 1 << 16

    /// The ink box of `glyph` in `font`, in HarfBuzz units.
    mutating func extents(_ glyph: UInt32, font: Font) -> GlyphExtents {
        let key = Key(font: ObjectIdentifier(font), glyph: glyph)
        if let extents = boxes[key] { return extents }
        if boxes.count >= Self.limit { (boxes, fonts) = ([:], [:]) }
        if fonts[key.font] == nil { fonts[key.font] = font }
        let extents = font.hbFont.glyphExtents(glyph)
        boxes[key] = extents
        return extents
    }

    /// Grows `ink` by the ink of `glyphs`, of `font` at `size` px, each at its (x, y): the pen
    /// position and GPOS offset on a baseline at y = 0, y down. Glyphs without ink add nothing.
    mutating func unite(_ glyphs: [PositionedGlyph], font: Font, size: Double, into ink: inout InkBox?) {
        let scale = size / Double(font.hbFont.unitsPerEm)
        for glyph in glyphs {
            let e = extents(glyph.id, font: font)
            guard e.width != 0 || e.height != 0 else { continue }
            let x0 = glyph.x + Double(e.xBearing) * scale, x1 = x0 + Double(e.width) * scale
            let y0 = glyph.y - Double(e.yBearing) * scale, y1 = y0 - Double(e.height) * scale
            InkBox.unite(&ink, InkBox(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1)))
        }
    }
}
