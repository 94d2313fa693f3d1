// Tests of `bidirender segment`: each unit on real mixed text, the text and JSON outputs, --locale,
// --jsonl with bad lines, and its usage errors, in-process and as the binary.
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct SegmentCommandTests {
    static let seed = "Hello, world. 小明بدأ في متابعتك! Call +966 55 123 4567."

    func json(_ arguments: [String]) throws -> [Int] {
        let out = try run(SegmentCommand.self, arguments + ["--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        return try #require(object["boundaries"] as? [Int])
    }

    @Test func wordsOfMixedText() throws {
        let out = try run(SegmentCommand.self, [Self.seed, "--by", "word"])
        let segments = out.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2)[2] }
        #expect(segments.prefix(7) == ["\"Hello\"", "\",\"", "\" \"", "\"world\"", "\".\"", "\" \"", "\"小明\""])
        #expect(segments.contains("\"متابعتك\"") && segments.contains("\"4567\""))
        #expect(out.hasPrefix("0 5 \"Hello\"\n5 6 \",\"\n"))
    }

    @Test func sentencesAndLines() throws {
        #expect(try json([Self.seed, "--by", "sentence"]) == [14, 32, 54])
        // Lines: after each space, between the ideographs and before the Arabic, none inside the
        // phone number "+966 55 123 4567" (offsets 37–53).
        let lines = try json([Self.seed, "--by", "line"])
        #expect(lines == [7, 14, 15, 16, 20, 23, 32, 37, 54])
    }

    @Test func graphemesKeepClustersWhole() throws {
        // e + U+0301, a flag, a family ZWJ sequence, CR LF.
        let text = "e\u{301}🇸🇦👨‍👩‍👧\r\nx"
        #expect(try json([text]) == [2, 4, 9, 11, 12])
    }

    @Test func localeTailorsWords() throws {
        #expect(try json(["a:b c", "--by", "word"]) == [1, 2, 3, 4, 5])
        #expect(try json(["a:b c", "--by", "word", "--locale", "sv"]) == [3, 4, 5])
    }

    @Test func textOutputEscapesInvisibleCharacters() throws {
        let out = try run(SegmentCommand.self, ["a\u{2067}b\u{2069}\t\"\\", "--by", "grapheme"])
        #expect(out == "0 1 \"a\"\n1 2 \"\\u2067\"\n2 3 \"b\"\n3 4 \"\\u2069\"\n4 5 \"\\u0009\"\n5 6 \"\\\"\"\n6 7 \"\\\\\"\n")
    }

    @Test func emptyTextHasNoBoundaries() throws {
        #expect(try json([""]) == [])
        #expect(try run(SegmentCommand.self, [""]) == "")
    }

    @Test func jsonLinesAnswerEveryLine() throws {
        let input = """
            {"text":"a b","by":"line"}
            {"text":1}
            {"text":"x","by":"paragraph"}
            {"text":"a:b","by":"word","locale":"sv"}
            {"text":"x","locale":"not a tag!"}

            """
        let result = try runBinary(["segment", "--jsonl"], stdin: Array(input.utf8))
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"by":"line","boundaries":[2,3]}"#)
        #expect(lines[1] == #"{"error":"\"text\" must be a string","line":2}"#)
        #expect(lines[2].contains("must be one of grapheme, word, sentence, line") && lines[2].hasSuffix(",\"line\":3}"))
        #expect(lines[3] == #"{"by":"word","boundaries":[3]}"#)
        #expect(lines[4].contains("locale") && lines[4].hasSuffix(",\"line\":5}"))
        #expect(result.stderr.contains("3 input line(s) failed"))
    }

    @Test(arguments: [
        (["a", "--by", "paragraph"], "paragraph"),
        (["a", "--locale", "not a tag!"], "--locale"),
        (["--jsonl", "--format", "text"], "--jsonl writes JSON"),
        (["--jsonl", "--jobs", "0"], "--jobs"),
    ])
    func usageErrors(_ arguments: [String], _ named: String) throws {
        let result = try runBinary(["segment"] + arguments, stdin: Array("{\"text\":\"a\"}\n".utf8))
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(named), "\(arguments): \(result.stderr)")
    }

    @Test func invalidUTF8IsAnErrorWithItsOffset() throws {
        let path = try temporaryFile([0x61, 0x62, 0xFF, 0x63])
        let result = try runBinary(["segment", "--text-file", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("byte offset 2"), "\(result.stderr)")
    }
}
