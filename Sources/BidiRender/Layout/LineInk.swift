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

/// The glyphs' ink boxes asked for by one scratch, memoized per font in a table indexed by glyph id
/// (no lock: a scratch serves one layout at a time), so that a run finds its font's table by a
/// short linear search (a text uses a handful of fonts; no hashing) and each glyph is an array read.
/// HarfBuzz reads an outline glyph's box from its table, but a colour bitmap glyph's through
/// FreeType, which loads the glyph: each is asked once.
struct GlyphInkMemo {
    /// Per font (kept alive, so that no identifier is reused while its table is held): the ink box
    /// of each glyph id asked for so far, nil for one not asked yet.
    private var tables: [(font: Font, extents: [GlyphExtents?])] = []
    /// The slots of all the tables: past `limit` the memo starts again.
    private var slots = 0
    /// The most slots held (about 2.6 MB): a CJK font's 65,536 glyph ids fit twice over.
    static let limit = 1 << 17
    /// The most fonts held: past it the memo starts again (a linear search stays short).
    static let fontLimit = 16

    /// Grows `ink` by the ink of `glyphs`, of `font` at `size` px, each at its (x, y): the pen
    /// position and GPOS offset on a baseline at y = 0, y down. Glyphs without ink add nothing.
    mutating func unite(_ glyphs: ArraySlice<PositionedGlyph>, font: Font, size: Double, into ink: inout InkBox?) {
        guard !glyphs.isEmpty else { return }
        let t = table(of: font)
        let scale = size / Double(font.hbFont.unitsPerEm)
        // A synthetic oblique's extents are the upright glyph's: its box is its slanted outline's.
        let slanted = font.descriptor.syntheticSlant != 0
        var box = ink
        glyphs.withUnsafeBufferPointer { glyphs in
            for glyph in glyphs {
                let id = Int(glyph.id)
                // (An OpenType glyph id is below 65,536; any other is asked, not memoized.)
                if id >= tables[t].extents.count, id < 1 << 16 {
                    slots += id + 1 - tables[t].extents.count
                    tables[t].extents.append(contentsOf: repeatElement(nil, count: id + 1 - tables[t].extents.count))
                }
                let e: GlyphExtents
                if id < tables[t].extents.count, let known = tables[t].extents[id] {
                    e = known
                } else {
                    e = (slanted ? font.hbFont.slantedOutlineExtents(glyph.id) : nil) ?? font.hbFont.glyphExtents(glyph.id)
                    if id < tables[t].extents.count { tables[t].extents[id] = e }
                }
                guard e.width != 0 || e.height != 0 else { continue }
                let x0 = glyph.x + Double(e.xBearing) * scale, x1 = x0 + Double(e.width) * scale
                let y0 = glyph.y - Double(e.yBearing) * scale, y1 = y0 - Double(e.height) * scale
                InkBox.unite(&box, InkBox(minX: min(x0, x1), minY: min(y0, y1), maxX: max(x0, x1), maxY: max(y0, y1)))
            }
        }
        ink = box
        if slots > Self.limit {
            let kept = tables[t]
            (tables, slots) = ([kept], kept.extents.count)
        }
    }

    /// The index of `font`'s table, made empty when new (the memo started again when it holds too
    /// many fonts).
    private mutating func table(of font: Font) -> Int {
        for t in tables.indices where tables[t].font === font { return t }
        if tables.count >= Self.fontLimit { (tables, slots) = ([], 0) }
        tables.append((font, []))
        return tables.count - 1
    }
}
