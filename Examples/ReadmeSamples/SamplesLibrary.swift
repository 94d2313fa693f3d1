// The README's samples of "The library": bidi, fonts, layout, rendering, queries.
@_spi(Tools) import BidiRender
import Foundation

/// README, "The library": the bidi value API and the reorderer for many short strings.
func bidiSample() throws {
    // Value API: paragraphs, levels, per-line reordering, mirroring.
    let bidi = BidiText("小明بدأ في متابعتك", direction: .rightToLeft)
    let paragraph = bidi.paragraphs[0]
    print(paragraph.baseLevel)           // 1: right to left
    print(paragraph.levels)              // [2, 2, 1, 1, …]   (rules up to I2)
    let line = try paragraph.line(0..<16)    // rules L1–L2 on one line of the paragraph (throws outside it)
    print(line.visualOrder)              // [15, 14, …, 2, 0, 1]: scalar offsets, left to right
    
    // The same with FriBidi resolving the levels instead of the native engine.
    let viaFriBidi = BidiText("小明بدأ في متابعتك", direction: .rightToLeft, engine: .fribidi)
    print(viaFriBidi.paragraphs[0].levels == paragraph.levels)   // true

    // Hot path for many short strings in a row: reuses its buffers.
    let messages = ["小明بدأ في متابعتك", "مرحبا@我, 今天天气好吗"]
    let reorderer = BidiReorderer()                      // engine: .native (the default) or .fribidi
    for message in messages {
        reorderer.withVisualOrder(of: message, direction: .rightToLeft) { visual in
            // visual: UnsafeBufferPointer<Int32> of scalar offsets, valid inside the closure
            print(Array(visual.prefix(3)))
        }
    }
}

/// README, "The library": fonts.
func fontsSample() throws -> FontRegistry {
    let registry = try FontRegistry.embedded()          // loads each face and HarfBuzz font once; share it
    let engine = LayoutEngine(registry: registry)       // Sendable: share one per process
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar-EG"), weight: 500)
    for cluster in try engine.fontChoices(for: "مرحبا 我", options: options) {
        print(cluster.range, cluster.font.family, cluster.source, cluster.reason)
    }                                                   // the font layout() gives each grapheme cluster, and why
    // (The README sample ends here.)
    return registry
}

/// README, "The library": layout.
func layoutSample(registry: FontRegistry) throws -> (LayoutEngine, Layout) {
    let engine = LayoutEngine(registry: registry)       // Sendable: share one per process
    let text = "مرحبا@我, 今天天气好吗"
    let layout = try engine.layout(text, spans: [
        TextSpan(range: text.scalarOffsets(of: text.range(of: "مرحبا")!), weight: .bold),
    ], options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar-EG"), size: 20,
                              maxWidth: 300, alignment: .natural, digits: .locale, isolate: .all))
    for line in layout.lines {
        for run in line.runs { print(run.level, layout.glyphs[run.glyphRange].count) /* run.font; each glyph: id, cluster, x, y */ }
    }
    print(layout.jsonDocument().prefix(40))             // {"version":1,"paragraphs":[{"start":0,…: the JSON contract above, as one String
    let isolated = EntityIsolation.isolated(text, direction: .rightToLeft).text  // "مرحبا\u{200E}\u{2066}@我\u{2069}\u{200E}, 今天天气好吗"
    print(EntityIsolation.isolated(text, direction: .rightToLeft, kinds: .mentions).text == isolated)  // true here: the one entity is a mention
    print(EntityIsolation.strip(isolated) == text)      // true: removes bidi controls again
    // (The README sample ends here.)
    return (engine, layout)
}

/// README, "The library": rendering, for a server with no CLI.
func renderingSample(layout: Layout, output: URL) throws {
    let renderer = try Renderer()                      // Sendable; keeps one FreeType face per font file
    let options = RenderOptions(color: .black, background: .white, padding: 8, scale: 2, debug: false)
    let png: [UInt8] = try renderer.png(layout, options: options)
    let pixels: RGBAImage = try renderer.rgba(layout, options: options)   // width, height, RGBA bytes
    let svg: String = try renderer.svg(layout, options: options)
    // (The README sample ends here.)
    print(pixels.width, pixels.height, svg.count)
    try Data(png).write(to: output.appendingPathComponent("layout.png"))
}

/// README, "The library": queries on a layout.
func queriesSample(engine: LayoutEngine) throws {
    let layout = try engine.layout("abc אבג", options: LayoutOptions(direction: .leftToRight))
    let caret = try layout.caret(at: 4, affinity: .downstream)   // Caret: primary, secondary?
    print(caret.primary)                                // CaretPosition: x, top, bottom, direction
    let hit = try layout.offset(atX: 40, y: 10)         // HitTestResult: offset, affinity, isInside
    let rects = try layout.selectionRects(for: 2..<6)   // [LayoutRect]: x, y, width, height
    let to = try layout.move(.right, from: 4)           // TextPosition: offset, affinity
    // (The README sample ends here.)
    print(hit, rects.count, to)
}
