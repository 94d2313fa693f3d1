// The shaping cache: shaping word by word through it must give exactly what shaping each run whole
// gives, on the corpus, at every width, warm, cold and with a cache so small it is dropped again and
// again; its figures must add up.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ShapeCacheTests {
    static let uncached = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 0)

    /// Everything a renderer reads, glyph by glyph.
    static func assertSame(_ a: Layout, _ b: Layout, _ text: String) {
        #expect(a.lines.count == b.lines.count, "\(text)")
        for (la, lb) in zip(a.lines, b.lines) {
            #expect(la.range == lb.range, "\(text)")
            #expect(la.runs.map(\.range) == lb.runs.map(\.range), "\(text)")
            #expect(la.runs.map(\.font) == lb.runs.map(\.font), "\(text)")
            let ga = Array(a.glyphs[la.glyphRange])
            let gb = Array(b.glyphs[lb.glyphRange])
            #expect(ga.map(\.id) == gb.map(\.id), "\(text)")
            #expect(ga.map(\.cluster) == gb.map(\.cluster), "\(text)")
            let dx = zip(ga, gb).map { abs($0.x - $1.x) + abs($0.y - $1.y) + abs($0.advance - $1.advance) }.max() ?? 0
            #expect(dx < 1e-9, "\(text): positions differ by \(dx) px")
        }
    }

    @Test func wordByWordEqualsWholeRunsOnTheCorpus() throws {
        let engine = LayoutEngine(registry: TestFonts.registry)
        for (n, text) in ChatCorpus.messages(count: 1_500).enumerated() {
            let direction: ParagraphDirection = n % 3 == 0 ? .leftToRight : .rightToLeft
            let width: Double? = [nil, 300, 120][n % 3]
            let locale = ["ar", "zh-Hans", "en"][n % 3]
            let options = LayoutOptions(
                direction: direction, locale: LocaleTag(locale), size: 16, maxWidth: width,
                digits: n % 2 == 0 ? .locale : .western)
            Self.assertSame(
                try engine.layout(text, options: options), try Self.uncached.layout(text, options: options), text)
        }
        let figures = engine.shapeCacheStatistics
        #expect(figures.hits > figures.misses * 3, "\(figures)")
        #expect(figures.entries > 0 && figures.entries <= 49_152)
        #expect(figures.bytes > 0)
    }

    @Test func longLinesAndTinyCachesAgree() throws {
        let tiny = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 4)
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
        for text in ChatCorpus.longLines(count: 2) + ChatCorpus.messages(count: 200) {
            Self.assertSame(try tiny.layout(text, options: options), try Self.uncached.layout(text, options: options), text)
        }
        let figures = tiny.shapeCacheStatistics
        #expect(figures.entries <= 4)
        #expect(figures.resets > 100, "a cache of 4 words is dropped again and again: \(figures)")
    }

    @Test func coldAndWarmGiveTheSameLayout() throws {
        let engine = LayoutEngine(registry: TestFonts.registry)
        let text = "مرحبا@我, 今天天气好吗 hello مرحبا"
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 20, maxWidth: 150)
        let cold = try engine.layout(text, options: options)
        let before = engine.shapeCacheStatistics
        let warm = try engine.layout(text, options: options)
        let after = engine.shapeCacheStatistics
        #expect(after.misses == before.misses, "the second layout shapes nothing")
        #expect(after.hits > before.hits)
        Self.assertSame(cold, warm, text)
        engine.clearShapeCaches()
        #expect(engine.shapeCacheStatistics.entries == 0)
        Self.assertSame(try engine.layout(text, options: options), warm, text)
    }

    @Test func boundsAreKeptAndWordsFoundByTheirContext() {
        // Two words in all: one per generation.
        let cache = ShapeCache(limits: .init(entries: 2, codePoints: 64, glyphs: 64, longestWord: 8))
        let font = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font
        func key(before: UInt32 = 0) -> ShapeKey {
            ShapeKey(font: ObjectIdentifier(font), script: ScriptTag("Arab"), language: cache.languageID("ar"),
                     rightToLeft: true, before: before, after: 0)
        }
        let glyph = CachedGlyph(id: 7, cluster: 0, xAdvance: 500, yAdvance: 0, xOffset: 0, yOffset: 0)
        let other = CachedGlyph(id: 9, cluster: 1, xAdvance: 300, yAdvance: 0, xOffset: 20, yOffset: -5)
        let a: [UInt32] = [0x645, 0x631]
        let b: [UInt32] = [0x62D, 0x628]
        let c: [UInt32] = [0x633, 0x644]
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeBufferPointer { c in
                    #expect(cache.lookup(key(), word: a) == nil)
                    let stored = cache.insert(key(), font: font, word: a, glyphs: [glyph])
                    #expect(stored.map { Array(cache.glyphs($0)) } == [glyph])
                    #expect(cache.lookup(key(), word: a) == stored)
                    #expect(cache.lookup(key(before: 0x628), word: a) == nil, "another context is another entry")
                    #expect(cache.lookup(key(), word: b) == nil)
                    // b does not fit in a's generation: a's becomes the previous one.
                    cache.insert(key(), font: font, word: b, glyphs: [glyph, other])
                    #expect(cache.currentStatistics.entries == 2)
                    #expect(cache.currentStatistics.resets == 1)
                    // a is still found, and moved into the current generation (dropping b's, which
                    // was current).
                    #expect(cache.lookup(key(), word: a).map { Array(cache.glyphs($0)) } == [glyph])
                    #expect(cache.currentStatistics.resets == 2)
                    #expect(cache.lookup(key(), word: b).map { Array(cache.glyphs($0)) } == [glyph, other],
                            "b is in the previous generation now")
                    // Moving b dropped the generation b was in; c drops the one that holds a.
                    cache.insert(key(), font: font, word: c, glyphs: [other])
                    #expect(cache.lookup(key(), word: a) == nil, "a was not used for a whole generation")
                    #expect(cache.currentStatistics.hits == 3)
                    #expect(cache.currentStatistics.misses == 4)
                    cache.reset()
                    #expect(cache.currentStatistics.entries == 0)
                    #expect(cache.lookup(key(), word: c) == nil)
                    let long = [UInt32](repeating: 0x645, count: 9)
                    long.withUnsafeBufferPointer { #expect(cache.insert(key(), font: font, word: $0, glyphs: [glyph]) == nil) }
                }
            }
        }
    }
}
