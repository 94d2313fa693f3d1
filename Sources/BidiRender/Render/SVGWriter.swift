// SVGWriter: a Layout as SVG. Each glyph's outline (FT_Outline_Decompose, in font units) is defined
// once in <defs> and placed with <use>; colour bitmap glyphs are defined once as embedded PNG images.
// One <g> per run; the viewBox is the layout's size (or its crop's, RenderCrop.swift) with its padding. The SVG is written to a
// TextOutputStream as it is produced; `svg(_:options:)` collects it in a String.

import Foundation

extension Renderer {
    /// The layout as SVG text.
    public func svg(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> String {
        var out = ""
        try writeSVG(layout, options: options, to: &out)
        return out
    }

    /// The size an SVG of `layout` declares, in device px (its viewBox's size times the scale),
    /// for the CLI's "wrote" line.
    package func svgSize(_ layout: Layout, options: RenderOptions) -> (width: Double, height: Double) {
        let view = Self.svgViewSize(frame: frame(layout, options: options), options: options)
        return (view.width * Double(options.scale), view.height * Double(options.scale))
    }

    /// The viewBox's size for a drawn `frame`: the frame and the padding, at least a device pixel a
    /// side, as the PNG (an SVG of width 0 has no size to draw).
    static func svgViewSize(frame: LayoutRect, options: RenderOptions) -> (width: Double, height: Double) {
        let one = 1 / Double(options.scale)
        return (max(frame.width + 2 * options.padding, one), max(frame.height + 2 * options.padding, one))
    }

    /// Writes the layout as SVG (the text of `svg(_:options:)`, byte for byte) to `out` as it is
    /// produced. A first pass over the glyphs writes <defs> (each glyph once); a second writes one
    /// <g> per run. Nothing larger than one run's group is held.
    /// - Throws: what `RenderOptions.validate()` throws, before anything is written; `.cancelled`
    ///   when the call's task is cancelled (checked once a line; `out` then holds a partial document).
    package func writeSVG(
        _ layout: Layout, options: RenderOptions = RenderOptions(), to out: inout some TextOutputStream
    ) throws(BidiRenderError) {
        try options.validate()
        let marks = try QueryOverlay.shapes(layout, options: options)
        let p = options.padding
        let frame = frame(layout, options: options)
        // At least a device pixel a side, as the PNG (an SVG of width 0 has no size to draw).
        let (viewWidth, viewHeight) = Self.svgViewSize(frame: frame, options: options)
        // Where the layout's origin lands: the padding, less the crop's corner.
        let (ox, oy) = (p - frame.x, p - frame.y)
        var fonts: [String: Int] = [:]
        func number(_ v: Double) -> String { JSONText.number(v) }

        let width = number(viewWidth * Double(options.scale))
        let height = number(viewHeight * Double(options.scale))
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(number(viewWidth)) \(number(viewHeight))\">\n")
        let defined = writeDefinitions(layout, fonts: &fonts, to: &out)

        // Pass 2: the background, the overlay under the text, one group per run, the overlay over it.
        let overlay: (under: [OverlayShape], over: [OverlayShape]) = options.debug ? DebugOverlay.shapes(layout) : ([], [])
        func writeShapes(_ list: [OverlayShape]) {
            for shape in list {
                let attributes = "class=\"debug \(shape.role)\" x=\"\(number(shape.x + ox))\" y=\"\(number(shape.y + oy))\" width=\"\(number(max(0.5, shape.width)))\" height=\"\(number(max(0.5, shape.height)))\""
                let paint = shape.kind == .fill
                    ? "fill=\"\(shape.color.hex.prefix(7))\"\(Self.opacity(shape.color, attribute: "fill-opacity"))"
                    : "fill=\"none\" stroke=\"\(shape.color.hex.prefix(7))\" stroke-width=\"0.5\"\(Self.opacity(shape.color, attribute: "stroke-opacity"))"
                out.write("<rect \(attributes) \(paint)/>\n")
            }
        }
        if options.background.alpha > 0 {
            out.write("<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"\(options.background.hex.prefix(7))\"\(Self.opacity(options.background))/>\n")
        }
        writeShapes(overlay.under)
        // The spans' backgrounds under the text, their decorations over it (StylePaint.swift).
        func writePaint(_ rects: [OverlayShape]) {
            for rect in rects {
                out.write("<rect class=\"\(rect.role)\" x=\"\(number(rect.x + ox))\" y=\"\(number(rect.y + oy))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\"\(Self.fill(rect.color))/>\n")
            }
        }
        writePaint(Self.backgrounds(layout))
        writeShapes(marks.under)
        try writeRuns(layout, origin: (ox, oy), width: viewWidth, options: options, defined: defined, fonts: &fonts, to: &out)
        out.write(try InlineImages.svg(layout, origin: (ox, oy), images: options.inlineImages))
        writePaint(decorations(layout, options: options))
        writeShapes(overlay.over)
        writeShapes(marks.over)
        out.write("</svg>\n")
    }

