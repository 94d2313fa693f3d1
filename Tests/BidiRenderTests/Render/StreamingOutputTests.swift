// Streaming output: the JSON, text and SVG writers hand their output to the stream in pieces (a
// long layout is never one String), and the pieces are the String forms' bytes.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

/// A TextOutputStream that keeps the text and the size of the largest piece written.
struct PieceRecorder: TextOutputStream {
    var text = ""
    var largest = 0
    var pieces = 0

    mutating func write(_ string: String) {
        text += string
        largest = max(largest, string.utf8.count)
        pieces += 1
    }
}

@Suite struct StreamingOutputTests {
    static let words = ["مرحبا", "كيف", "حالك", "hello", "meeting", "الساعة", "今天", "Cairo", "2024", "🥰", "(test)"]
    /// About 20,000 code points of mixed text, laid out in one paragraph and at 300 px.
    static let layouts: [Layout] = {
        let text = (0..<2_500).map { words[($0 * 7 + $0 / 3) % words.count] }.joined(separator: " ")
        return [nil, 300.0].map { width in
            try! TestLayout.engine.layout(
                text, options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: width))
        }
    }()

    @Test(arguments: [0, 1]) func jsonAndTextArePieces(_ which: Int) throws {
        let layout = Self.layouts[which]
        var json = PieceRecorder()
        layout.writeJSON(to: &json, fontDirectory: "/nowhere")
        #expect(json.text == layout.jsonDocument(fontDirectory: "/nowhere"))
        #expect(json.text.utf8.count > 500_000)
        // Pieces of about `drainBytes` (64 KB), each ending after a run: never the whole document.
        #expect(json.largest < 2 * Layout.drainBytes)
        #expect(json.pieces >= json.text.utf8.count / (2 * Layout.drainBytes))
        var text = PieceRecorder()
        layout.writeText(to: &text)
        #expect(text.text == layout.textDump())
        #expect(text.largest < 2 * Layout.drainBytes)
        #expect(text.pieces >= text.text.utf8.count / (2 * Layout.drainBytes))
    }

    @Test(arguments: [false, true]) func svgIsPieces(_ debug: Bool) throws {
        let layout = Self.layouts[1]
        var svg = PieceRecorder()
        try TestRender.renderer.writeSVG(layout, options: RenderOptions(debug: debug), to: &svg)
        #expect(svg.text == (try TestRender.renderer.svg(layout, options: RenderOptions(debug: debug))))
        #expect(svg.text.hasPrefix("<?xml") && svg.text.hasSuffix("\n</svg>\n"))
        // The largest piece is one glyph's outline or one colour glyph's embedded PNG.
        #expect(svg.largest < 64 * 1_024)
        #expect(svg.pieces > 10_000)
    }

    @Test func invalidOptionsWriteNothing() {
        var svg = PieceRecorder()
        #expect(throws: BidiRenderError.self) {
            try TestRender.renderer.writeSVG(Self.layouts[1], options: RenderOptions(scale: 7), to: &svg)
        }
        #expect(svg.text.isEmpty)
    }
}
