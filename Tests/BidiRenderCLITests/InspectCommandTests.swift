// Tests of `bidirender inspect`: the text guard's findings and fixes through the CLI, in both formats.
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct InspectCommandTests {
    @Test func jsonFindingsOfAFileNameWithRLO() throws {
        let out = try run(InspectCommand.self, ["invoice\u{202E}fdp.exe", "--as", "filename", "--format", "json", "--neutralize"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["as"] as? String == "filename")
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["kind"] as? String } == ["bidi-spoof", "bidi-override"])
        #expect(warnings.first?["start"] as? Int == 0)
        #expect(warnings.first?["end"] as? Int == 15)
        #expect(warnings.first?["detail"] as? String == "displays as \"invoiceexe.pdf\"")
        #expect(object["repaired"] as? String == "\u{2068}invoicefdp.exe\u{2069}")
    }

    @Test func textFindingsOfAMessage() throws {
        let out = try run(InspectCommand.self, ["hi @\u{440}\u{430}\u{443}\u{440}\u{430}l"])
        #expect(out == """
            mixed-script 4 10 mixes Latin and Cyrillic (minimally-restrictive under UTS #39)
            confusable 4 10 looks like "paypal"

            """)
        #expect(try run(InspectCommand.self, ["مرحبا 小明 hello"]) == "")
    }

    @Test func confusableWithAndClampMarks() throws {
        let persian = try run(InspectCommand.self, ["\u{06A9}\u{062A}\u{0627}\u{0628}", "--as", "name", "--confusable-with", "\u{0643}\u{062A}\u{0627}\u{0628}"])
        #expect(persian == "confusable 0 4 confusable with \"\u{0643}\u{062A}\u{0627}\u{0628}\" (single-script)\n")
        let zalgo = "a" + String(repeating: "\u{0301}", count: 12)
        let out = try run(InspectCommand.self, [zalgo, "--clamp-marks", "1"])
        #expect(out == "marks 0 13 12 marks on one base (its script uses at most 3)\nrepaired: \"a\u{0301}\u{0301}\u{0301}\u{0301}\"\n")
        #expect(throws: (any Error).self) { try InspectCommand.parse(["x", "--clamp-marks", "-1"]) }
        #expect(throws: (any Error).self) { try InspectCommand.parse(["x", "--as", "host"]) }
    }
}
