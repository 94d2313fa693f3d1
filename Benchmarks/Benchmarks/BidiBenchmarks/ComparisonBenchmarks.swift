// The comparison baselines for the layout benchmark, in C in the same binary: Pango (pangoft2), a full
// layout at 300 px like ours, and libraqm, bidi, itemization and shaping of each message as one line
// (raqm breaks no lines). Both run forced RTL at 16 px on BidiRender's own regular fonts, read from the
// repository's Fonts/ folder, on the chat corpus and on the long lines. As in BidiBenchmarks.swift,
// each sample is one text, and the C objects are created once, outside the closures.
import Benchmark
import Foundation
import RawPango
import RawRaqm

/// The repository's Fonts/ folder: this file is Benchmarks/Benchmarks/BidiBenchmarks/ in the repository.
let fontsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts").path

func utf8(_ texts: [String]) -> [[CChar]] { texts.map { $0.utf8.map { CChar(bitPattern: $0) } } }
let corpusUTF8 = utf8(corpus)
let longUTF8 = utf8(longLines)

// Warm, reused state, like the other baselines'.
nonisolated(unsafe) let rawPango: OpaquePointer = {
    guard let p = raw_pango_create(fontsDirectory, 300, 16) else { fatalError("raw_pango_create failed on \(fontsDirectory)") }
    return p
}()
nonisolated(unsafe) let rawRaqm: OpaquePointer = {
    guard let r = raw_raqm_create(fontsDirectory, 16) else { fatalError("raw_raqm_create failed on \(fontsDirectory)") }
    return r
}()

/// Registers the Pango and raqm benchmarks for one set of texts (UTF-8 for Pango, UTF-32 for raqm).
func comparisonBenchmarks(suffix: String, utf8: [[CChar]], utf32: [[UInt32]], configuration: Benchmark.Configuration, raqm: Bool = true) {
    Benchmark("layout-pango\(suffix)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let lines = utf8[next(utf8.count)].withUnsafeBufferPointer {
                raw_pango_layout(rawPango, $0.baseAddress, Int32($0.count))
            }
            precondition(lines >= 0, "raw_pango_layout failed")
            blackHole(lines)
        }
    }
    guard raqm else { return }
    Benchmark("layout-raqm\(suffix)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let glyphs = utf32[next(utf32.count)].withUnsafeBufferPointer {
                raw_raqm_layout(rawRaqm, $0.baseAddress, Int32($0.count))
            }
            precondition(glyphs >= 0, "raw_raqm_layout failed")
            blackHole(glyphs)
        }
    }
}

/// Registers layout-pango, layout-raqm, layout-pango-long and layout-raqm-long.
func comparisonBenchmarks() {
    comparisonBenchmarks(suffix: "", utf8: corpusUTF8, utf32: corpusUTF32, configuration: .init())
    // A long line takes milliseconds: warm up on the 100 lines once, not on 1,000 of them.
    comparisonBenchmarks(suffix: "-long", utf8: longUTF8, utf32: longUTF32, configuration: .init(warmupIterations: longUTF32.count))
}
