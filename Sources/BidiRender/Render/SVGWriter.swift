// SVGWriter: a Layout as SVG. Each glyph's outline (FT_Outline_Decompose, in font units) is defined
// once in <defs> and placed with <use>; colour bitmap glyphs are defined once as embedded PNG images.
// One <g> per run; the viewBox is the layout's size with its padding.

import Foundation

extension Renderer {
    /// The layout as SVG text.
    public func svg(_ layout: Layout, options: RenderOptions = RenderOptions()) throws(BidiRenderError) -> String {
        try options.validate()
        let p = options.padding
        let viewWidth = layout.width + 2 * p
        let viewHeight = layout.height + 2 * p
        var defs: [String] = []
        var defined: [String: Bool] = [:]  // id → whether it has ink
        var body: [String] = []
        var fonts: [String: Int] = [:]
        func number(_ v: Double) -> String { JSONText.number(v) }

        if options.background.alpha > 0 {
            body.append("<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"\(options.background.hex.prefix(7))\"\(Self.opacity(options.background))/>")
        }
        let overlay: (under: [OverlayShape], over: [OverlayShape]) = options.debug ? DebugOverlay.shapes(layout) : ([], [])
        func shapes(_ list: [OverlayShape]) -> [String] {
            list.map { shape in
                let attributes = "class=\"debug \(shape.role)\" x=\"\(number(shape.x + p))\" y=\"\(number(shape.y + p))\" width=\"\(number(max(0.5, shape.width)))\" height=\"\(number(max(0.5, shape.height)))\""
                let paint = shape.kind == .fill
                    ? "fill=\"\(shape.color.hex.prefix(7))\"\(Self.opacity(shape.color, attribute: "fill-opacity"))"
                    : "fill=\"none\" stroke=\"\(shape.color.hex.prefix(7))\" stroke-width=\"0.5\"\(Self.opacity(shape.color, attribute: "stroke-opacity"))"
                return "<rect \(attributes) \(paint)/>"
            }
        }
        body += shapes(overlay.under)
        body.append("<g class=\"text\" fill=\"\(options.color.hex.prefix(7))\"\(Self.opacity(options.color, attribute: "fill-opacity"))>")
        for (l, line) in layout.lines.enumerated() {
            for run in line.runs {
                let fontKey = "\(run.font.file)#\(run.font.index)"
                let f = fonts[fontKey] ?? fonts.count
                fonts[fontKey] = f
                let face = face(run.font)
                var uses: [String] = []
                for glyph in run.glyphs {
                    let id = "f\(f)g\(glyph.id)"
                    if defined[id] == nil, let face {
                        if let outline = face.outlinePath(glyph.id) {
                            defs.append("<path id=\"\(id)\" d=\"\(outline.path)\"/>")
                            defined[id] = true
                        } else if !face.isScalable, let image = Self.bitmapImage(face, glyph.id, size: run.size, id: id) {
                            defs.append(image)
                            defined[id] = true
                        } else {
                            defined[id] = false
                        }
                    }
                    guard defined[id] == true, let face else { continue }
                    let x = number(glyph.x + p)
                    let y = number(glyph.y + p)
                    if face.isScalable {
                        let scale = run.size / Double(face.metrics.unitsPerEm)
                        uses.append("<use href=\"#\(id)\" xlink:href=\"#\(id)\" transform=\"translate(\(x) \(y)) scale(\(number(scale)) \(number(-scale)))\"/>")
                    } else {
                        uses.append("<use href=\"#\(id)\" xlink:href=\"#\(id)\" x=\"\(x)\" y=\"\(y)\"/>")
                    }
                }
                body.append("<g class=\"run\" data-line=\"\(l)\" data-start=\"\(run.range.lowerBound)\" data-end=\"\(run.range.upperBound)\" data-level=\"\(run.level)\" data-direction=\"\(run.direction.rawValue)\" data-script=\"\(run.script)\">" + uses.joined() + "</g>")
            }
        }
        body.append("</g>")
        body += shapes(overlay.over)
        let width = number(viewWidth * Double(options.scale))
        let height = number(viewHeight * Double(options.scale))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(width)" height="\(height)" viewBox="0 0 \(number(viewWidth)) \(number(viewHeight))">
            <defs>
            \(defs.joined(separator: "\n"))
            </defs>
            \(body.joined(separator: "\n"))
            </svg>

            """
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
