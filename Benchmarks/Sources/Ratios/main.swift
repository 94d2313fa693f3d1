// Ratios: make bench's target ratios, each measured interleaved so that the machine's noise moves
// both sides alike. For a pair (ours, baseline), every round times a block of items of ours and then
// the same items of the baseline (the order alternates from round to round), and the ratio of the
// two per-item times is that round's ratio. It prints the median of the rounds' ratios with their
// spread (the middle half and the extremes).
//
//   Ratios                 every pair (about two minutes)
//   Ratios pairs NAME…     the pairs named (e.g. layout/layout-pango)
//   Ratios count OP N      prepares OP, runs it on 2,000 items (warm-up), then on N more items, for
//                          `valgrind --tool=callgrind` (scripts/bench-report.py runs it at two N and
//                          takes the difference, so set-up and warm-up cancel out)
//   Ratios jsonl-layout N  the library's side of `cli-jsonl/layout`: the first N measured messages
//                          (the corpus CorpusDump writes for `layout --jsonl`) laid out in order by
//                          one new engine, as the CLI's one job does; prints µs per message
//   Ratios growth [NAME…]  each hostile input shape (Growth.swift) timed at n and 2n units, with the
//                          ratio (about 2 when linear, 4 when quadratic)
@_spi(Tools) import BidiRender
import Foundation

/// A ratio to measure: `ours` over `baseline`, per item (or per code point), with items per round.
struct Pair {
    let ours: String
    let baseline: String
    let oursBlock: Int
    let baselineBlock: Int
    var rounds = 31
    var perCodePoint = false
    var name: String { "\(ours)/\(baseline)" }
}

let pairs: [Pair] = [
    Pair(ours: "reorder", baseline: "reorder-icu", oursBlock: 2_000, baselineBlock: 2_000),
    Pair(ours: "reorder", baseline: "reorder-fribidi-c", oursBlock: 2_000, baselineBlock: 2_000),
    Pair(ours: "layout-cold", baseline: "shape", oursBlock: 200, baselineBlock: 200),
    // 31 rounds of 300 messages: each of the 10,000 messages is laid out once by the warm engine,
    // so its cache holds the other slice's words and those seen earlier in this stream only.
    Pair(ours: "layout", baseline: "layout-pango", oursBlock: 300, baselineBlock: 100),
    Pair(ours: "layout-hit", baseline: "layout-pango", oursBlock: 300, baselineBlock: 100),
    Pair(ours: "render", baseline: "render-pango-cairo", oursBlock: 100, baselineBlock: 100),
    Pair(ours: "render-png", baseline: "render-pango-cairo-png", oursBlock: 50, baselineBlock: 50),
    Pair(ours: "caret", baseline: "layout", oursBlock: 4_000, baselineBlock: 200),
    Pair(ours: "hit-test", baseline: "layout", oursBlock: 4_000, baselineBlock: 200),
    Pair(ours: "selection", baseline: "layout", oursBlock: 4_000, baselineBlock: 200),
    Pair(ours: "layout-long", baseline: "layout", oursBlock: 2, baselineBlock: 300, rounds: 21, perCodePoint: true),
    Pair(ours: "bubble", baseline: "layout", oursBlock: 100, baselineBlock: 300),
    Pair(ours: "prepared-layout", baseline: "layout", oursBlock: 300, baselineBlock: 300),
    Pair(ours: "preview", baseline: "preview-layout", oursBlock: 100, baselineBlock: 100),
    Pair(ours: "layout-guard", baseline: "layout-unguarded", oursBlock: 300, baselineBlock: 300),
    Pair(ours: "layout-short", baseline: "layout-pango-short", oursBlock: 1_000, baselineBlock: 500),
]

/// Where the results go, so that the optimizer keeps the work.
nonisolated(unsafe) var kept = 0

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `workload` on items start..<start+count; returns ns per item (or per code point).
@inline(never)
func time(_ workload: Workload, start: Int, count: Int, perCodePoint: Bool, sink: inout Int) -> Double {
    var codePoints = 0
    if perCodePoint { for i in start..<(start + count) { codePoints += workload.codePoints(i) } }
    let t0 = now()
    for i in start..<(start + count) { sink &+= workload.run(i) }
    let elapsed = Double(now() - t0)
    return elapsed / Double(perCodePoint ? codePoints : count)
}

