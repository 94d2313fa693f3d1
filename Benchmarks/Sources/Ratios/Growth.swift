// Growth: `Ratios growth`, the time of each hostile input shape at n and 2n units and their ratio
// (about 2 when the time is linear in the input, about 4 when it is quadratic): the benchmark side of
// the growth tests in Tests/BidiRenderTests/Reliability/GrowthTests.swift.
@_spi(Tools) import BidiRender
import Foundation

/// One hostile shape: its text for n units, and the operation timed on it.
struct GrowthCase {
    let name: String
    let units: Int
    let text: (Int) -> String
    let run: (String) -> Int
}

/// The engines of the growth cases: the embedded fonts alone, and with fontconfig's system fonts
/// (the emoji tag case needs a colour emoji font from the system).
let growthEngine = LayoutEngine(registry: registry)
let growthSystemEngine = LayoutEngine(registry: try! FontRegistry.embedded(in: fontsDirectory, systemFallback: true))

/// An emoji tag sequence per index: 🏴, five tag letters that differ from one sequence to the next,
/// the cancel tag.
func emojiTagSequences(_ n: Int) -> String {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(n * 7)
    for i in 0..<n {
        scalars.append("\u{1F3F4}")
        var k = i
        for _ in 0..<5 {
            scalars.append(Unicode.Scalar(0xE0061 + UInt32(k % 26))!)
            k /= 26
        }
        scalars.append("\u{E007F}")
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
}

nonisolated(unsafe) let growthCases: [GrowthCase] = {
    let narrow = LayoutOptions(direction: .leftToRight, size: 16, maxWidth: 100)
    let plain = LayoutOptions(direction: .leftToRight, size: 16)
    let fribidi = LayoutOptions(direction: .leftToRight, size: 16, bidiEngine: .fribidi)
    func layout(_ engine: LayoutEngine, _ options: LayoutOptions) -> (String) -> Int {
        { text in (try? engine.layout(text, options: options))?.lines.count ?? -1 }
    }
    return [
        GrowthCase(name: "words at 100 px", units: 60_000, text: { String(repeating: "ab ", count: $0) }, run: layout(growthEngine, narrow)),
        GrowthCase(name: "CJK at 100 px", units: 60_000, text: { String(repeating: "汉字", count: $0) }, run: layout(growthEngine, narrow)),
        GrowthCase(
            name: "intrinsic widths", units: 60_000, text: { String(repeating: "ab ", count: $0) },
            run: { text in Int((try? growthEngine.intrinsicWidths(text, options: plain))?.min ?? -1) }),
        GrowthCase(
            name: "fribidi isolates", units: 20_000, text: { String(repeating: "\u{2066}\u{2069}", count: $0) },
            run: layout(growthEngine, fribidi)),
        GrowthCase(name: "emoji tags, system fonts", units: 2_000, text: emojiTagSequences, run: layout(growthSystemEngine, plain)),
        GrowthCase(
            name: "marks on one base", units: 100_000, text: { "a" + String(repeating: "\u{301}", count: $0) },
            run: layout(growthEngine, narrow)),
        GrowthCase(
            name: "Arabic with harakat at 100 px", units: 30_000, text: { String(repeating: "بِسْمِ ", count: $0) },
            run: layout(growthEngine, narrow)),
    ]
}()

/// The least of three timed runs of `growthCase` on `text`, in seconds.
func growthTime(_ growthCase: GrowthCase, _ text: String) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        let t0 = now()
        kept &+= growthCase.run(text)
        best = min(best, Double(now() - t0) / 1e9)
    }
    return best
}

/// Prints each case's time at n and 2n units and their ratio.
func measureGrowth(_ names: [String]) {
    for growthCase in growthCases where names.isEmpty || names.contains(growthCase.name) {
        let small = growthCase.text(growthCase.units)
        let large = growthCase.text(2 * growthCase.units)
        let t1 = growthTime(growthCase, small)
        let t2 = growthTime(growthCase, large)
        print(
            String(
                format: "growth %@: %d code points %.3f s, %d code points %.3f s, ratio %.2f", growthCase.name,
                small.unicodeScalars.count, t1, large.unicodeScalars.count, t2, t2 / t1))
    }
}
