// HarfBuzz: owned hb_font and hb_buffer handles, the shaping call, glyph ink boxes, and HarfBuzz's
// Unicode script property. The only code that calls HarfBuzz.
//
// Thread-safety: an outline face's hb_font reads the font file through an hb_face of its own (a blob
// of the file) with HarfBuzz's own font functions, and is immutable once made: HarfBuzz shapes with
// it on any number of threads at once, with no lock. A bitmap-only face's hb_font is hb-ft's, which
// reads its FT_Face while shaping, and an FT_Face is not thread-safe: its calls run under the face's
// lock (`FTFace.withFace`). An hb_buffer is mutable: `HBBuffer` belongs to one shaper at a time and
// is not Sendable.

internal import CFreeType
internal import CHarfBuzz

/// One shaped glyph in HarfBuzz units (`HBFont.unitsPerEm` per em).
struct RawGlyph: Sendable, Hashable {
    var glyph: UInt32
    /// Index into the code point array given to `shape`.
    var cluster: UInt32
    var xAdvance: Int32
    var yAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// HB_GLYPH_FLAG_UNSAFE_TO_BREAK: cutting the text at this glyph's cluster and shaping the two
    /// sides apart could give other glyphs (HarfBuzz sets it wherever a lookup or joining crossed).
    var unsafeToBreak: Bool = false
}

/// Owner of one hb_font_t, freed by `hb_font_destroy`. An outline face's is made on an hb_face of
/// the font file (`hb_blob_create_from_file_or_fail`, `hb_face_create`) and owns it; a bitmap-only
/// face's is hb-ft's (`hb_ft_font_create_referenced`), which holds its own FreeType reference on the
/// FT_Face, released under the library lock when the font goes. It keeps `face` alive.
final class HBFont: @unchecked Sendable {
    let face: FTFace
    private let font: OpaquePointer
    /// Whether HarfBuzz reads the FT_Face through this font (hb-ft, a bitmap-only face): then every
    /// call on it runs under the face's lock.
    private let readsFreeType: Bool
    /// HarfBuzz units per em: positions divided by this, times the size in px, are px.
    let unitsPerEm: Int32
    /// The code points the face's cmap maps, read once here (hb_face_collect_unicodes).
    let coverage: CodePointSet

