// Another BreakOpportunitySource against ICU's: a test-only source that answers from Unicode's
// LineBreakTest.txt (Debian's unicode-data, the Unicode 15.0 file ICU 72 implements). On every case of
// the file but 22 pinned ones, ICU's opportunities are the file's, and LineBreaker fills the same lines
// from either source.
import Testing
@_spi(Tools) @testable import BidiRender

/// Break opportunities read from LineBreakTest.txt: a source that knows only the file's texts.
struct LineBreakTestSource: BreakOpportunitySource {
    /// One case: its code points and, per code point, whether the file allows a break before it
    /// ("÷") or not ("×"). The file does not tell a mandatory break from an allowed one.
    struct Case {
        let line: Int
        let codePoints: [UInt32]
        let breaks: [UInt8]
    }

    let cases: [Case]
    private let index: [[UInt32]: Int]

    init() throws {
        var cases: [Case] = []
        for (k, raw) in try UCDFiles.rawLines("auxiliary/LineBreakTest.txt").enumerated() {
            let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var codePoints: [UInt32] = []
            var breaks: [UInt8] = []
            // Marks and code points alternate: × 0023 ÷ 0020 ÷ (the last mark is after the text).
            for t in stride(from: 1, to: tokens.count, by: 2) {
                codePoints.append(UInt32(tokens[t], radix: 16)!)
                breaks.append(tokens[t - 1] == "÷" ? BreakOpportunity.allowed : BreakOpportunity.none)
            }
            cases.append(Case(line: k + 1, codePoints: codePoints, breaks: breaks))
        }
        self.cases = cases
        index = Dictionary(cases.enumerated().map { ($1.codePoints, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func opportunities(
        for paragraph: UnsafeBufferPointer<UInt32>, locale: LocaleTag, into breaks: inout [UInt8]
    ) -> Bool {
        guard let k = index[Array(paragraph)] else { return false }
        breaks = cases[k].breaks
        return true
    }
}

@Suite struct LineBreakTestSourceTests {
    /// The cases where ICU 72's root rules depart from the file, which follows UAX #14's Example 7
    /// tailoring of numbers: a text-initial hyphen before an AL character (number sign, section sign,
    /// U+50005, a Thai letter: the file breaks after "-", ICU does not), a text-initial "," before a
    /// digit (the same), and the full-stop-then-digit cases ("a.2 ", "equals .35 cents") at the end of
    /// the file. Pinned by line, so that any other difference fails.
    static let knownDifferences: Set<Int> = [
        2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431, 2873, 2875,
        7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587,
    ]

    /// The lines LineBreaker fills from `breaks` when every code point is 1 px wide and a grapheme of
    /// its own, at `width`.
    static func lines(_ breaks: [UInt8], width: Double?) -> [Range<Int>] {
        let starts = [Bool](repeating: true, count: breaks.count)
        return starts.withUnsafeBufferPointer { graphemeStarts in
            LineBreaker.fill(
                range: 0..<breaks.count, maxWidth: width, breaks: breaks, graphemeStarts: graphemeStarts,
                isHangingSpace: { _ in false }, estimate: { Double($1 - $0) }, measure: { Double($1 - $0) })
        }
    }

    @Test func icuGivesLineBreakTestBreaks() throws {
        let file = try LineBreakTestSource()
        var icu: any BreakOpportunitySource = ICUBreakOpportunities()
        #expect(file.cases.count > 7_000)
        var failures: [String] = []
        for testCase in file.cases {
            var fromFile: [UInt8] = []
            var fromICU: [UInt8] = []
            let (fileOK, icuOK) = testCase.codePoints.withUnsafeBufferPointer {
                (file.opportunities(for: $0, locale: LocaleTag("en"), into: &fromFile),
                 icu.opportunities(for: $0, locale: LocaleTag("en"), into: &fromICU))
            }
            #expect(fileOK && icuOK)
            // The value before the first code point is not used; mandatory counts as allowed.
            let collapsed = fromICU.enumerated().map { k, kind in k == 0 ? fromFile[0] : min(kind, BreakOpportunity.allowed) }
            let sameLines = [1.0, 2, 4, 8, nil].allSatisfy { Self.lines(collapsed, width: $0) == Self.lines(fromFile, width: $0) }
            if (collapsed != fromFile || !sameLines) != Self.knownDifferences.contains(testCase.line) {
                failures.append("line \(testCase.line): \(testCase.codePoints.map { String($0, radix: 16) })")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ from the pinned set: \(failures.prefix(10))")
    }
}
