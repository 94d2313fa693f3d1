// FreeTypeRaster: glyph rasterizing (FT_Load_Glyph, FT_Render_Glyph) and outline extraction
// (FT_Outline_Decompose) on an FTFace, for the PNG and SVG renderers.
//
// Hinting: glyphs are loaded with FT_LOAD_NO_HINTING and rendered anti-aliased in 8-bit coverage
// (FT_RENDER_MODE_NORMAL) at their exact subpixel position. The layout's positions come from
// unhinted advances, so hinted glyphs would drift from them; unhinted rendering keeps the ink where
// the layout says it is. Colour bitmap glyphs (CBDT, such as Noto Color Emoji) are loaded with
// FT_LOAD_COLOR from the nearest strike and scaled to the size by the compositor.

internal import CFreeType

/// A rasterized glyph.
struct GlyphBitmap {
    var width: Int
    var height: Int
    /// From the pen position to the bitmap's left column, in px of the bitmap.
    var left: Int
    /// From the baseline up to the bitmap's top row, in px of the bitmap.
    var top: Int
    /// True for a BGRA colour bitmap (premultiplied), false for 8-bit coverage.
    var isColor: Bool
    /// The bitmap's size over the wanted size: 1 for outlines, strike ppem / size for colour strikes.
    var scale: Double
    /// `width * height` bytes of coverage, or `width * height * 4` bytes of BGRA.
    var pixels: [UInt8]
}

/// A glyph bitmap's place and size in whole pixels, as `GlyphBitmap` gives them: `left` from the
/// pen position rightwards, `top` from the baseline upwards.
struct GlyphBox: Equatable {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
}

extension FTFace {
    /// Whether the face has outlines (else it only has bitmap strikes).
    var isScalable: Bool {
        withFace { $0.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 }
    }

