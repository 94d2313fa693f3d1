// Tests of `bidirender format`: the message as text and JSON, its layout and image in the served
// language's direction, and errors that name the catalog file and key (exit 1; usage errors 64).
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct FormatCommandTests {
    /// The repository's example catalog.
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/catalog").path

    func run(_ arguments: [String]) throws -> String {
        var out = ""
        try FormatCommand.parse(arguments + ["--catalog", Self.catalog]).execute(into: &out)
        return out
    }

    @Test func text() throws {
        #expect(try run(["follow", "--locale", "ar", "name=小明"]) == "\u{2066}小明\u{2069} بدأ في متابعتك\n")
        #expect(try run(["unread", "--locale", "ar", "count=2"]) == "لديك رسالتان غير مقروءتين\n")
        #expect(try run(["unread", "--locale", "en", "count=1"]) == "You have 1 unread message\n")
    }

    @Test func json() throws {
        let out = try run(["follow", "--locale", "ar-EG", "name=@محمد", "--format", "json"])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        // Each text argument's [start, end) in "text", in code points, inside its isolate.
        #expect(object.removeValue(forKey: "arguments") as? [String: [Int]] == ["name": [1, 6]])
        #expect(object as? [String: String] == [
            "key": "follow", "locale": "ar-EG", "served": "ar", "direction": "rtl",
            "text": "\u{2067}@محمد\u{2069} بدأ في متابعتك", "plain": "@محمد بدأ في متابعتك",
        ])
        // "liked" is not in ar.json: English serves it, left to right.
        let liked = try run(["liked", "--locale", "ar", "name=小明", "--format", "json"])
        #expect(liked.contains(#""served":"default","direction":"ltr""#))
    }

    /// A value that starts with a combining mark or a skin-tone modifier is split at its "=" all the
    /// same: "=" and the mark are one grapheme cluster, and the argument was "not NAME=VALUE".
    @Test func aValueMayStartWithAMark() throws {
        #expect(try run(["follow", "name=\u{301}x"]) == "\u{2066}\u{301}x\u{2069} started following you\n")
        #expect(try run(["follow", "name=\u{1F3FD}"]) == "\u{2068}\u{1F3FD}\u{2069} started following you\n")
        let fields = try runPreview(["--field", "sender=Bob", "--field", "message=\u{1F3FD} lol", "--format", "json"])
        #expect(fields.contains("\u{1F3FD} lol"))
    }

    /// A value that parses as a decimal number is a number (formatted by ICU: Arabic-Indic digits).
    @Test func numbersAndText() throws {
        #expect(try run(["unread", "--locale", "ar", "count=5"]) == "لديك ٥ رسائل غير مقروءة\n")
        #expect(MessageArgument(parsing: "15") == .decimal("15"))
        #expect(MessageArgument(parsing: "-2.5") == .decimal("-2.5"))
        #expect(MessageArgument(parsing: "iPhone 15") == .text("iPhone 15"))
        #expect(MessageArgument(parsing: "inf") == .text("inf"))
        #expect(MessageArgument(parsing: "0x10") == .text("0x10"))
        #expect(MessageArgument(parsing: "") == .text(""))
    }

    /// --layout: one RTL paragraph, though the name comes first (--direction is refused).
    @Test func layoutIsRightToLeft() throws {
        let out = try run(["follow", "--locale", "ar", "name=小明", "--layout", "--format", "json", "--no-system-fonts"])
        #expect(out.contains(#""paragraphs":[{"start":0,"end":19,"direction":"rtl"}]"#), "\(out)")
    }

    @Test func renderWritesAPNG() throws {
        let path = try TestDirectory.fresh("format").appendingPathComponent("follow.png").path
        let out = try run(["follow", "--locale", "ar", "name=小明", "--render", "-o", path, "--no-system-fonts"])
        #expect(out.hasPrefix("wrote \(path) (png"))
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: [
        ["follow", "name"], ["follow", "=x"], ["follow", "a=1", "a=2"], ["follow", "--render"], ["follow", "-o", "x.png"],
        ["follow", "--render", "-o", "x.gif"], ["follow", "--layout", "--render", "-o", "x.png"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { try FormatCommand.parse(arguments + ["--catalog", Self.catalog]) }
    }

    @Test func errorsExitWithFileAndKey() throws {
        let missingKey = try runBinary(["format", "nope", "--catalog", Self.catalog, "--locale", "ar-EG"])
        #expect(missingKey.status == 1)
        #expect(missingKey.stderr.contains("\(Self.catalog): nope: no catalog file along ar-EG → ar → default"), "\(missingKey.stderr)")
        let wrongKind = try runBinary(["format", "unread", "--catalog", Self.catalog, "--locale", "ar", "count=many"])
        #expect(wrongKind.status == 1)
        #expect(wrongKind.stderr.contains("ar.json:3: unread: the argument 'count' must be a number"), "\(wrongKind.stderr)")
        let usage = try runBinary(["format", "follow", "--catalog", Self.catalog, "name"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("'name' is not NAME=VALUE"))
    }

    /// A count past 2^53 is printed exactly (it was "100,000,000,000,000,000,000").
    @Test func largeCountIsExact() throws {
        #expect(try run(["unread", "--locale", "en", "count=99999999999999999999"]) == "You have 99,999,999,999,999,999,999 unread messages\n")
        #expect(try run(["unread", "--locale", "ar", "count=12345678901234567890"]).contains("١٢٬٣٤٥٬٦٧٨٬٩٠١٬٢٣٤٬٥٦٧٬٨٩٠"))
    }

    /// The issue's attacks through the CLI: the whole message, reordered, shows as with the harmless
    /// name, in the LTR and the RTL catalog language.
    @Test(arguments: [
        ("Bob\u{2029}\u{202E}", "Bob "), ("Bob\u{2028}\u{202E}", "Bob "), ("Bob\r\n\u{202E}", "Bob  "), ("محمد\u{2066}", "محمد"),
        ("Bob\u{2067}", "Bob"), ("Bob\u{2069}\u{202E}", "Bob"),
    ])
    func argumentCannotReorderTheMessage(attack: String, harmless: String) throws {
        for (locale, direction) in [("en", ParagraphDirection.leftToRight), ("ar", .rightToLeft)] {
            let hostile = try run(["follow", "--locale", locale, "name=\(attack)"]).dropLast()
            let plain = try run(["follow", "--locale", locale, "name=\(harmless)"]).dropLast()
            func shown(_ text: Substring) -> String {
                let bidi = BidiText(String(text), direction: direction)
                return bidi.paragraphs.map { bidi.displayString($0.singleLine) }.joined(separator: "|")
            }
            #expect(shown(hostile) == shown(plain), "\(locale)")
        }
        let issue = try run(["follow", "--locale", "en", "name=Bob\u{2029}\u{202E}"]).dropLast()
        let bidi = BidiText(String(issue), direction: .leftToRight)
        #expect(bidi.paragraphs.map { bidi.displayString($0.singleLine) } == ["Bob  started following you"])
    }

    /// A pattern nested 3,000 deep crashed ICU (SIGSEGV); now exit 1 naming the file and the key.
    @Test func deepPatternIsAnError() throws {
        let dir = try TestDirectory.fresh("deep-catalog")
        let pattern = String(repeating: "{g, select, other {", count: 700) + "x" + String(repeating: "}}", count: 700)
        try Data(#"{"deep": "\#(pattern)"}"#.utf8).write(to: dir.appendingPathComponent("default.json"))
        let result = try runBinary(["format", "deep", "--catalog", dir.path, "--locale", "en", "g=a"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("default.json:1: deep: a pattern nests at most 32 messages deep"), "\(result.stderr)")
    }

    /// NAME=VALUE arguments after -- bypass ArgumentParser's quadratic parsing: four times the
    /// arguments (2,000 to 8,000; 2,000 took 12 s before) take less than `Growth.limit` times as
    /// long; more than 256 before -- is a usage error.
    @Test func manyArgumentsTakeLinearTime() throws {
        func arguments(_ n: Int) -> [String] { (0..<n).map { "a\($0)=v\($0)" } }
        let (small, large, ratio) = try Growth.ratio(2000, runs: 3, text: arguments) { arguments in
            let result = try runBinary(["format", "follow", "--catalog", Self.catalog, "--locale", "en", "--", "name=x"] + arguments)
            #expect(result.status == 0 && result.stdout == "\u{2066}x\u{2069} started following you\n", "\(result.stderr)")
        }
        #expect(Growth.linear(ratio), "n: \(small) s, 4n: \(large) s")
        let tooMany = try runBinary(["format", "follow", "--catalog", Self.catalog, "name=x"] + (0..<300).map { "a\($0)=v" })
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("give at most 256 arguments before '--'; put NAME=VALUE arguments after it"), "\(tooMany.stderr)")
    }
    /// A catalog file that cannot be read is a warning, and fails only the lookups through its
    /// language: ar is served (it failed every lookup), fr gives the file's error.
    @Test func aBrokenFileIsAWarning() throws {
        let dir = try TestDirectory.fresh("broken-catalog")
        for name in ["default.json", "ar.json"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: Self.catalog).appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        try Data("{\n \"follow\": \"{name} x\",\n \"bad\": \n}".utf8).write(to: dir.appendingPathComponent("fr.json"))
        let ar = try runBinary(["format", "follow", "--catalog", dir.path, "--locale", "ar", "name=x"])
        #expect(ar.status == 0 && ar.stdout == "\u{2066}x\u{2069} بدأ في متابعتك\n")
        #expect(ar.stderr.hasPrefix("warning: \(dir.path)/fr.json:4: not valid JSON"), "\(ar.stderr)")
        #expect(ar.stderr.hasSuffix("; lookups through its language fail\n"), "\(ar.stderr)")
        let fr = try runBinary(["format", "follow", "--catalog", dir.path, "--locale", "fr", "name=x"])
        #expect(fr.status == 1 && fr.stderr.contains("Error: \(dir.path)/fr.json:4: not valid JSON"), "\(fr.stderr)")
    }
}
