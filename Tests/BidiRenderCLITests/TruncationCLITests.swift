// `--max-lines` and `--ellipsis` on `layout` and `render`, their range errors, and the same options as
// the JSON Lines keys "maxLines" and "ellipsis".
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct TruncationCLITests {
    static let text = "مرحبا بكم في hello world example"
    /// Three lines at 200 px.
    static let long = text + " وهذه رسالة طويلة جدا لتجربة الاقتطاع"

    static func document(_ out: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
    }

    static func runs(_ doc: [String: Any], line: Int) throws -> [[String: Any]] {
        let lines = try #require(doc["lines"] as? [[String: Any]])
        return try #require(lines[line]["runs"] as? [[String: Any]])
    }

    /// JSON: "truncated" and "contentWidth" at the top level; the ellipsis run first in an RTL
    /// paragraph, "ellipsis": true, its start and end the cut, its glyphs' clusters the cut.
    @Test func jsonMarksTheEllipsisRun() throws {
        let out = try runLayout([Self.text, "--direction", "rtl", "--max-lines", "1", "--width", "150", "--format", "json", "--no-system-fonts"])
        let doc = try Self.document(out)
        #expect(doc["truncated"] as? Bool == true)
        let contentWidth = try #require(doc["contentWidth"] as? Double)
        #expect(contentWidth > 100 && contentWidth <= 150)
        let lines = try #require(doc["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        let cut = try #require(lines[0]["end"] as? Int)
        let runs = try Self.runs(doc, line: 0)
        #expect(runs[0]["ellipsis"] as? Bool == true)
        #expect(runs[0]["start"] as? Int == cut && runs[0]["end"] as? Int == cut)
        let glyphs = try #require(runs[0]["glyphs"] as? [[String: Any]])
        #expect(!glyphs.isEmpty && glyphs.allSatisfy { $0["cluster"] as? Int == cut })
        #expect(runs.dropFirst().allSatisfy { $0["ellipsis"] == nil })
        // Not truncated: "truncated": false, no ellipsis run.
        let plain = try Self.document(try runLayout([Self.text, "--format", "json", "--no-system-fonts"]))
        #expect(plain["truncated"] as? Bool == false)
        #expect(try Self.runs(plain, line: 0).allSatisfy { $0["ellipsis"] == nil })
    }

    /// The text dump marks the ellipsis run.
    @Test func textDumpMarksTheEllipsis() throws {
        let out = try runLayout([Self.text, "--direction", "rtl", "--max-lines", "1", "--width", "150", "--no-system-fonts"])
        let first = try #require(out.split(separator: "\n").first)
        #expect(first.hasPrefix("line 0 run 0 [18,18) ellipsis level 1 rtl"), "\(first)")
    }

    /// --ellipsis: another mark, or none.
    @Test func ellipsisOption() throws {
        let dots = try Self.document(try runLayout([
            Self.text, "--direction", "ltr", "--max-lines", "1", "--width", "150", "--ellipsis", "...", "--format", "json", "--no-system-fonts",
        ]))
        let last = try #require(try Self.runs(dots, line: 0).last)
        #expect(last["ellipsis"] as? Bool == true)
        #expect((last["glyphs"] as? [Any])?.count == 3)
        let none = try Self.document(try runLayout([
            Self.text, "--max-lines", "1", "--width", "150", "--ellipsis", "", "--format", "json", "--no-system-fonts",
        ]))
        #expect(none["truncated"] as? Bool == true)
        #expect(try Self.runs(none, line: 0).allSatisfy { $0["ellipsis"] == nil })
        #expect(try LayoutCommand.parse(["x"]).layout.options.ellipsis == "\u{2026}")
        #expect(try LayoutCommand.parse(["x", "--max-lines", "3"]).layout.options.maxLines == 3)
    }

    /// --max-lines below 1 is a usage error naming the option, on layout and render.
    @Test(arguments: [
        ["layout", "ab", "--max-lines", "0"],
        ["layout", "ab", "--max-lines=-2"],
        ["render", "ab", "--max-lines", "0", "-o", "x.png"],
    ])
    func maxLinesBelowOneIsAUsageError(arguments: [String]) throws {
        let result = try runBinary(arguments + ["--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("for max-lines: must be a whole number of lines, at least 1"), "\(result.stderr)")
    }

    @Test func maxLinesNotANumber() throws {
        let result = try runBinary(["layout", "ab", "--max-lines", "two", "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--max-lines"), "\(result.stderr)")
    }

    /// JSON Lines: "maxLines" and "ellipsis" per line.
    @Test func jsonlKeys() throws {
        let out = try JSONLinesFieldTests.layoutLines([
            #"{"text":"مرحبا بكم في hello world example","direction":"rtl","width":150,"maxLines":1,"ellipsis":"..."}"#,
            #"{"text":"one\ntwo\nthree","maxLines":2}"#,
            #"{"text":"one\ntwo"}"#,
        ])
        #expect(out.count == 3)
        let first = try Self.document(out[0])
        #expect(first["truncated"] as? Bool == true)
        let runs = try Self.runs(first, line: 0)
        #expect(runs[0]["ellipsis"] as? Bool == true && (runs[0]["glyphs"] as? [Any])?.count == 3)
        let second = try Self.document(out[1])
        #expect(second["truncated"] as? Bool == true && (second["lines"] as? [Any])?.count == 2)
        let third = try Self.document(out[2])
        #expect(third["truncated"] as? Bool == false && (third["lines"] as? [Any])?.count == 2)
    }

    @Test(arguments: [
        (#"{"text":"a","maxLines":0}"#, #""maxLines" must be a whole number from 1 to 2147483647, not 0"#),
        (#"{"text":"a","maxLines":1.5}"#, #""maxLines" must be a whole number from 1 to 2147483647, not 1.5"#),
        (#"{"text":"a","maxLines":true}"#, #""maxLines" must be a whole number from 1 to 2147483647"#),
        (#"{"text":"a","maxLines":"2"}"#, #""maxLines" must be a whole number from 1 to 2147483647"#),
        (#"{"text":"a","ellipsis":5}"#, #""ellipsis" must be a string"#),
    ])
    func jsonlKeyErrorsNameTheKey(line: String, message: String) throws {
        let out = try JSONLinesFieldTests.layoutLines([line])
        #expect(out == [JSONLines.errorDocument(message, line: 1)])
    }

    /// render draws the ellipsis: the PNG of a truncated RTL line has ink in the ellipsis's box, at
    /// the far left, and the SVG uses its glyph.
    @Test func renderDrawsTheEllipsis() throws {
        let directory = try TestDirectory.fresh("truncation-render")
        let png = directory.appendingPathComponent("x.png").path
        let svg = directory.appendingPathComponent("x.svg").path
        for output in [png, svg] {
            let result = try runBinary([
                "render", Self.long, "--direction", "rtl", "--max-lines", "2", "--width", "200", "-o", output,
                "--no-system-fonts",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: output))
        }
        let svgText = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(svgText.contains(#"data-start="49" data-end="49" data-level="1" data-direction="rtl" data-script="Zyyy" data-ellipsis="true"><use"#))
        // The same layout in the library: the ellipsis run is drawn (ink inside its box).
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let layout = try engine.layout(
            Self.long,
            options: LayoutOptions(direction: .rightToLeft, maxWidth: 200, maxLines: 2))
        #expect(layout.truncated && layout.lines.count == 2)
        let line = try #require(layout.lines.last)
        let ellipsis = try #require(line.runs.first { $0.isEllipsis })
        // Ink inside the ellipsis's box, drawn with and without the ellipsis run.
        func ink(_ layout: Layout) throws -> Int {
            let image = try Renderer().rgba(layout, options: RenderOptions(padding: 0))
            var count = 0
            for y in Int(line.top)..<Int(line.top + line.height) {
                for x in Int(ellipsis.x)..<Int((ellipsis.x + ellipsis.advance).rounded(.up)) where x >= 0 && x < image.width {
                    if image.pixels[(y * image.width + x) * 4] < 128 { count += 1 }
                }
            }
            return count
        }
        var without = layout
        without.lines[without.lines.count - 1].runs.removeAll { $0.isEllipsis }
        #expect(try ink(layout) > 2)
        #expect(try ink(without) == 0)
    }
}
