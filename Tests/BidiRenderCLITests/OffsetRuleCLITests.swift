// The library's offset rule on the command line: a span past the text's end is an error naming the
// span and the bounds, in a JSON line (that line only) and with --span; nothing is clamped.
import Foundation
import Testing

@Suite struct OffsetRuleCLITests {
    @Test func jsonlSpanPastTheEndFailsItsLine() throws {
        let input = #"{"text":"abc","spans":[{"start":1,"end":99,"weight":"bold"}]}"# + "\n" + #"{"text":"abc"}"# + "\n"
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: Array(input.utf8))
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"error":"invalid value 'start 1, end 99' for spans[0]: past the end of the text (3 code points)","line":1}"#)
        #expect(lines.last?.hasPrefix("{\"version\":1") == true)
    }

    @Test func spanOptionPastTheEndIsAnError() throws {
        let result = try runBinary(["layout", "abc", "--span", "1:99:weight=bold", "--no-system-fonts"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: invalid value '1:99' for --span 1: past the end of the text (3 code points)\n")
    }
}
