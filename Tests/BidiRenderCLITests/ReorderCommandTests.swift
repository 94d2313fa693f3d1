// Tests of `bidirender reorder`: option parsing and whole runs in-process, with their real output.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

/// Runs a command with `arguments` in-process and returns what it wrote.
func run<Command: OutputCommand>(_ type: Command.Type, _ arguments: [String]) throws -> String {
    let command = try Command.parse(arguments)
    var out = ""
    try command.execute(into: &out)
    return out
}

func runReorder(_ arguments: [String]) throws -> String { try run(ReorderCommand.self, arguments) }

/// Writes `bytes` to a fresh temporary file and returns its path.
func temporaryFile(_ bytes: [UInt8], name: String = "input.txt") throws -> String {
    let dir = try TestDirectory.fresh("input")
    let url = dir.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
}

@Suite struct ReorderCommandParsingTests {
    @Test(arguments: [
        (["abc", "--direction", "rtl"], ParagraphDirection.rightToLeft),
        (["abc", "--direction", "ltr"], .leftToRight),
        (["abc"], .auto),
        (["abc", "--direction", "auto"], .auto),
        (["abc", "--fallback", "rtl"], .autoWithFallback(.rightToLeft)),
        (["abc", "--direction", "auto", "--fallback", "ltr"], .autoWithFallback(.leftToRight)),
    ])
    func directionOptions(arguments: [String], expected: ParagraphDirection) throws {
        let command = try ReorderCommand.parse(arguments)
        #expect(command.directionOptions.paragraphDirection == expected)
    }

    @Test(arguments: [
        ["abc", "--direction", "rtl", "--fallback", "ltr"],
        ["abc", "--direction", "up"],
        ["abc", "--text-file", "x.txt"],
        ["abc", "--jsonl", "--format", "text"],
        ["abc", "--format", "xml"],
    ])
    func invalidOptionsAreRejected(arguments: [String]) {
        #expect(throws: (any Error).self) { try ReorderCommand.parse(arguments) }
    }
}

@Suite struct ReorderCommandOutputTests {
    static let seed = "小明بدأ في متابعتك"

    @Test func textOutputOfTheSeed() throws {
        #expect(try runReorder([Self.seed, "--direction", "rtl"]) == "كتعباتم يف أدب小明\n")
        #expect(try runReorder([Self.seed, "--direction", "auto"]) == "小明كتعباتم يف أدب\n")
    }

    @Test func textOutputWithLevelsMirrorsAndDropsControls() throws {
        let out = try runReorder(["\u{202B}(ab)\u{202C}", "--direction", "ltr", "--levels"])
        // Inside the RLE, "(ab)" has levels 1 2 2 1; the brackets are at an odd level and mirror.
        let lines = out.split(separator: "\n")
        #expect(lines[0] == "(ab)")
        #expect(lines[1] == "0 1 2 2 1 0")  // L1: the trailing PDF takes the paragraph level
    }

