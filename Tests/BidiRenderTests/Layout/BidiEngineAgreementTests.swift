// The two bidi engines under the whole layout: the chat corpus, with its mentions isolated as layout
// isolates them, laid out with the native engine and with the FriBidi engine at several widths and in
// three directions, must give the same layout, glyph for glyph.
import BidiRender
import ChatCorpus
import Testing

@Suite struct BidiEngineAgreementTests {
    @Test(arguments: [nil, 300, 97] as [Double?])
    func enginesLayOutTheCorpusAlike(width: Double?) throws {
        let lines = try Self.layOutWithBothEngines(ChatCorpus.messages(count: 400, seed: 0xB1D1), width: width, directions: [.rightToLeft, .auto, .leftToRight])
        // At 97 px the messages wrap, so lines are cut and reordered one by one.
        if width == 97 { #expect(lines > 1_000) }
    }

    /// The same on a sample of the real-vocabulary corpus (explicit marks, isolates, embeddings
    /// and overrides among its text), in RTL, LTR and auto: both engines lay every message out,
    /// alike.
    @Test(arguments: [nil, 300, 97] as [Double?])
    func enginesLayOutTheRealCorpusAlike(width: Double?) throws {
        let lines = try Self.layOutWithBothEngines(ChatCorpus.realMessages(count: 200, seed: 0xB1D1_0018), width: width, directions: [.rightToLeft, .leftToRight, .auto])
        #expect(lines >= 200)
    }

    /// Lays each text out with the native and the FriBidi engine (the k-th text in
    /// `directions[k % count]`), expects the same lines and paragraphs, and returns the lines.
    static func layOutWithBothEngines(_ texts: [String], width: Double?, directions: [ParagraphDirection]) throws -> Int {
        let engine = TestLayout.engine
        var lines = 0
        for (k, text) in texts.enumerated() {
            let direction = directions[k % directions.count]
            var options = LayoutOptions(direction: direction, locale: LocaleTag("ar"), size: 16, maxWidth: width)
            options.bidiEngine = .native
            let native = try engine.layout(text, options: options)
            options.bidiEngine = .fribidi
            let fribidi = try engine.layout(text, options: options)
            // The options differ by the engine only; everything laid out must be the same.
            #expect(native.lines == fribidi.lines, "\(direction) \(text.debugDescription)")
            #expect(native.paragraphs == fribidi.paragraphs)
            lines += native.lines.count
        }
        return lines
    }
}
