// Soak: lays out (and now and then renders) N chat messages on one shared engine and reports the
// resident memory as it goes. Every cache in BidiRender is bounded, so after warm-up the resident
// size must stay flat. Usage: Soak [N] (default 1,000,000). Exits 1 if RSS grows by more than 24 MB
// between the end of warm-up (the first 10 %) and the end.
//
// `Soak corpus` instead lays out the benchmark corpus's warm-up slice, then its measured slice twice
// (the real corpus; forced RTL, 300 px, embedded fonts, one engine, each result dropped as a batch
// job drops it), then prints the shaping cache's hit rate and memory after each pass and the peak
// resident size of the process.
@_spi(Tools) import BidiRender
import BenchCorpus
import BenchSupport
import Foundation

func residentMB(_ key: String = "VmRSS") -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
        let kb = Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
    else { return 0 }
    return kb / 1024
}

// `Soak queries KIND [N]` lays out the first 1,000 corpus messages as the geometry benchmarks do and
// runs N (default 1,000,000) queries of KIND (caret, hit, selection, none), for a profiler
// (`perf record`, `valgrind --tool=callgrind`): the benchmarks' loop without the harness.
// `Soak layouts plain|styled N` lays the first 1,000 corpus messages out once (warm-up), then N
// more layouts as the `layout` or `layout-styled` benchmark makes them, for a profiler.
// `Soak reorder native|fribidi|icu N [long|controls]`: see ReorderSoak.swift.
if CommandLine.arguments.dropFirst().first == "reorder" {
    reorderSoak(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "layouts" {
    let args = Array(CommandLine.arguments.dropFirst(2))
    let styled = args.first == "styled"
    let n = args.count > 1 ? Int(args[1]) ?? 10_000 : 10_000
    let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    let texts = Array(ChatCorpus.realMessages().prefix(1_000))
    let spans: [[TextSpan]] = texts.map { styled ? styledSpans(for: $0) : [] }
    var sink = 0
    for (k, text) in texts.enumerated() { sink &+= try engine.layout(text, spans: spans[k], options: options).lines.count }
    for k in 0..<n { sink &+= try engine.layout(texts[k % texts.count], spans: spans[k % texts.count], options: options).lines.count }
    print("layouts: \(n) (checksum \(sink))")
    exit(0)
}

// `Soak renders N` lays out and draws the first 1,000 corpus messages once (warm-up), then N more as
// the `render` benchmark does (300 px, RTL, 16 px, Renderer.rgba without padding), for a profiler.
if CommandLine.arguments.dropFirst().first == "renders" {
    let n = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 10_000 : 10_000
    let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    let renderer = try Renderer()
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    let texts = Array(ChatCorpus.messages().prefix(1_000))
    var sink = 0
    func render(_ k: Int) throws { sink &+= try renderer.rgba(try engine.layout(texts[k % texts.count], options: options), options: RenderOptions(padding: 0)).pixels.count }
    for k in texts.indices { try render(k) }
    for k in 0..<n { try render(k) }
    print("renders: \(n) (checksum \(sink)) \(renderer.glyphCacheStatistics)")
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "queries" {
    let args = Array(CommandLine.arguments.dropFirst(2))
    let kind = args.first ?? "hit"
    let n = args.count > 1 ? Int(args[1]) ?? 1_000_000 : 1_000_000
    let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    let layouts: [Layout] = try ChatCorpus.realMessages().prefix(Int(ProcessInfo.processInfo.environment["LAYOUTS"] ?? "") ?? 1_000).map {
        try engine.layout($0, options: options)
    }
    let places: [(offset: Int, x: Double, y: Double)] = layouts.map { layout in
        let line = layout.lines[layout.lines.count / 2]
        return (layout.graphemes.count / 2, line.x + line.width / 2, line.top + line.height / 2)
    }
    var sink = 0
    let start = DispatchTime.now().uptimeNanoseconds
    // One query on a layout borrowed in place (an element read out of an array is otherwise
    // copied, a retain per array it holds, which a caller holding its layout does not pay).
    @inline(never)
    func query(_ layout: borrowing Layout, _ place: (offset: Int, x: Double, y: Double)) throws -> Int {
        switch kind {
        case "caret": return Int(try layout.caret(at: place.offset).primary.x)
        case "hit": return try layout.offset(atX: place.x, y: place.y).offset
        case "selection":
            let c = layout.graphemes.count
            return try layout.selectionRects(for: (c / 4)..<(3 * c / 4)).count
        default: return place.offset
        }
    }
    for k in 0..<n {
        let i = k % layouts.count
        sink &+= try query(layouts[i], places[i])
    }
    let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(n)
    print(String(format: "%@: %.1f ns per query (checksum %d)", kind, ns, sink))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "corpus" {
    let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    let messages = ChatCorpus.realMessages()
    let warmUp = ChatCorpus.realMessages(seed: ChatCorpus.realWarmUpSeed)
    var previous = ShapeCacheStatistics()
    var sink = 0
    // The passes of the warm `layout` benchmark: its warm-up slice on an empty cache, then the
    // measured slice (the hit rate `layout` sees), then the measured slice again.
    for (pass, texts) in [("cold", warmUp), ("warm", messages), ("again", messages)] {
        for text in texts { sink &+= try engine.layout(text, options: options).lines.count }
        let now = engine.shapeCacheStatistics
        let hits = now.hits - previous.hits
        let misses = now.misses - previous.misses
        let rate = String(format: "%.4f", Double(hits) / Double(max(1, hits + misses)))
        let megabytes = String(format: "%.2f", Double(now.bytes) / 1_048_576)
        print(
            "corpus \(pass) pass: shape cache hit rate \(rate) (\(hits) hits, \(misses) misses), \(now.entries) entries, "
                + "\(megabytes) MB, \(now.resets) resets")
        previous = now
    }
    print(String(format: "corpus: peak resident memory %.1f MB (checksum %d)", residentMB("VmHWM"), sink))
    exit(0)
}

let total = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
let messages = ChatCorpus.realMessages()
let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: true))
let renderer = try Renderer()
let locales = ["ar", "ar-EG", "fa", "zh-CN", "en-US", "xx-unknown"].map(LocaleTag.init)
let reorderer = BidiReorderer()
let start = Date()
var warm = 0.0
var sink = 0
for i in 0..<total {
    let text = messages[i % messages.count]
    let options = LayoutOptions(
        direction: i % 3 == 0 ? .auto : (i % 3 == 1 ? .rightToLeft : .leftToRight), locale: locales[i % locales.count],
        weight: FontWeight(300 + 100 * (i % 5))!, size: 12 + Double(i % 4) * 4, maxWidth: i % 2 == 0 ? 300 : nil,
        digits: i % 11 == 0 ? .locale : .western, isolate: i % 7 == 0 ? EntityKinds.all.subtracting(.mentions) : .all)
    let layout = try engine.layout(text, options: options)
    sink &+= layout.lines.count
    reorderer.withVisualOrder(of: text, direction: .rightToLeft) { sink &+= $0.count }
    if i % 1_000 == 0 { sink &+= try renderer.png(layout).count }
    if (i + 1) % (total / 10) == 0 {
        let rss = residentMB()
        if i + 1 == total / 10 { warm = rss }
        print(String(format: "soak: %8d layouts  %6.1f s  RSS %6.1f MB  peak %6.1f MB", i + 1, Date().timeIntervalSince(start), rss, residentMB("VmHWM")))
    }
}
let end = residentMB()
print(String(format: "soak: done: %d layouts, RSS after warm-up %.1f MB, at the end %.1f MB, peak %.1f MB (checksum %d)", total, warm, end, residentMB("VmHWM"), sink))
if end - warm > 24 {
    print("soak: FAIL: resident memory grew by \(Int(end - warm)) MB after warm-up")
    exit(1)
}
