// Renderer: draws a Layout as RGBA pixels, PNG bytes or SVG text. FreeType rasterizes the glyphs
// (see FreeTypeRaster.swift for the hinting mode), libpng writes PNG, and SVG takes glyph outlines
// from FT_Outline_Decompose, each glyph defined once and reused.
//
// Thread-safety: the renderer is Sendable. It keeps one FreeType face per font file for rendering, and
// one per variable instance, set to its wght once before use (apart from the registry's shaping
// faces, which stay at their own size), behind a lock; each face serializes its own use. At most `faceCacheLimit` faces are kept; the cache is cleared when full.

import Foundation

/// Draws layouts.
public final class Renderer: Sendable {
    private let library: FTLibrary
    private let faces = Locked<[String: FTFace]>([:])
    static let faceCacheLimit = 64
    /// How far outside the canvas a pen position may be and still have its glyph drawn: a glyph
    /// is never larger than this many pixels, and the canvas never larger than `ImageLimits`.
    static let drawableReach = 1 << 40

    /// A renderer with its own FreeType library.
    /// - Throws: `.fontLoad` when FreeType cannot start.
    public init() throws(BidiRenderError) {
        library = try FTLibrary()
    }

    func face(_ font: FontDescriptor) -> FTFace? {
        var key = "\(font.file)#\(font.index)"
        if let weight = font.variationWeight { key += "@wght=\(weight)" }
        if let face = faces.withLock({ $0[key] }) { return face }
        guard let face = try? FTFace(library: library, path: font.file, index: font.index) else { return nil }
        // A variable instance gets a face of its own, set once before use (FreeTypeVariations.swift).
        if let weight = font.variationWeight { guard (try? face.setVariationWeight(weight)) != nil else { return nil } }
        faces.withLock { cache in
            if cache.count >= Self.faceCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = face
        }
        return face
    }

    /// The layout as RGBA pixels.
    /// - Throws: `.renderFailure` when the image would pass `ImageLimits` (the size and the limit
    ///   named), before any pixel is allocated; `.cancelled` when the call runs in a task that is
    ///   cancelled (checked before each line is drawn, so a large image stops early).
    public func rgba(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> RGBAImage {
        try options.validate()
        let (width, height) = try ImageLimits.pixelSize(width: layout.width, height: layout.height, options: options)
        var canvas = Canvas(width: width, height: height, background: options.background)
        let s = Double(options.scale)
        let p = options.padding
        let overlay: (under: [OverlayShape], over: [OverlayShape]) = options.debug ? DebugOverlay.shapes(layout) : ([], [])
        func draw(_ shapes: [OverlayShape]) {
            for shape in shapes {
                let (x, y, w, h) = ((shape.x + p) * s, (shape.y + p) * s, max(1, shape.width * s), max(1, shape.height * s))
                if shape.kind == .fill {
                    canvas.fill(x: x, y: y, width: w, height: h, color: shape.color)
                } else {
                    canvas.stroke(x: x, y: y, width: w, height: h, color: shape.color)
                }
            }
        }
        let marks = try QueryOverlay.shapes(layout, options: options)
        draw(overlay.under)
        // The spans' backgrounds under the glyphs, their decorations over them (StylePaint.swift).
        draw(Self.backgrounds(layout))
        draw(marks.under)
        try drawGlyphs(layout, on: &canvas, x: p, y: p, scale: s, options: options)
        draw(decorations(layout, options: options))
        draw(overlay.over)
        draw(marks.over)
        return canvas.image
    }

    /// Draws the glyphs of `layout` onto `canvas` with the layout's origin at (`x`, `y`) layout px,
    /// `scale` device pixels per px, in `options`' colour (a span's or the mention colour where
    /// they apply). Shared by `rgba` and scene composition (Compose/).
    /// - Throws: `.cancelled` when the call's task is cancelled (checked once a line).
    func drawGlyphs(
        _ layout: Layout, on canvas: inout Canvas, x: Double, y: Double, scale: Double, options: RenderOptions
    ) throws(BidiRenderError) {
        for line in layout.lines {
            // Cancellation, as in LayoutEngine.layout: checked once a line.
            if Task.isCancelled { throw .cancelled }
            for run in line.runs {
                guard let face = face(run.font) else { continue }
                let perGlyph = Self.mayTakeMentionColor(run, mentions: layout.mentions, options: options)
                let runColor = run.style.color ?? options.color
                for glyph in run.glyphs {
                    let gx = (glyph.x + x) * scale
                    let gy = (glyph.y + y) * scale
                    let ix = gx.rounded(.down)
                    let iy = gy.rounded(.down)
                    // A glyph far outside the canvas (or at a position that is not a number) is not drawn.
                    guard let penX = Int(checking: ix), let baselineY = Int(checking: iy),
                        abs(penX) < Self.drawableReach, abs(baselineY) < Self.drawableReach
                    else { continue }
                    guard let bitmap = face.rasterize(
                        glyph.id, pixelSize: run.size * scale, dx: gx - ix, dy: gy - iy, slant: run.font.syntheticSlant)
                    else { continue }
                    let color = perGlyph ? Self.glyphColor(glyph, of: run, mentions: layout.mentions, options: options) : runColor
                    canvas.draw(bitmap, penX: penX, baselineY: baselineY, color: color)
                }
            }
        }
    }

    /// The layout as PNG bytes.
    public func png(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> [UInt8] {
        try rgba(layout, options: options).pngData()
    }
}
