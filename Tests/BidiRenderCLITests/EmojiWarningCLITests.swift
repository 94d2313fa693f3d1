// The CLI prints the missing colour emoji font once on standard error (issue #39), for one text and
// for a batch of them, and the output is still written. With system fonts off it says so; with
// fontconfig but no colour font installed it names the Debian package.
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct EmojiWarningCLITests {
    static let line = "warning: " + "no colour emoji font was found for an emoji"

    @Test func layoutSaysItOnce() throws {
        let result = try runBinary(["layout", "مرحبا 😀", "--direction", "rtl", "--no-system-fonts"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix(Self.line) == true)
        #expect(lines.first?.hasSuffix("system fonts are off (--no-system-fonts, systemFallback: false) and the font manifest has no \"emoji\" package") == true)
        #expect(result.stdout.hasPrefix("line 0 run 0"), "\(result.stdout)")
    }

    /// Fontconfig with no font at all (an empty configuration): the advice is the package.
    @Test func noColourFontInstalledNamesThePackage() throws {
        let folder = try TestDirectory.fresh("empty-fontconfig")
        let config = folder.appendingPathComponent("fonts.conf")
        try Data("<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(folder.path)/cache</cachedir></fontconfig>\n".utf8).write(to: config)
        let result = try runBinary(["layout", "ok 😀"], environment: ["FONTCONFIG_FILE": config.path])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix(Self.line) }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasSuffix("install Debian's fonts-noto-color-emoji (or give the font manifest an \"emoji\" package)") == true)
    }

    @Test func aBatchSaysItOnce() throws {
        let input = (1...4).map { #"{"text":"hi \#($0) 😀","width":200}"# }.joined(separator: "\n") + "\n"
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: Array(input.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix(Self.line) }.count == 1, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 4)
    }

    @Test func renderSaysIt() throws {
        let output = try TestDirectory.fresh("emoji-warning").appendingPathComponent("x.png").path
        let result = try runBinary(["render", "ok 🎉", "-o", output, "--no-system-fonts"])
        #expect(result.status == 0)
        #expect(result.stderr.contains(Self.line), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
