// FontRegistry+Location: where the embedded fonts are found at run time — `$BIDIRENDER_FONTS` alone
// when set, else beside the executable (an installation's ../share/bidirender/Fonts), else the
// checkout's Fonts/ for an executable built inside it — and the error that names every place asked.
import Foundation

extension FontRegistry {
    /// The registry of the embedded fonts (`Fonts/fonts.json`, found by `defaultManifestPath`).
    /// - Throws: `.manifest` naming every place looked in when none holds the manifest; what
    ///   `init(manifestPath:)` throws for the one found (or the one `BIDIRENDER_FONTS` names).
    public static func embedded(systemFallback: Bool = true) throws(BidiRenderError) -> FontRegistry {
        let found = locateManifest(environment: ProcessInfo.processInfo.environment)
        guard let path = found.path else { throw notFound(tried: found.tried) }
        return try FontRegistry(manifestPath: path, systemFallback: systemFallback)
    }

    /// The error of `embedded` when no place it looked in holds a manifest.
    package static func notFound(tried: [String]) -> BidiRenderError {
        .manifest(
            file: "Fonts/fonts.json", line: 0, key: "",
            reason: "the embedded fonts were not found; looked in " + tried.joined(separator: ", ")
                + "; set BIDIRENDER_FONTS to a fonts.json or to the folder that holds it")
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
            if let executableFolder, !(executableFolder.resolvingSymlinksInPath().path + "/").hasPrefix(root) {
                tried.append(sourceTree + " (only for an executable inside that checkout)")
            } else {
                tried.append(sourceTree)
            }
        }
        return (tried.first { FileManager.default.fileExists(atPath: $0) }, tried)
    }
}
