// Glyphs at and past the canvas's edges: a coverage or colour bitmap lying partly or wholly outside
// the canvas draws exactly the part a larger canvas shows inside the small one's area, and nothing
// else (the SIGILL of issue #32 was an invalid range for a bitmap wholly left of or above it).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct CanvasClipTests {
    /// A 7 × 5 coverage bitmap, every byte different; its top-left pixel is at (penX, baselineY − 3).
    static let coverage = GlyphBitmap(
        width: 7, height: 5, left: 0, top: 3, isColor: false, scale: 1, pixels: (0..<35).map { UInt8(40 + $0 * 6) })
    /// A 6 × 4 premultiplied BGRA bitmap, drawn at half and at twice its size.
    static func color(scale: Double) -> GlyphBitmap {
        let pixels = (0..<24).flatMap { i -> [UInt8] in
            let a = UInt8(60 + i * 8)
            return [UInt8(i * 3 % Int(a)), UInt8(i * 7 % Int(a)), UInt8(i * 5 % Int(a)), a]
        }
        return GlyphBitmap(width: 6, height: 4, left: 1, top: 2, isColor: true, scale: scale, pixels: pixels)
    }

    static let background = RGBAColor(red: 250, green: 240, blue: 200)
    static let ink = RGBAColor(red: 20, green: 40, blue: 160)
    static let (width, height, margin) = (12, 9, 40)

    /// `glyph` drawn with its pen at (`penX`, `baselineY`) on the 12 × 9 canvas, and on a canvas 40
    /// px larger on every side with the pen moved by 40, cut back to the small canvas's area.
    static func drawnAndCropped(_ glyph: GlyphBitmap, penX: Int, baselineY: Int) -> (small: [UInt8], cropped: [UInt8]) {
        var small = Canvas(width: width, height: height, background: background)
        small.draw(glyph, penX: penX, baselineY: baselineY, color: ink)
        var big = Canvas(width: width + 2 * margin, height: height + 2 * margin, background: background)
        big.draw(glyph, penX: penX + margin, baselineY: baselineY + margin, color: ink)
        var cropped: [UInt8] = []
        for y in margin..<(margin + height) {
            cropped += big.image.pixels[((y * big.image.width + margin) * 4)..<((y * big.image.width + margin + width) * 4)]
        }
        return (small.image.pixels, cropped)
    }

    /// Pen positions that put the bitmaps partly and wholly off each of the four edges (and a far
    /// one, and one inside), in both directions of each axis.
    static let positions: [(x: Int, y: Int)] = [
        (-3, 4), (-6, 4), (-7, 4), (-30, 4),  // left: partly, one column in, wholly, far
        (8, 4), (11, 4), (12, 4), (30, 4),  // right
        (3, 1), (3, -1), (3, -2), (3, -30),  // top
        (3, 9), (3, 10), (3, 11), (3, 12), (3, 40),  // bottom
        (-5, -1), (10, 11), (-30, 40), (3, 5),  // corners, and wholly inside
        (-1 << 39, 3), (3, 1 << 39),  // as far as the renderer ever draws
    ]

    @Test(arguments: positions.indices)
    func coverageAtTheEdges(index: Int) {
        let (x, y) = Self.positions[index]
        let (small, cropped) = Self.drawnAndCropped(Self.coverage, penX: x, baselineY: y)
        #expect(small == cropped, "pen (\(x), \(y))")
    }

    @Test(arguments: positions.indices, [0.5, 2.0, 1.0 / 3])
    func colourAtTheEdges(index: Int, scale: Double) {
        let (x, y) = Self.positions[index]
        let (small, cropped) = Self.drawnAndCropped(Self.color(scale: scale), penX: x, baselineY: y)
        #expect(small == cropped, "pen (\(x), \(y)), scale \(scale)")
    }

    /// The cases draw something where they overlap the canvas and nothing where they do not: the
    /// comparison above cannot pass by drawing nothing at all.
    @Test func inkOnlyWhereTheBitmapOverlaps() {
        let blank = Canvas(width: Self.width, height: Self.height, background: Self.background).image.pixels
        for (x, y, overlaps) in [(-6, 4, true), (-7, 4, false), (11, 4, true), (12, 4, false), (3, -1, true), (3, -2, false), (3, 11, true), (3, 12, false)] {
            #expect((Self.drawnAndCropped(Self.coverage, penX: x, baselineY: y).small != blank) == overlaps, "pen (\(x), \(y))")
        }
        // The colour bitmap at twice its size (12 × 8, its left 2 and top 4): one column in at x = −13.
        #expect(Self.drawnAndCropped(Self.color(scale: 0.5), penX: -13, baselineY: 4).small != blank)
        #expect(Self.drawnAndCropped(Self.color(scale: 0.5), penX: -14, baselineY: 4).small == blank)
    }

    /// `Canvas.visible` at and past both ends, and with numbers at the edge of Int.
    @Test func visibleRanges() {
        #expect(Canvas.visible(0, 5, in: 10) == 0..<5)
        #expect(Canvas.visible(-2, 5, in: 10) == 2..<5)
        #expect(Canvas.visible(-5, 5, in: 10) == 5..<5)
        #expect(Canvas.visible(-9, 5, in: 10).isEmpty)
        #expect(Canvas.visible(8, 5, in: 10) == 0..<2)
        #expect(Canvas.visible(10, 5, in: 10).isEmpty)
        #expect(Canvas.visible(-3, 20, in: 10) == 3..<13)
        #expect(Canvas.visible(.min, 5, in: 10).isEmpty)
        #expect(Canvas.visible(.max, 5, in: 10).isEmpty)
        #expect(Canvas.visible(.min + 1, .max, in: 10).isEmpty)
        #expect(Canvas.visible(0, 0, in: 10).isEmpty)
    }
}
