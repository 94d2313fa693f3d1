// Canvas: an RGBA pixel buffer with source-over compositing of glyph coverage, colour bitmaps and the
// rectangles and lines of the debug overlay.

/// A straight-alpha RGBA canvas.
struct Canvas {
    private(set) var image: RGBAImage
    /// The background's four bytes as they lie in memory: what every pixel starts as.
    private let background: UInt32
    /// `inkColor` drawn at each coverage 0…255 over `background` (see `drawCoverage`), built by
    /// the first glyph drawn in that colour.
    private var overBackground: [UInt32] = []
    private var inkColor: RGBAColor?
    /// The canvas rows glyphs may draw on (`RenderOptions.inkOverflow`: a line's box and its
    /// allowance), or nil for every row. Rectangles and images ignore it.
    var glyphRows: Range<Int>?

    init(width: Int, height: Int, background: RGBAColor) {
        image = RGBAImage(width: width, height: height, fill: background)
        var bytes: UInt32 = 0
        withUnsafeMutableBytes(of: &bytes) { ($0[0], $0[1], $0[2], $0[3]) = (background.red, background.green, background.blue, background.alpha) }
        self.background = bytes
    }

    /// Composites one pixel of `color` with extra opacity `coverage` (0…1) over the canvas.
    @inline(__always)
    mutating func blend(x: Int, y: Int, red: Float, green: Float, blue: Float, alpha: Float) {
        guard x >= 0, y >= 0, x < image.width, y < image.height, alpha > 0 else { return }
        let i = (y * image.width + x) * 4
        image.pixels.withUnsafeMutableBufferPointer { Self.blend($0.baseAddress! + i, red: red, green: green, blue: blue, alpha: alpha) }  // no-trap: (x, y) inside the image, checked above
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
    /// `color`, colour bitmaps as they are (scaled by their strike ratio with a box filter). `fraction`
    /// is what the whole pixels leave of the pen position, for a bitmap rasterized without it (a
    /// bitmap strike's): a colour bitmap is placed at its exact position rounded to the nearest
    /// pixel, not at the pixel the pen falls in (up to a pixel left of and above its ink box).
    mutating func draw(_ glyph: GlyphBitmap, penX: Int, baselineY: Int, fraction: (x: Double, y: Double) = (0, 0), color: RGBAColor) {
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
        let left = penX.addingReportingOverflow(Int(clamping: (fraction.x + Double(glyph.left) / s).rounded(), to: reach))
        let top = baselineY.addingReportingOverflow(Int(clamping: (fraction.y - Double(glyph.top) / s).rounded(), to: reach))
        guard !left.overflow, !top.overflow else { return }
        // Only the scaled bitmap's pixels that land on the canvas are computed: a glyph scaled far
        // past the canvas costs what is visible.
        let rows = visibleRows(top.partialValue, height)
        let columns = Self.visible(left.partialValue, width, in: image.width)
        guard !rows.isEmpty, !columns.isEmpty else { return }
        for y in rows {
            let y0 = Int(clamping: Double(y) * s, to: 0...glyph.height)
            let y1 = max(y0 + 1, min(glyph.height, Int(clamping: Double(y + 1) * s, to: 0...glyph.height)))
            for x in columns {
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
                blend(x: left.partialValue + x, y: top.partialValue + y, red: r / a * 255, green: g / a * 255, blue: b / a * 255, alpha: a / Float((y1 - y0) * (x1 - x0)) / 255)
            }
        }
    }

    /// Draws 8-bit coverage with its top-left pixel at (`left`, `top`) in `color`, clipped to the
    /// canvas once rather than per pixel.
    ///
    /// Most of a glyph lands on untouched background, and what `CoverageInk` makes of a background
    /// pixel depends on the coverage alone: those pixels are read from a table of the colour over
    /// the background at each coverage, which `CoverageInk` itself fills (so the bytes are the
    /// same), four pixels at a time. A pixel already drawn on takes `CoverageInk`'s own path: for an
    /// opaque colour over opaque pixels the integer form of `blend`'s formula, four pixels at a
    /// time, else `blend`. `CanvasTests` checks every coverage against `blend`, over the background
    /// and over ink.
    private mutating func drawCoverage(_ glyph: GlyphBitmap, left: Int, top: Int, color: RGBAColor) {
        let width = image.width
        let columns = Self.visible(left, glyph.width, in: width)
        let rows = visibleRows(top, glyph.height)
        guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
        let ink = CoverageInk(color)
        if inkColor != color { fillOverBackground(ink, color: color) }
        let background = background
        overBackground.withUnsafeBufferPointer { table in
            glyph.pixels.withUnsafeBufferPointer { coverage in
                image.pixels.withUnsafeMutableBufferPointer { canvas in
                    for row in rows {
                        Self.drawRow(
                            coverage.baseAddress! + row * glyph.width + columns.lowerBound, count: columns.count,  // no-trap: rows and columns non-empty (guard above)
                            onto: canvas.baseAddress! + ((top + row) * width + left + columns.lowerBound) * 4,  // no-trap: as above
                            table: table.baseAddress!, background: background, ink: ink)  // no-trap: 256 entries once filled
                    }
                }
            }
        }
    }

    /// The rows of a glyph bitmap `height` rows tall placed at canvas row `top` that land on the
    /// canvas and inside `glyphRows`. `top` is within `Renderer.drawableReach`, so nothing overflows.
    private func visibleRows(_ top: Int, _ height: Int) -> Range<Int> {
        let rows = Self.visible(top, height, in: image.height)
        guard let limit = glyphRows else { return rows }
        let low = max(rows.lowerBound, min(max(limit.lowerBound, 0), image.height) - top)
        let high = min(rows.upperBound, min(max(limit.upperBound, 0), image.height) - top)
        return low < high ? low..<high : 0..<0
    }

    /// The part of `0..<length` (a bitmap's columns or rows) that lands inside `0..<extent` (the
    /// canvas's) when the bitmap's first one is placed at `offset`: empty when it lies wholly
    /// outside, on either side. Never traps, whatever the numbers.
    static func visible(_ offset: Int, _ length: Int, in extent: Int) -> Range<Int> {
        guard length > 0, extent > 0 else { return 0..<0 }
        // Skipped at the start: none at or after the canvas's first pixel, all when the bitmap ends before it.
        let lower = offset >= 0 ? 0 : (offset <= -length ? length : -offset)
        // Up to the canvas's last pixel: extent − offset, unless that passes the bitmap's end.
        let room = extent.subtractingReportingOverflow(offset)
        let upper = room.overflow ? (offset < 0 ? length : 0) : min(length, max(0, room.partialValue))
        return lower..<max(lower, upper)
    }

    /// One row of `drawCoverage`: `count` coverage bytes onto the pixels from `pixels` on. The loop
    /// keeps few values live (the pixels drawn on go through `CoverageInk.drawGroup`, out of line).
    @inline(__always)
    private static func drawRow(
        _ source: UnsafePointer<UInt8>, count: Int, onto pixels: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt32>,
        background: UInt32, ink: CoverageInk
    ) {
        let background2 = UInt64(background) | UInt64(background) &<< 32
        var s = source
        var p = UnsafeMutableRawPointer(pixels)
        let groupsEnd = source + (count & ~3)
        while s < groupsEnd {
            let c = UInt32(littleEndian: UnsafeRawPointer(s).loadUnaligned(as: UInt32.self))
            if c != 0 {
                if p.loadUnaligned(as: UInt64.self) == background2,
                    p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == background2 {
                    p.storeBytes(of: table[Int(c & 0xFF)], as: UInt32.self)
                    p.storeBytes(of: table[Int(c &>> 8 & 0xFF)], toByteOffset: 4, as: UInt32.self)
                    p.storeBytes(of: table[Int(c &>> 16 & 0xFF)], toByteOffset: 8, as: UInt32.self)
                    p.storeBytes(of: table[Int(c &>> 24)], toByteOffset: 12, as: UInt32.self)
                } else {
                    ink.drawGroup(c, onto: p)
                }
            }
            s += 4
            p += 16
        }
        let end = source + count
        while s < end {
            if p.loadUnaligned(as: UInt32.self) == background {
                p.storeBytes(of: table[Int(s.pointee)], as: UInt32.self)
            } else {
                ink.draw(s.pointee, onto: p.assumingMemoryBound(to: UInt8.self))
            }
            s += 1
            p += 4
        }
    }

    /// Fills `overBackground` with `ink` drawn over the background at every coverage.
    private mutating func fillOverBackground(_ ink: CoverageInk, color: RGBAColor) {
        if overBackground.count != 256 { overBackground = [UInt32](repeating: 0, count: 256) }
        let background = background
        overBackground.withUnsafeMutableBufferPointer { table in
            for c in 0..<256 {
                var pixel = background
                withUnsafeMutableBytes(of: &pixel) { ink.draw(UInt8(c), onto: $0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }  // no-trap: a local's 4 bytes
                table[c] = pixel
            }
        }
        inkColor = color
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

/// A colour drawn through 8-bit coverage onto straight-alpha RGBA pixels. An opaque colour over an
/// opaque pixel takes the integer form of `Canvas.blend`'s formula, per channel
/// (s × c + d × (255 − c) + 127) / 255, which gives the same bytes (the exact value is never within
/// 1/510 of a rounding tie, far beyond Float's error). The sum is at most 65,152, so it fits 16-bit
/// lanes, where (x + 1 + x >> 8) >> 8 is exactly x / 255; alpha stays 255, coverage 0 leaves the
/// pixel and 255 gives the colour. Any other pixel goes through `Canvas.blend`.
struct CoverageInk {
    let opaque: Bool
    private let red: Float, green: Float, blue: Float, opacity: Float
    private let solid: SIMD4<UInt8>
    /// The colour with alpha 255, in the 16-bit lanes of four pixels.
    private let lanes: SIMD16<UInt16>

    init(_ color: RGBAColor) {
        opaque = color.alpha == 255
        (red, green, blue) = (Float(color.red), Float(color.green), Float(color.blue))
        opacity = Float(color.alpha) / 255
        solid = SIMD4(color.red, color.green, color.blue, 255)
        let one = SIMD4<UInt16>(UInt16(color.red), UInt16(color.green), UInt16(color.blue), 255)
        let eight = SIMD8<UInt16>(lowHalf: one, highHalf: one)
        lanes = SIMD16<UInt16>(lowHalf: eight, highHalf: eight)
    }

    /// One pixel at coverage `c`.
    @inline(__always)
    func draw(_ c: UInt8, onto pixel: UnsafeMutablePointer<UInt8>) {
        if c == 0 { return }
        if opaque {
            if pixel[3] == 255 {
                let d = SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(pixel).loadUnaligned(as: SIMD4<UInt8>.self))
                let mixed = Self.mix(lanes.lowHalf.lowHalf, over: d, coverage: SIMD4(repeating: UInt16(c)))
                UnsafeMutableRawPointer(pixel).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: mixed), as: SIMD4<UInt8>.self)
                return
            }
            if c == 255 {
                UnsafeMutableRawPointer(pixel).storeBytes(of: solid, as: SIMD4<UInt8>.self)
                return
            }
        }
        Canvas.blend(pixel, red: red, green: green, blue: blue, alpha: opacity * (Float(c) / 255))
    }

    /// The integer formula, lane by lane: (ink × k + under × (255 − k) + 127) / 255, the division as
    /// (x + 1 + x >> 8) >> 8 (exact for x < 65,535; x is at most 65,152).
    @inline(__always)
    private static func mix<V: SIMD>(_ ink: V, over under: V, coverage k: V) -> V where V.Scalar == UInt16 {
        let x = ink &* k &+ under &* (255 &- k) &+ 127
        return (x &+ 1 &+ (x &>> 8)) &>> 8
    }

    @inline(__always)
    private static func widen(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> {
        SIMD16(lowHalf: SIMD8(truncatingIfNeeded: v.lowHalf), highHalf: SIMD8(truncatingIfNeeded: v.highHalf))
    }

    /// Four pixels at the coverages in the four bytes of `c`, the first pixel's in the low byte, in
    /// any colour: `draw4` for an opaque one, else one by one. Out of line, so that the loop over
    /// untouched background that calls it keeps its values in registers.
    @inline(never)
    func drawGroup(_ c: UInt32, onto pixels: UnsafeMutableRawPointer) {
        if opaque {
            draw4(c, onto: pixels)
        } else {
            let p = pixels.assumingMemoryBound(to: UInt8.self)
            for j in 0..<4 { draw(UInt8(truncatingIfNeeded: c &>> (8 &* UInt32(j))), onto: p + 4 &* j) }
        }
    }

    /// Four pixels at the coverages in the four bytes of `c`, the first pixel's in the low byte (an
    /// opaque colour only): in one vector when the four pixels are opaque, else one by one.
    @inline(__always)
    func draw4(_ c: UInt32, onto pixels: UnsafeMutableRawPointer) {
        if c == 0 { return }
        let a = UInt64(littleEndian: pixels.loadUnaligned(as: UInt64.self))
        let b = UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        guard a & b & alphas == alphas else {
            let p = pixels.assumingMemoryBound(to: UInt8.self)
            for j in 0..<4 { draw(UInt8(truncatingIfNeeded: c &>> (8 &* UInt32(j))), onto: p + 4 &* j) }
            return
        }
        // Each coverage byte in the four 16-bit lanes of its pixel.
        let four: UInt64 = 0x0001_0001_0001_0001
        let c64 = UInt64(c)
        let k = unsafeBitCast(
            SIMD4<UInt64>(
                (c64 & 0xFF) &* four, (c64 &>> 8 & 0xFF) &* four, (c64 &>> 16 & 0xFF) &* four, (c64 &>> 24) &* four),
            to: SIMD16<UInt16>.self)
        let q = Self.mix(lanes, over: Self.widen(pixels.loadUnaligned(as: SIMD16<UInt8>.self)), coverage: k)
        let bytes = SIMD16<UInt8>(
            lowHalf: SIMD8<UInt8>(truncatingIfNeeded: q.lowHalf), highHalf: SIMD8<UInt8>(truncatingIfNeeded: q.highHalf))
        pixels.storeBytes(of: bytes, as: SIMD16<UInt8>.self)
    }
}
