// Tests of `bidirender layout`: the JSON contract, the text dump, options and --jsonl.
import ArgumentParser
import BidiRender
import Foundation
import Testing
@testable import bidirender

func runLayout(_ arguments: [String]) throws -> String { try run(LayoutCommand.self, arguments) }

@Suite struct LayoutCommandTests {
    static let seed = "مرحبا@我, 今天天气好吗"

    /// `--bidi` reaches the layout: with the FriBidi engine, the FriBidi 1.0.8 deviation "١ LRE 〈א〉"
    /// (LTR) reverses the bracketed run, and the runs come out in another visual order.
    @Test func bidiOptionReachesTheLayout() throws {
        let text = "\u{0661}\u{202A}\u{3008}\u{05D0}\u{3009}"
        func runStarts(_ engine: String) throws -> [Int?] {
            let out = try runLayout([text, "--direction", "ltr", "--format", "json", "--no-system-fonts", "--bidi", engine])
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let lines = try #require(doc["lines"] as? [[String: Any]])
            return try #require(lines[0]["runs"] as? [[String: Any]]).map { $0["start"] as? Int }
        }
        #expect(try runStarts("native") != runStarts("fribidi"))
        #expect(try LayoutCommand.parse([text, "--bidi", "fribidi"]).layout.options.bidiEngine == .fribidi)
        #expect(try LayoutCommand.parse([text]).layout.options.bidiEngine == .native)
    }

    @Test func jsonContract() throws {
        let out = try runLayout([Self.seed, "--direction", "rtl", "--locale", "ar", "--size", "20", "--format", "json", "--no-system-fonts"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(doc["version"] as? Int == 1)
        let paragraphs = try #require(doc["paragraphs"] as? [[String: Any]])
        #expect(paragraphs.count == 1 && paragraphs[0]["direction"] as? String == "rtl")
        #expect(paragraphs[0]["start"] as? Int == 0 && paragraphs[0]["end"] as? Int == 15)
        let size = try #require(doc["size"] as? [String: Any])
        #expect((size["width"] as? Double ?? 0) > 100)
        let lines = try #require(doc["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        for key in ["start", "end", "x", "baseline", "width", "ascent", "descent", "runs"] { #expect(lines[0][key] != nil, "\(key)") }
        let runs = try #require(lines[0]["runs"] as? [[String: Any]])
        // Visual order, left to right: the mention and the Chinese (LTR), then the Arabic word.
        #expect(runs.map { $0["start"] as? Int } == [5, 0])
        #expect(runs.map { $0["direction"] as? String } == ["ltr", "rtl"])
        #expect(runs.map { $0["script"] as? String } == ["Hani", "Arab"])
        let font = try #require(runs[1]["font"] as? [String: Any])
        #expect(font["file"] as? String == "NotoSansArabic/NotoSansArabic-Regular.ttf")
        #expect(font["weight"] as? Int == 400 && font["style"] as? String == "normal")
        let glyphs = try #require(runs[1]["glyphs"] as? [[String: Any]])
        #expect(glyphs.map { $0["cluster"] as? Int } == [4, 3, 2, 1, 0])  // RTL run: visual order
        // Glyph x increases left to right; y is the baseline.
        let xs = glyphs.compactMap { $0["x"] as? Double }
        #expect(xs == xs.sorted())
        #expect(glyphs.allSatisfy { ($0["y"] as? Double) == (lines[0]["baseline"] as? Double) })
        let mentions = try #require(doc["mentions"] as? [[String: Any]])
        #expect(mentions.count == 1 && mentions[0]["start"] as? Int == 5 && mentions[0]["end"] as? Int == 7)
    }

    @Test func textDump() throws {
        let out = try runLayout(["小明بدأ", "--direction", "rtl", "--locale", "ar", "--no-system-fonts"])
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("line 0 run 0 [2,5) level 1 rtl Arab ar NotoSansArabic/NotoSansArabic-Regular.ttf 400 x=0 ["))
        #expect(lines[1].hasPrefix("line 0 run 1 [0,2) level 2 ltr Hani zh-Hans NotoSansSC/NotoSansSC-Regular.otf 400 x="))
    }

    @Test func widthAndAlignment() throws {
        let out = try runLayout(["hello world again", "--direction", "ltr", "--width", "60", "--align", "right", "--format", "json", "--no-system-fonts"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let lines = try #require(doc["lines"] as? [[String: Any]])
        #expect(lines.map { $0["start"] as? Int } == [0, 6, 12])
    }

    @Test(arguments: [
        ["x", "--size", "0"], ["x", "--size", "100000"], ["x", "--width", "0"], ["x", "--width", "-3"],
        ["x", "--width", "nan"], ["x", "--align", "middle"], ["x", "--digits", "roman"], ["x", "--mentions", "some"],
    ])
    func badNumbersAndNames(arguments: [String]) {
        #expect(throws: (any Error).self) { try LayoutCommand.parse(arguments) }
    }

    @Test func jsonlWithOptionsAndBadLines() throws {
        let input = """
            {"text": "مرحبا@我", "direction": "rtl", "locale": "ar"}
            {"text": "abc", "size": -1}
            {"text": "الرقم 12", "direction": "rtl", "digits": "arabic-indic", "width": 300}
            nope
            {"text": "Ali Baba hi", "direction": "rtl", "mentions": "none", "spans": [{"start": 0, "end": 8, "mention": true, "weight": "bold"}]}
            """
        let path = try temporaryFile(Array(input.utf8), name: "in.jsonl")
        let command = try LayoutCommand.parse(["--jsonl", "--text-file", path, "--no-system-fonts"])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("{\"version\":1,"))
        #expect(lines[1].hasPrefix("{\"error\":\"invalid value '-1' for size"))
        #expect(lines[1].hasSuffix("\"line\":2}"))
        #expect(lines[2].hasPrefix("{\"version\":1,"))
        #expect(lines[3] == "{\"error\":\"not valid JSON at byte offset 0 of the line: expected a value (a string, a number, an object, an array, true, false or null)\",\"line\":4}")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(lines[4].utf8)) as? [String: Any])
        let mentions = try #require(doc["mentions"] as? [[String: Any]])
        #expect(mentions.count == 1 && mentions[0]["end"] as? Int == 8)
        let runs = ((doc["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]]) ?? []
        let boldRun = runs.first { ($0["start"] as? Int) == 0 }
        #expect((boldRun?["font"] as? [String: Any])?["weight"] as? Int == 700)
    }
}
