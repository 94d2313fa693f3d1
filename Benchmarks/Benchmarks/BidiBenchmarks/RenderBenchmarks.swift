// Issue #18's rendering benchmarks: a corpus message laid out at 300 px (forced RTL, 16 px) and drawn
// into an RGBA buffer by BidiRender (`render`: LayoutEngine.layout, then Renderer.rgba with no
// padding, black on white), against Pango laying out the same text on the same fonts and Cairo
// drawing it into a reused ARGB32 image surface of the layout's size, cleared to white
// (`render-pango-cairo`, in C in the same binary: Sources/RawPangoCairo). Both warm: the whole corpus
// is drawn once in setup, so the glyph caches (ours, Cairo's) and the shaping caches are full.
import Benchmark
@_spi(Tools) import BidiRender
import RawPangoCairo

nonisolated(unsafe) let rawPangoCairo: OpaquePointer = {
    guard let r = raw_pango_cairo_create(fontsDirectory, 300, 16) else {
        fatalError("raw_pango_cairo_create failed on \(fontsDirectory)")
    }
    return r
}()
let renderEngine = LayoutEngine(registry: registry)
let renderer = try! Renderer()

/// Registers render and render-pango-cairo.
func renderBenchmarks() {
    let layoutOptions = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    let renderOptions = RenderOptions(padding: 0)
    func render(_ text: String) throws -> Int {
        try renderer.rgba(try renderEngine.layout(text, options: layoutOptions), options: renderOptions).pixels.count
    }
    Benchmark("render") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try render(corpus[next(corpus.count)]))
        }
    } setup: {
        for text in corpus { _ = try render(text) }
    }
    func renderPangoCairo(_ text: [CChar]) -> Int32 {
        let lines = text.withUnsafeBufferPointer { raw_pango_cairo_render(rawPangoCairo, $0.baseAddress, Int32($0.count)) }
        precondition(lines >= 0, "raw_pango_cairo_render failed")
        return lines
    }
    Benchmark("render-pango-cairo") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(renderPangoCairo(corpusUTF8[next(corpusUTF8.count)]))
        }
    } setup: {
        for text in corpusUTF8 { _ = renderPangoCairo(text) }
    }
}
