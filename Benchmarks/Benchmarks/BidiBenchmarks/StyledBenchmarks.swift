// Styled layout benchmark: `layout-styled` lays the corpus out as `layout` does (RTL, Arabic locale,
// 300 px, a warm shaping cache), each message with two spans: a link colour over its first @-mention
// (or its first word when it has none) and bold over its first six code points. The colour cuts runs
// only when lines are built; the bold span changes the font of its stretch. It must stay within 1.2×
// `layout` (the ratio layout-styled/layout that scripts/bench-report.py prints).
import Benchmark
import BidiRender

/// Each corpus message's spans: a coloured mention (or first word) and a bold start.
let styledSpans: [[TextSpan]] = corpus.map { text in
    let scalars = Array(text.unicodeScalars)
    let at = scalars.firstIndex(of: "@") ?? 0
    var end = at + 1
    while end < scalars.count, scalars[end] != " " { end += 1 }
    var mention = TextSpan(range: at..<end)
    mention.color = RGBAColor(red: 0x1a, green: 0x73, blue: 0xe8)
    return [mention, TextSpan(range: 0..<min(6, scalars.count), weight: .bold)]
}

func styledBenchmarks() {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    Benchmark("layout-styled") { benchmark in
        for _ in benchmark.scaledIterations {
            let k = next(corpus.count)
            blackHole(try warmEngine.layout(corpus[k], spans: styledSpans[k], options: options).lines.count)
        }
    } setup: {
        for (k, text) in corpus.enumerated() { _ = try warmEngine.layout(text, spans: styledSpans[k], options: options) }
    }
}
