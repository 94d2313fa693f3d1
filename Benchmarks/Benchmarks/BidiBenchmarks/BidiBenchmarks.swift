// BidiRender's benchmarks on the chat corpus (10,000 messages) and on 100 long lines of about 5,000
// code points, forced RTL. Each iteration is one message (or one long line); the corpus is cycled.
// The C baselines (FriBidi raw, ICU ubidi) run in the same binary on the same text.
import Benchmark
import BidiRender
import ChatCorpus
import RawFriBidi
import RawICU

let corpus = ChatCorpus.messages()
let longLines = ChatCorpus.longLines()
let registry = try! FontRegistry.embedded(systemFallback: false)
let engine = LayoutEngine(registry: registry)
let arabicFont = registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font

func utf32(_ texts: [String]) -> [[UInt32]] { texts.map { $0.unicodeScalars.map(\.value) } }
let corpusUTF32 = utf32(corpus)
let longUTF32 = utf32(longLines)

/// Registers the reorder benchmarks for one set of texts.
func reorderBenchmarks(suffix: String, texts: [String], codePoints: [[UInt32]]) {
    let capacity = codePoints.map(\.count).max()! + 16
    Benchmark("reorder\(suffix)") { benchmark in
        let reorderer = BidiReorderer()
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            reorderer.withVisualOrder(of: texts[index], direction: .rightToLeft) { blackHole($0.count) }
            index = index == texts.count - 1 ? 0 : index + 1
        }
    }
    Benchmark("reorder-fribidi-c\(suffix)") { benchmark in
        let raw = raw_fribidi_create(Int32(capacity))
        defer { raw_fribidi_destroy(raw) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let n = codePoints[index].withUnsafeBufferPointer { raw_fribidi_reorder(raw, $0.baseAddress, Int32($0.count), 1) }
            blackHole(n)
            index = index == texts.count - 1 ? 0 : index + 1
        }
    }
    Benchmark("reorder-icu\(suffix)") { benchmark in
        let raw = raw_icu_create(Int32(capacity))
        defer { raw_icu_destroy(raw) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let n = codePoints[index].withUnsafeBufferPointer { raw_icu_reorder(raw, $0.baseAddress, Int32($0.count), 1) }
            blackHole(n)
            index = index == texts.count - 1 ? 0 : index + 1
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 200_000
    )

    reorderBenchmarks(suffix: "", texts: corpus, codePoints: corpusUTF32)
    Benchmark.defaultConfiguration.warmupIterations = 10
    reorderBenchmarks(suffix: "-long", texts: longLines, codePoints: longUTF32)
    Benchmark.defaultConfiguration.warmupIterations = 1_000

    // HarfBuzz shaping alone: each message as one run in the Arabic font, one cached font.
    Benchmark("shape") { benchmark in
        let shaper = Shaper()
        let scalars = corpus.map { Array($0.unicodeScalars) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let text = scalars[index]
            blackHole(shaper.shape(text, range: 0..<text.count, font: arabicFont, direction: .rightToLeft, script: "Arab", language: "ar", size: 16).glyphs.count)
            index = index == scalars.count - 1 ? 0 : index + 1
        }
    }

    // Full layout at 300 px: mentions, bidi, itemization, font fallback, shaping, line breaking.
    Benchmark("layout") { benchmark in
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try engine.layout(corpus[index], options: options).lines.count)
            index = index == corpus.count - 1 ? 0 : index + 1
        }
    }
}
