// ManifestFiles: which files a manifest may name, checked before anything is opened. A manifest may
// come from someone else: its font files must be regular files (a FIFO would block open() forever, a
// device never end) inside the manifest's folder, after symlinks are resolved (realpath), unless the
// caller allows other paths. Outside the folder a missing file and an existing one get the same
// answer, so the errors do not tell which files exist. Scenes follow the same rule for their images
// and read their own file the same way (Compose/SceneFiles.swift).

import Foundation

enum ManifestFiles {
    /// The largest manifest read, in bytes.
    static let maximumManifestSize = 16 << 20
    /// The answer for any path outside the allowed folders, whether or not it exists.
    static let outsideReason = "not a font file inside the manifest folder"

    /// The manifest's bytes: a regular file of at most `maximumManifestSize` bytes, opened without
    /// blocking (O_NONBLOCK: a FIFO does not hang the open).
    /// - Throws: `.manifest` naming the file and what is wrong.
    static func readManifest(_ path: String) throws(BidiRenderError) -> [UInt8] {
        switch readRegularFile(path, maximumSize: maximumManifestSize) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw .manifest(file: path, line: 0, key: "", reason: failure.reason)
        }
    }

    /// The bytes of `path`: a regular file of at most `maximumSize` bytes, opened without blocking
    /// (O_NONBLOCK: a FIFO does not hang the open), its size checked before it is read; or why not
    /// ("cannot read the file: no such file", "not a regular file", "larger than 16 MB").
    static func readRegularFile(_ path: String, maximumSize: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            return .failure(.unreadable("cannot read the file: \(FileProblem.reason(path: path, errno: errno, writing: false))"))
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular("not a regular file")) }
        guard info.st_size <= maximumSize else {
            let limit = maximumSize % (1 << 20) == 0 ? "\(maximumSize >> 20) MB" : "\(maximumSize) bytes"
            return .failure(.tooLarge("larger than \(limit)"))
        }
        do {
            return .success([UInt8](try handle.readToEnd() ?? Data()))
        } catch {
            return .failure(.unreadable("cannot read the file"))
        }
    }

    /// The absolute path of font `file` as a manifest in `directory` names it, or why it may not be
    /// used. Relative paths are relative to `directory`. Without `allowsOutside`, the file's real path
    /// must be inside `directory`; with it, any regular file will do.
    static func fontPath(_ file: String, directory: String, allowsOutside: Bool) -> Result<String, Failure> {
        confinedPath(file, directory: directory, allowsOutside: allowsOutside, outsideReason: outsideReason, kind: "font file")
            .map(\.path)
    }

    /// `file` as a file in `directory` names it (relative paths are relative to `directory`): its
    /// absolute path and its real path (symlinks resolved), or why it may not be used. Without
    /// `allowsOutside`, the real path must be inside `directory` and anything else, missing or not,
    /// gets `outsideReason`; a missing file is named ("no such \(kind): …") only where the caller
    /// may look. Either way it must be a regular file.
    static func confinedPath(
        _ file: String, directory: String, allowsOutside: Bool, outsideReason: String, kind: String
    ) -> Result<(path: String, real: String), Failure> {
        // As the file names it (relative to the working directory when the file's own path is).
        let absolute = file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
        let folders = allowsOutside ? [] : [realPath(directory)].compactMap { $0 }
        func inside(_ real: String) -> Bool {
            folders.contains { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
        guard let real = realPath(absolute) else {
            // Missing. Say so only where the caller may look: the parent is inside, and the name is
            // not a dangling symlink (whose target could be anywhere).
            var linkInfo = stat()
            let parent = realPath((absolute as NSString).deletingLastPathComponent)
            if allowsOutside || (parent.map(inside) == true && lstat(absolute, &linkInfo) != 0) {
                return .failure(.missing("no such \(kind): \(absolute)"))
            }
            return .failure(.outside(outsideReason))
        }
        if !allowsOutside, !inside(real) { return .failure(.outside(outsideReason)) }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .failure(.notRegular("not a regular file: \(absolute)"))
        }
        return .success((absolute, real))
    }

    enum Failure: Error {
        case missing(String)
        case outside(String)
        case notRegular(String)
        case unreadable(String)
        case tooLarge(String)

        var reason: String {
            switch self {
            case .missing(let r), .outside(let r), .notRegular(let r), .unreadable(let r), .tooLarge(let r): return r
            }
        }
    }

    /// realpath(3): the absolute path with symlinks, "." and ".." resolved ("" is the working
    /// directory); nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
