// The input size limit: code points per layout call, settable per engine, with a default that a
// 1 MB chat text fits under.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct InputLimitTests {
    /// Over the limit: `.inputTooLarge` with the limit and the count, and a description naming both.
    /// At the limit, and over it in bytes but not in code points: laid out.
    @Test func limitIsCodePointsNotBytes() throws {
        let engine = LayoutEngine(registry: TestFonts.registry, maxInputCodePoints: 10)
        #expect(throws: BidiRenderError.inputTooLarge(limit: 10, count: 11)) {
            try engine.layout("hello world", options: LayoutOptions())
        }
        #expect(BidiRenderError.inputTooLarge(limit: 10, count: 11).description.contains("limit of 10 code points"))
        #expect(BidiRenderError.inputTooLarge(limit: 10, count: 11).description.contains("11 code points"))
        #expect(try engine.layout("helloworld", options: LayoutOptions()).lines.count == 1)
        // Ten Arabic letters: 20 bytes, 10 code points.
        #expect(try engine.layout("سلامسلامسل", options: LayoutOptions()).lines.count == 1)
        #expect(throws: BidiRenderError.inputTooLarge(limit: 10, count: 11)) {
            try engine.layout("سلامسلامسلا", options: LayoutOptions())
        }
    }

    /// The default takes a 1 MB text of any script (a 1 MB Arabic and Latin text is about 900,000
    /// code points; 1 MB of ASCII is 1,048,576).
    @Test func defaultLeavesRoomForAMegabyte() {
        #expect(LayoutEngine.defaultMaxInputCodePoints == 4_194_304)
        #expect(TestLayout.engine.maxInputCodePoints == LayoutEngine.defaultMaxInputCodePoints)
        #expect(LayoutEngine.defaultMaxInputCodePoints > 1_048_576)
    }

    /// The reorder path (`BidiText` with a limit, what `bidirender reorder` uses) refuses what layout
    /// refuses, with the same error; at the limit, and over it in bytes only, it reorders as the
    /// initializer without a limit does.
    @Test func bidiTextTakesTheSameLimit() throws {
        #expect(throws: BidiRenderError.inputTooLarge(limit: 10, count: 11)) {
            try BidiText("hello world", direction: .auto, maxInputCodePoints: 10)
        }
        #expect(throws: BidiRenderError.inputTooLarge(limit: 10, count: 11)) {
            try BidiText("سلامسلامسلا", direction: .auto, engine: .fribidi, isolating: .all, maxInputCodePoints: 10)
        }
        let arabic = try BidiText("سلامسلامسل", direction: .auto, maxInputCodePoints: 10)
        #expect(arabic == BidiText("سلامسلامسل", direction: .auto))
        #expect(arabic.paragraphs[0].singleLine.visualOrder == Array((0..<10).reversed()))
        let text = String(repeating: "a", count: LayoutEngine.defaultMaxInputCodePoints + 1)
        #expect(throws: BidiRenderError.inputTooLarge(limit: 4_194_304, count: 4_194_305)) {
            try BidiText(text, direction: .leftToRight, maxInputCodePoints: LayoutEngine.defaultMaxInputCodePoints)
        }
        #expect(
            BidiRenderError.inputTooLarge(limit: 10, count: 11).description
                == "input too large: 11 code points, more than the limit of 10 code points a layout or reorder takes "
                + "(maxInputCodePoints)")
    }

    /// Just past the default: refused before any work (no decoding, no scratch).
    @Test func pastTheDefault() {
        let text = String(repeating: "a", count: LayoutEngine.defaultMaxInputCodePoints + 1)
        #expect(throws: BidiRenderError.inputTooLarge(limit: 4_194_304, count: 4_194_305)) {
            try TestLayout.engine.layout(text, options: LayoutOptions())
        }
    }
}
