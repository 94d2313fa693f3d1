// Cancellation: a layout inside a cancelled task throws `.cancelled` — before it starts, between
// paragraphs, and inside a long paragraph (between lines and while shaping).
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct CancellationTests {
    static let options = LayoutOptions(direction: .auto, size: 16, maxWidth: 300)

    /// Runs `body` inside a task that is cancelled before `body` starts, and returns its result.
    static func inCancelledTask<T: Sendable>(
        _ body: @escaping @Sendable () throws(BidiRenderError) -> T
    ) async -> Result<T, BidiRenderError> {
        await Task { () -> Result<T, BidiRenderError> in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(BidiRenderError) { return .success(try body()) } catch { return .failure(error) }
        }.value
    }

    /// A short text, and a text of 2,000 paragraphs, in a task cancelled first: `.cancelled`.
    @Test(arguments: [1, 2_000])
    func cancelledTaskThrows(paragraphs: Int) async {
        let text = ChatCorpus.messages(count: paragraphs, seed: 3).joined(separator: "\n")
        let result = await Self.inCancelledTask { () throws(BidiRenderError) in
            try TestLayout.engine.layout(text, options: Self.options)
        }
        #expect(throws: BidiRenderError.cancelled) { try result.get() }
        // The engine is unharmed: the same text lays out outside the task.
        #expect(throws: Never.self) { try TestLayout.engine.layout(text, options: Self.options) }
    }

    /// Inside a long paragraph, shaping stops within 4,096 code points once the task is cancelled
    /// (the layout then throws after the stage): far fewer glyphs than the 50,000 code points.
    @Test func shapingStopsEarly() async {
        let text = ChatCorpus.longLines(count: 1, length: 50_000, seed: 5)[0]
        let shaped = await Task { () -> (glyphs: Int, count: Int) in
            var scratch = LayoutScratch(cacheLimits: ShapeCache.Limits())
            scratch.text.load(text, digits: .western)
            var glyphs: [ShapedGlyph] = []
            let range = 0..<scratch.text.count
            withUnsafeCurrentTask { $0?.cancel() }
            scratch.text.display.withUnsafeBufferPointer { all in
                scratch.text.graphemeStarts.withUnsafeBufferPointer { starts in
                    let font = TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .regular).font
                    scratch.shape.shaper.shapeWords(
                        text: all, range: range, context: range, clusterStarts: starts, font: font, rightToLeft: false,
                        script: ScriptTag("Latn"), language: "en", languageID: 0, size: 16, clusterBase: 0,
                        cache: scratch.shape.cache!, into: &glyphs)
                }
            }
            return (glyphs.count, range.count)
        }.value
        #expect(shaped.count >= 40_000)
        #expect(shaped.glyphs < 8_192)
    }

    /// The public `Shaper.shape` is not a layout and has no error to throw: in a cancelled task it
    /// still shapes the whole run, stream-safe pieces included (10,000 marks: 334 pieces).
    @Test func publicShaperIgnoresCancellation() async {
        let count = await Task { () -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            let font = TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .regular).font
            let scalars = Array(("a" + String(repeating: "\u{301}", count: 10_000)).unicodeScalars)
            return Shaper().shape(
                scalars, range: 0..<scalars.count, font: font, direction: .leftToRight, script: "Latn", language: "en",
                size: 16
            ).glyphs.count
        }.value
        #expect(count == 10_000)  // "a" + U+0301 composes to "á"
    }

    /// Line filling stops at a cancelled task, and its lines still partition the paragraph.
    @Test func lineFillingStopsAndStillPartitions() async {
        let lines = await Task { () -> [Range<Int>] in
            withUnsafeCurrentTask { $0?.cancel() }
            let n = 10_000
            return [Bool](repeating: true, count: n).withUnsafeBufferPointer { starts in
                LineBreaker.fill(
                    range: 0..<n, maxWidth: 10, breaks: [UInt8](repeating: 1, count: n), graphemeStarts: starts,
                    isHangingSpace: { _ in false }, estimate: { a, b in Double(b - a) }, measure: { a, b in Double(b - a) })
            }
        }.value
        #expect(lines == [0..<10_000])
    }

    /// A task that lays out a long many-paragraph text again and again can only end by throwing
    /// `.cancelled` once it is cancelled, wherever the cancellation lands.
    @Test func cancellationDuringLayoutEndsTheLoop() async {
        let text = ChatCorpus.messages(count: 500, seed: 11).joined(separator: "\n")
        let task = Task { () -> BidiRenderError? in
            for _ in 0..<10_000 {
                do throws(BidiRenderError) {
                    _ = try TestLayout.engine.layout(text, options: Self.options)
                } catch {
                    return error
                }
                await Task.yield()
            }
            return nil
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        #expect(await task.value == .cancelled)
    }

    /// Rendering checks cancellation too, once a line: PNG, RGBA and SVG of a finished layout throw
    /// `.cancelled` in a cancelled task, and render as usual outside it.
    @Test func renderingStopsInACancelledTask() async throws {
        let layout = try TestLayout.engine.layout(ChatCorpus.messages(count: 1, seed: 3)[0], options: Self.options)
        let renderer = try Renderer()
        let png = await Self.inCancelledTask { () throws(BidiRenderError) in try renderer.png(layout) }
        #expect(throws: BidiRenderError.cancelled) { try png.get() }
        let svg = await Self.inCancelledTask { () throws(BidiRenderError) in try renderer.svg(layout) }
        #expect(throws: BidiRenderError.cancelled) { try svg.get() }
        #expect(try renderer.png(layout).count > 100)
        #expect(try renderer.svg(layout).hasSuffix("</svg>\n"))
    }
}
