// The two bidi engines under the whole layout: the chat corpus, with its mentions isolated as layout
// isolates them, laid out with the native engine and with the FriBidi engine at several widths and in
// three directions, must give the same layout, glyph for glyph.
import BidiRender
import ChatCorpus
import Testing

@Suite struct BidiEngineAgreementTests {
    @Test(arguments: [nil, 300, 97] as [Double?])
    func enginesLayOutTheCorpusAlike(width: Double?) throws {
        let engine = TestLayout.engine
        var lines = 0
        for (k, text) in ChatCorpus.messages(count: 400, seed: 0xB1D1).enumerated() {
            let direction: ParagraphDirection = [.rightToLeft, .auto, .leftToRight][k % 3]
            var options = LayoutOptions(direction: direction, locale: LocaleTag("ar"), size: 16, maxWidth: width)
            options.bidiEngine = .native
            let native = try engine.layout(text, options: options)
            options.bidiEngine = .fribidi
            let fribidi = try engine.layout(text, options: options)
            // The options differ by the engine only; everything laid out must be the same.
            #expect(native.lines == fribidi.lines, "\(direction) \(text)")
            #expect(native.paragraphs == fribidi.paragraphs)
            lines += native.lines.count
        }
        // At 97 px the messages wrap, so lines are cut and reordered one by one.
        if width == 97 { #expect(lines > 1_000) }
    }
}
