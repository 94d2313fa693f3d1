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

    /// The empty box, which any box united with it replaces: a box grown glyph by glyph starts from
    /// it (no optional to test and copy per glyph). `nonEmpty` is nil for it.
    static let empty = InkBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    /// The box, or nil when it is `empty` (nothing was added).
    var nonEmpty: InkBox? { minX <= maxX ? self : nil }

    /// Grows the box to hold the box of corners (`x0`, `y0`) and (`x1`, `y1`), in any order: as
    /// `unite` with that box, from `empty` on.
    @inline(__always)
    mutating func add(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        minX = min(minX, min(x0, x1))
        minY = min(minY, min(y0, y1))
        maxX = max(maxX, max(x0, x1))
        maxY = max(maxY, max(y0, y1))
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

/// A glyph's ink box from its pen position plus offset, in px (y up, as HarfBuzz's extents, scaled):
/// a box from `x` to `x + width` and from `-y` down by `-height`. A glyph without ink has neither
/// width nor height (the scale is positive: a size is at least 0.1 px).
struct GlyphInk: Sendable {
    var x: Double
    var width: Double
    var y: Double
    var height: Double

    /// No ink.
    static let none = GlyphInk(x: 0, width: 0, y: 0, height: 0)

    /// Grows `box` by this ink for a glyph at (`x`, `y`) (y down), as `GlyphInkMemo.unite` grows it.
    @inline(__always)
    func unite(atX gx: Double, y gy: Double, into box: inout InkBox) {
        guard width != 0 || height != 0 else { return }
        let x0 = gx + x, y0 = gy - y
        box.add(x0, y0, x0 + width, y0 - height)
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
        var box = ink ?? .empty
        unite(glyphs, font: font, size: size, into: &box)
        ink = box.nonEmpty
    }

    /// `unite(_:font:size:into:)` on a box grown from `InkBox.empty`.
    mutating func unite(_ glyphs: ArraySlice<PositionedGlyph>, font: Font, size: Double, into box: inout InkBox) {
        guard !glyphs.isEmpty else { return }
        let t = table(of: font)
        let scale = size / Double(font.hbFont.unitsPerEm)
        // A synthetic oblique's extents are the upright glyph's: its box is its slanted outline's.
        let slanted = font.descriptor.syntheticSlant != 0
        glyphs.withUnsafeBufferPointer { glyphs in
            for glyph in glyphs {
                let e = extents(of: glyph.id, table: t, font: font, slanted: slanted)
                guard e.width != 0 || e.height != 0 else { continue }
                let x0 = glyph.x + Double(e.xBearing) * scale, x1 = x0 + Double(e.width) * scale
                let y0 = glyph.y - Double(e.yBearing) * scale, y1 = y0 - Double(e.height) * scale
                box.add(x0, y0, x1, y1)
            }
        }
        trimIfFull(keeping: t)
    }

    /// The ink of each of `glyphs` (shaped with `font` at `size` px) from its pen position and
    /// offset, into `out` (as many): what `unite` adds for a glyph, kept by a prepared text so that
    /// each of its layouts adds its glyphs' ink with no lookup.
    mutating func offsets(
        of glyphs: UnsafeBufferPointer<ShapedGlyph>, font: Font, size: Double, into out: UnsafeMutableBufferPointer<GlyphInk>
    ) {
        guard !glyphs.isEmpty else { return }
        let t = table(of: font)
        let scale = size / Double(font.hbFont.unitsPerEm)
        let slanted = font.descriptor.syntheticSlant != 0
        for k in glyphs.indices {
            let e = extents(of: glyphs[k].id, table: t, font: font, slanted: slanted)
            out[k] = GlyphInk(
                x: Double(e.xBearing) * scale, width: Double(e.width) * scale, y: Double(e.yBearing) * scale,
                height: Double(e.height) * scale)
        }
        trimIfFull(keeping: t)
    }

    /// The extents of glyph `id` of `font` (its table `t`), memoized.
    @inline(__always)
    private mutating func extents(of glyph: UInt32, table t: Int, font: Font, slanted: Bool) -> GlyphExtents {
        let id = Int(glyph)
        // (An OpenType glyph id is below 65,536; any other is asked, not memoized.)
        if id >= tables[t].extents.count, id < 1 << 16 {
            slots += id + 1 - tables[t].extents.count
            tables[t].extents.append(contentsOf: repeatElement(nil, count: id + 1 - tables[t].extents.count))
        }
        if id < tables[t].extents.count, let known = tables[t].extents[id] { return known }
        let e = (slanted ? font.hbFont.slantedOutlineExtents(glyph) : nil) ?? font.hbFont.glyphExtents(glyph)
        if id < tables[t].extents.count { tables[t].extents[id] = e }
        return e
    }

    /// Starts the memo again, but for table `t`, when it holds more than `limit` slots.
    private mutating func trimIfFull(keeping t: Int) {
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
