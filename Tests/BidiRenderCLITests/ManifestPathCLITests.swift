// `--fonts` manifests may name only font files inside their folder; --allow-font-paths-outside-folder
// lifts that for a trusted manifest.
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
}
