// The reorder benchmarks: the library's hot path against FriBidi's raw C API on the same chat corpus,
// forced RTL, each message as one line. Each iteration is one message; the corpus is cycled.
import Benchmark
import BidiRender
import ChatCorpus
import RawFriBidi

let corpus = ChatCorpus.messages()
let corpusUTF32 = corpus.map { $0.unicodeScalars.map(\.value) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .instructions],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .one,
        maxDuration: .seconds(5),
        maxIterations: 200_000
    )

    Benchmark("reorder") { benchmark in
        let reorderer = BidiReorderer()
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            reorderer.withVisualOrder(of: corpus[index], direction: .rightToLeft) { blackHole($0.count) }
            index = index == corpus.count - 1 ? 0 : index + 1
        }
    }

    Benchmark("reorder-fribidi-c") { benchmark in
        let raw = raw_fribidi_create(4_096)
        defer { raw_fribidi_destroy(raw) }
        var index = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let n = corpusUTF32[index].withUnsafeBufferPointer {
                raw_fribidi_reorder(raw, $0.baseAddress, Int32($0.count), 1)
            }
            blackHole(n)
            index = index == corpus.count - 1 ? 0 : index + 1
        }
    }
}