    /// Creates the HarfBuzz font of `face`. HarfBuzz works at ppem = units per em in 26.6 fixed
    /// point (scale = upem × 64, as hb-ft computes it from `FT_Set_Char_Size(upem * 64)`): advances
    /// are exact and independent of the output size, so one hb_font serves every size. Hinting is
    /// off, as for any layout that scales.
    ///
    /// An outline face takes HarfBuzz's own font functions (`hb_ot_font_set_funcs`: cmap, hmtx/HVAR
    /// and glyf read from the font's tables) on an hb_face of the font file, as `hb-shape
    /// --font-funcs=ot` does: no FreeType call while shaping, so no lock, and two threads shape in
    /// one font at once. (Until 2026-11-29 it was hb-ft's font with HarfBuzz's functions, whose
    /// tables were still read through the FT_Face, under its lock: two batch jobs shaping new words in
    /// one font took turns.) A bitmap-only face keeps hb-ft, whose advances come from its strike, and
    /// so does an outline face HarfBuzz cannot read from its file (WOFF), with HarfBuzz's functions.
    ///
    /// A variable face already set to its instance (`FTFace.setVariationWeight`) gets the same `wght`
    /// here (`hb_font_set_variations`), so that HarfBuzz's own tables (HVAR, GPOS) vary with it;
    /// `syntheticSlant` is HarfBuzz's synthetic slant (`hb_font_set_synthetic_slant`, a ratio: x per
    /// unit of y), which shifts marks placed above or below their base as a slanted drawing does.
    init(face: FTFace, variationWeight: Double? = nil, syntheticSlant: Double = 0) throws(BidiRenderError) {
        let result: (OpaquePointer?, Int32, FT_Error, Bool) = face.withFace { ftFace in
            var error: FT_Error = 0
            let scalable = ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
            if scalable {
                let upem = FT_F26Dot6(ftFace.pointee.units_per_EM)
                error = FT_Set_Char_Size(ftFace, 0, upem * 64, 72, 72)
            } else if ftFace.pointee.num_fixed_sizes > 0 {
                error = FT_Select_Size(ftFace, 0)
            }
            guard error == 0 else { return (nil, 0, error, false) }
            var x: Int32 = 0
            var y: Int32 = 0
            let font: OpaquePointer
            let readsFreeType: Bool
            if scalable, let size = ftFace.pointee.size,
                let made = Self.fileFont(
                    path: face.path, index: face.index, glyphs: Int(ftFace.pointee.num_glyphs), unitsPerEm: Int(ftFace.pointee.units_per_EM))
            {
                (font, readsFreeType) = (made, false)
                // hb-ft's scale for this size: the 16.16 scale times units per em, rounded.
                let upem = UInt64(ftFace.pointee.units_per_EM)
                x = Int32((UInt64(size.pointee.metrics.x_scale) * upem + (1 << 15)) >> 16)
                y = Int32((UInt64(size.pointee.metrics.y_scale) * upem + (1 << 15)) >> 16)
                hb_font_set_scale(font, x, y)
            } else {
                guard let made = hb_ft_font_create_referenced(ftFace) else { return (nil, 0, 0, true) }
                (font, readsFreeType) = (made, true)
                hb_ft_font_set_load_flags(font, FT_LOAD_DEFAULT | Int32(FT_LOAD_NO_HINTING))
                // An outline face HarfBuzz cannot read from its file (a WOFF, which FreeType unpacks)
                // still takes HarfBuzz's font functions, on hb-ft's tables.
                if scalable { hb_ot_font_set_funcs(font) }
                hb_font_get_scale(font, &x, &y)
                if x == 0, let size = ftFace.pointee.size {
                    // A bitmap-only face (CBDT colour emoji) has no outline scale: hb-ft then reads a
                    // zero scale. Its strike's ppem in 26.6 is the scale its advances come in.
                    x = Int32(size.pointee.metrics.x_ppem) * 64
                    y = Int32(size.pointee.metrics.y_ppem) * 64
                    hb_font_set_scale(font, x, y)
                }
            }
            if let variationWeight {
                var variation = hb_variation_t(tag: 0x7767_6874, value: Float(variationWeight))  // 'wght'
                hb_font_set_variations(font, &variation, 1)
            }
            if syntheticSlant != 0 { hb_font_set_synthetic_slant(font, Float(syntheticSlant)) }
            hb_font_make_immutable(font)
            return (font, x, 0, readsFreeType)
        }
        guard let font = result.0, result.1 > 0 else {
            if let font = result.0 { face.withLibraryLock { hb_font_destroy(font) } }
            throw FreeTypeError.error(result.2 == 0 ? 0x17 : result.2, "hb_font_create", file: face.path)
        }
        self.face = face
        self.font = font
        self.readsFreeType = result.3
        self.unitsPerEm = result.1
        coverage = result.3 ? face.withFace { _ in Self.collectCoverage(font) } : Self.collectCoverage(font)
    }

    /// An hb_font with HarfBuzz's own font functions on an hb_face of face `index` of the file at
    /// `path` (the hb_face and its blob, the file mapped, owned by the font); nil when HarfBuzz does
    /// not read that face from the file as FreeType does: its glyph count or units per em differ (a
    /// WOFF, which FreeType unpacks and HarfBuzz does not, reads as an empty face).
    private static func fileFont(path: String, index: Int, glyphs: Int, unitsPerEm: Int) -> OpaquePointer? {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        let hbFace = hb_face_create(blob, UInt32(truncatingIfNeeded: index))
        hb_blob_destroy(blob)
        defer { hb_face_destroy(hbFace) }
        guard Int(hb_face_get_glyph_count(hbFace)) == glyphs, Int(hb_face_get_upem(hbFace)) == unitsPerEm,
            let font = hb_font_create(hbFace)
        else { return nil }
        hb_ot_font_set_funcs(font)
        return font
    }

