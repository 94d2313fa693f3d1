// `bidirender format` with spans (issue #35): --arg-span styles a text argument wherever the
// language puts it, --span styles code points of the message's text, and every layout option is
// honoured with --layout or --render or refused without them; --direction is refused.
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct FormatSpanCLITests {
    func layoutRuns(_ arguments: [String]) throws -> [[String: Any]] {
        var out = ""
        try FormatCommand.parse(arguments + ["--catalog", FormatCommandTests.catalog, "--layout", "--format", "json", "--no-system-fonts"])
            .execute(into: &out)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let lines = try #require(object["lines"] as? [[String: Any]])
        return lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
    }

    /// The weight of the run that starts at `start`.
    func weight(_ runs: [[String: Any]], at start: Int) -> Int? {
        let run = runs.first { $0["start"] as? Int == start }
        return (run?["font"] as? [String: Any])?["weight"] as? Int
    }

    /// The name is bold in Arabic (first) and in English (first too) and in the select branch.
    @Test(arguments: [("follow", "ar", "name", 1), ("follow", "en", "name", 1), ("invite", "en", "host", 1)])
    func argumentSpanStylesTheName(key: String, locale: String, argument: String, start: Int) throws {
        let runs = try layoutRuns([key, "--locale", locale, "name=Bob", "host=سارة", "gender=female",
                                   "--arg-span", "\(argument):weight=bold"])
        #expect(weight(runs, at: start) == 700, "\(runs.map { ($0["start"] ?? -1, $0["end"] ?? -1) })")
        #expect(runs.filter { ($0["start"] as? Int) != start }.allSatisfy { weight(runs, at: $0["start"] as! Int) == 400 })
    }

    @Test func spanStylesCodePointsOfTheText() throws {
        // "⁦Bob⁩ started following you": "started" is 6..<13.
        let runs = try layoutRuns(["follow", "--locale", "en", "name=Bob", "--span", "6:13:weight=bold"])
        #expect(weight(runs, at: 6) == 700)
        #expect(weight(runs, at: 13) == 400)
    }

    @Test(arguments: [
        (["--span", "0:2:weight=bold"], "add --layout or --render"),
        (["--arg-span", "name:weight=bold"], "add --layout or --render"),
        (["--width", "100"], "add --layout or --render"),
        (["--size", "20"], "add --layout or --render"),
        (["--no-system-fonts"], "add --layout or --render"),
        (["--layout", "--direction", "ltr"], "drop --direction"),
        (["--layout", "--fallback", "rtl"], "drop --direction"),
        (["--layout", "--arg-span", "name"], "NAME:key=value"),
        (["--layout", "--arg-span", "name:weight=heavy-ish"], "--arg-span 1"),
    ])
    func refused(_ extra: [String], _ message: String) throws {
        let result = try runBinary(["format", "follow", "--catalog", FormatCommandTests.catalog, "--locale", "ar", "name=Bob"] + extra)
        #expect(result.status == 64, "\(extra): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(extra): \(result.stderr)")
    }

    /// A --span past the formatted message's end is the text's error (exit 1, as layout's), named
    /// by its option, not by the library's list ("spans[0]").
    @Test func aSpanPastTheMessageNamesItsOption() throws {
        let result = try runBinary(["format", "follow", "--catalog", FormatCommandTests.catalog, "--locale", "ar", "name=Bob",
                                    "--layout", "--span", "0:2:weight=bold", "--span", "0:500:weight=bold", "--no-system-fonts"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("invalid value '0:500' for --span 2: past the end of the text"), "\(result.stderr)")
        #expect(!result.stderr.contains("spans["), "\(result.stderr)")
    }

    @Test func anArgumentTheMessageDoesNotShow() throws {
        let result = try runBinary(["format", "follow", "--catalog", FormatCommandTests.catalog, "--locale", "ar", "name=Bob",
                                    "--layout", "--arg-span", "host:weight=bold", "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("shows no text argument 'host' (its text arguments: name)"), "\(result.stderr)")
    }
}
