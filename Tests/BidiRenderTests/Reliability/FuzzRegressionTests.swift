// Regression tests for the fuzzer's findings, one per finding, named after what broke.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FuzzRegressionTests {
    /// crash-8cf06fc3: a debug-overlay rectangle below the canvas made Canvas.fill build an empty
    /// range with its lower bound above its upper bound.
    @Test(arguments: [(5.0, 500.0), (-900.0, -900.0), (1e300, 3.0), (.nan, 1.0), (-.infinity, .infinity)])
    func canvasFillOutsideTheCanvas(x: Double, y: Double) {
        var canvas = Canvas(width: 10, height: 10, background: .white)
        canvas.fill(x: x, y: y, width: 20, height: 20, color: .black)
        canvas.stroke(x: x, y: y, width: 1e308, height: 2, color: .black)
        #expect(canvas.image.width == 10)
    }

    /// The same input end to end: render with the debug overlay at a tiny size and width 1 px.
    /// Every character is laid out once, the text wraps at its break opportunities, and both
    /// renderings are whole images.
    @Test func tinyWidthDebugRender() throws {
        let text = "UrUUUUU[UUUUUUUU\u{0B}UUUUUUUUUUUU-syrUe\u{0B}UUUUU)\u{0}UUUUUc"
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: .rightToLeft, size: 4, maxWidth: 1, alignment: .center))
        #expect(TestLayout.visualOrder(layout).sorted() == Array(0..<text.unicodeScalars.count))
        #expect(layout.lines.count > 1)
        let image = try TestRender.renderer.rgba(layout, options: RenderOptions(padding: 2, debug: true))
        #expect(image.width >= 4 && image.height >= 4)
        #expect(image.pixels.count == image.width * image.height * 4)
        let svg = try TestRender.renderer.svg(layout, options: RenderOptions(debug: true))
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n") || svg.hasSuffix("</svg>"))
    }
}
