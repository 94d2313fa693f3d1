// The manifest contract: the embedded fonts.json parses, and bad manifests fail with file, line, key.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

/// Writes `text` as fonts.json in a fresh folder (with an empty "a.ttf" beside it) and returns its path.
func manifestFile(_ text: String) throws -> String {
    let dir = try TestDirectory.fresh("manifest")
    try Data().write(to: dir.appendingPathComponent("a.ttf"))
    let path = dir.appendingPathComponent("fonts.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite struct FontManifestTests {
    @Test func embeddedManifestParses() throws {
        let path = try #require(FontRegistry.defaultManifestPath)
        let manifest = try FontManifest(contentsOf: path)
        #expect(manifest.package("ar")?.fonts.map(\.weight.value) == [300, 400, 500, 700])
        #expect(manifest.package("zh-Hans")?.fonts.map(\.weight.value) == [400, 700])
        #expect(manifest.package("default")?.fonts.count == 4)
        #expect(manifest.scripts["Hani"] == "zh-Hans")
        #expect(manifest.packages.allSatisfy { $0.fonts.allSatisfy { $0.file.hasPrefix("/") } })
    }

    @Test func namesAndDefaultsAreAccepted() throws {
        let path = try manifestFile("""
            {"packages": [{"locale": "AR_eg", "fonts": [{"weight": "semibold", "file": "a.ttf"},
                                                        {"weight": 300, "style": "italic", "file": "a.ttf", "index": 0}]}]}
            """)
        let manifest = try FontManifest(contentsOf: path)
        let package = try #require(manifest.package("ar-EG"))
        #expect(package.fonts.map(\.weight.value) == [600, 300])
        #expect(package.fonts.map(\.style) == [.normal, .italic])
    }

    @Test(arguments: [
        ("{\"packages\": [\n  {\"locale\": \"ar\",\n   \"fonts\": [}\n]}", 3, "", "not valid JSON"),
        ("[1, 2]", 1, "", "top level must be a JSON object"),
        ("{\"fonts\": []}", 1, "packages", "missing"),
        ("{\"packages\": [\n {\"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}\n]}", 2, "packages[0].locale", "missing"),
        ("{\"packages\": [\n {\"locale\": \"ar\",\n  \"fonts\": [\n   {\"weight\": 400}]}]}", 4, "packages[0].fonts[0].file", "missing"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": [\n {\"weight\": 400,\n  \"file\": \"nope.ttf\"}]}]}", 3, "packages[0].fonts[0].file", "no such font file"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": [\n {\"weight\": 1200, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].weight", "1 to 1000"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": [\n {\"weight\": \"fat\", \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].weight", "unknown weight name"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": [\n {\"weight\": 400, \"style\": \"oblique\", \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].style", "normal"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}],\n \"scripts\": {\"Hani\": \"zh\"}}", 2, "scripts.Hani", "no package"),
        ("{\"packages\": [{\"locale\": \"ar\", \"fonts\": []}]}", 1, "packages[0].fonts", "at least one font"),
    ])
    func badManifestsSayWhereAndWhat(text: String, line: Int, key: String, reason: String) throws {
        let path = try manifestFile(text)
        do {
            _ = try FontManifest(contentsOf: path)
            Issue.record("accepted a bad manifest")
        } catch {
            guard case .manifest(let file, let gotLine, let gotKey, let gotReason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(file == path)
            #expect(gotLine == line)
            #expect(gotKey == key)
            #expect(gotReason.contains(reason), "\(gotReason)")
        }
    }

    @Test func fontThatIsNotAFontIsATypedError() throws {
        let path = try manifestFile(#"{"packages": [{"locale": "default", "fonts": [{"weight": 400, "file": "a.ttf"}]}]}"#)
        do {
            _ = try FontRegistry(manifestPath: path, systemFallback: false)
            Issue.record("loaded an empty file as a font")
        } catch {
            guard case .fontLoad(let file, let reason) = error else { Issue.record("\(error)"); return }
            #expect(file.hasSuffix("a.ttf"))
            #expect(reason.contains("FT_New_Face"), "\(reason)")
        }
    }
}
