// FontRegistry+Location: where the embedded fonts are found at run time — `$BIDIRENDER_FONTS` alone
// when set, else beside the executable (an installation's ../share/bidirender/Fonts), else the
// checkout's Fonts/ for an executable built inside it — and the error that names every place asked.
import Foundation

extension FontRegistry {
    /// The registry of the embedded fonts (`fonts.json` and the font files beside it).
    ///
    /// Where they are found, in order:
    /// 1. `folder`, when given: the folder that holds `fonts.json` (or that file itself), alone.
    /// 2. `$BIDIRENDER_FONTS`, when set: the same, alone.
    /// 3. `Fonts/`, then `../share/bidirender/Fonts/`, beside the executable (how `make install`
    ///    and the Debian package lay them out).
    /// 4. For development only, the package's own `Fonts/`, when the executable is inside the
    ///    checkout or still in a SwiftPM `.build` folder (a client's program depending on the
    ///    package by URL or by path): a binary copied or installed elsewhere never reaches back
    ///    into the build machine's source tree.
    ///
    /// A folder given in 1 or 2 that holds no manifest is an error that names it, never a silent
    /// fall-back to the next place.
    /// - Throws: `.manifest` naming every place looked in when none holds the manifest; what
    ///   `init(manifestPath:)` throws for the one found.
    public static func embedded(in folder: String? = nil, systemFallback: Bool = true) throws(BidiRenderError) -> FontRegistry {
        var environment = ProcessInfo.processInfo.environment
        if let folder {
            // An empty folder names nothing: an error, never the default search.
            guard !folder.isEmpty else {
                throw .manifest(file: "", line: 0, key: "", reason: "the embedded fonts were not found: embedded(in:) names an empty path")
            }
            environment = ["BIDIRENDER_FONTS": folder]
        }
        let found = locateManifest(environment: environment)
        guard let path = found.path else { throw notFound(tried: found.tried) }
        guard FileManager.default.fileExists(atPath: path) else {
            throw notFound(tried: found.tried, setting: folder == nil ? "BIDIRENDER_FONTS" : "embedded(in:)")
        }
        return try FontRegistry(manifestPath: path, systemFallback: systemFallback)
    }

    /// The error of `embedded` when no place it looked in holds a manifest.
    package static func notFound(tried: [String], setting: String? = nil) -> BidiRenderError {
        if let setting {
            return .manifest(
                file: tried.first ?? "fonts.json", line: 0, key: "",
                reason: "the embedded fonts were not found: \(setting) names \(tried.first ?? "nothing"), which does not exist")
        }
        return .manifest(
            file: "Fonts/fonts.json", line: 0, key: "",
            reason: "the embedded fonts were not found; looked in " + tried.joined(separator: ", ")
                + "; set BIDIRENDER_FONTS (or call FontRegistry.embedded(in:)) with a fonts.json or the folder that holds it")
    }

    /// Where the embedded manifest is (`locateManifest` in this process's environment).
    package static var defaultManifestPath: String? {
        locateManifest(environment: ProcessInfo.processInfo.environment).path
    }

    /// Where the embedded manifest is, and the places looked in, in order: `BIDIRENDER_FONTS` alone
    /// when set (a fonts.json, or a folder that holds one), returned whether it exists or not (a
    /// wrong setting is an error that names it, never a silent fall-back); else `Fonts/fonts.json`
    /// and `../share/bidirender/Fonts/fonts.json` next to the executable, then the source tree's
    /// `Fonts/` for an executable inside the checkout (development only), the first that exists.
    package static func locateManifest(
        environment: [String: String], executableFolder: URL? = Bundle.main.executableURL?.deletingLastPathComponent(),
        sourceTree: String? = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fonts/fonts.json").standardized.path
    ) -> (path: String?, tried: [String]) {
        if let path = environment["BIDIRENDER_FONTS"], !path.isEmpty {
            var isFolder: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            let file = folder ? URL(fileURLWithPath: path).appendingPathComponent("fonts.json").path : path
            return (file, [file])
        }
        var tried: [String] = []
        if let executableFolder {
            tried.append(executableFolder.appendingPathComponent("Fonts/fonts.json").path)
            tried.append(executableFolder.appendingPathComponent("../share/bidirender/Fonts/fonts.json").standardized.path)
        }
        // The source tree serves development only: an executable built inside the checkout (the
        // CLI, the tests, the benchmarks), not one copied out of it.
        if let sourceTree {
            let root = URL(fileURLWithPath: sourceTree).deletingLastPathComponent().deletingLastPathComponent()
                .resolvingSymlinksInPath().path + "/"
            if let executableFolder, !isDevelopmentBuild(executableFolder.resolvingSymlinksInPath().path + "/", checkout: root) {
                tried.append(sourceTree + " (only for an executable inside that checkout)")
            } else {
                tried.append(sourceTree)
            }
        }
        return (tried.first { FileManager.default.fileExists(atPath: $0) }, tried)
    }

    /// Whether an executable in `folder` is a development build of the checkout at `root` (both
    /// paths end with "/"): inside the checkout itself, or still inside a SwiftPM build folder
    /// (`…/.build/…`), as a client's program is while its package depends on this one by URL
    /// (`<client>/.build/checkouts/BidiRender`) or by path (`../BidiRender`). A binary copied or
    /// installed out of its build folder is not one.
    static func isDevelopmentBuild(_ folder: String, checkout root: String) -> Bool {
        folder.hasPrefix(root) || folder.contains("/.build/")
    }
}
