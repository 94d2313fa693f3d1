// `layout-entities`: the `layout` benchmark (warm shaping cache, RTL, Arabic locale, 300 px) on the
// chat corpus with a URL, an e-mail address or a phone number mixed into every message (its length
// kept), so that entity detection, isolation and the phone-number line rule are measured against
// `layout` (bench-report.py prints the ratio; the limit is 1.1).
import Benchmark
@_spi(Tools) import BidiRender

/// The corpus with one entity put in at the middle space of each message (or at its end): a URL, an
/// e-mail address or a phone number in turn. Words are taken off the message's end so that it keeps
/// its length in code points (at most), and `layout-entities` lays out as much text as `layout`. Built
/// once, outside the benchmark's closure.
let entityCorpus: [String] = corpus.enumerated().map { k, message in
    let entity: String
    switch k % 3 {
    case 0: entity = "https://example.com/c/\(k % 1000)"
    case 1: entity = "user\(k % 1000)@example.com"
    default: entity = "+966 55 \(100 + k % 900) \(1000 + k % 9000)"
    }
    let original = Array(message.unicodeScalars)
    let spaces = original.indices.filter { original[$0] == " " }
    let at = spaces.isEmpty ? original.count : spaces[spaces.count / 2]
    var scalars = original
    scalars.insert(contentsOf: (" " + entity + " ").unicodeScalars, at: at)
    // Words after the entity go from the end until the message is no longer than it was.
    let entityEnd = at + entity.unicodeScalars.count + 2
    while scalars.count > original.count, scalars.count > entityEnd {
        let cut = scalars[entityEnd...].lastIndex(of: " ") ?? entityEnd
        scalars.removeSubrange(max(cut, entityEnd)...)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
}

/// Registers `layout-entities`, and `layout-entities-plain` (the same texts, nothing isolated: the
/// cost of detection and isolation alone is the difference).
func entityBenchmarks() {
    for (name, isolate) in [("layout-entities", EntityKinds.all), ("layout-entities-plain", [])] {
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300, isolate: isolate)
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try warmEngine.layout(entityCorpus[next(entityCorpus.count)], options: options).lines.count)
            }
        } setup: {
            for text in entityCorpus { _ = try warmEngine.layout(text, options: options) }
        }
    }
}
