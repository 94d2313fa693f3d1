// Manifests from someone else: font files only as regular files inside the manifest's folder (unless
// allowed), the same answer for existing and missing files outside it, no blocking on a FIFO, strict
// JSON (trailing commas, duplicate keys), one font per weight and style, face indexes in range, and
// load errors that say where the manifest names the font.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct ManifestSafetyTests {
    static let embeddedFont = FontRegistry.defaultManifestPath!.replacingOccurrences(of: "fonts.json", with: "NotoSans/NotoSans-Regular.ttf")

    /// A manifest with one font `file` (line 2), in a fresh folder that holds a real font as a.ttf,
    /// an empty b.ttf, a FIFO x.ttf, a symlink to /etc/passwd and a dangling symlink.
    static func manifest(file: String, index: String = "", text: String? = nil) throws -> String {
        let dir = try TestDirectory.fresh("manifest-safety")
        try FileManager.default.copyItem(atPath: embeddedFont, toPath: dir.appendingPathComponent("a.ttf").path)
        try Data().write(to: dir.appendingPathComponent("b.ttf"))
        #expect(mkfifo(dir.appendingPathComponent("x.ttf").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("passwd.ttf").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("dangling.ttf").path, withDestinationPath: "/nonexistent/x.ttf")
        let path = dir.appendingPathComponent("fonts.json").path
        let json = text ?? "{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400, \"file\": \"\(file)\"\(index)}]}]}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func manifestError(_ path: String, allowsOutside: Bool = false) -> BidiRenderError? {
        do {
            _ = try FontRegistry(manifestPath: path, systemFallback: false, allowsPathsOutsideFolder: allowsOutside)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        "../../../../../../../etc/passwd", "../../../../../../../etc/no-such-file", "/proc/self/environ", "/dev/urandom",
        "/etc/passwd", "passwd.ttf", "dangling.ttf", "../a.ttf",
    ])
    func outsideTheFolderIsOneAnswer(file: String) throws {
        let path = try Self.manifest(file: file)
        #expect(Self.manifestError(path) == .manifest(
            file: path, line: 2, key: "packages[0].fonts[0].file", reason: "not a font file inside the manifest folder"))
    }

    @Test func fifoAndMissingInsideTheFolder() throws {
        let fifo = try Self.manifest(file: "x.ttf")
        let folder = (fifo as NSString).deletingLastPathComponent
        #expect(Self.manifestError(fifo) == .manifest(
            file: fifo, line: 2, key: "packages[0].fonts[0].file", reason: "not a regular file: \(folder)/x.ttf"))
        let missing = try Self.manifest(file: "nope.ttf")
        #expect(Self.manifestError(missing) == .manifest(
            file: missing, line: 2, key: "packages[0].fonts[0].file",
            reason: "no such font file: \((missing as NSString).deletingLastPathComponent)/nope.ttf"))
        // A FIFO given as the manifest itself is refused without blocking.
        #expect(throws: BidiRenderError.manifest(file: "\(folder)/x.ttf", line: 0, key: "", reason: "not a regular file")) {
            try FontManifest(contentsOf: "\(folder)/x.ttf")
        }
    }

    @Test func outsidePathsWhenAllowed() throws {
        let path = try Self.manifest(file: "/etc/passwd")
        guard case .fontLoad(let file, let reason) = Self.manifestError(path, allowsOutside: true) else {
            Issue.record("expected a font load error")
            return
        }
        #expect(file == "/etc/passwd")
        #expect(reason.hasSuffix(", named at \(path):2 packages[0].fonts[0].file"), "\(reason)")
        // Still only regular files.
        let device = try Self.manifest(file: "/dev/urandom")
        #expect(Self.manifestError(device, allowsOutside: true) == .manifest(
            file: device, line: 2, key: "packages[0].fonts[0].file", reason: "not a regular file: /dev/urandom"))
        // No folder is shared: even the embedded fonts need the caller's permission from elsewhere.
        let embedded = try Self.manifest(file: Self.embeddedFont)
        #expect(Self.manifestError(embedded, allowsOutside: true) == nil)
        #expect(Self.manifestError(embedded) == .manifest(
            file: embedded, line: 2, key: "packages[0].fonts[0].file", reason: "not a font file inside the manifest folder"))
    }

    @Test func fontLoadErrorSaysWhereTheManifestNamesIt() throws {
        let path = try Self.manifest(file: "b.ttf")
        guard case .fontLoad(let file, let reason) = Self.manifestError(path) else {
            Issue.record("expected a font load error")
            return
        }
        #expect(file.hasSuffix("/b.ttf"))
        #expect(reason.hasPrefix("FT_New_Face: "))
        #expect(reason.hasSuffix(", named at \(path):2 packages[0].fonts[0].file"), "\(reason)")
    }

    @Test(arguments: [
        (", \"index\": 1", "face 1 is past the 1 face(s) of "),
        (", \"index\": 65536", "must be a whole number from 0 to 65535 (a face in a collection)"),
        (", \"index\": 4294967296", "must be a whole number from 0 to 65535 (a face in a collection)"),
        (", \"index\": 1e300", "must be a whole number from 0 to 65535 (a face in a collection)"),
        (", \"index\": true", "must be a whole number from 0 to 65535 (a face in a collection)"),
    ])
    func faceIndexes(index: String, reason: String) throws {
        let path = try Self.manifest(file: "a.ttf", index: index)
        guard case .manifest(let file, let line, let key, let got) = Self.manifestError(path) else {
            Issue.record("expected a manifest error")
            return
        }
        #expect(file == path && line == 2 && key == "packages[0].fonts[0].index")
        #expect(got.hasPrefix(reason), "\(got)")
    }

    @Test(arguments: [
        ("{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400, \"file\": \"a.ttf\"},\n]}]}", 3, "", "not valid JSON: a trailing comma before ']' (column 1)"),
        ("{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400, \"file\": \"a.ttf\",}]}]}", 2, "", "not valid JSON: a trailing comma before '}' (column 34)"),
        ("{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400,\n  \"weight\": 500, \"file\": \"a.ttf\"}]}]}", 3, "packages[0].fonts[0]", "duplicate key \"weight\" (column 3)"),
        ("{\"packages\": [],\n \"packages\": []}", 2, "", "duplicate key \"packages\" (column 2)"),
        ("{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400, \"file\": \"a.ttf\"},\n {\"weight\": \"regular\", \"file\": \"a.ttf\"}]}]}", 3, "packages[0].fonts[1]", "a second normal 400 font in the package (fonts[0] is one)"),
        ("{\"packages\": [{\"locale\": \"!!\", \"fonts\": [\n {\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 1, "packages[0].locale", "not a BCP 47 tag"),
    ])
    func strictManifests(text: String, line: Int, key: String, reason: String) throws {
        let path = try Self.manifest(file: "", text: text)
        guard case .manifest(let file, let gotLine, let gotKey, let gotReason) = Self.manifestError(path) else {
            Issue.record("expected a manifest error")
            return
        }
        #expect(file == path)
        #expect(gotLine == line)
        #expect(gotKey == key)
        #expect(gotReason.hasPrefix(reason), "\(gotReason)")
    }

    @Test(arguments: [
        ("{\"a\": [1, 2,]}", 1, 13, "a trailing comma before ']'"),
        ("{\"a\": 1,}", 1, 9, "a trailing comma before '}'"),
        ("{\"a\": 01}", 1, 8, "expected ',' or '}'"),
        ("{\"a\": tru}", 1, 7, "expected true"),
        ("{\"a\":\n \"x\ny\"}", 2, 4, "a control character inside a string (write it as an escape)"),
        ("{\"a\": 1} x", 1, 10, "unexpected text after the JSON value"),
        (String(repeating: "[", count: 100) + String(repeating: "]", count: 100), 1, 65, "nested more than 64 deep"),
    ])
    func strictJSONSaysLineAndColumn(text: String, line: Int, column: Int, reason: String) {
        #expect(throws: StrictJSON.Failure(line: line, column: column, path: [], reason: reason)) {
            try StrictJSON.validate(Array(text.utf8))
        }
    }

    /// Bytes that are not UTF-8 and a lone surrogate escape are failures with their place: Foundation
    /// refused them with no line ("the top level must be a JSON object" for a scene, its own
    /// message for a catalog). A surrogate pair is one code point, and valid.
    @Test func strictJSONPlacesBadUTF8AndLoneSurrogates() throws {
        let latin1: [UInt8] = Array("{\n \"a\": \"caf".utf8) + [0xE9] + Array("\"}".utf8)
        #expect(throws: StrictJSON.Failure(line: 2, column: 11, path: [], reason: "invalid UTF-8 at byte offset 12")) {
            try StrictJSON.validate(latin1)
        }
        let cut: [UInt8] = Array("{\"a\": \"".utf8) + [0xF0, 0x9F, 0x98] + Array("\"}".utf8)
        #expect(throws: StrictJSON.Failure(line: 1, column: 8, path: [], reason: "invalid UTF-8 at byte offset 7")) {
            try StrictJSON.validate(cut)
        }
        #expect(throws: StrictJSON.Failure(line: 2, column: 7, path: [], reason: "a lone UTF-16 surrogate escape in a string")) {
            try StrictJSON.validate(Array("{\n \"a\": \"caf\\udce9\"}".utf8))
        }
        try StrictJSON.validate(Array(#"{"a": "\ud83d\ude00 caf\u00e9 ✓"}"#.utf8))
    }

    @Test func strictJSONAcceptsValidText() throws {
        try StrictJSON.validate(Array(#"{"a": [1, -2.5e+3, "x\u00e9\n", true, false, null, {}, []], "b": {"c": 0}}"#.utf8))
        try StrictJSON.validate([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        try StrictJSON.validate(Array(try Data(contentsOf: URL(fileURLWithPath: FontRegistry.defaultManifestPath!))))
    }
}
