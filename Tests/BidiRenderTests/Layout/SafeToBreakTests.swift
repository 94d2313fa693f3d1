// A line broken inside a shaped word, where HarfBuzz says the cut is safe to break (no lookup and no
// joining crossed it: "谢谢|50%", a Han item before its digits), takes the word's glyphs as they lie:
// HarfBuzz does not run again for the piece. The layout equals the one of an engine with no cache,
// which shapes each line's pieces with HarfBuzz itself; an Arabic word, whose letters join across
// any cut inside it, is still reshaped.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SafeToBreakTests {
    /// The width of `text` alone on one line.
    static func width(_ text: String, engine: LayoutEngine) throws -> Double {
        try engine.layout(text, options: LayoutOptions(direction: .leftToRight, locale: LocaleTag("zh"))).lines[0].contentWidth
    }

    @Test func aHanWordCutBeforeItsDigitsKeepsItsGlyphs() throws {
        let engine = LayoutEngine(registry: TestFonts.registry)
        let text = "谢谢50%明天"
        var options = LayoutOptions(direction: .leftToRight, locale: LocaleTag("zh"))
        // Every word shaped once, on one line.
        let whole = try engine.layout(text, options: options)
        #expect(whole.lines.count == 1)
        // "谢谢" fits, "谢谢5" does not: the line breaks between the ideographs and the digits.
        options.maxWidth = try Self.width("谢谢", engine: engine) + 1
        let before = engine.shapeCacheStatistics
        let broken = try engine.layout(text, options: options)
        #expect(broken.lines.map(\.range) == [0..<2, 2..<5, 5..<7])
        let after = engine.shapeCacheStatistics
        #expect(after.misses == before.misses, "a piece was shaped again: \(after.misses - before.misses) misses")
        // The glyphs are HarfBuzz's for each line's text, as an engine without a cache shapes them.
        let noCache = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 0)
        #expect(try noCache.layout(text, options: options).glyphs == broken.glyphs)
    }

    /// A cut inside an Arabic word (a URL-like run breaks there only when forced) is unsafe: the
    /// letters join across it. The piece is shaped again, and still equals the uncached layout.
    @Test func aJoiningWordCutInsideIsReshaped() throws {
        let engine = LayoutEngine(registry: TestFonts.registry)
        let text = "مرحبامرحبامرحبامرحبا"
        var options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"))
        _ = try engine.layout(text, options: options)
        let before = engine.shapeCacheStatistics
        options.maxWidth = try engine.layout(text, options: options).lines[0].contentWidth / 2
        let broken = try engine.layout(text, options: options)
        #expect(broken.lines.count > 1)
        #expect(engine.shapeCacheStatistics.misses > before.misses)
        let noCache = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 0)
        #expect(try noCache.layout(text, options: options).glyphs == broken.glyphs)
    }
}
