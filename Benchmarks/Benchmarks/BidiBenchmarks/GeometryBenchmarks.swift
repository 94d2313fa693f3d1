// The queries on a layout — a caret, a hit-test, a selection — on corpus messages laid out once
// (RTL at 300 px) before the benchmarks run. Each sample queries the next message's layout at a
// place of its middle; the bound is 1 µs (p50) for each.
import Benchmark
import BidiRender
import BenchCorpus

/// 1,000 corpus messages laid out as the layout benchmark lays them out, with the queries' places.
let geometryLayouts: [(layout: Layout, offset: Int, x: Double, y: Double)] = {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    return corpus.prefix(1_000).map { text in
        let layout = try! warmEngine.layout(text, options: options)
        let line = layout.lines[layout.lines.count / 2]
        return (layout, layout.graphemes.count / 2, line.x + line.width / 2, line.top + line.height / 2)
    }
}()

func geometryBenchmarks() {
    Benchmark("caret") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            blackHole(try geometryLayouts[i].layout.caret(at: geometryLayouts[i].offset).primary.x)
        }
    } setup: {
        blackHole(geometryLayouts.count)
    }
    Benchmark("hit-test") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            blackHole(try geometryLayouts[i].layout.offset(atX: geometryLayouts[i].x, y: geometryLayouts[i].y).offset)
        }
    } setup: {
        blackHole(geometryLayouts.count)
    }
    // A selection over the middle half of the message (often two lines, several rectangles).
    Benchmark("selection") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            let n = geometryLayouts[i].layout.graphemes.count
            blackHole(try geometryLayouts[i].layout.selectionRects(for: (n / 4)..<(3 * n / 4)).count)
        }
    } setup: {
        blackHole(geometryLayouts.count)
    }
}
