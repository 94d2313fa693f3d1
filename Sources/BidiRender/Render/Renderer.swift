// Renderer: draws a Layout as RGBA pixels, PNG bytes or SVG text. FreeType rasterizes the glyphs
// (see FreeTypeRaster.swift for the hinting mode), libpng writes PNG, and SVG takes glyph outlines
// from FT_Outline_Decompose, each glyph defined once and reused.
//
// Thread-safety: the renderer is Sendable. It keeps one FreeType face per font file for rendering
// (apart from the registry's shaping faces, which stay at their own size), behind a lock; each face
// serializes its own use. At most `faceCacheLimit` faces are kept; the cache is cleared when full.

import Foundation

/// Draws layouts.
public final class Renderer: Sendable {
    private let library: FTLibrary
    private let faces = Locked<[String: FTFace]>([:])
    static let faceCacheLimit = 64
    /// How far outside the canvas a pen position may be and still have its glyph drawn: a glyph
    /// is never larger than this many pixels, and the canvas never larger than `ImageLimits`.
    static let drawableReach = 1 << 40

    public init() throws(BidiRenderError) {
        library = try FTLibrary()
    }

    func face(_ font: FontDescriptor) -> FTFace? {
        let key = "\(font.file)#\(font.index)"
        if let face = faces.withLock({ $0[key] }) { return face }
        guard let face = try? FTFace(library: library, path: font.file, index: font.index) else { return nil }
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
        draw(marks.under)
        for line in layout.lines {
            // Cancellation, as in LayoutEngine.layout: checked once a line.
            if Task.isCancelled { throw .cancelled }
            for run in line.runs {
                guard let face = face(run.font) else { continue }
                for glyph in run.glyphs {
                    let x = (glyph.x + p) * s
                    let y = (glyph.y + p) * s
                    let ix = x.rounded(.down)
                    let iy = y.rounded(.down)
                    // A glyph far outside the canvas (or at a position that is not a number) is not drawn.
                    guard let penX = Int(checking: ix), let baselineY = Int(checking: iy),
                        abs(penX) < Self.drawableReach, abs(baselineY) < Self.drawableReach
                    else { continue }
                    guard let bitmap = face.rasterize(glyph.id, pixelSize: run.size * s, dx: x - ix, dy: y - iy) else { continue }
                    canvas.draw(bitmap, penX: penX, baselineY: baselineY, color: options.color)
                }
            }
        }
        draw(overlay.over)
        draw(marks.over)
        return canvas.image
    }

    /// The layout as PNG bytes.
    public func png(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> [UInt8] {
        try rgba(layout, options: options).pngData()
    }
}
