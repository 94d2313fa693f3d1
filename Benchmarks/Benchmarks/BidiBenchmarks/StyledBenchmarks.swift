// Styled layout benchmark: `layout-styled` lays the corpus out as `layout` does (RTL, Arabic locale,
// 300 px, a shaping cache warmed on another slice of the corpus), each message with two spans: a link colour over its first @-mention
// (or its first word when it has none) and bold over its first six code points. The colour cuts runs
// only when lines are built; the bold span changes the font of its stretch. It must stay within 1.2×
// `layout` (the ratio layout-styled/layout that scripts/bench-report.py prints).
import Benchmark
@_spi(Tools) import BidiRender
import BenchSupport

/// Each corpus message's spans: a coloured mention (or first word) and a bold start.
let styledSpans: [[TextSpan]] = corpus.map(styledSpans(for:))

func styledBenchmarks() {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    Benchmark("layout-styled") { benchmark in
        for _ in benchmark.scaledIterations {
            let k = next(corpus.count)
            blackHole(try warmEngine.layout(corpus[k], spans: styledSpans[k], options: options).lines.count)
        }
    } setup: {
        // Warmed on another slice of the corpus, as `layout` is.
        for text in warmUpCorpus { _ = try warmEngine.layout(text, spans: BenchSupport.styledSpans(for: text), options: options) }
    }
}
