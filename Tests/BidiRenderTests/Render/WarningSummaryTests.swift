// Long warning lists are cut to the first few and a count, so 100,000 uncovered characters do not
// print 100,000 lines; short lists come out whole, as before.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct WarningSummaryTests {
    @Test(arguments: [(0, 0), (3, 3), (5, 5), (6, 6), (100_000, 6)])
    func firstFiveThenACount(count: Int, lines: Int) {
        let out = WarningSummary.lines(0..<count, line: { "item \($0)" }, more: { "and \($0) more" })
        #expect(out.count == lines)
        #expect(out.prefix(5) == (0..<min(5, count)).map { "item \($0)" }[...])
        if count > 5 { #expect(out.last == "and \(count - 5) more") }
    }

    @Test func textDumpSummarizesUncoveredCharacters() throws {
        let text = String(repeating: "a\u{1}\u{2}", count: 1_000)
        let layout = try TestLayout.engine.layout(text, options: LayoutOptions())
        #expect(layout.fallbacks.count == 2_000)
        let warnings = layout.textDump().split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 6)
        #expect(warnings[0] == "warning: no font covers [1,2) with Noto Sans")
        #expect(warnings[5] == "warning: and 1995 more: 1995 that no font covers, 0 through fontconfig (the JSON document lists them all)")
        #expect(layout.jsonDocument().components(separatedBy: "\"source\":\".notdef\"").count == 2_001)
    }
}
