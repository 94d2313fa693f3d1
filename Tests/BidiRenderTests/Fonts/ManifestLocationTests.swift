// Where `FontRegistry.embedded()` looks for its manifest (issue #39): BIDIRENDER_FONTS alone when set
// (a file or a folder), else beside the executable (Fonts/, then ../share/bidirender/Fonts/), then the
// source tree for an executable inside the checkout only; when none holds one, the error names every
// place looked in.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender
import TestSupport

@Suite struct ManifestLocationTests {
    /// A folder laid out as an installation: `bin/` and `share/bidirender/Fonts/fonts.json`, with
    /// the manifest only where `manifests` says (relative paths).
    static func installation(_ manifests: [String]) throws -> URL {
        let root = try TestDirectory.fresh("manifest-location")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        for manifest in manifests {
            let file = root.appendingPathComponent(manifest)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: file)
        }
        return root
    }

    static let missingTree = "/nonexistent-checkout/Fonts/fonts.json"

    @Test func environmentAloneWhenSetFileOrFolder() throws {
        let root = try Self.installation(["share/bidirender/Fonts/fonts.json", "bin/Fonts/fonts.json"])
        let folder = root.appendingPathComponent("share/bidirender/Fonts").path
        let byFolder = FontRegistry.locateManifest(
            environment: ["BIDIRENDER_FONTS": folder], executableFolder: root.appendingPathComponent("bin"), sourceTree: Self.missingTree)
        #expect(byFolder.path == folder + "/fonts.json")
        #expect(byFolder.tried == [folder + "/fonts.json"])
        // A setting that names nothing is kept (its reading fails, naming it): never a fall-back.
        let wrong = FontRegistry.locateManifest(
            environment: ["BIDIRENDER_FONTS": "/nonexistent/fonts.json"], executableFolder: root.appendingPathComponent("bin"),
            sourceTree: Self.missingTree)
        #expect(wrong.path == "/nonexistent/fonts.json")
        #expect(throws: BidiRenderError.self) { try FontRegistry(manifestPath: wrong.path!) }
    }

    @Test func besideTheExecutableFirstThenShare() throws {
        let both = try Self.installation(["bin/Fonts/fonts.json", "share/bidirender/Fonts/fonts.json"])
        let first = FontRegistry.locateManifest(environment: [:], executableFolder: both.appendingPathComponent("bin"), sourceTree: Self.missingTree)
        #expect(first.path == both.appendingPathComponent("bin/Fonts/fonts.json").path)
        let share = try Self.installation(["share/bidirender/Fonts/fonts.json"])
        let second = FontRegistry.locateManifest(environment: [:], executableFolder: share.appendingPathComponent("bin"), sourceTree: Self.missingTree)
        #expect(second.path == share.appendingPathComponent("share/bidirender/Fonts/fonts.json").path)
    }

    @Test func noneFoundNamesEveryPlace() throws {
        let empty = try Self.installation([])
        let bin = empty.appendingPathComponent("bin")
        let found = FontRegistry.locateManifest(environment: ["BIDIRENDER_FONTS": ""], executableFolder: bin, sourceTree: Self.missingTree)
        #expect(found.path == nil)
        #expect(found.tried == [
            bin.appendingPathComponent("Fonts/fonts.json").path, empty.appendingPathComponent("share/bidirender/Fonts/fonts.json").path,
            Self.missingTree + " (only for an executable inside that checkout)",
        ])
        let message = "\(FontRegistry.notFound(tried: found.tried))"
        for place in found.tried { #expect(message.contains(place), "\(message)") }
        #expect(message.contains("BIDIRENDER_FONTS"))
    }

    /// The checkout's Fonts/ serves an executable built inside the checkout (this test process), and
    /// not one outside it, even when it exists.
    @Test func sourceTreeOnlyForAnExecutableInsideTheCheckout() throws {
        let tree = try #require(FontRegistry.locateManifest(environment: [:], executableFolder: nil).tried.last)
        #expect(FileManager.default.fileExists(atPath: tree))
        let checkout = URL(fileURLWithPath: tree).deletingLastPathComponent().deletingLastPathComponent()
        let inside = FontRegistry.locateManifest(environment: [:], executableFolder: checkout.appendingPathComponent(".build/debug"))
        #expect(inside.path == tree)
        let outside = try Self.installation([])
        let copied = FontRegistry.locateManifest(environment: [:], executableFolder: outside.appendingPathComponent("bin"))
        #expect(copied.path == nil)
        #expect(copied.tried.last == tree + " (only for an executable inside that checkout)")
    }

    /// An explicit folder comes first and alone: the checkout's own Fonts/ by folder and by file
    /// gives a working registry; a folder without a manifest is an error naming that folder, even
    /// though the checkout (found otherwise for this test process) holds one.
    @Test func explicitFolderFirstAndAlone() throws {
        let tree = try #require(FontRegistry.locateManifest(environment: [:], executableFolder: nil).tried.last)
        let folder = URL(fileURLWithPath: tree).deletingLastPathComponent().path
        for given in [folder, tree] {
            let engine = LayoutEngine(registry: try FontRegistry.embedded(in: given, systemFallback: false))
            let fonts = try engine.fontChoices(for: "مرحبا", options: LayoutOptions(direction: .rightToLeft, locale: "ar"))
            #expect(fonts.first?.font.family.contains("Arabic") == true, "\(fonts)")
        }
        let empty = try Self.installation([]).path
        do {
            _ = try FontRegistry.embedded(in: empty)
            Issue.record("a folder with no fonts.json gave a registry")
        } catch {
            #expect(error == .manifest(
                file: empty + "/fonts.json", line: 0, key: "",
                reason: "the embedded fonts were not found: embedded(in:) names \(empty)/fonts.json, which does not exist"))
        }
    }

    /// A client's executable reaches the package's Fonts/ while it is still in a SwiftPM build
    /// folder (the package its dependency by URL, under .build/checkouts, or by path, beside it),
    /// and not once copied or installed out of it.
    @Test func aProgramInItsBuildFolderIsADevelopmentBuild() {
        let byURL = "/home/u/app/.build/checkouts/BidiRender/"
        #expect(FontRegistry.isDevelopmentBuild("/home/u/app/.build/debug/", checkout: byURL))
        #expect(FontRegistry.isDevelopmentBuild("/home/u/app/.build/x86_64-unknown-linux-gnu/release/", checkout: byURL))
        #expect(FontRegistry.isDevelopmentBuild("/home/u/Client/.build/debug/", checkout: "/home/u/BidiRender/"))
        #expect(FontRegistry.isDevelopmentBuild("/src/BidiRender/Examples/Client/.build/debug/", checkout: "/src/BidiRender/"))
        #expect(!FontRegistry.isDevelopmentBuild("/usr/local/bin/", checkout: byURL))
        #expect(!FontRegistry.isDevelopmentBuild("/opt/app/bin/", checkout: "/home/u/BidiRender/"))
        #expect(!FontRegistry.isDevelopmentBuild("/home/u/app/.build-static/release/", checkout: "/home/u/BidiRender/"))
    }

    @Test func anEmptyFolderIsAnError() {
        #expect(throws: BidiRenderError.manifest(
            file: "", line: 0, key: "", reason: "the embedded fonts were not found: embedded(in:) names an empty path")) {
            try FontRegistry.embedded(in: "")
        }
    }
}
