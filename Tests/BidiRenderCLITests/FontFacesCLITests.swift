// The CLI's side of font faces: Arabic separators with --digits locale, italic and variable
// instances in the layout JSON and in rendered SVG.
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct FontFacesCLITests {
    /// `layout --digits locale` in ar-EG shows "1,250.50" as ١٬٢٥٠٫٥٠: the glyphs of that text.
    @Test func separatorsInLayout() throws {
        func glyphs(_ text: String, _ extra: [String]) throws -> String {
            let out = try runLayout([text, "--locale", "ar-EG", "--no-system-fonts"] + extra)
            let header = try #require(out.range(of: " x="))
            return String(out[header.lowerBound...])  // the glyphs, after the run's header
        }
        #expect(try glyphs("1,250.50", ["--digits", "locale"]) == glyphs("١٬٢٥٠٫٥٠", []))
        #expect(try glyphs("1,250.50", ["--digits", "western"]) != glyphs("١٬٢٥٠٫٥٠", []))
    }

    /// `render --style italic` draws sheared outlines; JSON says the run is a synthetic slant.
    @Test func italicInJSONAndSVG() throws {
        let json = try runLayout(["Italic", "--style", "italic", "--format", "json", "--no-system-fonts"])
        #expect(json.contains("\"synthetic\":\"slant\",\"slant\":0.2"))
        let dir = try TestDirectory.fresh("faces-cli")
        func svg(_ style: String) throws -> String {
            let path = dir.appendingPathComponent("\(style).svg").path
            var out = ""
            try RenderCommand.parse(["l", "--style", style, "-o", path, "--no-system-fonts"]).execute(into: &out)
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        #expect(try svg("italic") != svg("normal"))
    }

    /// A variable manifest font at 350: the JSON run's font says weight 350 and its wght.
    @Test func variableWeightInJSON() throws {
        let dir = try TestDirectory.fresh("faces-cli-var")
        let manifest = dir.appendingPathComponent("fonts.json").path
        try Data(#"{"packages": [{"locale": "default", "fonts": [{"weight": "100 900", "file": "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"}]}]}"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let json = try runLayout([
            "Inter", "--fonts", manifest, "--allow-font-paths-outside-folder", "--weight", "350", "--format", "json", "--no-system-fonts",
        ])
        #expect(json.contains("\"weight\":350,\"style\":\"normal\""))
        #expect(json.contains("\"variation\":{\"wght\":350}"))
    }
}
