// One shared engine under concurrent load gives exactly the serial results.
import ChatCorpus
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ConcurrencyTests {
    /// 10,000 corpus messages (2,500 in a sanitizer build) laid out from 8 concurrent tasks on one shared LayoutEngine (and one
    /// FontRegistry, with system fallback so fontconfig is shared too) equal the serial layouts.
    @Test func eightTasksOnOneEngine() async throws {
        let messages = ChatCorpus.messages(count: TestScale.sample(10_000), seed: 7)
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
        let serial = try messages.map { try engine.layout($0, options: options) }
        let concurrent = try await withThrowingTaskGroup(of: [(Int, Layout)].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var out: [(Int, Layout)] = []
                    for i in stride(from: task, to: messages.count, by: 8) {
                        out.append((i, try engine.layout(messages[i], options: options)))
                    }
                    return out
                }
            }
            var all = [Layout?](repeating: nil, count: messages.count)
            for try await part in group { for (i, layout) in part { all[i] = layout } }
            return all.map { $0! }
        }
        var differing = 0
        for i in messages.indices where serial[i] != concurrent[i] { differing += 1 }
        #expect(differing == 0)
    }

    /// Renderers are shared too: concurrent PNGs equal serial ones.
    @Test func concurrentRendering() async throws {
        let messages = ChatCorpus.messages(count: 64, seed: 9)
        let engine = TestLayout.engine
        let renderer = TestRender.renderer
        let layouts = try messages.map { try engine.layout($0, options: LayoutOptions(direction: .rightToLeft, size: 14, maxWidth: 200)) }
        let serial = try layouts.map { try renderer.rgba($0) }
        let concurrent = try await withThrowingTaskGroup(of: (Int, RGBAImage).self) { group in
            for (i, layout) in layouts.enumerated() { group.addTask { (i, try renderer.rgba(layout)) } }
            var out = [RGBAImage?](repeating: nil, count: layouts.count)
            for try await (i, image) in group { out[i] = image }
            return out.map { $0! }
        }
        #expect(serial == concurrent)
    }
}
