// `--truncate end|start|middle` and `--ellipsis-style` on `layout` and `render`, their errors, and the
// JSON Lines keys "truncate" and "ellipsisStyle".
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct TruncationModeCLITests {
    static let file = "report-final-version-with-changes-v3.pdf"

    /// Each mode's runs, left to right, as their start and end offsets ("…" for the ellipsis).
    static func runs(_ out: String) throws -> [String] {
        let doc = try TruncationCLITests.document(out)
        return try TruncationCLITests.runs(doc, line: 0).map {
            $0["ellipsis"] as? Bool == true ? "\u{2026}" : "\($0["start"] as? Int ?? -1)-\($0["end"] as? Int ?? -1)"
        }
    }

    @Test(arguments: [
        ("end", "ltr", ["0-19", "\u{2026}"]),
        ("start", "ltr", ["\u{2026}", "23-40"]),
        ("middle", "ltr", ["0-9", "\u{2026}", "31-40"]),
        ("middle", "rtl", ["31-40", "\u{2026}", "0-9"]),
    ])
    func truncateOption(mode: String, direction: String, expected: [String]) throws {
        let out = try runLayout([
            Self.file, "--direction", direction, "--locale", "ar", "--max-lines", "1", "--width", "150", "--truncate", mode,
            "--format", "json", "--no-system-fonts",
        ])
        #expect(try Self.runs(out) == expected)
    }

    @Test func ellipsisStyleOption() throws {
        let out = try runLayout([
            Self.file, "--max-lines", "1", "--width", "150", "--ellipsis-style", "color=#0000ff,weight=bold,underline=true",
            "--format", "json", "--no-system-fonts",
        ])
        let runs = try TruncationCLITests.runs(try TruncationCLITests.document(out), line: 0)
        let ellipsis = try #require(runs.last)
        #expect(ellipsis["ellipsis"] as? Bool == true)
        #expect(ellipsis["color"] as? String == "#0000ff")
        #expect((ellipsis["font"] as? [String: Any])?["weight"] as? Int == 700)
    }

    @Test(arguments: [
        (["--truncate", "sideways"], "sideways"),
        (["--ellipsis-style", "size=30"], "--ellipsis-style: size is not an attribute of the ellipsis"),
        (["--ellipsis-style", "spoiler=true"], "--ellipsis-style: spoiler is not an attribute of the ellipsis"),
        (["--ellipsis-style", "colour=#fff"],
         #"--ellipsis-style: unknown key "colour" (weight, style, color, background, underline, strikethrough)"#),
    ])
    func badValuesAreNamed(arguments: [String], message: String) throws {
        let result = try runBinary(["layout", "x", "--no-system-fonts"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// JSON Lines: "truncate" and "ellipsisStyle" per line, and their errors.
    @Test func jsonlKeys() throws {
        let out = try JSONLinesFieldTests.layoutLines([
            #"{"text":"report-final-version-with-changes-v3.pdf","locale":"ar","width":150,"maxLines":1,"truncate":"middle"}"#,
            #"{"text":"report-final-version-with-changes-v3.pdf","width":150,"maxLines":1,"ellipsisStyle":"color=#00ff00"}"#,
            #"{"text":"a","truncate":"left"}"#,
            #"{"text":"a","ellipsisStyle":"id=x"}"#,
        ])
        #expect(out.count == 4)
        #expect(try Self.runs(out[0]) == ["0-9", "\u{2026}", "31-40"])
        let styled = try TruncationCLITests.runs(try TruncationCLITests.document(out[1]), line: 0)
        #expect(styled.last?["color"] as? String == "#00ff00")
        #expect(out[2] == JSONLines.errorDocument(#""truncate" must be one of end, start, middle, not "left""#, line: 3))
        #expect(
            out[3] == JSONLines.errorDocument(
                #""ellipsisStyle": id is not an attribute of the ellipsis (weight, style, color, background, underline, strikethrough)"#,
                line: 4), "\(out[3])")
    }
}
