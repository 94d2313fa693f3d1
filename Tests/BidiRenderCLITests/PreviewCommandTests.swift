// `bidirender preview`: the JSON document (the layout's, "text", "fields", "plain"), the text dump, an
// image, the catalog template, spoilers, and errors that name the option.
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

func runPreview(_ arguments: [String]) throws -> String { try run(PreviewCommand.self, arguments + ["--no-system-fonts"]) }

@Suite struct PreviewCommandTests {
    static let message = "بدأ في متابعتك وأرسل لك رسالة طويلة جدا عن الاجتماع"

    @Test func jsonNamesTheFields() throws {
        let out = try runPreview([
            "--field", "sender=小明", "--field", "message=" + Self.message, "--width", "220", "--locale", "ar", "--direction", "rtl",
            "--max-graphemes", "24",
        ])
        let doc = try TruncationCLITests.document(out)
        let fields = try #require(doc["fields"] as? [[String: Any]])
        #expect(fields.map { $0["name"] as? String } == ["sender", "message"])
        #expect(fields.map { $0["truncated"] as? Bool } == [false, true])
        #expect(fields[0]["range"] as? [Int] == [1, 3])
        let text = try #require(doc["text"] as? String)
        #expect(text.hasPrefix("\u{2068}小明\u{2069}: \u{2068}بدأ") && text.hasSuffix("\u{2026}\u{2069}"))
        #expect(doc["direction"] as? String == "rtl")
        let plain = try #require(doc["plain"] as? String)
        #expect(PlainPreview.visibleGraphemes(plain) == 24)
        #expect((doc["lines"] as? [Any])?.count == 1)
        #expect(try #require(doc["contentWidth"] as? Double) <= 220)
    }

    /// "direction" is the sentence's as laid out: with `--fallback rtl` it was "ltr" over an RTL
    /// paragraph, and "rtl" over an LTR one with `--locale ar --fallback ltr`.
    @Test(arguments: [(["--fallback", "rtl"], "rtl"), (["--locale", "ar", "--fallback", "ltr"], "ltr"), (["--locale", "ar"], "rtl")])
    func directionIsTheLayouts(options: [String], direction: String) throws {
        let doc = try TruncationCLITests.document(try runPreview(["--field", "sender=Bob", "--field", "message=hi"] + options))
        let paragraphs = try #require(doc["paragraphs"] as? [[String: Any]])
        #expect(paragraphs.first?["direction"] as? String == direction)
        #expect(doc["direction"] as? String == direction)
    }

    @Test func textDumpAndImage() throws {
        let out = try runPreview(["--field", "sender=Sara", "--field", "message=see you soon", "--format", "text"])
        let lines = out.split(separator: "\n")
        #expect(lines.prefix(3) == ["field sender [1,5)", "field message [9,21)", "plain: \u{2068}Sara\u{2069}: \u{2068}see you soon\u{2069}"])
        #expect(lines.dropFirst(3).allSatisfy { $0.hasPrefix("line ") })
        let directory = try TestDirectory.fresh("preview-render")
        let png = directory.appendingPathComponent("p.png").path
        let result = try runBinary(["preview", "--field", "sender=Sara", "--field", "message=hi", "-o", png, "--no-system-fonts"])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try #require(FileManager.default.contents(atPath: png))
        #expect(Array(data.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    /// The catalog's pattern and a spoiler: the Chinese full-width colon, a masked run, the word in
    /// the plain string.
    @Test func catalogAndSpoiler() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let out = try runPreview([
            "--field", "sender=小明", "--field", "message=剧透：凶手是管家", "--field-span", "message:3:8:spoiler=true",
            "--catalog", root.appendingPathComponent("Examples/catalog").path, "--template", "preview", "--locale", "zh-Hans",
            "--width", "300",
        ])
        let doc = try TruncationCLITests.document(out)
        #expect((doc["text"] as? String)?.contains("\u{2069}：\u{2066}") == true)
        #expect((doc["plain"] as? String)?.contains("剧透：[剧透]") == true)
        let runs = try TruncationCLITests.runs(doc, line: 0)
        let masked = try #require(runs.first { ($0["decorations"] as? [String])?.contains("spoiler") == true })
        #expect((masked["glyphs"] as? [Any])?.isEmpty == true)
        #expect(!out.contains("凶手"))
    }

    /// Refused arguments, the message that names them and the exit status (64: usage; 1: the text's).
    static let refusals: [(arguments: [String], message: String, status: Int32)] = [
        ([String](), "give at least one --field", 64),
        (["--field", "sender"], "--field 1: 'sender' is not NAME=TEXT", 64),
        (["--field", "a=x", "--field", "a=y"], "the field 'a' is given twice", 64),
        (["--field", "a=x", "--field-option", "b:priority=1"], "no --field is named 'b'", 64),
        (["--field", "a=x", "--field-option", "a:priority=high"], "is not priority=N", 64),
        (["--field", "a=x", "--field-span", "a:0:9:bold"], "--field-span 1", 64),
        (["--field", "a=x", "--span", "0:1:weight=bold"], "--span and --inline are over one text", 64),
        (["--field", "a=x", "--template", "{b}"], "places {b}, which no field is", 64),
        (["--field", "a=x", "--catalog", "Examples/catalog"], "--catalog needs --template KEY", 64),
        (["--field", "a=x", "--max-graphemes", "0"], "--max-graphemes 0", 64),
        // A field's name is the command's usage; a span past its field's text is the text's error.
        (["--field", "a b=x"], "--field 1: the name 'a b' is not 1 to 64 letters", 64),
        (["--field", "a=xy", "--field", "b=z", "--field-span", "b:0:1:weight=bold", "--field-span", "a:0:500:weight=bold"],
         "invalid value '0:500' for --field-span 2: past the end of the text (2 code points)", 1),
        // ArgumentParser's parsing grows with the square of the arguments: 4,000 took 23 s.
        (["--field", "a=x"] + Array(repeating: ["--field-span", "a:0:1:weight=bold"], count: 200).flatMap { $0 }, "give at most 256 arguments (404 given)", 64),
    ]

    @Test(arguments: refusals)
    func errorsNameTheOption(arguments: [String], message: String, status: Int32) throws {
        let result = try runBinary(["preview"] + arguments + ["--no-system-fonts"])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
