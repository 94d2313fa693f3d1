// The glyph raster cache: renders through it are byte for byte those of a renderer without it (corpus
// messages in Arabic, Chinese, Latin and colour emoji, several sizes and subpixel positions), a tiny
// budget evicts and still draws the same, concurrent renders equal serial ones, and the two
// generations keep what was used since the last turn.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct GlyphCacheTests {
    /// With system fonts, so that the corpus's emoji draw from Noto Color Emoji's bitmap strikes.
    static let engine = LayoutEngine(registry: TestFonts.withSystem)
    static let uncached = try! Renderer(glyphCacheBytes: 0)

    /// A sample of the corpus that holds every script and some emoji.
    static let messages: [String] = {
        let all = ChatCorpus.messages(count: 400, seed: 18)
        let emoji = all.filter { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }.prefix(4)
        return Array(all.prefix(12)) + emoji
    }()

    /// Layouts at three sizes (one not a whole number) and two widths.
    static func layouts() throws -> [Layout] {
        var out: [Layout] = []
        for (size, width) in [(16.0, 300.0), (13.5, 240.0), (22.0, 300.0)] {
            let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: size, maxWidth: width)
            out += try messages.map { try engine.layout($0, options: options) }
        }
        return out
    }

    /// Paddings that move every glyph by a fraction of a pixel (one at a scale of 2).
    static let renderOptions = [RenderOptions(padding: 8.3), RenderOptions(padding: 3.61, scale: 2)]

    /// Baselines are snapped to whole pixels: the second of two identical lines, whose baseline is
    /// a fraction of a pixel away from a whole line below the first, draws from the first line's
    /// bitmaps alone.
    @Test func snappedBaselinesShareBitmapsAcrossLines() throws {
        let options = LayoutOptions(direction: .leftToRight, size: 13.5)
        let layout = try Self.engine.layout("hello world\nhello world", options: options)
        try #require(layout.lines.count == 2)
        let step = layout.lines[1].baseline - layout.lines[0].baseline
        // A free baseline would put the second line at another vertical quarter pixel.
        try #require(Int((step * 4).rounded()) % 4 != 0, "the line step \(step) must not be a whole number of pixels")
        #expect(Array(layout.glyphs[layout.lines[0].glyphRange]).map(\.x) == Array(layout.glyphs[layout.lines[1].glyphRange]).map(\.x))
        let one = try Renderer()
        _ = try one.rgba(try Self.engine.layout("hello world", options: options), options: RenderOptions(padding: 0))
        let two = try Renderer()
        _ = try two.rgba(layout, options: RenderOptions(padding: 0))
        let glyphs = layout.glyphs.count
        #expect(one.glyphCacheStatistics.misses > 0)
        #expect(two.glyphCacheStatistics.misses == one.glyphCacheStatistics.misses)
        #expect(two.glyphCacheStatistics.hits == glyphs - one.glyphCacheStatistics.misses)
    }

    @Test func cachedRendersEqualUncachedOnes() throws {
        let layouts = try Self.layouts()
        #expect(layouts.contains { $0.lines.contains { $0.runs.contains { $0.font.file.contains("Emoji") } } })
        let renderer = try Renderer()
        for options in Self.renderOptions {
            for layout in layouts {
                let expected = try Self.uncached.rgba(layout, options: options)
                // Cold (filling the cache), then warm (every glyph a hit).
                #expect(try renderer.rgba(layout, options: options) == expected)
                let misses = renderer.glyphCacheStatistics.misses
                #expect(try renderer.rgba(layout, options: options) == expected)
                #expect(renderer.glyphCacheStatistics.misses == misses)
            }
        }
        let statistics = renderer.glyphCacheStatistics
        #expect(statistics.hits > statistics.misses)
        #expect(statistics.evictions == 0)
        #expect(statistics.bytes > 0 && statistics.bytes <= statistics.budget)
        #expect(Self.uncached.glyphCacheStatistics == GlyphCacheStatistics())
    }

    /// 8 KB (a few dozen glyphs) evicts all the time and draws the same.
    @Test func tinyBudgetEvictsAndDrawsTheSame() throws {
        let renderer = try Renderer(glyphCacheBytes: 8 << 10)
        let layouts = try Self.layouts()
        for pass in 0..<2 {
            for layout in layouts where pass == 0 || layout.lines.count > 1 {
                #expect(try renderer.rgba(layout) == (try Self.uncached.rgba(layout)))
            }
        }
        let statistics = renderer.glyphCacheStatistics
        #expect(statistics.evictions > 0)
        #expect(statistics.hits > 0)
        #expect(statistics.bytes <= 8 << 10)
    }

    /// Clearing empties the cache and changes no pixel.
    @Test func clearingDrawsTheSame() throws {
        let renderer = try Renderer()
        let layout = try Self.layouts()[0]
        let before = try renderer.rgba(layout)
        renderer.clearGlyphCache()
        #expect(renderer.glyphCacheStatistics.entries == 0 && renderer.glyphCacheStatistics.bytes == 0)
        #expect(try renderer.rgba(layout) == before)
    }

    /// Four tasks rendering through one renderer (with a budget small enough to evict while they
    /// run) give the serial, uncached images.
    @Test func concurrentRendersEqualSerialOnes() async throws {
        let layouts = Array(try Self.layouts().prefix(24))
        let serial = try layouts.map { try Self.uncached.rgba($0) }
        let renderer = try Renderer(glyphCacheBytes: 64 << 10)
        let concurrent = try await withThrowingTaskGroup(of: [(Int, RGBAImage)].self) { group in
            for task in 0..<4 {
                group.addTask {
                    try stride(from: task, to: layouts.count, by: 4).map { ($0, try renderer.rgba(layouts[$0])) }
                }
            }
            var out = [RGBAImage?](repeating: nil, count: layouts.count)
            for try await part in group { for (i, image) in part { out[i] = image } }
            return out.map { $0! }
        }
        #expect(serial == concurrent)
        #expect(renderer.glyphCacheStatistics.hits > 0)
    }

    /// The cache alone: within budget, a bitmap used since the last turn survives the next one, an
    /// unused one is evicted, and a bitmap too large for a shard is handed back but not kept.
    @Test func generationsKeepWhatWasUsed() {
        // One shard's half is 8 KB; each entry costs 1 KB.
        let cache = GlyphRasterCache(budget: GlyphRasterCache.shardCount * 16 << 10)
        let pixels = 1_024 - GlyphRasterCache.entryOverhead
        func bitmap(_ bytes: Int) -> GlyphBitmap {
            GlyphBitmap(width: bytes, height: 1, left: 0, top: 0, isColor: false, scale: 1, pixels: [UInt8](repeating: 7, count: bytes))
        }
        // All keys of face 0 with glyph ids that pick the same shard.
        let keys = (0..<UInt32(4_000)).map { GlyphRasterKey(face: 0, glyph: $0, size26Dot6: 1_024, subpixel: 0, slant: 0) }
            .filter { Int(($0.glyph &* 0x9E37_79B1) >> 29) == 0 }
        var rasterized = 0
        func get(_ key: GlyphRasterKey, bytes: Int = pixels) -> GlyphBitmap? {
            cache.bitmap(key) {
                rasterized += 1
                return bitmap(bytes)
            }
        }
        for key in keys.prefix(8) { _ = get(key) }  // fills the current generation (8 KB)
        #expect(rasterized == 8)
        _ = get(keys[8])  // turns: 0–7 previous, 8 current
        _ = get(keys[0])  // a hit in the previous generation: back to the current one
        #expect(rasterized == 9)
        for key in keys[9..<16] { _ = get(key) }  // turns again: 1–7 evicted
        #expect(cache.statistics.evictions == 7)
        _ = get(keys[0])
        #expect(rasterized == 16)
        _ = get(keys[1])
        #expect(rasterized == 17)
        #expect(cache.statistics.bytes <= cache.budget / GlyphRasterCache.shardCount)
        // Larger than half a shard: drawn, not kept.
        let large = get(keys[20], bytes: 9_000)
        #expect(large?.pixels.count == 9_000)
        _ = get(keys[20], bytes: 9_000)
        #expect(rasterized == 19)
    }
}
