// InlineImages: the images of a layout's inline boxes (`RenderOptions.inlineImages`, by the box's
// id), each scaled to fit its box and centred — drawn on the PNG canvas, or written as SVG <image>s.
import Foundation

enum InlineImages {
    /// Each inline box of `layout` that has an image in `images`, with the rectangle (layout px) the
    /// image fills: the box's, shrunk to the image's aspect and centred in it.
    static func placed(_ layout: Layout, images: [String: RGBAImage]) -> [(image: RGBAImage, rect: LayoutRect)] {
        guard !images.isEmpty else { return [] }
        var placed: [(RGBAImage, LayoutRect)] = []
        for box in layout.entities where box.kind == .inlineBox {
            guard let id = box.id, let image = images[id], image.width > 0, image.height > 0, let r = box.rects.first else { continue }
            let scale = min(r.width / Double(image.width), r.height / Double(image.height))
            let (w, h) = (Double(image.width) * scale, Double(image.height) * scale)
            placed.append((image, LayoutRect(x: r.x + (r.width - w) / 2, y: r.y + (r.height - h) / 2, width: w, height: h)))
        }
        return placed
    }

    /// Draws the images on `canvas`, the layout's origin at (`x`, `y`) layout px, `scale` device
    /// pixels a px (rounded to whole pixels).
    static func draw(_ layout: Layout, on canvas: inout Canvas, x: Double, y: Double, scale: Double, images: [String: RGBAImage]) {
        for (image, r) in placed(layout, images: images) {
            let left = ((r.x + x) * scale).rounded(), top = ((r.y + y) * scale).rounded()
            let right = ((r.x + r.width + x) * scale).rounded(), bottom = ((r.y + r.height + y) * scale).rounded()
            guard let px = Int(checking: left), let py = Int(checking: top), let pw = Int(checking: right - left),
                let ph = Int(checking: bottom - top)
            else { continue }
            canvas.drawImage(image, x: px, y: py, width: pw, height: ph, mirrored: false)
        }
    }

    /// The images as SVG <image> elements (embedded PNG), the layout's origin at `origin`.
    static func svg(_ layout: Layout, origin: (x: Double, y: Double), images: [String: RGBAImage]) throws(BidiRenderError) -> String {
        var out = ""
        for (image, r) in placed(layout, images: images) {
            let png = try image.pngData()
            let n = JSONText.number
            out += "<image class=\"inline\" x=\"\(n(r.x + origin.x))\" y=\"\(n(r.y + origin.y))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>\n"
        }
        return out
    }
}
