// reorder-controls: the native engine on chat messages full of explicit bidi controls (marks,
// isolates nested and unclosed, embeddings, overrides) and on the extreme texts of `controlTexts`
// (isolates past max_depth, brackets past BD16's 63, six paragraphs, a 5,000-code-point line), half
// forced RTL and half auto. Issue #18 asks for zero mallocs per reorder once warm on every such
// paragraph: its `Malloc (total)` must be 0 at p100. The warm-up (1,000 iterations) visits every
// text, so the reorderer's buffers have grown to the longest.
import Benchmark
import BenchSupport
@_spi(Tools) import BidiRender

let controlCorpus = controlTexts()

/// Registers `reorder-controls`.
func controlBenchmarks() {
    Benchmark("reorder-controls") { benchmark in
        for _ in benchmark.scaledIterations {
            let k = next(controlCorpus.count)
            reorderer.withVisualOrder(of: controlCorpus[k], direction: k % 2 == 0 ? .rightToLeft : .auto) {
                blackHole($0.count)
            }
        }
    }
}