    /// The font number of a run's face, numbered in `fonts` in order of first use.
    private static func fontNumber(_ run: LayoutRun, _ fonts: inout [String: Int]) -> Int {
        let fontKey = run.font.instanceKey
        let f = fonts[fontKey] ?? fonts.count
        fonts[fontKey] = f
        return f
    }

    /// Pass 1 of `writeSVG`: the <defs>, every glyph's definition once, in order of first use.
    /// Returns, for each glyph id ("f0g42"), whether it has ink.
    private func writeDefinitions(
        _ layout: Layout, fonts: inout [String: Int], to out: inout some TextOutputStream
    ) -> [String: Bool] {
        var defined: [String: Bool] = [:]
        out.write("<defs>\n")
        var firstDefinition = true
        for line in layout.lines {
            for run in line.runs where !run.isInlineBox {
                let f = Self.fontNumber(run, &fonts)
                guard let face = face(run.font) else { continue }
                for glyph in layout.glyphs(of: run) {
                    let id = "f\(f)g\(glyph.id)"
                    guard defined[id] == nil else { continue }
                    var definition: String?
                    if let outline = face.outlinePath(glyph.id, slant: run.font.syntheticSlant) {
                        definition = "<path id=\"\(id)\" d=\"\(outline.path)\"/>"
                    } else if !face.isScalable {
                        definition = Self.bitmapImage(face, glyph.id, size: run.size, id: id)
                    }
                    defined[id] = definition != nil
                    if let definition {
                        out.write((firstDefinition ? "" : "\n") + definition)
                        firstDefinition = false
                    }
                }
            }
        }
        out.write("\n</defs>\n")
        return defined
    }

