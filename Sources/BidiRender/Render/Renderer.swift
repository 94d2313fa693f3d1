// Renderer: draws a Layout as RGBA pixels, PNG bytes or SVG text. FreeType rasterizes the glyphs
// (see FreeTypeRaster.swift for the hinting mode), libpng writes PNG, and SVG takes glyph outlines
// from FT_Outline_Decompose, each glyph defined once and reused.
//
// Glyph bitmaps come from the renderer's GlyphRasterCache (GlyphRasterCache.swift), which it owns:
// one cache per renderer, shared by every call on it (PNG, RGBA and scene composition). Pen positions
// are quantized to a quarter pixel in x and y and sizes to 1/64 px before FreeType sees them, with or
// without the cache, so a render is the same whatever the cache holds.
//
// Thread-safety: the renderer is Sendable. It keeps one FreeType face per font file for rendering, and
// one per variable instance, set to its wght once before use (apart from the registry's shaping
// faces, which stay at their own size), behind a lock; each face serializes its own use. At most `faceCacheLimit` faces are kept; the cache is cleared when full.
// The glyph cache locks each of its shards (see its file comment).

import Foundation

/// Draws layouts.
public final class Renderer: Sendable {
    private let library: FTLibrary
    private let faces = Locked<FaceTable>(FaceTable())
    /// The bitmaps of the glyphs drawn, shared by every call on this renderer.
    let glyphCache: GlyphRasterCache
    static let faceCacheLimit = 64
    /// How far outside the canvas a pen position may be and still have its glyph drawn: a glyph
    /// is never larger than this many pixels, and the canvas never larger than `ImageLimits`.
    static let drawableReach = 1 << 40

    /// A renderer with its own FreeType library and a glyph cache of at most `glyphCacheBytes` bytes
    /// (16 MB by default; 0 disables it, and every glyph is rasterized each time it is drawn).
    /// - Throws: `.fontLoad` when FreeType cannot start.
    public init(glyphCacheBytes: Int = 16 << 20) throws(BidiRenderError) {
        library = try FTLibrary()
        glyphCache = GlyphRasterCache(budget: glyphCacheBytes)
    }

    /// The glyph cache's figures: hits, misses, entries, evictions, bytes and budget.
    @_spi(Tools) public var glyphCacheStatistics: GlyphCacheStatistics { glyphCache.statistics }

    /// Drops every cached glyph bitmap (the counters stay). Renders after it are the same, only slower
    /// until the cache fills again.
    @_spi(Tools) public func clearGlyphCache() { glyphCache.removeAll() }

    func face(_ font: FontDescriptor) -> FTFace? { renderFace(font)?.face }

    /// The face that draws `font`, with its number for the glyph cache.
    func renderFace(_ font: FontDescriptor) -> RenderFace? {
        let key = FaceKey(file: font.file, index: font.index, variationWeight: font.variationWeight)
        if let face = faces.withLock({ $0.faces[key] }) { return face }
        guard let face = try? FTFace(library: library, path: font.file, index: font.index) else { return nil }
        // A variable instance gets a face of its own, set once before use (FreeTypeVariations.swift).
        if let weight = font.variationWeight { guard (try? face.setVariationWeight(weight)) != nil else { return nil } }
        let scalable = face.isScalable
        return faces.withLock { table in
            if table.faces.count >= Self.faceCacheLimit { table.faces.removeAll(keepingCapacity: true) }
            // A new number even for a face seen before the table was cleared: the glyph cache's old
            // entries for it are never hit again and age out.
            table.nextID &+= 1
            let entry = RenderFace(face: face, id: table.nextID, isScalable: scalable)
            table.faces[key] = entry
            return entry
        }
    }

