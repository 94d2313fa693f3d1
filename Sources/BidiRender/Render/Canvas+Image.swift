// Canvas+Image: an RGBA image drawn scaled into a rectangle of the canvas, bilinearly, optionally
// mirrored — an inline box's image (Renderer) and a scene's image views (Compose).

extension Canvas {
    /// Draws `source` scaled to `width` × `height` device px with its top-left corner at (`x`, `y`),
    /// mirrored horizontally when `mirrored`. Only the pixels inside the canvas are computed, each a
    /// bilinear sample of the source (pixel centres aligned, edges clamped) on premultiplied colour,
    /// so transparent pixels do not darken edges and no scaled copy is allocated.
    mutating func drawImage(_ source: RGBAImage, x: Int, y: Int, width: Int, height: Int, mirrored: Bool) {
        guard source.width > 0, source.height > 0, width > 0, height > 0 else { return }
        let x0 = max(0, x), x1 = min(image.width, x.addingReportingOverflow(width).partialValue)
        let y0 = max(0, y), y1 = min(image.height, y.addingReportingOverflow(height).partialValue)
        guard x1 > x0, y1 > y0 else { return }
        let sx = Double(source.width) / Double(width)
        let sy = Double(source.height) / Double(height)
        for py in y0..<y1 {
            let fy = max(0, min(Double(source.height - 1), (Double(py - y) + 0.5) * sy - 0.5))
            let r0 = Int(fy)
            let r1 = min(source.height - 1, r0 + 1)
            let ty = fy - Double(r0)
            for px in x0..<x1 {
                let column = mirrored ? width - 1 - (px - x) : px - x
                let fx = max(0, min(Double(source.width - 1), (Double(column) + 0.5) * sx - 0.5))
                let c0 = Int(fx)
                let c1 = min(source.width - 1, c0 + 1)
                let tx = fx - Double(c0)
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for (c, r, w) in [(c0, r0, (1 - tx) * (1 - ty)), (c1, r0, tx * (1 - ty)), (c0, r1, (1 - tx) * ty), (c1, r1, tx * ty)] {
                    let i = (r * source.width + c) * 4
                    let a = Double(source.pixels[i + 3]) * w
                    sum.r += Double(source.pixels[i]) * a
                    sum.g += Double(source.pixels[i + 1]) * a
                    sum.b += Double(source.pixels[i + 2]) * a
                    sum.a += a
                }
                guard sum.a > 0 else { continue }
                blend(
                    x: px, y: py, red: Float(sum.r / sum.a), green: Float(sum.g / sum.a), blue: Float(sum.b / sum.a),
                    alpha: Float(min(255, sum.a) / 255))
            }
        }
    }
}