    @Test func jsonOutputOfTheSeed() throws {
        let out = try runReorder([Self.seed, "--direction", "rtl", "--format", "json"])
        #expect(out == """
            {"paragraphs":[{"start":0,"end":16,"direction":"rtl","levels":[2,2,1,1,1,1,1,1,1,1,1,1,1,1,1,1],\
            "visual":[15,14,13,12,11,10,9,8,7,6,5,4,3,2,0,1]}]}

            """)
    }

    @Test func jsonOutputWithParagraphsAndRemovedControls() throws {
        let out = try runReorder(["ab\r\nج\u{200D}د", "--format", "json"])
        #expect(out == """
            {"paragraphs":[{"start":0,"end":2,"direction":"ltr","levels":[0,0],"visual":[0,1]},\
            {"start":4,"end":7,"direction":"rtl","levels":[1,1,1],"visual":[6,4]}]}

            """)
    }

    /// A text past layout's limit (4,194,304 code points) is refused as layout refuses it: the whole
    /// input with an error, a JSON line with an error line while the others are reordered.
    @Test func inputPastTheLimitIsRefused() throws {
        let big = String(repeating: "a", count: LayoutEngine.defaultMaxInputCodePoints + 1)
        let message = "input too large: 4194305 code points, more than the limit of 4194304 code points a layout or reorder takes (maxInputCodePoints)"
        let textFile = try temporaryFile(Array(big.utf8), name: "big.txt")
        #expect(throws: BidiRenderError.inputTooLarge(limit: 4_194_304, count: 4_194_305)) {
            try runReorder(["--text-file", textFile])
        }
        let lines = #"{"text":"\#(big)"}"# + "\n" + #"{"text":"ab"}"# + "\n"
        let path = try temporaryFile(Array(lines.utf8), name: "big.jsonl")
        let command = try ReorderCommand.parse(["--jsonl", "--text-file", path])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let docs = out.split(separator: "\n").map(String.init)
        #expect(docs == [
            #"{"error":"\#(message)","line":1}"#,
            #"{"paragraphs":[{"start":0,"end":2,"direction":"ltr","levels":[0,0],"visual":[0,1]}]}"#,
        ])
    }

    @Test func jsonlKeepsGoingPastBadLines() throws {
        let input = """
            {"text": "abc"}
            not json
            {"direction": "rtl"}
            {"text": "مرحبا", "direction": "rtl"}
            {"text": "x", "direction": "sideways"}
            {"text": "123", "fallback": "rtl"}
            """
        let path = try temporaryFile(Array(input.utf8), name: "in.jsonl")
        let command = try ReorderCommand.parse(["--jsonl", "--text-file", path])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == #"{"paragraphs":[{"start":0,"end":3,"direction":"ltr","levels":[0,0,0],"visual":[0,1,2]}]}"#)
        #expect(lines[1] == #"{"error":"not valid JSON at byte offset 0 of the line: expected a value (a string, a number, an object, an array, true, false or null)","line":2}"#)
        #expect(lines[2] == #"{"error":"missing \"text\"","line":3}"#)
        #expect(lines[3].contains(#""direction":"rtl""#) && lines[3].contains(#""visual":[4,3,2,1,0]"#))
        #expect(lines[4].hasPrefix(#"{"error":"\"direction\" must be one of ltr, rtl, auto"#))
        #expect(lines[5].contains(#""direction":"rtl""#))
    }

    /// `--bidi` picks the engine. "١ LRE 〈א〉" in an LTR paragraph is a FriBidi 1.0.8 deviation no
    /// work-around covers (N0 takes the bracket's context from before the embedding's sos), so the
    /// two engines answer differently; the native one as UAX #9 and ICU do.
    @Test func bidiOptionPicksTheEngine() throws {
        let text = "\u{0661}\u{202A}\u{3008}\u{05D0}\u{3009}"
        let native = try runReorder([text, "--direction", "ltr", "--format", "json"])
        #expect(native == #"{"paragraphs":[{"start":0,"end":5,"direction":"ltr","levels":[2,2,2,3,2],"visual":[0,2,3,4]}]}"# + "\n")
        #expect(try runReorder([text, "--direction", "ltr", "--format", "json", "--bidi", "native"]) == native)
        let fribidi = try runReorder([text, "--direction", "ltr", "--format", "json", "--bidi", "fribidi"])
        #expect(fribidi == #"{"paragraphs":[{"start":0,"end":5,"direction":"ltr","levels":[2,2,3,3,3],"visual":[0,4,3,2]}]}"# + "\n")
        // The same per JSON line, and a bad engine name is an error naming the key.
        let lines = [
            #"{"text":"\#(text)","direction":"ltr","bidi":"fribidi"}"#, #"{"text":"ab","bidi":"icu"}"#,
        ].joined(separator: "\n")
        let path = try temporaryFile(Array(lines.utf8), name: "bidi.jsonl")
        let command = try ReorderCommand.parse(["--jsonl", "--text-file", path])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let docs = out.split(separator: "\n").map(String.init)
        #expect(docs[0] + "\n" == fribidi)
        #expect(docs[1].hasPrefix(#"{"error":"\"bidi\" must be one of native, fribidi"#))
        #expect(throws: (any Error).self) { try ReorderCommand.parse(["ab", "--bidi", "icu"]) }
    }

    /// Foundation's JSON parser drops a raw U+FEFF that opens a string; the line reader escapes it
    /// first, so the text keeps its ZERO WIDTH NO-BREAK SPACE and its offsets.
    @Test func jsonlKeepsARawByteOrderMarkInsideTheText() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let line1 = bom + Array(#"{"text":""#.utf8) + bom + Array(#"ab"}"#.utf8)
        let line2 = Array(#"{"text":"a"#.utf8) + bom + Array(#"b"}"#.utf8)
        let path = try temporaryFile(line1 + [0x0A] + line2 + [0x0A], name: "bom.jsonl")
        let out = try runReorder(["--jsonl", "--text-file", path])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"paragraphs":[{"start":0,"end":3,"direction":"ltr","levels":[0,0,0],"visual":[1,2]}]}"#,
            #"{"paragraphs":[{"start":0,"end":3,"direction":"ltr","levels":[0,0,0],"visual":[0,2]}]}"#,
        ])
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let path = try temporaryFile([0x61, 0x62, 0xD8, 0xA8, 0xC3, 0x28, 0x61])
        #expect(throws: BidiRenderError.invalidUTF8(source: path, byteOffset: 4)) {
            try runReorder(["--text-file", path])
        }
    }

    @Test func invalidUTF8InAJSONLineNamesTheFileOffset() throws {
        let path = try temporaryFile(Array(#"{"text":"ok"}"#.utf8) + [0x0A] + Array(#"{"text":""#.utf8) + [0xFF, 0x22, 0x7D, 0x0A])
        let command = try ReorderCommand.parse(["--jsonl", "--text-file", path])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        #expect(out.split(separator: "\n")[1] == "{\"error\":\"\(path): invalid UTF-8 at byte offset 23 (byte offset 9 of the line)\",\"line\":2}")
    }

    /// More jobs than lines can be in flight run as many workers as the window holds: 99,999,999,999
    /// started that many and never finished, even on one line.
    @Test func jobsPastTheWindowRunTheWindowsWorth() throws {
        #expect(JSONLines.workers(jobs: 99_999_999_999, windowLines: 256) == 256)
        #expect(JSONLines.workers(jobs: 3, windowLines: 256) == 3)
        #expect(JSONLines.workers(jobs: 0, windowLines: 256) == 1)
        let result = try runBinary(["reorder", "--jsonl", "--jobs", "99999999999"], stdin: Array(#"{"text":"ab"}"#.utf8) + [0x0A])
        #expect(result.status == 0 && result.stdout.contains("\"visual\""), "\(result.stderr)")
    }

    @Test func missingFileIsAClearError() {
        #expect(throws: BidiRenderError.unreadableFile(path: "/nonexistent/x.txt", reason: "no such folder /nonexistent")) {
            try runReorder(["--text-file", "/nonexistent/x.txt"])
        }
    }
}
