// Span styles in a layout: runs split where the paint changes (not the shaping), sizes share the
// baseline and grow the line, and the JSON and text dumps show each run's size and style.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SpanLayoutTests {
    static let red = RGBAColor(red: 200, green: 0, blue: 0)

    /// A colour span over the middle of a word cuts the run in three, with the same glyphs as the
    /// unstyled layout (paint does not change shaping).
    @Test func colourSplitsRunsNotShaping() {
        let text = "Hello world"
        var span = TextSpan(range: 2..<8)
        span.color = Self.red
        span.underline = true
        let plain = TestLayout.layout(text, .leftToRight, locale: "en")
        let styled = TestLayout.layout(text, .leftToRight, locale: "en", spans: [span])
        #expect(plain.lines[0].runs.count == 1)
        let runs = styled.lines[0].runs
        #expect(runs.map(\.range) == [0..<2, 2..<8, 8..<11])
        #expect(runs.map(\.style.color) == [nil, Self.red, nil])
        #expect(runs[1].style.decorations == .underline)
        #expect(runs.map(\.style.underline) == [false, true, false])
        #expect(runs.map(\.style.strikethrough) == [false, false, false])
        #expect(styled.glyphs == plain.glyphs)
    }

    /// A bigger span: its run is shaped at its size (advances scale), the line's ascent and descent
    /// grow to it, and every run keeps the one baseline (glyph y is 0 off the baseline).
    @Test func biggerSizeGrowsTheLineOnOneBaseline() {
        let text = "abc مرحبا"
        var span = TextSpan(range: 4..<9)
        span.size = 32
        let plain = TestLayout.layout(text, .rightToLeft, locale: "ar")
        let styled = TestLayout.layout(text, .rightToLeft, locale: "ar", spans: [span])
        let line = styled.lines[0]
        let arabic = line.runs.first { $0.range == 4..<9 }
        #expect(arabic?.size == 32)
        #expect(line.runs.filter { $0.range != 4..<9 }.allSatisfy { $0.size == 16 })
        let plainArabic = plain.lines[0].runs.first { $0.range == 4..<9 }
        if let arabic, let plainArabic {
            #expect(abs(arabic.advance - 2 * plainArabic.advance) < 0.01)
        }
        let font = TestFonts.registry.font(
            for: ["م"], script: "Arab", locale: LocaleTag("ar"), weight: .regular
        ).font
        #expect(line.ascent >= font.metrics(size: 32).ascent - 1e-9)
        #expect(line.descent >= font.metrics(size: 32).descent - 1e-9)
        #expect(line.height > plain.lines[0].height * 1.5)
        #expect(styled.glyphs[line.glyphRange].allSatisfy { abs($0.y - line.baseline) < 16 })
    }

    /// A smaller span does not shrink the line below the options' size.
    @Test func smallerSizeKeepsTheLine() {
        var span = TextSpan(range: 0..<3)
        span.size = 8
        let plain = TestLayout.layout("abc def", .leftToRight, locale: "en")
        let styled = TestLayout.layout("abc def", .leftToRight, locale: "en", spans: [span])
        #expect(styled.lines[0].height == plain.lines[0].height)
        #expect(styled.lines[0].runs[0].size == 8)
    }

    /// A span's size out of range is an error naming the span.
    @Test func badSpanSizeIsAnError() {
        var span = TextSpan(range: 0..<1)
        span.size = 0
        #expect(throws: BidiRenderError.invalidValue(key: "spans[1].size", value: "0", reason: "must be from 0.1 to 10000 px")) {
            try TestLayout.engine.layout("ab", spans: [TextSpan(range: 0..<1), span], options: LayoutOptions())
        }
    }

    /// JSON: every run has its size; colour, background and decorations only where set.
    @Test func jsonShowsSizeAndStyle() throws {
        var span = TextSpan(range: 0..<5)
        span.color = Self.red
        span.background = RGBAColor(red: 255, green: 255, blue: 0, alpha: 64)
        span.underline = true
        span.strikethrough = true
        let layout = TestLayout.layout("Hello world", .leftToRight, locale: "en", spans: [span])
        let json = try JSONSerialization.jsonObject(with: Data(layout.jsonDocument().utf8)) as! [String: Any]
        let runs = ((json["lines"] as! [[String: Any]])[0]["runs"]) as! [[String: Any]]
        #expect(runs.map { $0["size"] as? Double } == [16, 16])
        #expect(runs[0]["color"] as? String == "#c80000")
        #expect(runs[0]["background"] as? String == "#ffff0040")
        #expect(runs[0]["decorations"] as? [String] == ["underline", "strikethrough"])
        #expect(runs[1]["color"] == nil && runs[1]["background"] == nil && runs[1]["decorations"] == nil)
        let text = layout.textDump()
        #expect(text.contains("color=#c80000 background=#ffff0040 decorations=underline,strikethrough x=0 ["))
    }

    /// Features change shaping (as `hb-shape --features` does on NotoSans): "-liga" keeps "ffi" as
    /// three glyphs (f f i: 73 73 76, not the ligature 1503), "pnum" gives the proportional "1"
    /// (1797, 441 units for the tabular 572). The same words shaped before without features, on the
    /// same engine (a warm cache), are not reused for them, nor theirs for plain text after.
    @Test func featuresChangeGlyphsAndAreKeyedInTheCache() {
        let text = "ffi 1111 ffi"
        let plain = TestLayout.layout(text, .leftToRight, locale: "en", size: 10)
        #expect(Array(plain.glyphs[plain.lines[0].glyphRange]).prefix(1).map(\.id) == [1503])
        var noLiga = TextSpan(range: 0..<4)
        noLiga.features = ["-liga"]
        var pnum = TextSpan(range: 4..<8)
        pnum.features = ["pnum", "kern=1"]
        let styled = TestLayout.layout(text, .leftToRight, locale: "en", spans: [noLiga, pnum], size: 10)
        let glyphs = Array(styled.glyphs[styled.lines[0].glyphRange])
        #expect(glyphs.prefix(3).map(\.id) == [73, 73, 76])
        let digits = glyphs.filter { (4..<8).contains($0.cluster) }
        #expect(digits.map(\.id) == [1797, 1797, 1797, 1797])
        #expect(digits.allSatisfy { abs($0.advance - 4.41) < 1e-9 })
        // The last "ffi" has no span: still the ligature.
        #expect(glyphs.last?.id == 1503)
        let again = TestLayout.layout(text, .leftToRight, locale: "en", size: 10)
        #expect(Array(again.glyphs[again.lines[0].glyphRange]) == Array(plain.glyphs[plain.lines[0].glyphRange]))
    }

    /// A feature HarfBuzz cannot parse is an error naming the span, the key and the feature.
    @Test func badFeatureIsAnError() {
        var span = TextSpan(range: 0..<1)
        span.features = ["tnum", "=1"]
        #expect(throws: BidiRenderError.invalidValue(
            key: "spans[0].features", value: "=1", reason: "is not an OpenType feature in HarfBuzz's syntax (tnum, -liga, ss01=1)")
        ) {
            try TestLayout.engine.layout("ab", spans: [span], options: LayoutOptions())
        }
    }
}
