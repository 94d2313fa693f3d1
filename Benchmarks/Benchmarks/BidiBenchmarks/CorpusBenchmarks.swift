// The corpus benchmarks of issue #18. The headline benchmarks run on the real-vocabulary corpus
// (ChatCorpus.realMessages); the `-synthetic` variants here run some of them on the original corpus
// (ChatCorpus.messages, about 80 distinct words, no explicit bidi controls), to compare with the
// figures from before #18. `reorder-all` says whether every paragraph of the real corpus reorders
// without a malloc once warm.
import Benchmark
@_spi(Tools) import BidiRender
import BenchCorpus

let syntheticCorpus = ChatCorpus.messages()
let syntheticUTF32 = utf32(syntheticCorpus)
/// Another slice of the synthetic corpus for the warm `layout-synthetic` to warm its cache on (with
/// ~80 words, every word of the measured slice is in it).
let syntheticWarmUp = ChatCorpus.messages(seed: 0x5EED_0018)

// reorder-all's own reorderer and position: warmed on the whole corpus in setup, then every sample
// takes the next message, from the first.
nonisolated(unsafe) let allReorderer = BidiReorderer(engine: .native)
nonisolated(unsafe) var allCursor = 0

/// Registers reorder-all and the `-synthetic` variants of reorder, reorder-icu (with the two FriBidi
/// baselines reorderBenchmarks registers beside them), layout, layout-cold and layout-pango.
/// `layoutBenchmark` is BidiBenchmarks.swift's (name, texts, warm-up texts, cold).
func corpusBenchmarks(_ layoutBenchmark: (String, [String], [String], Bool) -> Void) {
    reorderBenchmarks(suffix: "-synthetic", texts: syntheticCorpus, codePoints: syntheticUTF32)
    layoutBenchmark("layout-synthetic", syntheticCorpus, syntheticWarmUp, false)
    layoutBenchmark("layout-cold-synthetic", syntheticCorpus, [], true)
    comparisonBenchmarks(suffix: "-synthetic", utf8: utf8(syntheticCorpus), utf32: syntheticUTF32, configuration: .init(), raqm: false)

    // `reorder` (forced RTL, the native engine), but one sample per message of the whole corpus,
    // each after setup has reordered every message once: its `Malloc (total)` p100 is 0 when no
    // paragraph of the corpus allocates once the reorderer is warm.
    let all = Benchmark.Configuration(warmupIterations: 0, maxDuration: .seconds(20), maxIterations: corpus.count)
    Benchmark("reorder-all", configuration: all) { benchmark in
        for _ in benchmark.scaledIterations {
            let text = corpus[allCursor % corpus.count]
            allCursor += 1
            allReorderer.withVisualOrder(of: text, direction: .rightToLeft) { blackHole($0.count) }
        }
    } setup: {
        for text in corpus { allReorderer.withVisualOrder(of: text, direction: .rightToLeft) { blackHole($0.count) } }
        allCursor = 0
    }
}
