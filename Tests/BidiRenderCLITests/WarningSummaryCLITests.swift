// `render` and `fonts` cut long warning lists to the first five and a count.
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct WarningSummaryCLITests {
    @Test func renderWarnsFiveTimesThenCounts() throws {
        let output = try TestDirectory.fresh("warnings").appendingPathComponent("x.svg").path
        let result = try runBinary(["render", "-o", output, "--no-system-fonts"], stdin: Array(String(repeating: "\u{1}", count: 10_000).utf8))
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first == "warning: no font covers [0,1); drawn as .notdef")
        #expect(lines.last == "warning: and 9995 more ranges that no font covers, drawn as .notdef")
    }

    @Test func fontsListsFiveThenCounts() throws {
        let out = try run(FontsCommand.self, ["--text", "ab\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}", "--no-system-fonts"])
        // Controls shown as \uXXXX, as in the text column.
        #expect(out.hasSuffix(", \\u0005 (U+0005), and 2 more; shown as .notdef\n"), "\(out)")
    }
}
