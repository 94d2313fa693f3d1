// Glyph coverage drawn by Canvas's fast paths (four pixels in one vector, the integer formula, full
// coverage as the colour) against `Canvas.blend`, the Float compositing formula, pixel by pixel.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct CanvasTests {
    /// Every coverage 0…255 (the bitmap's bytes step by 37, which is prime to 256), in rows 67 pixels
    /// wide so that both the four-pixel groups and the one-pixel tail run, over opaque pixels and
    /// translucent ones (a column of opaque pixels puts both in one group of four), in opaque and
    /// translucent colours: the same bytes as `blend` at every pixel. The columns left untouched take
    /// the table of the colour over the canvas's background (a translucent one and opaque white).
    @Test(arguments: [
        RGBAColor.black, RGBAColor(red: 200, green: 30, blue: 90), RGBAColor(red: 10, green: 250, blue: 128, alpha: 140),
    ], [RGBAColor(red: 240, green: 230, blue: 10, alpha: 100), .white])
    func coverageGivesTheBytesOfTheBlendFormula(color: RGBAColor, canvasBackground: RGBAColor) {
        let (width, height) = (67, 8)
        let coverage = (0..<(width * height)).map { UInt8(($0 * 37) % 256) }
        #expect(Set(coverage).count == 256)
        let glyph = GlyphBitmap(width: width, height: height, left: 0, top: 0, isColor: false, scale: 1, pixels: coverage)
        func background() -> Canvas {
            var canvas = Canvas(width: width + 6, height: height + 2, background: canvasBackground)
            canvas.fill(x: 0, y: 0, width: 30, height: Double(height + 2), color: RGBAColor(red: 20, green: 90, blue: 250))
            canvas.fill(x: 43, y: 0, width: 1, height: Double(height + 2), color: .white)
            return canvas
        }
        var drawn = background()
        drawn.draw(glyph, penX: 2, baselineY: 1, color: color)
        var expected = background()
        for row in 0..<height {
            for column in 0..<width {
                expected.blend(x: 2 + column, y: 1 + row, color: color, coverage: Float(coverage[row * width + column]) / 255)
            }
        }
        #expect(drawn.image.pixels != background().image.pixels)
        let wrong = (0..<(drawn.image.pixels.count / 4)).filter {
            drawn.image.pixels[4 * $0..<4 * $0 + 4] != expected.image.pixels[4 * $0..<4 * $0 + 4]
        }
        #expect(wrong.isEmpty, "pixels \(wrong.prefix(5)) differ")
        // The glyph again over itself: every inked pixel now takes the path of pixels drawn on.
        drawn.draw(glyph, penX: 2, baselineY: 1, color: color)
        for row in 0..<height {
            for column in 0..<width {
                expected.blend(x: 2 + column, y: 1 + row, color: color, coverage: Float(coverage[row * width + column]) / 255)
            }
        }
        #expect(drawn.image.pixels == expected.image.pixels)
    }
}
