// The shaping caches are bounded per engine, not per caller: 64 concurrent callers create at most
// `LayoutEngine.shapeCacheLimit` caches, and the scratches past them shape word by word through a
// small cache of their own, with the same result.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ShapeCacheBoundTests {
    /// Scratches taken out together past the bound have none of the engine's caches (only a small one
    /// of their own, which the test below shows gives the same glyphs); given back, the pool keeps every
    /// one with a cache (16) and drops the others; they are taken out first again.
    @Test func scratchesPastTheBoundHaveNoCache() {
        let engine = LayoutEngine(registry: TestFonts.registry)
        let taken = (0..<40).map { _ in engine.checkOut() }
        #expect(taken.count { $0.hasEngineCache } == LayoutEngine.shapeCacheLimit)
        #expect(engine.shapeCachesCreated == LayoutEngine.shapeCacheLimit)
        for pooled in taken.reversed() { engine.checkIn(pooled) }
        #expect(engine.idleScratches == (16, 16))
        let again = (0..<40).map { _ in engine.checkOut() }
        #expect(again.prefix(16).allSatisfy { $0.hasEngineCache })
        #expect(engine.shapeCachesCreated == LayoutEngine.shapeCacheLimit)
        // Without a cache at all (shapeCacheEntries: 0), none is ever created.
        let uncached = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 0)
        _ = (0..<20).map { _ in uncached.checkOut() }
        #expect(uncached.shapeCachesCreated == 0)
    }

    /// 64 threads laying out corpus messages in a loop on one engine: at most 16 caches created,
    /// and every layout equals the serial one.
    @Test func sixtyFourThreadsCreateAtMostSixteenCaches() {
        let messages = ChatCorpus.messages(count: 640, seed: 13)
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
        let engine = LayoutEngine(registry: TestFonts.registry)
        let serial = messages.map { try! TestLayout.engine.layout($0, options: options) }
        let results = Locked([Int: Layout]())
        let group = DispatchGroup()
        for t in 0..<64 {
            group.enter()
            let thread = Thread {
                for i in stride(from: t, to: messages.count, by: 64) {
                    let layout = try! engine.layout(messages[i], options: options)
                    results.withLock { $0[i] = layout }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        #expect(engine.shapeCachesCreated <= LayoutEngine.shapeCacheLimit)
        #expect(engine.idleScratches.count <= LayoutEngine.scratchPoolLimit)
        let concurrent = results.withLock { $0 }
        #expect(concurrent.count == messages.count)
        #expect(messages.indices.filter { concurrent[$0] != serial[$0] }.isEmpty)
    }
}
