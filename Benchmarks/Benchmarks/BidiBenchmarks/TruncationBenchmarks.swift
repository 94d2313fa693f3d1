// Truncation benchmark: `layout-maxlines2` lays the corpus out as `layout` does (RTL, Arabic locale,
// 300 px, a shaping cache warmed on another slice of the corpus), at most two lines a message. At 300 px most messages wrap and more
// than half need over two lines, so the truncation stage runs on most samples; the layout stops at
// the second line, so it must be no slower than `layout` (the ratio layout-maxlines2/layout that
// scripts/bench-report.py prints).
import Benchmark
@_spi(Tools) import BidiRender

func truncationBenchmarks() {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300, maxLines: 2)
    Benchmark("layout-maxlines2") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try warmEngine.layout(corpus[next(corpus.count)], options: options).lines.count)
        }
    } setup: {
        for text in warmUpCorpus { _ = try warmEngine.layout(text, options: options) }
    }
}