    /// Rasterizes glyph `id` at `pixelSize` px per em, shifted right by `dx` and down by `dy` px
    /// (the fractional part of its position, 0 ≤ dx, dy < 1), sheared by `slant` for a synthetic
    /// oblique (`FTFace.shear`). Nil for an empty glyph (a space) or a glyph FreeType cannot load.
    ///
    /// An outline glyph asks `region` first, with the box its whole bitmap has (the outline's
    /// control box, FT_Outline_Get_CBox, rounded out to whole pixels as FreeType places its
    /// bitmaps): nil skips the glyph before anything is drawn, the box itself renders it whole
    /// (FT_Render_Glyph), and a box inside it renders only that part (`renderPart`). A bitmap-only
    /// face (colour strikes) is not asked: its strikes are small, and the canvas draws only the
    /// visible part of their scaled copies.
    func rasterize(
        _ id: UInt32, pixelSize: Double, dx: Double, dy: Double, slant: Double = 0, region: (GlyphBox) -> GlyphBox? = { $0 }
    ) -> GlyphBitmap? {
        withFace { face -> GlyphBitmap? in
            let scalable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
            // 26.6 fixed point; a size that is not a positive number FreeType can hold draws nothing.
            guard let size26Dot6 = Int(checking: (pixelSize * 64).rounded()), size26Dot6 > 0, size26Dot6 <= Int(Int32.max),
                let shiftX = Int(checking: (dx * 64).rounded()), let shiftY = Int(checking: (-dy * 64).rounded())
            else { return nil }
            if scalable {
                guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size26Dot6), 72, 72) == 0,
                    FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)) == 0
                else { return nil }
                let slot = face.pointee.glyph!  // no-trap: FreeType gives every face a glyph slot
                guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
                Self.shear(&slot.pointee.outline, slant: slant)
                FT_Outline_Translate(&slot.pointee.outline, FT_Pos(shiftX), FT_Pos(shiftY))
                var cbox = FT_BBox()
                FT_Outline_Get_CBox(&slot.pointee.outline, &cbox)
                // Whole pixels: floor of the minimums, ceiling of the maximums (26.6 fixed point).
                let (left, right) = (Int(cbox.xMin) >> 6, (Int(cbox.xMax) + 63) >> 6)
                let (bottom, top) = (Int(cbox.yMin) >> 6, (Int(cbox.yMax) + 63) >> 6)
                let box = GlyphBox(left: left, top: top, width: right - left, height: top - bottom)
                guard box.width > 0, box.height > 0, let wanted = region(box) else { return nil }
                if wanted != box { return Self.renderPart(wanted, of: &slot.pointee.outline, library: slot.pointee.library) }
                guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
                return Self.copy(slot, scale: 1)
            }
            // Bitmap-only face: the strike nearest the size, at least as large when there is one.
            let strikes = (0..<Int(face.pointee.num_fixed_sizes)).map { face.pointee.available_sizes[$0] }
            guard !strikes.isEmpty else { return nil }
            let ppems = strikes.map { Double($0.y_ppem) / 64 }
            let index = ppems.indices.filter { ppems[$0] >= pixelSize }.min { ppems[$0] < ppems[$1] }
                ?? ppems.indices.max { ppems[$0] < ppems[$1] }!  // no-trap: strikes non-empty (guard above)
            guard FT_Select_Size(face, FT_Int(index)) == 0,
                FT_Load_Glyph(face, id, Int32(FT_LOAD_COLOR)) == 0
            else { return nil }
            return Self.copy(face.pointee.glyph!, scale: ppems[index] / pixelSize)  // no-trap: as above
        }
    }

    /// The pixels of `part` (in the glyph's box coordinates, inside its box) of an outline placed
    /// at the pen position: the outline moved by whole pixels so that the part's bottom-left
    /// corner is the origin, then FT_Outline_Get_Bitmap into a bitmap of the part's size. The
    /// anti-aliasing rasterizer clips to that bitmap and keeps the cover of what lies left of it,
    /// so each pixel has the coverage FT_Render_Glyph's whole bitmap gives it, at a cost that
    /// follows the part, not the glyph.
    private static func renderPart(_ part: GlyphBox, of outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library?) -> GlyphBitmap? {
        guard part.width > 0, part.height > 0, let library,
            let width = UInt32(exactly: part.width), let rows = UInt32(exactly: part.height), let pitch = Int32(exactly: part.width)
        else { return nil }
        FT_Outline_Translate(outline, FT_Pos(-part.left * 64), FT_Pos(-(part.top - part.height) * 64))
        var pixels = [UInt8](repeating: 0, count: part.width * part.height)
        let status = pixels.withUnsafeMutableBufferPointer { buffer -> FT_Error in
            var bitmap = FT_Bitmap()
            bitmap.rows = rows
            bitmap.width = width
            bitmap.pitch = pitch
            bitmap.buffer = buffer.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return FT_Outline_Get_Bitmap(library, outline, &bitmap)
        }
        guard status == 0 else { return nil }
        return GlyphBitmap(width: part.width, height: part.height, left: part.left, top: part.top, isColor: false, scale: 1, pixels: pixels)
    }

    private static func copy(_ slot: FT_GlyphSlot, scale: Double) -> GlyphBitmap? {
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return nil }
        let isColor = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard isColor || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        let bytesPerPixel = isColor ? 4 : 1
        var pixels = [UInt8](repeating: 0, count: width * height * bytesPerPixel)
        let pitch = Int(bitmap.pitch)
        for row in 0..<height {
            let source = buffer + (pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch)
            for column in 0..<(width * bytesPerPixel) { pixels[row * width * bytesPerPixel + column] = source[column] }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            isColor: isColor, scale: scale, pixels: pixels)
    }

    /// The outline of glyph `id` in font units (y up) as SVG path data, sheared by `slant` for a
    /// synthetic oblique, and the units per em; nil for a glyph with no outline (a space, a colour
    /// bitmap).
    func outlinePath(_ id: UInt32, slant: Double = 0) -> (path: String, unitsPerEm: Int)? {
        withFace { face -> (String, Int)? in
            guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
                FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_SCALE)) == 0,
                let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
            else { return nil }
            Self.shear(&slot.pointee.outline, slant: slant)
            let builder = PathBuilder()
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in PathBuilder.from(user).add("M", [to!.pointee]) },  // no-trap: FreeType passes non-null points
                line_to: { to, user in PathBuilder.from(user).add("L", [to!.pointee]) },  // no-trap: as above
                conic_to: { control, to, user in PathBuilder.from(user).add("Q", [control!.pointee, to!.pointee]) },  // no-trap: as above
                cubic_to: { c1, c2, to, user in PathBuilder.from(user).add("C", [c1!.pointee, c2!.pointee, to!.pointee]) },  // no-trap: as above
                shift: 0, delta: 0)
            let status = withExtendedLifetime(builder) {
                FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
            }
            guard status == 0, !builder.path.isEmpty else { return nil }
            return (builder.path + "Z", Int(face.pointee.units_per_EM))
        }
    }
}

/// Accumulates SVG path data from FT_Outline_Decompose's callbacks.
private final class PathBuilder {
    var path = ""
    var started = false

    static func from(_ user: UnsafeMutableRawPointer?) -> PathBuilder {
        Unmanaged<PathBuilder>.fromOpaque(user!).takeUnretainedValue()  // no-trap: our builder, passed to FT_Outline_Decompose
    }

    func add(_ command: String, _ points: [FT_Vector]) -> Int32 {
        if command == "M", started { path += "Z" }
        started = true
        path += command + points.map { "\($0.x) \($0.y)" }.joined(separator: " ")
        return 0
    }
}