    /// The layout as RGBA pixels.
    /// - Throws: `.renderFailure` when the image would pass `ImageLimits` (the size and the limit
    ///   named), before any pixel is allocated; `.cancelled` when the call runs in a task that is
    ///   cancelled (checked before each line is drawn, so a large image stops early).
    public func rgba(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> RGBAImage {
        try options.validate()
        let frame = frame(layout, options: options)
        let (width, height) = try ImageLimits.pixelSize(width: frame.width, height: frame.height, options: options)
        var canvas = Canvas(width: width, height: height, background: options.background)
        let s = Double(options.scale)
        // Where the layout's origin lands, in layout px: the padding, less the crop's corner.
        let (ox, oy) = (options.padding - frame.x, options.padding - frame.y)
        let overlay: (under: [OverlayShape], over: [OverlayShape]) = options.debug ? DebugOverlay.shapes(layout) : ([], [])
        func draw(_ shapes: [OverlayShape]) { Self.fill(shapes, on: &canvas, x: ox, y: oy, scale: s) }
        let marks = try QueryOverlay.shapes(layout, options: options)
        draw(overlay.under)
        // The spans' backgrounds under the glyphs, their decorations over them (StylePaint.swift).
        draw(Self.backgrounds(layout))
        draw(marks.under)
        try drawGlyphs(layout, on: &canvas, x: ox, y: oy, scale: s, options: options)
        InlineImages.draw(layout, on: &canvas, x: ox, y: oy, scale: s, images: options.inlineImages)
        draw(decorations(layout, options: options))
        draw(overlay.over)
        draw(marks.over)
        return canvas.image
    }

    /// Draws the glyphs of `layout` onto `canvas` with the layout's origin at (`x`, `y`) layout px,
    /// `scale` device pixels per px, in `options`' colour (a span's or the mention colour where
    /// they apply), the canvas's first pixel at device pixel `origin` (a canvas holding only part
    /// of the device image; whole pixels, after positions are quantized, so the part's pixels are
    /// those of the whole). Shared by `rgba` and scene composition (Compose/).
    /// - Throws: `.cancelled` when the call's task is cancelled (checked once a line).
    func drawGlyphs(
        _ layout: Layout, on canvas: inout Canvas, x: Double, y: Double, scale: Double, options: RenderOptions,
        origin: (x: Int, y: Int) = (0, 0)
    ) throws(BidiRenderError) {
        var lastFace: (key: FaceKey, face: RenderFace?)?
        // The mentions, filtered once: only the mention colour needs them.
        let mentions = options.mentionColor == nil ? [] : layout.mentions
        for line in layout.lines {
            // Cancellation, as in LayoutEngine.layout: checked once a line.
            if Task.isCancelled { throw .cancelled }
            // The baseline on a whole device pixel (Skia's baseline snap): a line's glyphs share one
            // vertical phase, so a glyph's bitmaps vary with its horizontal quarter pixel (and a
            // mark's GPOS offset) only, four per glyph where a free baseline made sixteen.
            let baseline = ((line.baseline + y) * scale).rounded()
            guard baseline.magnitude < Double(Self.drawableReach) else { continue }
            if let overflow = options.inkOverflow {
                canvas.glyphRows = Self.glyphRows(line, overflow: overflow, y: y, scale: scale, originY: origin.y)
            }
            // The runs are borrowed, not copied: a copy retains and releases each of a run's fields.
            layout.glyphs.withUnsafeBufferPointer { all in
                line.runs.withUnsafeBufferPointer { runs in
                    for r in runs.indices {
                        drawRun(
                            runs.baseAddress! + r, glyphs: UnsafeBufferPointer(rebasing: all[runs[r].glyphRange]),  // no-trap: r in runs.indices
                            mentions: mentions, on: &canvas, x: x, baseline: baseline, lineBaseline: line.baseline,
                            scale: scale, options: options, origin: origin, lastFace: &lastFace)
                    }
                }
            }
        }
        canvas.glyphRows = nil
    }

    /// The canvas rows `line`'s glyphs may draw on under `RenderOptions.inkOverflow`: its box and
    /// `overflow` px above and below, rounded out to whole device pixels, with the layout's origin at
    /// `y` px and the canvas's first row at device row `originY`.
    static func glyphRows(_ line: LayoutLine, overflow: Double, y: Double, scale: Double, originY: Int) -> Range<Int> {
        let reach = -drawableReach...drawableReach
        let top = ((line.top - overflow + y) * scale).rounded(.down) - Double(originY)
        let bottom = ((line.top + line.height + overflow + y) * scale).rounded(.up) - Double(originY)
        let low = Int(clamping: top, to: reach), high = Int(clamping: bottom, to: reach)
        return low < high ? low..<high : low..<low
    }

    /// Draws one run of `drawGlyphs`, its baseline at device row `baseline`. A run in the font of
    /// the run before it reuses that run's face (`lastFace`) without a look-up.
    private func drawRun(
        _ run: UnsafePointer<LayoutRun>, glyphs: UnsafeBufferPointer<PositionedGlyph>, mentions: [Entity],
        on canvas: inout Canvas, x: Double, baseline: Double,
        lineBaseline: Double, scale: Double, options: RenderOptions, origin: (x: Int, y: Int),
        lastFace: inout (key: FaceKey, face: RenderFace?)?
    ) {
        // An inline box's run has no glyph to draw (its image is drawn apart, InlineImages).
        guard !run.pointee.isInlineBox else { return }
        let font = run.pointee.font
        let faceKey = FaceKey(file: font.file, index: font.index, variationWeight: font.variationWeight)
        let face: RenderFace?
        if let lastFace, lastFace.key == faceKey {
            face = lastFace.face
        } else {
            face = renderFace(font)
            lastFace = (faceKey, face)
        }
        guard let face, let size = Int(checking: (run.pointee.size * scale * 64).rounded()), size > 0, size <= Int(Int32.max)
        else { return }
        let perGlyph = Self.mayTakeMentionColor(run.pointee, mentions: mentions, options: options)
        let runColor = run.pointee.style.color ?? options.color
        let slant = font.syntheticSlant
        let canvasSize = (width: canvas.image.width, height: canvas.image.height)
        for glyph in glyphs {
            // The pen position in quarter pixels: its whole pixel and the subpixel offset.
            // A glyph far outside the canvas (or at a position that is not a number) is not drawn.
            guard let qx = Int(checking: ((glyph.x + x) * scale * 4).rounded()),
                let qy = Int(checking: baseline * 4 + ((glyph.y - lineBaseline) * scale * 4).rounded())
            else { continue }
            guard abs(qx >> 2) < Self.drawableReach, abs(qy >> 2) < Self.drawableReach,
                abs(origin.x) < Self.drawableReach, abs(origin.y) < Self.drawableReach
            else { continue }
            let penX = (qx >> 2) - origin.x, baselineY = (qy >> 2) - origin.y
            // Bitmap strikes ignore the offset: one entry serves every position.
            let subpixel = face.isScalable ? UInt8(qx & 3 | (qy & 3) << 2) : 0
            let key = GlyphRasterKey(
                face: face.id, glyph: glyph.id, size26Dot6: Int32(size), subpixel: subpixel, slant: slant.bitPattern)
            guard let bitmap = glyphBitmap(key, face: face.face, penX: penX, baselineY: baselineY, canvas: canvasSize) else { continue }
            let color = perGlyph ? Self.glyphColor(glyph, of: run.pointee, mentions: mentions, options: options) : runColor
            // A bitmap strike's glyph, rasterized without the offset, is placed with it.
            let fraction = face.isScalable ? (0.0, 0.0) : (Double(qx & 3) / 4, Double(qy & 3) / 4)
            canvas.draw(bitmap, penX: penX, baselineY: baselineY, fraction: fraction, color: color)
        }
    }

    /// The bitmap of the glyph `key` names with its pen at (`penX`, `baselineY`) on a canvas of
    /// `canvas` pixels: from the cache, else rasterized by FreeType from the key's values alone (so
    /// a cached and a fresh bitmap are the same bytes), as much of it as `visiblePart` says. Nil
    /// for a glyph with nothing to draw there.
    func glyphBitmap(_ key: GlyphRasterKey, face: FTFace, penX: Int, baselineY: Int, canvas: (width: Int, height: Int)) -> GlyphBitmap? {
        let rasterize = { () -> (bitmap: GlyphBitmap?, keep: Bool) in
            var whole = true
            let bitmap = face.rasterize(
                key.glyph, pixelSize: Double(key.size26Dot6) / 64, dx: Double(key.subpixel & 3) / 4,
                dy: Double(key.subpixel >> 2) / 4, slant: Double(bitPattern: key.slant)
            ) { box in
                let part = Self.visiblePart(of: box, penX: penX, baselineY: baselineY, canvas: canvas)
                whole = part == box
                return part
            }
            return (bitmap, whole)
        }
        guard glyphCache.budget > 0 else { return rasterize().bitmap }
        return glyphCache.bitmap(key, rasterize: rasterize)
    }

    /// The most pixels of a glyph bitmap rasterized whole when the canvas shows only part of it:
    /// past this, only the visible part is (and it is not cached).
    static let wholeGlyphPixels = 1 << 16

    /// What to rasterize of a glyph whose whole bitmap is `box`, its pen at (`penX`, `baselineY`)
    /// on a canvas of `canvas` pixels: nothing (nil) when no pixel of it lands on the canvas; the
    /// whole box when it lies inside the canvas or is small (then cached, and the same wherever it
    /// is drawn); else only the part on the canvas, so that a glyph far larger than the image
    /// costs what the image shows of it.
    static func visiblePart(of box: GlyphBox, penX: Int, baselineY: Int, canvas: (width: Int, height: Int)) -> GlyphBox? {
        let x = penX.addingReportingOverflow(box.left), y = baselineY.subtractingReportingOverflow(box.top)
        guard !x.overflow, !y.overflow else { return nil }
        let columns = Canvas.visible(x.partialValue, box.width, in: canvas.width)
        let rows = Canvas.visible(y.partialValue, box.height, in: canvas.height)
        guard !columns.isEmpty, !rows.isEmpty else { return nil }
        if columns.count == box.width, rows.count == box.height { return box }
        let area = box.width.multipliedReportingOverflow(by: box.height)
        if !area.overflow, area.partialValue <= wholeGlyphPixels { return box }
        return GlyphBox(left: box.left + columns.lowerBound, top: box.top - rows.lowerBound, width: columns.count, height: rows.count)
    }

    /// The layout as PNG bytes. `compressionLevel` is zlib's, from 0 (stored: largest, fastest) to
    /// 9 (smallest, slowest); `rowFilters` lets libpng pick one of PNG's five filters per row
    /// (smaller files for photographs and gradients, slower). The default, level 3 without filters,
    /// is libpng's fast setting: on rendered text, whose rows are mostly one colour, it is also
    /// smaller than libpng's own default (level 6 with filters). The pixels are the same at every
    /// setting.
    /// - Throws: `.invalidValue` naming "compressionLevel" outside 0…9, before anything is drawn.
    public func png(
        _ layout: Layout, options: RenderOptions = RenderOptions(), compressionLevel: Int = 3, rowFilters: Bool = false
    ) throws(BidiRenderError) -> [UInt8] {
        try PNGSettings.check(level: compressionLevel)
        return try rgba(layout, options: options).pngData(level: compressionLevel, rowFilters: rowFilters)
    }
}

/// What identifies a rendering face: the file, the face index and the variable instance.
struct FaceKey: Hashable {
    var file: String
    var index: Int
    var variationWeight: Double?
}

/// A face the renderer draws with, numbered for the glyph cache.
struct RenderFace {
    let face: FTFace
    /// Unique among this renderer's faces, never reused.
    let id: UInt32
    /// Whether it has outlines (else colour bitmap strikes, drawn without a subpixel offset).
    let isScalable: Bool
}

/// The renderer's open faces and the next face number.
struct FaceTable {
    var faces: [FaceKey: RenderFace] = [:]
    var nextID: UInt32 = 0
}
