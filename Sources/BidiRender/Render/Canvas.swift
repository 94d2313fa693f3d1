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
        image.pixels.withUnsafeMutableBufferPointer { Self.blend($0.baseAddress! + i, red: red, green: green, blue: blue, alpha: alpha) }
    }

    /// Source-over of a straight-alpha colour with opacity `alpha` onto the straight-alpha RGBA pixel
    /// at `pixel`: the one home of the compositing formula.
    @inline(__always)
    static func blend(_ pixel: UnsafeMutablePointer<UInt8>, red: Float, green: Float, blue: Float, alpha: Float) {
        let da = Float(pixel[3]) / 255
        let oa = alpha + da * (1 - alpha)
        guard oa > 0 else { return }
        func mix(_ s: Float, _ d: UInt8) -> UInt8 {
            UInt8(max(0, min(255, ((s * alpha + Float(d) * da * (1 - alpha)) / oa).rounded())))
        }
        pixel[0] = mix(red, pixel[0])
        pixel[1] = mix(green, pixel[1])
        pixel[2] = mix(blue, pixel[2])
        pixel[3] = UInt8(max(0, min(255, (oa * 255).rounded())))
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
            drawCoverage(glyph, left: penX + glyph.left, top: baselineY - glyph.top, color: color)
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

    /// Draws 8-bit coverage with its top-left pixel at (`left`, `top`) in `color`, clipped to the
    /// canvas once rather than per pixel. An opaque colour over an opaque pixel takes the integer
    /// form of `blend`'s formula, d + (s − d) × c / 255 rounded, which gives the same bytes (the
    /// exact value is never within 1/510 of a rounding tie, far beyond Float's error); any other
    /// pixel goes through `blend`. Full coverage of an opaque colour is the colour (what `blend` gives).
    private mutating func drawCoverage(_ glyph: GlyphBitmap, left: Int, top: Int, color: RGBAColor) {
        let width = image.width, height = image.height
        let columns = max(0, -left)..<min(glyph.width, max(0, width - left))
        let rows = max(0, -top)..<min(glyph.height, max(0, height - top))
        guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
        let (red, green, blue) = (Float(color.red), Float(color.green), Float(color.blue))
        let opacity = Float(color.alpha) / 255
        let opaque = color.alpha == 255
        let (r, g, b) = (Int(color.red), Int(color.green), Int(color.blue))
        glyph.pixels.withUnsafeBufferPointer { coverage in
            image.pixels.withUnsafeMutableBufferPointer { canvas in
                for row in rows {
                    let source = coverage.baseAddress! + row * glyph.width
                    var pixel = canvas.baseAddress! + ((top + row) * width + left + columns.lowerBound) * 4
                    for column in columns {
                        defer { pixel += 4 }
                        let c = Int(source[column])
                        if c == 0 { continue }
                        if opaque, c == 255 {
                            // Full coverage of an opaque colour: the colour itself, whatever was under it.
                            (pixel[0], pixel[1], pixel[2], pixel[3]) = (color.red, color.green, color.blue, 255)
                        } else if opaque, pixel[3] == 255 {
                            @inline(__always) func mix(_ s: Int, _ d: UInt8) -> UInt8 {
                                UInt8(truncatingIfNeeded: (s * c + Int(d) * (255 - c) + 127) / 255)
                            }
                            pixel[0] = mix(r, pixel[0])
                            pixel[1] = mix(g, pixel[1])
                            pixel[2] = mix(b, pixel[2])
                        } else {
                            Self.blend(pixel, red: red, green: green, blue: blue, alpha: opacity * (Float(c) / 255))
                        }
                    }
                }
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