func quantile(_ sorted: [Double], _ q: Double) -> Double {
    let position = q * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(sorted.count - 1, low + 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
}

func measure(_ pair: Pair) {
    guard let ours = workloads[pair.ours], let baseline = workloads[pair.baseline] else {
        print("ratios: no workload \(pair.ours) or \(pair.baseline)")
        exit(2)
    }
    ours.prepare()
    baseline.prepare()
    var sink = 0
    // One unmeasured round of each side.
    _ = time(ours, start: 0, count: pair.oursBlock, perCodePoint: pair.perCodePoint, sink: &sink)
    _ = time(baseline, start: 0, count: pair.baselineBlock, perCodePoint: pair.perCodePoint, sink: &sink)
    var ratios: [Double] = []
    var oursTimes: [Double] = []
    var baselineTimes: [Double] = []
    for round in 0..<pair.rounds {
        let oursStart = (round + 1) * pair.oursBlock
        let baselineStart = (round + 1) * pair.baselineBlock
        var a = 0.0
        var b = 0.0
        if round % 2 == 0 {
            a = time(ours, start: oursStart, count: pair.oursBlock, perCodePoint: pair.perCodePoint, sink: &sink)
            b = time(baseline, start: baselineStart, count: pair.baselineBlock, perCodePoint: pair.perCodePoint, sink: &sink)
        } else {
            b = time(baseline, start: baselineStart, count: pair.baselineBlock, perCodePoint: pair.perCodePoint, sink: &sink)
            a = time(ours, start: oursStart, count: pair.oursBlock, perCodePoint: pair.perCodePoint, sink: &sink)
        }
        ratios.append(a / b)
        oursTimes.append(a)
        baselineTimes.append(b)
    }
    ratios.sort()
    oursTimes.sort()
    baselineTimes.sort()
    let unit = pair.perCodePoint ? "ns per code point" : "µs per item"
    let scale = pair.perCodePoint ? 1.0 : 1e-3
    print(
        String(
            format: "interleaved %@: %.3f (middle half %.3f–%.3f, all %.3f–%.3f; %d rounds; median %.2f vs %.2f %@)",
            pair.name, quantile(ratios, 0.5), quantile(ratios, 0.25), quantile(ratios, 0.75), ratios.first!, ratios.last!,
            pair.rounds, quantile(oursTimes, 0.5) * scale, quantile(baselineTimes, 0.5) * scale, unit))
    kept &+= sink
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "count":
    guard arguments.count == 3, let workload = workloads[arguments[1]], let n = Int(arguments[2]) else {
        print("usage: Ratios count OP N (OP one of \(workloads.keys.sorted().joined(separator: ", ")))")
        exit(2)
    }
    itemsUsed = 4_000  // the same for every N, so that preparing cancels out between two counts
    workload.prepare()
    var sink = 0
    for i in 0..<2_000 { sink &+= workload.run(i) }
    for i in 2_000..<(2_000 + n) { sink &+= workload.run(i) }
    print("count \(arguments[1]) \(n): checksum \(sink)")
case "pairs":
    for name in arguments.dropFirst() {
        guard let pair = pairs.first(where: { $0.name == name }) else {
            print("ratios: no pair \(name) (pairs: \(pairs.map(\.name).joined(separator: ", ")))")
            exit(2)
        }
        measure(pair)
    }
case "cache":
    // The shaping cache's hit rate on the measured messages, pass by pass, after warming on the other
    // slice, for each bound given (in words): what the warm `layout` figures rest on.
    for entries in arguments.dropFirst().compactMap({ Int($0) }) {
        let engine = LayoutEngine(registry: registry, shapeCacheEntries: entries)
        for text in warmSlice { _ = try! engine.layout(text, options: options) }
        var last = engine.shapeCacheStatistics
        for pass in 1...3 {
            for text in measured { _ = try! engine.layout(text, options: options) }
            let now = engine.shapeCacheStatistics
            let hits = now.hits - last.hits, misses = now.misses - last.misses
            print(String(
                format: "cache %d words, pass %d: hit rate %.3f (%d misses), %d resets, %d entries, %.1f MB",
                entries, pass, Double(hits) / Double(max(1, hits + misses)), misses, now.resets - last.resets,
                now.entries, Double(now.bytes) / 1_048_576))
            last = now
        }
    }
case "jsonl-layout":
    guard arguments.count == 2, let n = Int(arguments[1]), n > 0 else {
        print("usage: Ratios jsonl-layout N")
        exit(2)
    }
    // The CLI reads the fonts and builds its engine once per run; so does this, outside the timing.
    let engine = LayoutEngine(registry: try! FontRegistry.embedded(in: fontsDirectory, systemFallback: false))
    let texts = Array(measured.prefix(n))
    var sink = 0
    let t0 = now()
    for text in texts { sink &+= try! engine.layout(text, options: options).lines.count }
    let elapsed = Double(now() - t0)
    print(String(format: "jsonl-layout %d messages: %.2f µs per message (checksum %d)", texts.count, elapsed / 1e3 / Double(texts.count), sink))
case "growth":
    measureGrowth(Array(arguments.dropFirst()))
case nil:
    for pair in pairs { measure(pair) }
default:
    print("usage: Ratios [pairs NAME…] | Ratios count OP N | Ratios cache WORDS… | Ratios jsonl-layout N | Ratios growth [NAME…]")
    exit(2)
}
