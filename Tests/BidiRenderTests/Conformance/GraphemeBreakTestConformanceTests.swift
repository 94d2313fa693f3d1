// UAX #29's grapheme clusters against Unicode's own test file, GraphemeBreakTest.txt (Debian's
// unicode-data, Unicode 15.0), through the layout (issue #37): the grapheme boundaries a layout's
// queries use (carets, selection, movement, truncation) are the file's ÷ marks, on every line.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct GraphemeBreakTestConformanceTests {
    @Test func everyLineOfTheFile() throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        var cases = 0
        var failures: [String] = []
        for line in try UCDFiles.dataLines("auxiliary/GraphemeBreakTest.txt") {
            let tokens = line.split(separator: " ")
            var scalars: [Unicode.Scalar] = []
            var expected: [Int] = []
            for token in tokens {
                if token == "÷" {
                    expected.append(scalars.count)
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                }
            }
            guard !scalars.isEmpty else { continue }
            cases += 1
            let layout = try engine.layout(String(String.UnicodeScalarView(scalars)), options: LayoutOptions(direction: .leftToRight))
            let found = (0...scalars.count).filter { layout.graphemes.isBoundary($0) }
            if found != expected { failures.append("\(line): \(found)") }
        }
        #expect(cases == 602)
        #expect(failures.isEmpty, "\(failures.count) lines differ: \(failures.prefix(5))")
    }
}

@Suite struct GB11Tests {
    /// GB11 joins a pictograph after "pictograph (Extend*) ZWJ" into one cluster, for the
    /// pictographs the standard library's recognizer misses too ("★", "✁", "☀" without U+FE0F), with
    /// marks before the ZWJ; a letter before the ZWJ, or a letter after it, still breaks (GB999).
    @Test(arguments: [
        ("😀\u{200D}★", [0, 3]), ("✁\u{200D}✁", [0, 3]), ("★\u{FE0F}\u{200D}☀", [0, 4]),
        ("★\u{301}\u{200D}★\u{200D}✁", [0, 6]), ("a\u{200D}★", [0, 2, 3]), ("★\u{200D}a", [0, 2, 3]),
        ("x★\u{200D}★y", [0, 1, 4, 5]),
    ])
    func pictographsJoin(text: String, boundaries: [Int]) {
        let scalars = Array(text.unicodeScalars)
        let starts = TextBuffer.graphemeStarts(scalars)
        #expect((0...scalars.count).filter { $0 == scalars.count || starts[$0] } == boundaries)
    }
}
