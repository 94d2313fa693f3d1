// `Soak reorder native|fribidi|icu N [long|controls]`: reorders the chat corpus (or its long lines,
// or the texts full of bidi controls of `reorder-controls`) N times forced RTL as the `reorder`,
// `reorder-engine-fribidi` and `reorder-icu` benchmarks do, after one warm-up pass, for a profiler
// (`valgrind --tool=callgrind`: run N and 2N and take the difference over N for the instructions of
// one reorder without the setup).
@_spi(Tools) import BidiRender
import BenchCorpus
import BenchSupport
import RawICU

/// Runs the reorder soak with the arguments after `reorder`, and prints a checksum.
func reorderSoak(_ args: [String]) {
    let engine = args.first ?? "native"
    let n = args.count > 1 ? Int(args[1]) ?? 100_000 : 100_000
    let set = args.count > 2 ? args[2] : ""
    let texts = set == "long" ? ChatCorpus.longLines() : set == "controls" ? controlTexts() : ChatCorpus.messages()
    var sink = 0
    switch engine {
    case "icu":
        let codePoints = texts.map { $0.unicodeScalars.map(\.value) }
        let raw = raw_icu_create(Int32(codePoints.map(\.count).max()! + 16))
        defer { raw_icu_destroy(raw) }
        func run(_ k: Int) {
            sink &+= Int(codePoints[k % codePoints.count].withUnsafeBufferPointer {
                raw_icu_reorder(raw, $0.baseAddress, Int32($0.count), 1)
            })
        }
        for k in 0..<texts.count { run(k) }
        for k in 0..<n { run(k) }
    default:
        let reorderer = BidiReorderer(engine: engine == "fribidi" ? .fribidi : .native)
        for text in texts { reorderer.withVisualOrder(of: text, direction: .rightToLeft) { sink &+= $0.count } }
        for k in 0..<n {
            reorderer.withVisualOrder(of: texts[k % texts.count], direction: .rightToLeft) { sink &+= $0.count }
        }
    }
    print("reorder \(engine): \(n) (checksum \(sink))")
}
