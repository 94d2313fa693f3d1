// Canvas+Compose: what scene composition draws beyond glyphs — rounded rectangles with a border
// (anti-aliased by the signed distance at each pixel centre), and a drawn text's own canvas
// composited, optionally mirrored. (Images scaled bilinearly: Render/Canvas+Image.swift.)

extension Canvas {
    /// Fills a rounded rectangle (device px) in `fill` and an inner border `borderWidth` wide in
    /// `border`. Coverage is 0.5 − the signed distance to the shape's edge at each pixel centre,
    /// clamped to 0…1: one pixel of anti-aliasing.
    mutating func roundedRect(
        x: Double, y: Double, width: Double, height: Double, radius: Double, fill: RGBAColor, borderWidth: Double,
        border: RGBAColor
    ) {
        guard [x, y, width, height, radius, borderWidth].allSatisfy(\.isFinite), width > 0, height > 0 else { return }
        let x0 = Int(clamping: x.rounded(.down), to: 0...image.width), y0 = Int(clamping: y.rounded(.down), to: 0...image.height)
        let x1 = Int(clamping: (x + width).rounded(.up), to: 0...image.width)
        let y1 = Int(clamping: (y + height).rounded(.up), to: 0...image.height)
        guard x1 > x0, y1 > y0 else { return }
        let (cx, cy) = (x + width / 2, y + height / 2)
        let outerRadius = min(max(0, radius), width / 2, height / 2)
        let bw = min(max(0, borderWidth), min(width, height) / 2)
        /// Signed distance from (px, py) to a rounded box of half extents (hx, hy) and corner r.
        func distance(_ px: Double, _ py: Double, _ hx: Double, _ hy: Double, _ r: Double) -> Double {
            let qx = abs(px - cx) - (hx - r), qy = abs(py - cy) - (hy - r)
            let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
            return outside + min(max(qx, qy), 0) - r
        }
        for py in y0..<y1 {
            for px in x0..<x1 {
                let (sx, sy) = (Double(px) + 0.5, Double(py) + 0.5)
                let outer = min(1, max(0, 0.5 - distance(sx, sy, width / 2, height / 2, outerRadius)))
                guard outer > 0 else { continue }
                var inner = outer
                if bw > 0 {
                    let d = distance(sx, sy, width / 2 - bw, height / 2 - bw, max(0, outerRadius - bw))
                    inner = min(outer, max(0, 0.5 - d))
                }
                if inner > 0 { blend(x: px, y: py, color: fill, coverage: Float(inner)) }
                if outer - inner > 0 { blend(x: px, y: py, color: border, coverage: Float(outer - inner)) }
            }
        }
    }

    /// Composites `source` with its top-left corner at (`x`, `y`) device px, mirrored horizontally
    /// when `mirrored` (column c drawn at x + width − 1 − c).
    mutating func composite(_ source: RGBAImage, x: Int, y: Int, mirrored: Bool) {
        for row in 0..<source.height {
            for column in 0..<source.width {
                let i = (row * source.width + column) * 4
                let alpha = source.pixels[i + 3]
                if alpha == 0 { continue }
                let dx = mirrored ? x + source.width - 1 - column : x + column
                blend(
                    x: dx, y: y + row,
                    color: RGBAColor(red: source.pixels[i], green: source.pixels[i + 1], blue: source.pixels[i + 2], alpha: alpha))
            }
        }
    }
}
