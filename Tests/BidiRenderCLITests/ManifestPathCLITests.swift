// `--fonts` manifests may name only font files inside their folder; --allow-font-paths-outside-folder
// lifts that for a trusted manifest.
import BidiRender
import Foundation
import Testing
import TestSupport

@Suite struct ManifestPathCLITests {
    @Test func outsidePathsNeedTheFlag() throws {
        let dir = try TestDirectory.fresh("manifest-cli")
        let path = dir.appendingPathComponent("fonts.json").path
        try Data("{\"packages\": [{\"locale\": \"default\", \"fonts\": [\n {\"weight\": 400, \"file\": \"/etc/passwd\"}]}]}".utf8)
            .write(to: URL(fileURLWithPath: path))
        let refused = try runBinary(["fonts", "--fonts", path, "--script", "Latn", "--no-system-fonts"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "Error: \(path):2: packages[0].fonts[0].file: not a font file inside the manifest folder\n")
        let allowed = try runBinary(["fonts", "--fonts", path, "--script", "Latn", "--no-system-fonts", "--allow-font-paths-outside-folder"])
        #expect(allowed.status == 1)
        #expect(allowed.stderr.contains("/etc/passwd: cannot load font: FT_New_Face: unknown file format"), "\(allowed.stderr)")
        #expect(allowed.stderr.contains("named at \(path):2 packages[0].fonts[0].file"), "\(allowed.stderr)")
    }

    /// A manifest named relative to the working directory keeps its font paths as written ("a.ttf",
    /// not "./a.ttf"), as before the folder rule.
    @Test func relativeManifestKeepsPathsAsWritten() throws {
        let dir = try TestDirectory.fresh("manifest-cli-relative")
        let font = try #require(FontRegistry.defaultManifestPath).replacingOccurrences(of: "fonts.json", with: "NotoSans/NotoSans-Regular.ttf")
        try FileManager.default.copyItem(atPath: font, toPath: dir.appendingPathComponent("a.ttf").path)
        try Data("{\"packages\": [{\"locale\": \"default\", \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}".utf8)
            .write(to: dir.appendingPathComponent("fonts.json"))
        let result = try runBinary(
            ["-c", "cd \"$1\" && exec \"$0\" fonts --fonts fonts.json --script Latn --format json --no-system-fonts",
             bidirenderBinary().path, dir.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"file\":\"a.ttf\",\"index\":0}"), "\(result.stdout)")
    }
}
