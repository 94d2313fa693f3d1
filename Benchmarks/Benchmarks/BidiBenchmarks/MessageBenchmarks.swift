// The localized-message benchmark: one catalog message with two arguments ("sent": a text name,
// isolated, and a plural count) formatted for ar-EG by ICU's MessageFormat. The catalog is the
// repository's example (Examples/catalog), read once outside the closure; its compiled pattern is
// cached after the first sample, so a sample is the lookup, the isolation and ICU's format.
import Benchmark
@_spi(Tools) import BidiRender
import Foundation

func messageBenchmarks() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let catalog = try! MessageCatalog(directory: root.appendingPathComponent("Examples/catalog").path)
    let locale = LocaleTag("ar-EG")
    let names: [MessageArgument] = ["小明", "@محمد", "iPhone 15", "Lina"]
    Benchmark("format") { benchmark in
        for _ in benchmark.scaledIterations {
            let i = next(names.count)
            let message = try catalog.format("sent", locale: locale, arguments: ["name": names[i], "count": .number(Double(i * 7))])
            blackHole(message.text.utf8.count)
        }
    }
}
