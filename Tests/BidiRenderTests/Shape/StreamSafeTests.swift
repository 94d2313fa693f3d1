// The Stream-Safe Text Format for shaping (UAX #15 §13): HarfBuzz never sees more than 30
// non-starters in a row, and text that has no longer run is shaped exactly as one HarfBuzz call
// (`hb-shape`) shapes it.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct StreamSafeTests {
    /// Non-starters: canonical combining class other than 0, or Grapheme_Extend.
    @Test(arguments: [
        (0x0061, false), (0x0301, true), (0x064E, true), (0x05B4, true), (0x0628, false), (0x4E00, false),
        (0x200C, true), (0xFE0F, true), (0xFF9E, true), (0x0941, true), (0x093E, false), (0x1F600, false),
    ] as [(UInt32, Bool)])
    func nonStarters(codePoint: UInt32, expected: Bool) {
        #expect(StreamSafe.isNonStarter(codePoint) == expected)
    }

    /// A run is cut before its 31st non-starter, and each piece counts afresh.
    @Test func cutsBeforeTheThirtyFirst() {
        let text = [0x61] + [UInt32](repeating: 0x301, count: 70) + [0x62]
        text.withUnsafeBufferPointer { buffer in
            #expect(StreamSafe.cut(buffer, 0..<31) == (nil, 30))
            #expect(StreamSafe.cut(buffer, 0..<72) == (31, 30))
            #expect(StreamSafe.cut(buffer, 31..<72) == (61, 30))
            #expect(StreamSafe.cut(buffer, 61..<72) == (nil, 10))
        }
    }

    /// "a" followed by 100,000 U+0301, laid out: no HarfBuzz buffer holds more than 30 non-starters
    /// in a row, nothing is inserted (one glyph per code point, the first two composed), and every glyph maps to offset 0,
    /// the start of the one grapheme cluster. Both with the shaping cache and without.
    @Test(arguments: [true, false])
    func hundredThousandMarksReachHarfBuzzInPiecesOfThirty(cached: Bool) throws {
        let text = "a" + String(repeating: "\u{301}", count: 100_000)
        var scratch = LayoutScratch(cacheLimits: cached ? ShapeCache.Limits() : nil)
        let layout = try LayoutEngine.layout(
            text, spans: [], options: LayoutOptions(direction: .leftToRight), registry: TestFonts.registry,
            scratch: &scratch)
        #expect(scratch.shape.shaper.longestNonStarterRun == StreamSafe.maxNonStarters)
        let glyphs = layout.glyphs
        #expect(glyphs.count == 100_000)  // "a" + U+0301 composes to "á" in the first piece
        #expect(glyphs.allSatisfy { $0.cluster == 0 })
        #expect(layout.lines.count == 1)
    }

    /// The same in a right-to-left run: the pieces are laid right to left (the base last).
    @Test func rightToLeftPiecesInVisualOrder() {
        let font = TestFonts.registry.choice(for: "ب", locale: LocaleTag("ar"), weight: .regular).font
        let scalars = Array(("ب" + String(repeating: "\u{64E}", count: 95)).unicodeScalars)
        let shaper = Shaper()
        let run = shaper.shape(
            scalars, range: 0..<scalars.count, font: font, direction: .rightToLeft, script: "Arab", language: "ar",
            size: 16)
        #expect(shaper.longestNonStarterRun == 30)
        #expect(run.glyphs.count == 96)
        #expect(run.glyphs.allSatisfy { $0.cluster == 0 })
        // HarfBuzz gives an RTL cluster its marks first and its base last; the base's piece is the
        // rightmost, so the base is the last glyph.
        let base = shaper.shape(
            Array("ب".unicodeScalars), range: 0..<1, font: font, direction: .rightToLeft, script: "Arab", language: "ar",
            size: 16)
        #expect(run.glyphs.last?.id == base.glyphs[0].id)
    }

    /// Text with at most 30 non-starters per cluster is shaped exactly as `hb-shape` shapes it in
    /// one call: glyph ids, clusters and positions.
    @Test(arguments: [
        ("a" + String(repeating: "\u{301}", count: 30) + "b" + String(repeating: "\u{308}", count: 29) + "c", "ltr", "Latn", "en"),
        ("Ẓ̧̣̈́̀ạl̴̢̜̼͇̖g͍̤̗̣o̷̺̼̙̠̝ text with marks", "ltr", "Latn", "en"),
        ("ب" + String(repeating: "\u{64E}", count: 30) + "ت" + String(repeating: "\u{651}\u{64F}", count: 15) + " سلام", "rtl", "Arab", "ar"),
        ("بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ", "rtl", "Arab", "ar"),
    ])
    func upToThirtyMarksShapedAsOneCall(text: String, direction: String, script: String, language: String) throws {
        let locale = LocaleTag(language)
        let font = TestFonts.registry.choice(for: String(text.first!), script: ScriptTag(parsing: script), locale: locale, weight: .regular).font
        let unitsPerEm = Int(font.hbFont.unitsPerEm)
        let scalars = Array(text.unicodeScalars)
        let shaper = Shaper()
        let run = shaper.shape(
            scalars, range: 0..<scalars.count, font: font, direction: direction == "rtl" ? .rightToLeft : .leftToRight,
            script: try #require(ScriptTag(parsing: script)), language: LocaleTag(language), size: Double(unitsPerEm))
        #expect(shaper.longestNonStarterRun <= 30)
        let ours = run.glyphs.map {
            HBShapeGlyph(id: $0.id, cluster: $0.cluster, xOffset: Int($0.xOffset), yOffset: Int($0.yOffset), xAdvance: Int($0.xAdvance))
        }
        let reference = try HBShape.run(
            font: font.descriptor.file, text: text, fontSize: unitsPerEm, direction: direction, script: script,
            language: language)
        #expect(ours == reference)
    }
}
