// SceneRenderer+SVG: a resolved scene as SVG. Rectangles as <rect> inside their border (a ring <path>),
// images as embedded PNG <image>s, each once in a <symbol> that its nodes <use>, text nodes as the Renderer's own SVG of their layout nested in an
// <svg> at the frame (its glyph ids prefixed per node so definitions never collide). Mirrored content
// gets transform="matrix(-1 0 0 1 2x+w 0)", a reflection about the frame's vertical axis.

import Foundation

extension SceneRenderer {
    /// The scene as SVG text, and the resolved scene.
    /// - Throws: what `rgba` throws, except the pixel limits (SVG has no pixel buffer).
    public func svg(_ scene: Scene, options: ComposeOptions = ComposeOptions()) throws(BidiRenderError) -> (svg: String, resolved: ResolvedScene) {
        try RenderOptions(padding: 0, scale: options.scale).validate()
        let resolved = scene.resolved()
        let n = JSONText.number
        let s = Double(options.scale)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(n(scene.width * s))\" height=\"\(n(scene.height * s))\" viewBox=\"0 0 \(n(scene.width)) \(n(scene.height))\">\n"
        if scene.background.alpha > 0 {
            out += "<rect class=\"background\" width=\"100%\" height=\"100%\" \(Self.paint("fill", scene.background))/>\n"
        }
        var symbols = ImageSymbols()
        for (i, node) in resolved.nodes.enumerated() {
            let f = node.frame
            let mirror = node.mirrored ? " transform=\"matrix(-1 0 0 1 \(n(2 * f.x + f.width)) 0)\"" : ""
            let head = "<g class=\"\(node.kind)\" data-path=\"\(node.path)\" data-view-type=\"\(node.viewType.rawValue)\" data-mirrored=\"\(node.mirrored)\"\(mirror)>"
            switch node.content {
            case .group:
                continue
            case .rect(let color, let radius, let borderWidth, let borderColor):
                // As the PNG draws it: the fill inside the border (inset by its width, its corners
                // the outer ones less the width), the border the ring between the two outlines, so
                // that neither covers the other (a translucent border showed the fill through it)
                // and the outer corners stay round however wide the border.
                let r = min(max(0, radius), f.width / 2, f.height / 2)
                let bw = min(max(0, borderWidth), min(f.width, f.height) / 2)
                let inner = LayoutRect(x: f.x + bw, y: f.y + bw, width: f.width - 2 * bw, height: f.height - 2 * bw)
                let innerRadius = max(0, r - bw)
                out += head
                if inner.width > 0, inner.height > 0 {
                    out += "<rect x=\"\(n(inner.x))\" y=\"\(n(inner.y))\" width=\"\(n(inner.width))\" height=\"\(n(inner.height))\" rx=\"\(n(innerRadius))\" \(Self.paint("fill", color))/>"
                }
                if bw > 0 {
                    var d = Self.roundedRectPath(f, r)
                    if inner.width > 0, inner.height > 0 { d += " " + Self.roundedRectPath(inner, innerRadius) }
                    out += "<path d=\"\(d)\" fill-rule=\"evenodd\" \(Self.paint("fill", borderColor))/>"
                }
                out += "</g>\n"
            case .image(let image, _, let mode):
                // Each image once, as a <symbol> the nodes that show it <use>: a scene of 100 nodes
                // showing one 4 MB image wrote it 100 times (534 MB of SVG).
                let id = try symbols.id(of: image, mode: mode)
                out += "\(head)<use href=\"#\(id)\" xlink:href=\"#\(id)\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/></g>\n"
            case .text(let text, let spans, let layoutOptions, let direction, let color):
                let layout = try self.layout(text, spans: spans, options: layoutOptions, direction: direction, frame: f, scene: scene.direction)
                var inner = try renderer.svg(layout, options: RenderOptions(color: color, background: .transparent, padding: 0))
                // The nested document without its XML declaration, glyph ids prefixed with the node's number.
                inner = String(inner.drop { $0 != "\n" }.dropFirst())
                inner = inner.replacingOccurrences(of: "id=\"f", with: "id=\"n\(i)f").replacingOccurrences(of: "href=\"#f", with: "href=\"#n\(i)f")
                inner = inner.replacingOccurrences(of: "<svg ", with: "<svg x=\"\(n(f.x))\" y=\"\(n(f.y))\" overflow=\"visible\" ")
                out += "\(head)\n\(inner)</g>\n"
            }
        }
        if options.debug {
            for node in resolved.nodes {
                let f = node.frame
                let color = node.mirrored ? Self.mirroredOutline : Self.outline
                out += "<rect class=\"debug\(node.mirrored ? " mirrored" : "")\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\" fill=\"none\" stroke-width=\"0.5\" \(Self.paint("stroke", color))/>\n"
                // The PNG's corner mark of mirrored content, 4 px square.
                if node.mirrored {
                    out += "<rect class=\"debug-mark\" x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"4\" height=\"4\" \(Self.paint("fill", color))/>\n"
                }
            }
        }
        out += symbols.definitions
        out += "</svg>\n"
        return (out, resolved)
    }

    /// The outline of `rect` with corners of radius `r` (at most half its sides), clockwise, closed.
    private static func roundedRectPath(_ rect: LayoutRect, _ r: Double) -> String {
        let n = JSONText.number
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        let arc = "A\(n(r)) \(n(r)) 0 0 1"
        return "M\(n(x0 + r)) \(n(y0))H\(n(x1 - r))\(arc) \(n(x1)) \(n(y0 + r))V\(n(y1 - r))\(arc) \(n(x1 - r)) \(n(y1))"
            + "H\(n(x0 + r))\(arc) \(n(x0)) \(n(y1 - r))V\(n(y0 + r))\(arc) \(n(x0 + r)) \(n(y0))Z"
    }

    /// `fill="#RRGGBB"` (or stroke) with its opacity when not opaque.
    private static func paint(_ attribute: String, _ color: RGBAColor) -> String {
        let opacity = color.alpha == 255 ? "" : " \(attribute)-opacity=\"\(JSONText.number(Double(color.alpha) / 255))\""
        return "\(attribute)=\"\(color.hex.prefix(7))\"\(opacity)"
    }
}

/// The images of a scene's SVG, each embedded once: a <symbol> a decoded image (by its pixel
/// storage: a file is decoded once per process, so its nodes share it) and content mode, which the
/// nodes showing it <use> at their frames.
private struct ImageSymbols {
    private var ids: [ImageKey: String] = [:]
    /// The <defs> of the symbols made so far.
    private(set) var definitions = ""

    private struct ImageKey: Hashable {
        var storage: UnsafeRawPointer?
        var width: Int
        var height: Int
        var mode: SceneContentMode
    }

    /// The id of `image`'s symbol in `mode`, made (its PNG encoded) the first time.
    mutating func id(of image: RGBAImage, mode: SceneContentMode) throws(BidiRenderError) -> String {
        let storage = image.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let key = ImageKey(storage: storage, width: image.width, height: image.height, mode: mode)
        if let id = ids[key] { return id }
        let id = "image\(ids.count)"
        ids[key] = id
        let png = try image.pngData()
        let (w, h) = (image.width, image.height)
        let aspect = mode == .fill ? "none" : "xMidYMid meet"
        if definitions.isEmpty { definitions = "<defs>\n" } else { definitions.removeLast("</defs>\n".count) }
        definitions += "<symbol id=\"\(id)\" viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"\(aspect)\">"
        definitions += "<image width=\"\(w)\" height=\"\(h)\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/></symbol>\n"
        definitions += "</defs>\n"
        return id
    }
}
