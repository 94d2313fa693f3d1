// `layout-entities`: the `layout` benchmark (warm shaping cache, RTL, Arabic locale, 300 px) on the
// chat corpus with a URL, an e-mail address or a phone number mixed into every message, so that
// entity detection, isolation and the phone-number line rule are measured against `layout`
// (bench-report.py prints the ratio; the limit is 1.1).
import Benchmark
import BidiRender

/// The corpus with one entity inserted at the middle space of each message (or at its end): a URL,
/// an e-mail address or a phone number in turn. Built once, outside the benchmark's closure.
let entityCorpus: [String] = corpus.enumerated().map { k, message in
    let entity: String
    switch k % 3 {
    case 0: entity = "https://example.com/chat/\(k)?ref=bidi"
    case 1: entity = "user\(k)@example.com"
    default: entity = "+966 55 \(100 + k % 900) \(1000 + k % 9000)"
    }
    var scalars = Array(message.unicodeScalars)
    let spaces = scalars.indices.filter { scalars[$0] == " " }
    let at = spaces.isEmpty ? scalars.count : spaces[spaces.count / 2]
    scalars.insert(contentsOf: (" " + entity + " ").unicodeScalars, at: at)
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
}

/// Registers `layout-entities`.
func entityBenchmarks() {
    let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)
    Benchmark("layout-entities") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try warmEngine.layout(entityCorpus[next(entityCorpus.count)], options: options).lines.count)
        }
    } setup: {
        for text in entityCorpus { _ = try warmEngine.layout(text, options: options) }
    }
}
