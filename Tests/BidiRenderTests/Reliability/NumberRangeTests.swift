// Every number that reaches the library is in a documented range with an error naming it, or is
// computed without a trap: JSON numbers, image sizes, integer conversions.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct NumberRangeTests {
    @Test(arguments: [
        (1e16, "10000000000000000"), (-1e16, "-10000000000000000"), (9.3e15, "9300000000000000"),
        (Double.nan, "0"), (Double.infinity, "0"), (12.5, "12.5"), (-3.125, "-3.125"), (1_000_000, "1000000"),
        // From ±1e21 the shortest exponent form, as JavaScript writes them (not the Double's 301 digits).
        (1e300, "1e+300"), (-1e21, "-1e+21"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
    func jsonNumbersNeverTrap(value: Double, text: String) {
        #expect(JSONText.number(value) == text)
    }

    @Test func checkedIntegerConversions() {
        #expect(Int(checking: 1e19) == nil)
        #expect(Int(checking: -1e19) == nil)
        #expect(Int(checking: .nan) == nil)
        #expect(Int(checking: .infinity) == nil)
        #expect(Int(checking: 9_223_372_036_854_775_808.0) == nil)
        #expect(Int(checking: -9_223_372_036_854_775_808.0) == Int.min)
        #expect(Int(checking: 12.9) == 12)
        #expect(Int(clamping: 1e300, to: 0...10) == 10)
        #expect(Int(clamping: -.infinity, to: 0...10) == 0)
        #expect(Int(clamping: .nan, to: 3...10) == 3)
        #expect(Int(clamping: 4.7, to: 0...10) == 4)
    }

    static let widthRange = "must be a positive number of px, at most 1000000"

    @Test(arguments: [
        (LayoutOptions(maxWidth: 1e16), "width", "1e+16", widthRange),
        (LayoutOptions(maxWidth: 1_000_000.5), "width", "1000000.5", widthRange),
        (LayoutOptions(maxWidth: .nan), "width", "nan", widthRange),
        (LayoutOptions(size: .infinity), "size", "inf", "must be a number of px from 0.1 to 10000"),
    ])
    func layoutNumbersOutOfRange(options: LayoutOptions, key: String, value: String, reason: String) {
        #expect(throws: BidiRenderError.invalidValue(key: key, value: value, reason: reason)) {
            try TestLayout.engine.layout("ab", options: options)
        }
    }

    @Test func widestAllowedLayoutDumps() throws {
        let layout = try TestLayout.engine.layout("ab", options: LayoutOptions(maxWidth: 1_000_000))
        #expect(layout.jsonDocument().contains("\"size\":{\"width\":1000000,"))
    }

    @Test func renderedImageTooWideTallOrLarge() throws {
        var layout = try TestLayout.engine.layout("ab", options: LayoutOptions())
        let renderer = TestRender.renderer
        layout.width = 1e16
        #expect(throws: BidiRenderError.renderFailure("a 10000000000000016×38 px image is too wide: at most 1000000 px a side")) {
            try renderer.rgba(layout)
        }
        layout.width = 20
        layout.height = 1e19
        #expect(throws: BidiRenderError.renderFailure("a 36×10000000000000000000 px image is too tall: at most 1000000 px a side")) {
            try renderer.png(layout)
        }
        layout.width = 999_984
        layout.height = 984
        #expect(throws: BidiRenderError.renderFailure("a 1000000×1000 px image is too large: at most 100 megapixels")) {
            try renderer.rgba(layout)
        }
        layout.width = .nan
        #expect(throws: BidiRenderError.renderFailure("a nan×1000 px image is too wide: at most 1000000 px a side")) {
            try renderer.rgba(layout)
        }
        // The SVG writer has no pixel buffer: a huge layout is numbers, never a trap.
        layout.width = 1e16
        layout.height = 10
        #expect(try renderer.svg(layout).contains("width=\"10000000000000016\""))
    }

    @Test func estimateRefusesBeforeLayout() {
        #expect(throws: BidiRenderError.renderFailure("a 1000016×16 px image is too wide: at most 1000000 px a side")) {
            try ImageLimits.checkEstimate(layout: LayoutOptions(maxWidth: 1_000_000), render: RenderOptions(padding: 8, scale: 1))
        }
        #expect(throws: BidiRenderError.renderFailure("a 900200×200 px image is too large: at most 100 megapixels")) {
            try ImageLimits.checkEstimate(layout: LayoutOptions(maxWidth: 900_000), render: RenderOptions(padding: 100, scale: 1))
        }
        #expect(throws: Never.self) { try ImageLimits.checkEstimate(layout: LayoutOptions(maxWidth: 1000), render: RenderOptions()) }
    }
}