    /// Runs `body`, under the face's lock when HarfBuzz reads the FT_Face through this font.
    @inline(__always)
    private func withTables<R>(_ body: () -> R) -> R {
        readsFreeType ? face.withFace { _ in body() } : body()
    }

    /// The cmap's code points, as ranges read from an hb_set (created and destroyed here).
    private static func collectCoverage(_ font: OpaquePointer) -> CodePointSet {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hb_font_get_face(font), set)
        var ranges: [ClosedRange<UInt32>] = []
        var first: hb_codepoint_t = 0
        var last: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start before the first range
        while hb_set_next_range(set, &first, &last) != 0 { ranges.append(first...last) }
        return CodePointSet(ranges: ranges)
    }

    deinit {
        // hb-ft's own reference to the FT_Face is dropped here (FT_Done_Face), under the library lock.
        if readsFreeType {
            face.withLibraryLock { hb_font_destroy(font) }
        } else {
            hb_font_destroy(font)
        }
    }

    /// Whether the face's cmap maps `scalar` (lock-free: the set read at init).
    @inline(__always)
    func hasGlyph(_ scalar: UInt32) -> Bool { coverage.contains(scalar) }

    /// Shapes `text[item]` with the rest of `text` as context (`hb_buffer_add_codepoints`), and
    /// appends the glyphs, in visual order (left to right), to `output`. `features` (a span's) go to
    /// `hb_shape`.
    ///
    /// `continuation` says that `item` continues a cluster cut before it (see `StreamSafe`): the
    /// buffer then has HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE, so that HarfBuzz does not take
    /// its leading marks for a broken cluster and add a U+25CC glyph the text does not hold.
    func shape(
        buffer: HBBuffer, text: UnsafeBufferPointer<UInt32>, item: Range<Int>, rightToLeft: Bool,
        script: ScriptTag, language: String?, features: HBFeatures? = nil, continuation: Bool = false,
        into output: inout [RawGlyph]
    ) {
        let b = buffer.handle
        hb_buffer_clear_contents(b)
        hb_buffer_add_codepoints(b, text.baseAddress, Int32(text.count), UInt32(item.lowerBound), Int32(item.count))
        hb_buffer_set_direction(b, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(b, hb_script_t(rawValue: script.rawValue))
        if let language { hb_buffer_set_language(b, buffer.language(language)) }
        hb_buffer_set_cluster_level(b, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        if continuation { hb_buffer_set_flags(b, HB_BUFFER_FLAG_DO_NOT_INSERT_DOTTED_CIRCLE) }
        if let features {
            features.withFeatures { list, count in withTables { hb_shape(font, b, list, count) } }
        } else {
            withTables { hb_shape(font, b, nil, 0) }
        }
        if continuation { hb_buffer_set_flags(b, HB_BUFFER_FLAG_DEFAULT) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(b, &count),
            let positions = hb_buffer_get_glyph_positions(b, &count)
        else { return }
        output.reserveCapacity(output.count + Int(count))
        for i in 0..<Int(count) {
            output.append(RawGlyph(
                glyph: infos[i].codepoint, cluster: infos[i].cluster,
                xAdvance: positions[i].x_advance, yAdvance: positions[i].y_advance,
                xOffset: positions[i].x_offset, yOffset: positions[i].y_offset,
                unsafeToBreak: hb_glyph_info_get_glyph_flags(infos + i).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
    }
}

extension HBFont {
    /// The ligature caret positions the font's GDEF table gives `glyph`
    /// (`hb_ot_layout_get_ligature_carets`), in HarfBuzz units from the glyph's origin, ascending,
    /// into `carets` (replaced; empty when the font has none for it). At most 16 are read.
    func ligatureCarets(_ glyph: UInt32, rightToLeft: Bool, into carets: inout [Int32]) {
        carets.removeAll(keepingCapacity: true)
        withUnsafeTemporaryAllocation(of: hb_position_t.self, capacity: 16) { buffer in
            var count = UInt32(buffer.count)
            // A bitmap face's GDEF table is read through hb-ft's FT_Face on first use: under its lock.
            withTables {
                _ = hb_ot_layout_get_ligature_carets(
                    font, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, glyph, 0, &count, buffer.baseAddress)
            }
            carets.append(contentsOf: buffer.prefix(Int(min(count, UInt32(buffer.count)))))
        }
        carets.sort()
    }
}

/// A glyph's ink box in HarfBuzz units (`HBFont.unitsPerEm` per em), from its origin, y up: its left
/// is `xBearing`, its top `yBearing`; `width` and `height` as HarfBuzz gives them (height is negative,
/// going down). All zero for a glyph without ink (a space).
struct GlyphExtents: Sendable, Hashable {
    var xBearing: Int32
    var yBearing: Int32
    var width: Int32
    var height: Int32
}

extension GlyphExtents {
    /// The box narrowed to the pixels of `image` (the glyph's whole bitmap, drawn over this box) that
    /// are not transparent, rounded outwards to whole units; unchanged when every pixel is.
    func tightened(to image: RGBAImage) -> GlyphExtents {
        var (minX, minY, maxX, maxY) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] != 0 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        guard maxX >= 0, image.width > 0, image.height > 0 else { return self }
        let (w, h) = (Double(image.width), Double(image.height))
        let left = (Double(xBearing) + Double(width) * Double(minX) / w).rounded(.down)
        let right = (Double(xBearing) + Double(width) * Double(maxX + 1) / w).rounded(.up)
        // y up: the top is the bearing, the height negative (downwards).
        let top = (Double(yBearing) + Double(height) * Double(minY) / h).rounded(.up)
        let bottom = (Double(yBearing) + Double(height) * Double(maxY + 1) / h).rounded(.down)
        return GlyphExtents(xBearing: Int32(left), yBearing: Int32(top), width: Int32(right - left), height: Int32(bottom - top))
    }
}

extension HBFont {
    /// The ink box of `glyph` (`hb_font_get_glyph_extents`: the glyf bounding box or the CFF outline's
    /// for an outline face, the strike's bitmap box for a colour bitmap one); zero when HarfBuzz has
    /// none. A bitmap face's extents are read through hb-ft's FT_Face, under the face's lock.
    ///
    /// A colour bitmap glyph (CBDT's PNG) is drawn with transparent margins around its picture: its
    /// box is narrowed to the PNG's pixels that are not transparent (`tightened`), so that a layout's
    /// ink is where the emoji is drawn, not the bitmap's whole square.
    func glyphExtents(_ glyph: UInt32) -> GlyphExtents {
        var extents = hb_glyph_extents_t()
        let found = withTables { hb_font_get_glyph_extents(font, glyph, &extents) }
        guard found != 0 else { return GlyphExtents(xBearing: 0, yBearing: 0, width: 0, height: 0) }
        let box = GlyphExtents(xBearing: extents.x_bearing, yBearing: extents.y_bearing, width: extents.width, height: extents.height)
        guard !face.isScalable, let png = colorPNG(glyph), let image = try? RGBAImage(pngData: png) else { return box }
        return box.tightened(to: image)
    }

    /// The box of `glyph`'s outline as HarfBuzz draws it (`hb_font_get_glyph_shape`), with the
    /// font's synthetic slant applied, which its extents leave out: the ink of a synthetic oblique.
    /// The box holds every point the outline is drawn through, control points too (a font puts an
    /// on-curve point at each extreme, so it is the outline's box). nil for a glyph without an
    /// outline, or a bitmap-only face's (drawn upright).
    func slantedOutlineExtents(_ glyph: UInt32) -> GlyphExtents? {
        guard !readsFreeType, let funcs = Self.outlineBoxFuncs else { return nil }
        var box = OutlineBox()
        withUnsafeMutablePointer(to: &box) { hb_font_get_glyph_shape(font, glyph, funcs, $0) }
        guard box.minX <= box.maxX, box.minY <= box.maxY else { return nil }
        let (x0, x1) = (box.minX.rounded(.down), box.maxX.rounded(.up))
        let (y0, y1) = (box.minY.rounded(.down), box.maxY.rounded(.up))
        return GlyphExtents(xBearing: Int32(x0), yBearing: Int32(y1), width: Int32(x1 - x0), height: Int32(y0 - y1))
    }

    /// Draw functions that grow the `OutlineBox` their draw data points at by every point: made
    /// once and immutable, so that any thread may use them; they live as long as the process (as
    /// `hb_unicode_funcs_get_default`'s do), still reachable, never freed.
    nonisolated(unsafe) private static let outlineBoxFuncs: OpaquePointer? = {
        guard let funcs = hb_draw_funcs_create() else { return nil }
        func box(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineBox> {
            data!.assumingMemoryBound(to: OutlineBox.self)  // no-trap: the data is always the box given above
        }
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in box(data).pointee.add(x, y) }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in box(data).pointee.add(x, y) }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            funcs, { _, data, _, cx, cy, x, y, _ in
                box(data).pointee.add(cx, cy)
                box(data).pointee.add(x, y)
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                box(data).pointee.add(c1x, c1y)
                box(data).pointee.add(c2x, c2y)
                box(data).pointee.add(x, y)
            }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return funcs
    }()

    /// The PNG of a colour bitmap glyph (`hb_ot_color_glyph_reference_png`), or nil.
    private func colorPNG(_ glyph: UInt32) -> [UInt8]? {
        withTables { () -> [UInt8]? in
            guard let blob = hb_ot_color_glyph_reference_png(font, glyph) else { return nil }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
        }
    }
}

/// The box of the points an outline is drawn through, in font units, y up.
private struct OutlineBox {
    var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity

    mutating func add(_ x: Float, _ y: Float) {
        (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
    }
}

/// Owner of one hb_buffer_t, freed by `hb_buffer_destroy`. Reused across shaping calls (by one
/// thread at a time, like the shaper that owns it).
final class HBBuffer {
    fileprivate let handle: OpaquePointer
    /// The languages of the last calls with HarfBuzz's handle for each. A handle is interned by
    /// HarfBuzz for the life of the process, so it may be kept; looking it up again costs a C string
    /// made from the Swift one and a search of HarfBuzz's list, at every call. Unchecked exclusivity
    /// (a dynamic check costs more than the lookup): private, and a buffer is used by one thread.
    @exclusivity(unchecked) private var languages: [(tag: String, handle: hb_language_t?)] = []

    init() {
        handle = hb_buffer_create()
    }

    /// `hb_language_from_string(tag)`, remembered for the last few tags.
    fileprivate func language(_ tag: String) -> hb_language_t? {
        for entry in languages where entry.tag == tag { return entry.handle }
        let handle = hb_language_from_string(tag, -1)
        if languages.count >= 8 { languages.removeFirst() }
        languages.append((tag, handle))
        return handle
    }

    deinit {
        hb_buffer_destroy(handle)
    }
}

/// HarfBuzz's Unicode data (Unicode 15 in HarfBuzz 6): the Script property of a code point.
enum HarfBuzzUnicode {
    /// The Script property of `scalar` as its ISO 15924 tag (Zyyy for Common, Zinh for Inherited,
    /// Zzzz for Unknown).
    static func script(_ scalar: UInt32) -> ScriptTag {
        ScriptTag(rawValue: hb_script_to_iso15924_tag(hb_unicode_script(unicodeFuncs, scalar)))
    }

    /// Whether HarfBuzz shapes `script` in a buffer of this direction as it is: false when the
    /// script's own horizontal direction is the other one (`hb_script_get_horizontal_direction`),
    /// in which case HarfBuzz reverses the buffer's graphemes and shapes it backwards.
    static func isNativeDirection(_ script: ScriptTag, rightToLeft: Bool) -> Bool {
        let native = hb_script_get_horizontal_direction(hb_script_t(rawValue: script.rawValue))
        return native == HB_DIRECTION_INVALID || (native == HB_DIRECTION_RTL) == rightToLeft
    }

    nonisolated(unsafe) private static let unicodeFuncs = hb_unicode_funcs_get_default()
}
