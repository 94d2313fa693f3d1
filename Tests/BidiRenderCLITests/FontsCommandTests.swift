// Tests of `bidirender fonts`: the explained chain and the per-character report.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

func runFonts(_ arguments: [String]) throws -> String { try run(FontsCommand.self, arguments) }

@Suite struct FontsCommandTests {
    @Test func chainForChineseUnderArabicLocale() throws {
        let out = try runFonts(["--locale", "ar_eg", "--weight", "medium", "--script", "hani", "--no-system-fonts"])
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "chain for script Hani, locale ar-EG (ar-EG → ar → default), weight 500, style normal")
        #expect(lines[1].hasPrefix("  1. script Hani → zh-Hans: asked 500, got 400 (500 absent from {400, 700}; CSS Fonts 4 §5.2"))
        #expect(lines[2].hasSuffix("NotoSansSC/NotoSansSC-Regular.otf"))
        #expect(lines[3] == "  2. locale ar: asked 500, got 500 (exact)")
        #expect(lines[5] == "  3. default: asked 500, got 500 (exact)")
        #expect(lines[7].hasPrefix("  4. fontconfig"))
        #expect(lines[8].hasPrefix("  5. .notdef"))
    }

    @Test func italicMissingIsSaid() throws {
        let out = try runFonts(["--locale", "ar", "--weight", "bold", "--style", "italic", "--script", "Arab", "--no-system-fonts"])
        #expect(out.contains("  1. script Arab → ar: asked 700, got 500 (italic → 500 by the package's rule; exact); no italic in the package, rule weight 500: that weight, upright"))
        let latin = try runFonts(["--style", "italic", "--script", "Latn", "--no-system-fonts"])
        #expect(latin.contains("  1. locale default: asked 400, got 400 (exact); no italic in the package, rule synthesize: the upright face slanted by 0.2"))
        let json = try runFonts(["--style", "italic", "--script", "Latn", "--no-system-fonts", "--format", "json"])
        #expect(json.contains("\"italicMissing\":true,\"italicRule\":\"synthesize\",\"synthetic\":\"slant\",\"slant\":0.2"))
    }

    @Test func charactersAndWarnings() throws {
        let out = try runFonts(["--locale", "en", "--text", "a小Ա", "--no-system-fonts"])
        #expect(out.contains("\n  0\tU+0061\ta\tLatn\tdefault\tNoto Sans 400 normal\tNotoSans/NotoSans-Regular.ttf\n"))
        #expect(out.contains("\n  1\tU+5C0F\t小\tHani\tscript Hani → zh-Hans\tNoto Sans CJK SC 400 normal\tNotoSansSC/NotoSansSC-Regular.otf\n"))
        #expect(out.contains("warning: no font covers: Ա (U+0531); shown as .notdef"))
    }

    /// The text column shows invisible characters as \uXXXX: a raw tab added a column to the row
    /// and a raw RLO reordered the terminal line. The default locale's chain is said once.
    @Test func invisibleCharactersAreEscaped() throws {
        let out = try runFonts(["--text", "a\u{202E}b\tc", "--no-system-fonts"])
        #expect(out.contains("\n  1\tU+202E\t\\u202E\tLatn\t"), "\(out)")
        #expect(out.contains("\n  3\tU+0009\t\\u0009\tLatn\t.notdef\t"), "\(out)")
        #expect(out.contains("warning: no font covers: \\u0009 (U+0009); shown as .notdef"))
        #expect(!out.unicodeScalars.contains("\u{202E}"))
        #expect(out.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("U+") }.allSatisfy { $0.split(separator: "\t").count == 7 })
        #expect(out.hasPrefix("chain for script Latn, locale default (default), "), "\(out.prefix(80))")
    }

    /// Mixed Arabic, Chinese, Latin and emoji: each line names the font of the character's run in
    /// `layout` (the same registry and options), emoji presentation and font continuity included.
    @Test func textNamesTheLayoutsFonts() throws {
        let text = "hi 5 小明(是) 😂 سلام 👍🏽!"
        let out = try runFonts(["--locale", "ar", "--text", text])
        // The space after "hi" stays in its Latin font (continuity), where the Arabic package's
        // face, first in the chain, covers it too.
        #expect(out.contains("\n  2\tU+0020\t \tLatn\tdefault\tNoto Sans 400 normal\tNotoSans/NotoSans-Regular.ttf\n"))
        #expect(out.contains("\n  11\tU+1F602\t😂\tHani\tfontconfig\tNoto Color Emoji 400 normal\t"))
        #expect(out.contains("\n  18\tU+1F44D U+1F3FD\t👍🏽\tArab\tfontconfig\tNoto Color Emoji 400 normal\t"))
        let registry = try FontRegistry.embedded()
        let runs = try LayoutEngine(registry: registry).layout(text, options: LayoutOptions(locale: LocaleTag("ar")))
            .lines.flatMap(\.runs)
        let rows = out.split(separator: "\n").drop { $0 != "characters:" }.dropFirst().filter { $0.hasPrefix("  ") }
        #expect(rows.count == 20)
        for row in rows {
            let fields = row.dropFirst(2).split(separator: "\t", omittingEmptySubsequences: false)
            let offset = try #require(Int(fields[0]))
            let font = try #require(runs.first { $0.range.contains(offset) }?.font)
            #expect(fields[5] == "\(font.family) \(font.weight) \(font.style.rawValue)", "\(row)")
            #expect(font.file.hasSuffix(String(fields[6])), "\(row)")
        }
    }

    @Test func systemFallbackIsReported() throws {
        let out = try runFonts(["--locale", "hy", "--text", "Ա"])
        #expect(out.contains("fell to fontconfig: Ա (U+0531, "))
    }

    @Test func jsonReport() throws {
        let out = try runFonts(["--locale", "ar", "--weight", "600", "--text", "بَ", "--format", "json", "--no-system-fonts"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["locale"] as? String == "ar")
        #expect(object["script"] as? String == "Arab")
        let characters = try #require(object["characters"] as? [[String: Any]])
        #expect(characters.count == 1)  // one grapheme cluster: beh with fatha
        #expect(characters[0]["end"] as? Int == 2)
        #expect(characters[0]["weightGiven"] as? Int == 700)
        #expect(characters[0]["package"] as? String == "ar")
        // Files inside the fonts folder are relative to it, as in the text report and the layout's JSON.
        let font = try #require(characters[0]["font"] as? [String: Any])
        #expect(font["file"] as? String == "NotoSansArabic/NotoSansArabic-Bold.ttf")
        let text = try runFonts(["--locale", "ar", "--weight", "600", "--text", "بَ", "--no-system-fonts"])
        #expect(text.contains(": NotoSansArabic/NotoSansArabic-Bold.ttf"), "\(text)")
    }

    @Test(arguments: [
        ["--weight", "fat"], ["--weight", "0"], ["--style", "oblique"], ["--script", "Arabic"],
        ["--script", "Arab", "--text", "x"],
    ])
    func badOptions(arguments: [String]) {
        #expect(throws: (any Error).self) { try FontsCommand.parse(arguments) }
    }

    @Test func badManifestNamesFileLineAndKey() throws {
        let dir = try TestDirectory.fresh("fonts-cli")
        let path = dir.appendingPathComponent("fonts.json").path
        try Data("{\"packages\": [\n {\"locale\": \"ar\", \"fonts\": [\n  {\"file\": \"x.ttf\"}]}]}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: BidiRenderError.manifest(file: path, line: 3, key: "packages[0].fonts[0].weight", reason: "missing (a number 1–1000 or a name like \"bold\")")) {
            try runFonts(["--fonts", path, "--script", "Arab"])
        }
    }
}
