// Text segmentation against Unicode's own test files (issue #37): `LayoutEngine.boundaries(in:by:)`
// — the stages a layout uses — on every line of GraphemeBreakTest.txt, WordBreakTest.txt,
// SentenceBreakTest.txt and LineBreakTest.txt (Debian's unicode-data, Unicode 15.0). Each line's
// boundaries are the file's ÷ marks, but for the lines pinned below with their reason, so that any
// other difference fails.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SegmentationConformanceTests {
    /// One line of a break test file: its number, its text and the offsets 0 < k ≤ n marked "÷".
    struct Case {
        let line: Int
        let text: String
        let boundaries: [Int]
    }

    /// The cases of `file` (under /usr/share/unicode), numbered as the file's lines.
    static func cases(_ file: String) throws -> [Case] {
        let path = UCDFiles.directory + "/" + file
        guard let data = FileManager.default.contents(atPath: path) else { throw UCDFiles.MissingFile(path: path) }
        var cases: [Case] = []
        for (k, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            var scalars = String.UnicodeScalarView()
            var boundaries: [Int] = []
            for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                if token == "÷" {
                    if !scalars.isEmpty { boundaries.append(scalars.count) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                }
            }
            if !scalars.isEmpty { cases.append(Case(line: k + 1, text: String(scalars), boundaries: boundaries)) }
        }
        return cases
    }

    /// The lines of `file` whose boundaries by `unit` differ from the file's.
    static func differences(_ file: String, by unit: TextBoundary) throws -> (cases: Int, lines: [Int: [Int]]) {
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let cases = try Self.cases(file)
        var lines: [Int: [Int]] = [:]
        for c in cases {
            let found = try engine.boundaries(in: c.text, by: unit)
            if found != c.boundaries { lines[c.line] = found }
        }
        return (cases.count, lines)
    }

    @Test func graphemeBreakTest() throws {
        let (cases, lines) = try Self.differences("auxiliary/GraphemeBreakTest.txt", by: .grapheme)
        #expect(cases == 602)
        #expect(lines.isEmpty, "\(lines.sorted { $0.key < $1.key }.prefix(5))")
    }

    /// The word test file's lines where ICU's root rules (CLDR's) treat a colon — U+003A, U+FE55 or
    /// U+FF1A — as punctuation, where Unicode's default rules make it MidLetter ("a:A" one word):
    /// CLDR keeps that for Swedish and Finnish only. Each of them holds such a colon, and under the
    /// `sv` rules each is the file's.
    static let wordColonLines: Set<Int> = [1253, 1254, 1267, 1268, 1283, 1284, 1285, 1286, 1287, 1288, 1289, 1290, 1291, 1292, 1712]

    @Test func wordBreakTest() throws {
        let (cases, lines) = try Self.differences("auxiliary/WordBreakTest.txt", by: .word)
        #expect(cases == 1_823)
        #expect(Set(lines.keys) == Self.wordColonLines, "\(lines.keys.sorted())")
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let colons: Set<Unicode.Scalar> = [":", "\u{FE55}", "\u{FF1A}"]
        for c in try Self.cases("auxiliary/WordBreakTest.txt") where Self.wordColonLines.contains(c.line) {
            #expect(c.text.unicodeScalars.contains { colons.contains($0) }, "line \(c.line)")
            #expect(try engine.boundaries(in: c.text, by: .word, locale: "sv") == c.boundaries, "line \(c.line)")
        }
    }

    @Test func sentenceBreakTest() throws {
        let (cases, lines) = try Self.differences("auxiliary/SentenceBreakTest.txt", by: .sentence)
        #expect(cases == 502)
        #expect(lines.isEmpty, "\(lines.count): \(lines.sorted { $0.key < $1.key }.prefix(10))")
    }

    /// The line test file's lines where a mandatory break (VT, class BK) comes right before a
    /// paragraph separator (CR, LF, NEL): the file breaks between them, and layout ends the
    /// paragraph's last line at its separator instead of laying out an empty line there ("a", VT,
    /// LF is one line and the next paragraph, as a layout shows it).
    static let lineBeforeSeparatorLines: Set<Int> = [745, 797, 801]

    @Test func lineBreakTest() throws {
        let (cases, lines) = try Self.differences("auxiliary/LineBreakTest.txt", by: .line)
        #expect(cases == 7_654)
        // ICU 72's root rules against the file's number tailoring, as for LineBreakTestSource.
        let known = LineBreakTestSourceTests.knownDifferences.union(Self.lineBeforeSeparatorLines)
        #expect(Set(lines.keys) == known, "\(lines.keys.sorted())")
        for c in try Self.cases("auxiliary/LineBreakTest.txt") where Self.lineBeforeSeparatorLines.contains(c.line) {
            let scalars = Array(c.text.unicodeScalars)
            #expect(scalars.count == 2 && scalars[0] == "\u{0B}" && BidiClass(scalars[1]) == .paragraphSeparator)
        }
    }
}
