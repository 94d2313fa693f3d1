// Tests of `bidirender query`: queries parsed in order, one JSON document of answers, errors naming
// the query (exit status 64); and render --selection / --caret drawing the answers.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct QueryCommandTests {
    func answers(_ arguments: [String]) throws -> [[String: Any]] {
        let out = try run(QueryCommand.self, arguments + ["--no-system-fonts"])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        return try #require(doc["queries"] as? [[String: Any]])
    }

    /// Queries of every kind, mixed, answered in the order given, each with its documented fields.
    @Test func answersInOrder() throws {
        let list = try answers([
            "abc مرحبا", "--direction", "ltr", "--caret", "4", "--point", "2,10", "--range=1:6", "--move", "4:right",
            "--caret", "3:upstream", "--move", "9:previous",
        ])
        try #require(list.count == 6)
        #expect(list[0]["caret"] as? Int == 4 && list[0]["line"] as? Int == 0 && list[0]["affinity"] as? String == "downstream")
        let primary = try #require(list[0]["primary"] as? [String: Any])
        #expect(primary["direction"] as? String == "ltr" && primary["x"] is Double && primary["top"] as? Int == 0)
        #expect(list[0]["secondary"] is [String: Any])  // the Arabic word's right edge
        #expect(list[1]["offset"] as? Int == 0 && list[1]["inside"] as? Bool == true && list[1]["point"] as? [Int] == [2, 10])
        let rects = try #require(list[2]["rects"] as? [[String: Any]])
        #expect(list[2]["range"] as? [Int] == [1, 6] && rects.count == 2)
        #expect(list[3]["move"] as? Int == 4 && list[3]["direction"] as? String == "right" && list[3]["to"] as? Int == 8)
        #expect(list[4]["caret"] as? Int == 3 && list[4]["affinity"] as? String == "upstream" && list[4]["secondary"] is NSNull)
        #expect(list[5]["to"] as? Int == 8)
    }

    /// A point far outside is echoed in exponent form ("1e+308"), not as 309 digits, and answered
    /// at the text's end.
    @Test func aFarPointIsEchoedShort() throws {
        let out = try run(QueryCommand.self, ["hello", "--point", "1e308,-1e25", "--no-system-fonts"])
        #expect(out.contains(#""point":[1e+308,-1e+25]"#), "\(out)")
        let list = try answers(["hello", "--point", "1e308,-1e25"])
        #expect(list.first?["point"] as? [Double] == [1e308, -1e25] && list.first?["inside"] as? Bool == false)
    }

    /// The library's answers, through the CLI: the same numbers.
    @Test func matchesTheLibrary() throws {
        let list = try answers(["hello world", "--width", "50", "--caret", "6:upstream", "--point", "300,300"])
        #expect(list[0]["line"] as? Int == 0)
        #expect(list[1]["offset"] as? Int == 11 && list[1]["line"] as? Int == 1 && list[1]["inside"] as? Bool == false)
    }

    /// `--intrinsic`: the library's min-content and max-content widths, in the order given.
    @Test func intrinsicWidths() throws {
        let text = "hello wonderful مرحبا بكم"
        let list = try answers([text, "--direction", "rtl", "--caret", "0", "--intrinsic"])
        try #require(list.count == 2)
        let widths = try #require(list[1]["intrinsic"] as? [String: Double])
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let expected = try engine.intrinsicWidths(text, options: LayoutOptions(direction: .rightToLeft))
        #expect(abs((widths["min"] ?? -1) - expected.min) < 0.001 && abs((widths["max"] ?? -1) - expected.max) < 0.001)
        // min is one word ("wonderful"), max the whole line.
        #expect(expected.min > 0 && expected.min < expected.max)
        #expect(throws: (any Error).self) { try QueryCommand.parse(["abc", "--intrinsic=1"]) }
    }

    @Test(arguments: [
        (["--caret", "99"], "--caret 99: offset out of range 0...3"),
        (["--range", "2:9"], "--range 2:9: offset out of range 0...3"),
        (["--move", "7:left"], "--move 7:left: offset out of range 0...3"),
    ])
    func offsetOutOfRangeNamesTheQuery(_ query: [String], message: String) throws {
        #expect(throws: QueryError.self) { try run(QueryCommand.self, ["abc", "--no-system-fonts"] + query) }
        do {
            _ = try run(QueryCommand.self, ["abc", "--no-system-fonts"] + query)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test(arguments: [
        ["--point", "x"], ["--point", "1,2,3"], ["--caret", "-1"], ["--caret", "2:sideways"], ["--range", "5:2"],
        ["--move", "3:jump"], ["--move"], ["--bogus", "1"], [],
    ])
    func malformedQueriesAreUsageErrors(_ query: [String]) {
        #expect(throws: (any Error).self) { try QueryCommand.parse(["abc"] + query) }
    }

    /// Exit status 64 and the message, from the binary.
    @Test func exitStatus() throws {
        let bad = try runBinary(["query", "abc", "--no-system-fonts", "--caret", "99"])
        #expect(bad.status == 64 && bad.stderr.contains("--caret 99: offset out of range 0...3") && bad.stdout.isEmpty)
        let malformed = try runBinary(["query", "abc", "--point", "1;2"])
        #expect(malformed.status == 64 && malformed.stderr.contains("--point 1;2"))
    }

    /// render --selection and --caret draw the highlight and the carets.
    @Test func renderDrawsSelectionAndCaret() throws {
        let dir = try TestDirectory.fresh("query-render")
        func pixels(_ extra: [String]) throws -> RGBAImage {
            let path = dir.appendingPathComponent("image\(extra.count)-\(extra.last ?? "").png").path
            var out = ""
            try RenderCommand.parse(["abc אבג", "--no-system-fonts", "-o", path] + extra).execute(into: &out)
            return try RGBAImage(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let plain = try pixels([])
        let selected = try pixels(["--selection", "0:3"])
        let caret = try pixels(["--caret", "4"])
        func count(_ image: RGBAImage, _ test: (UInt8, UInt8, UInt8) -> Bool) -> Int {
            stride(from: 0, to: image.pixels.count, by: 4).filter { test(image.pixels[$0], image.pixels[$0 + 1], image.pixels[$0 + 2]) }.count
        }
        let bluish: (UInt8, UInt8, UInt8) -> Bool = { r, _, b in Int(b) - Int(r) > 40 }
        let reddish: (UInt8, UInt8, UInt8) -> Bool = { r, g, _ in Int(r) - Int(g) > 60 }
        #expect(count(plain, bluish) == 0 && count(selected, bluish) > 100)
        #expect(count(plain, reddish) == 0 && count(caret, reddish) > 10)
        #expect(throws: (any Error).self) { try pixels(["--caret", "40"]) }
        #expect(throws: (any Error).self) { try RenderCommand.parse(["abc", "-o", "x.png", "--selection", "3-4"]) }
    }
}
