// Canvas: an RGBA pixel buffer with source-over compositing of glyph coverage, colour bitmaps and the
// rectangles and lines of the debug overlay.

/// A straight-alpha RGBA canvas.
struct Canvas {
    private(set) var image: RGBAImage

    init(width: Int, height: Int, background: RGBAColor) {
        image = RGBAImage(width: width, height: height, fill: background)
    }

    /// Composites one pixel of `color` with extra opacity `coverage` (0…1) over the canvas.
    @inline(__always)
    mutating func blend(x: Int, y: Int, red: Float, green: Float, blue: Float, alpha: Float) {
        guard x >= 0, y >= 0, x < image.width, y < image.height, alpha > 0 else { return }
        let i = (y * image.width + x) * 4
        let da = Float(image.pixels[i + 3]) / 255
        let oa = alpha + da * (1 - alpha)
        guard oa > 0 else { return }
        func mix(_ s: Float, _ d: UInt8) -> UInt8 {
            UInt8(max(0, min(255, ((s * alpha + Float(d) * da * (1 - alpha)) / oa).rounded())))
        }
        image.pixels[i] = mix(red, image.pixels[i])
        image.pixels[i + 1] = mix(green, image.pixels[i + 1])
        image.pixels[i + 2] = mix(blue, image.pixels[i + 2])
        image.pixels[i + 3] = UInt8(max(0, min(255, (oa * 255).rounded())))
    }

    mutating func blend(x: Int, y: Int, color: RGBAColor, coverage: Float = 1) {
        blend(
            x: x, y: y, red: Float(color.red), green: Float(color.green), blue: Float(color.blue),
            alpha: Float(color.alpha) / 255 * coverage)
    }

    /// Draws a glyph bitmap with its pen position at (`penX`, `baselineY`) in whole pixels: coverage in
    /// `color`, colour bitmaps as they are (scaled by their strike ratio with a box filter).
    mutating func draw(_ glyph: GlyphBitmap, penX: Int, baselineY: Int, color: RGBAColor) {
        if !glyph.isColor {
            for row in 0..<glyph.height {
                for column in 0..<glyph.width {
                    let coverage = glyph.pixels[row * glyph.width + column]
                    if coverage == 0 { continue }
                    blend(x: penX + glyph.left + column, y: baselineY - glyph.top + row, color: color, coverage: Float(coverage) / 255)
                }
            }
            return
        }
        let s = glyph.scale
        guard s.isFinite, s > 0 else { return }
        // Clamped conversions: a strike ratio far from 1 cannot trap or loop past the bitmap.
        let reach = -(1 << 40)...(1 << 40)
        let width = max(1, Int(clamping: (Double(glyph.width) / s).rounded(), to: 0...ImageLimits.maximumSide))
        let height = max(1, Int(clamping: (Double(glyph.height) / s).rounded(), to: 0...ImageLimits.maximumSide))
        let left = penX + Int(clamping: (Double(glyph.left) / s).rounded(), to: reach)
        let top = baselineY - Int(clamping: (Double(glyph.top) / s).rounded(), to: reach)
        for y in 0..<height {
            let y0 = Int(clamping: Double(y) * s, to: 0...glyph.height)
            let y1 = max(y0 + 1, min(glyph.height, Int(clamping: Double(y + 1) * s, to: 0...glyph.height)))
            for x in 0..<width {
                let x0 = Int(clamping: Double(x) * s, to: 0...glyph.width)
                let x1 = max(x0 + 1, min(glyph.width, Int(clamping: Double(x + 1) * s, to: 0...glyph.width)))
                var b: Float = 0, g: Float = 0, r: Float = 0, a: Float = 0
                for sy in y0..<min(y1, glyph.height) {
                    for sx in x0..<min(x1, glyph.width) {
                        let i = (sy * glyph.width + sx) * 4
                        b += Float(glyph.pixels[i])
                        g += Float(glyph.pixels[i + 1])
                        r += Float(glyph.pixels[i + 2])
                        a += Float(glyph.pixels[i + 3])
                    }
                }
                guard a > 0 else { continue }
                // Premultiplied BGRA averaged; back to straight colour.
                blend(x: left + x, y: top + y, red: r / a * 255, green: g / a * 255, blue: b / a * 255, alpha: a / Float((y1 - y0) * (x1 - x0)) / 255)
            }
        }
    }

    /// Fills a rectangle (in pixels, edges rounded to the pixel grid).
    mutating func fill(x: Double, y: Double, width: Double, height: Double, color: RGBAColor) {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return }
        // Clamp to the canvas while converting, so a shape far outside it cannot overflow Int.
        let x0 = Int(clamping: x.rounded(), to: 0...image.width), y0 = Int(clamping: y.rounded(), to: 0...image.height)
        let x1 = Int(clamping: (x + width).rounded(), to: 0...image.width)
        let y1 = Int(clamping: (y + height).rounded(), to: 0...image.height)
        guard x1 > x0, y1 > y0 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 { blend(x: px, y: py, color: color) }
        }
    }

    /// Strokes a rectangle's outline one pixel wide.
    mutating func stroke(x: Double, y: Double, width: Double, height: Double, color: RGBAColor) {
        fill(x: x, y: y, width: width, height: 1, color: color)
        fill(x: x, y: y + height - 1, width: width, height: 1, color: color)
        fill(x: x, y: y, width: 1, height: height, color: color)
        fill(x: x + width - 1, y: y, width: 1, height: height, color: color)
    }
}
