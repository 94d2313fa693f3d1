// BidiRender's benchmarks on the real-vocabulary chat corpus (ChatCorpus.realMessages, 10,000
// messages) and on 100 long lines of about 5,000 code points, forced RTL; the `-synthetic` variants
// (CorpusBenchmarks.swift) run on the original corpus (ChatCorpus.messages). Each sample is one message (or one long line). package-benchmark calls a
// benchmark's closure anew for every sample, so the position in the corpus and the warm scratch
// objects (reorderer, shaper, C buffers) live outside the closures: every sample takes the next
// message, and nothing is re-created per sample. The C baselines (FriBidi raw, ICU ubidi) run in the
// same binary on the same text.
import Benchmark
@_spi(Tools) import BidiRender
import BenchCorpus
import RawFriBidi
import RawICU

let corpus = ChatCorpus.realMessages()
let longLines = ChatCorpus.realLongLines()
// Another slice of the real corpus (another seed), that the warm benchmarks warm their caches on, so
// that only the words both slices share hit (issue #18).
let warmUpCorpus = ChatCorpus.realMessages(seed: ChatCorpus.realWarmUpSeed)
let warmUpLongLines = ChatCorpus.realLongLines(seed: ChatCorpus.realWarmUpSeed)
let registry = try! FontRegistry.embedded(systemFallback: false)
let warmEngine = LayoutEngine(registry: registry)
let coldEngine = LayoutEngine(registry: registry)
let arabicFont = registry.font(for: Array("م".unicodeScalars), script: "Arab", locale: LocaleTag("ar"), weight: .regular).font

func utf32(_ texts: [String]) -> [[UInt32]] { texts.map { $0.unicodeScalars.map(\.value) } }
let corpusUTF32 = utf32(corpus)
let longUTF32 = utf32(longLines)
let corpusScalars = corpus.map { Array($0.unicodeScalars) }
let capacity = (corpusUTF32 + longUTF32 + syntheticUTF32).map(\.count).max()! + 16

// Warm, reused state. The benchmarks run one at a time, on one thread.
nonisolated(unsafe) var cursor = 0
nonisolated(unsafe) let reorderer = BidiReorderer(engine: .native)
nonisolated(unsafe) let fribidiReorderer = BidiReorderer(engine: .fribidi)
nonisolated(unsafe) let shaper = Shaper()
nonisolated(unsafe) let rawFriBidi = raw_fribidi_create(Int32(capacity))
nonisolated(unsafe) let rawICU = raw_icu_create(Int32(capacity))

/// The index of the next text of a set of `count`.
func next(_ count: Int) -> Int {
    cursor &+= 1
    return cursor % count
}

/// Registers the reorder benchmarks for one set of texts.
func reorderBenchmarks(suffix: String, texts: [String], codePoints: [[UInt32]]) {
    Benchmark("reorder\(suffix)") { benchmark in
        for _ in benchmark.scaledIterations {
            reorderer.withVisualOrder(of: texts[next(texts.count)], direction: .rightToLeft) { blackHole($0.count) }
        }
    }
    // The same reorder through the library's FriBidi engine (FriBidi resolves every paragraph).
    Benchmark("reorder-engine-fribidi\(suffix)") { benchmark in
        for _ in benchmark.scaledIterations {
            fribidiReorderer.withVisualOrder(of: texts[next(texts.count)], direction: .rightToLeft) { blackHole($0.count) }
        }
    }
    Benchmark("reorder-fribidi-c\(suffix)") { benchmark in
        for _ in benchmark.scaledIterations {
            let n = codePoints[next(texts.count)].withUnsafeBufferPointer {
                raw_fribidi_reorder(rawFriBidi, $0.baseAddress, Int32($0.count), 1)
            }
            blackHole(n)
        }
    }
    Benchmark("reorder-icu\(suffix)") { benchmark in
        for _ in benchmark.scaledIterations {
            let n = codePoints[next(texts.count)].withUnsafeBufferPointer {
                raw_icu_reorder(rawICU, $0.baseAddress, Int32($0.count), 1)
            }
            blackHole(n)
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
    reorderBenchmarks(suffix: "-long", texts: longLines, codePoints: longUTF32)

    // HarfBuzz shaping alone: each message as one run in the Arabic font, one cached font.
    Benchmark("shape") { benchmark in
        let arabic: LocaleTag = "ar"  // built once, as a caller keeps its tags
        for _ in benchmark.scaledIterations {
            let text = corpusScalars[next(corpusScalars.count)]
            let run = shaper.shape(text, range: 0..<text.count, font: arabicFont, direction: .rightToLeft, script: "Arab", language: arabic, size: 16)
            blackHole(run.glyphs.count)
        }
    }

    // Full layout at 300 px: mentions, bidi, itemization, font fallback, shaping, line breaking.
    // `layout` and `layout-long` run with a warm shaping cache: setup lays out another slice of the
    // corpus (`warmUpCorpus`, `warmUpLongLines`: the same generator, another seed), so a word hits
    // when it is frequent enough to be in both slices; `layout-cold` and `layout-long-cold` empty the
    // cache before every message, so only the words repeated inside the message hit.
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    func layoutBenchmark(_ name: String, texts: [String], warmUp: [String] = [], cold: Bool) {
        let engine = cold ? coldEngine : warmEngine
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                if cold { engine.clearShapeCaches() }
                blackHole(try engine.layout(texts[next(texts.count)], options: options).lines.count)
            }
        } setup: {
            if !cold { for text in warmUp { _ = try engine.layout(text, options: options) } }
        }
    }
    layoutBenchmark("layout", texts: corpus, warmUp: warmUpCorpus, cold: false)
    layoutBenchmark("layout-cold", texts: corpus, cold: true)
    layoutBenchmark("layout-long", texts: longLines, warmUp: warmUpLongLines, cold: false)
    layoutBenchmark("layout-long-cold", texts: longLines, cold: true)
    entityBenchmarks()

    geometryBenchmarks()
    comparisonBenchmarks()
    messageBenchmarks()
    truncationBenchmarks()
    composeBenchmarks()
    styledBenchmarks()
    corpusBenchmarks(layoutBenchmark)
    controlBenchmarks()
    renderBenchmarks()
}