    /// The text of `writeSVG`: one <g> per run, each glyph a <use> of its definition in `defined`,
    /// a mention's glyph in its own fill where `mentionColor` applies, the layout's origin at `origin`.
    /// With `RenderOptions.inkOverflow`, each line's runs are in a group clipped to its box and the
    /// overflow above and below, across the whole `width` of the view.
    private func writeRuns(
        _ layout: Layout, origin: (x: Double, y: Double), width: Double, options: RenderOptions, defined: [String: Bool],
        fonts: inout [String: Int], to out: inout some TextOutputStream
    ) throws(BidiRenderError) {
        func number(_ v: Double) -> String { JSONText.number(v) }
        let mentions = options.mentionColor == nil ? [] : layout.mentions
        /// A glyph's own fill, for a mention's glyph in a run of other text (`mentionColor`).
        func glyphFill(_ glyph: PositionedGlyph, _ run: LayoutRun, _ perGlyph: Bool) -> String {
            guard perGlyph else { return "" }
            let color = Self.glyphColor(glyph, of: run, mentions: mentions, options: options)
            return color == options.color ? "" : Self.fill(color)
        }
        out.write("<g class=\"text\" fill=\"\(options.color.hex.prefix(7))\"\(Self.opacity(options.color, attribute: "fill-opacity"))>\n")
        for (l, line) in layout.lines.enumerated() {
            // Cancellation, as in LayoutEngine.layout: once a line (what was written stays partial).
            if Task.isCancelled { throw .cancelled }
            if let overflow = options.inkOverflow {
                let (top, height) = (line.top - overflow + origin.y, line.height + 2 * overflow)
                out.write("<clipPath id=\"line\(l)\"><rect x=\"0\" y=\"\(number(top))\" width=\"\(number(width))\" height=\"\(number(height))\"/></clipPath>\n")
                out.write("<g class=\"line\" clip-path=\"url(#line\(l))\">\n")
            }
            // An inline box's run has no glyph: its image is written apart (InlineImages).
            for run in line.runs where !run.isInlineBox {
                let f = Self.fontNumber(run, &fonts)
                let face = face(run.font)
                out.write("<g class=\"run\" data-line=\"\(l)\" data-start=\"\(run.range.lowerBound)\" data-end=\"\(run.range.upperBound)\" data-level=\"\(run.level)\" data-direction=\"\(run.direction.rawValue)\" data-script=\"\(run.script)\"\(run.isEllipsis ? " data-ellipsis=\"true\"" : "")\(Self.fill(run.style.color))>")
                let perGlyph = Self.mayTakeMentionColor(run, mentions: mentions, options: options)
                for glyph in layout.glyphs(of: run) {
                    let id = "f\(f)g\(glyph.id)"
                    guard defined[id] == true, let face else { continue }
                    let x = number(glyph.x + origin.x)
                    let y = number(glyph.y + origin.y)
                    if face.isScalable {
                        let scale = run.size / Double(face.metrics.unitsPerEm)
                        out.write("<use href=\"#\(id)\" xlink:href=\"#\(id)\" transform=\"translate(\(x) \(y)) scale(\(number(scale)) \(number(-scale)))\"\(glyphFill(glyph, run, perGlyph))/>")
                    } else {
                        out.write("<use href=\"#\(id)\" xlink:href=\"#\(id)\" x=\"\(x)\" y=\"\(y)\"/>")
                    }
                }
                out.write("</g>\n")
            }
            if options.inkOverflow != nil { out.write("</g>\n") }
        }
        out.write("</g>\n")
    }

    /// A fill attribute (with its opacity) for a colour, "" for none.
    private static func fill(_ color: RGBAColor?) -> String {
        guard let color else { return "" }
        return " fill=\"\(color.hex.prefix(7))\"\(opacity(color, attribute: "fill-opacity"))"
    }

    private static func opacity(_ color: RGBAColor, attribute: String = "fill-opacity") -> String {
        color.alpha == 255 ? "" : " \(attribute)=\"\(JSONText.number(Double(color.alpha) / 255))\""
    }

    /// A colour bitmap glyph as an <image> with an embedded PNG, placed relative to the pen position.
    private static func bitmapImage(_ face: FTFace, _ glyph: UInt32, size: Double, id: String) -> String? {
        guard let bitmap = face.rasterize(glyph, pixelSize: size, dx: 0, dy: 0), bitmap.isColor else { return nil }
        var rgba = RGBAImage(width: bitmap.width, height: bitmap.height, pixels: [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 4))
        for i in 0..<(bitmap.width * bitmap.height) {
            let a = bitmap.pixels[4 * i + 3]
            guard a > 0 else { continue }
            for (channel, source) in [(0, 2), (1, 1), (2, 0)] {
                rgba.pixels[4 * i + channel] = UInt8(min(255, Int(bitmap.pixels[4 * i + source]) * 255 / Int(a)))
            }
            rgba.pixels[4 * i + 3] = a
        }
        guard let png = try? rgba.pngData() else { return nil }
        let s = bitmap.scale
        let n = JSONText.number
        return "<image id=\"\(id)\" x=\"\(n(Double(bitmap.left) / s))\" y=\"\(n(-Double(bitmap.top) / s))\" width=\"\(n(Double(bitmap.width) / s))\" height=\"\(n(Double(bitmap.height) / s))\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
    }
}
