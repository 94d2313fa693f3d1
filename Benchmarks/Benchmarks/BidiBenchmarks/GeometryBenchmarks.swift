// The queries on a layout — a caret, a hit-test, a selection — on corpus messages laid out once
// (RTL at 300 px) before the benchmarks run. Each sample queries the next message's layout at a
// place of its middle; the bound is 1 µs (p50) for each.
import Benchmark
@_spi(Tools) import BidiRender
import BenchCorpus

/// 1,000 corpus messages laid out as the layout benchmark lays them out, and the queries' places
/// (apart, so that a sample reads a layout in place instead of copying a tuple that holds it).
let geometryLayouts: [Layout] = {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    return corpus.prefix(1_000).map { try! warmEngine.layout($0, options: options) }
}()
let geometryPlaces: [(offset: Int, x: Double, y: Double)] = geometryLayouts.map { layout in
    let line = layout.lines[layout.lines.count / 2]
    return (layout.graphemes.count / 2, line.x + line.width / 2, line.top + line.height / 2)
}

// Each query takes its layout borrowed in place: an element read out of an array is otherwise
// copied, a retain per array it holds, which a caller holding its layout does not pay.
@inline(never) func caretQuery(_ layout: borrowing Layout, _ offset: Int) throws -> Double {
    try layout.caret(at: offset).primary.x
}
@inline(never) func hitTestQuery(_ layout: borrowing Layout, _ x: Double, _ y: Double) throws -> Int {
    try layout.offset(atX: x, y: y).offset
}
/// A selection over the middle half of the message (often two lines, several rectangles).
@inline(never) func selectionQuery(_ layout: borrowing Layout) throws -> Int {
    let n = layout.graphemes.count
    return try layout.selectionRects(for: (n / 4)..<(3 * n / 4)).count
}

func geometryBenchmarks() {
    Benchmark("caret") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            blackHole(try caretQuery(geometryLayouts[i], geometryPlaces[i].offset))
        }
    } setup: {
        blackHole(geometryPlaces.count)
    }
    Benchmark("hit-test") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            blackHole(try hitTestQuery(geometryLayouts[i], geometryPlaces[i].x, geometryPlaces[i].y))
        }
    } setup: {
        blackHole(geometryPlaces.count)
    }
    Benchmark("selection") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(geometryLayouts.count)
            blackHole(try selectionQuery(geometryLayouts[i]))
        }
    } setup: {
        blackHole(geometryPlaces.count)
    }
}
