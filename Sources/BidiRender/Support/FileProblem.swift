// FileProblem: why a file cannot be read or written, in words a user can act on ("no such folder
// /a/b", "a folder, not a file", "permission denied"), found by looking at the path after the call
// failed. The one home of these reasons: every read and write error of the library and the CLI
// comes through `BidiRenderError.unreadable(path:errno:)` and `.unwritable(path:errno:)`.

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension BidiRenderError {
    /// `.unreadableFile` for `path`, with the reason found by looking at it: "no such file", "no
    /// such folder /a/b", "a folder, not a file", "permission denied", or else the system's words for
    /// `code` (the errno of the failed call, when known).
    package static func unreadable(path: String, errno code: Int32? = nil) -> BidiRenderError {
        .unreadableFile(path: path, reason: FileProblem.reason(path: path, errno: code, writing: false))
    }

    /// `.unwritableFile` for `path`, with the reason found by looking at it: "no such folder /a/b",
    /// "/a is not a folder", "a folder, not a file", "permission denied", or else the system's words
    /// for `code` (the errno of the failed call: "no space left on device"). A stream's name in
    /// angle brackets ("<stdout>") is not looked at: its reason is the system's words for `code`.
    package static func unwritable(path: String, errno code: Int32) -> BidiRenderError {
        if path.hasPrefix("<") { return .unwritableFile(path: path, reason: FileProblem.systemMessage(code)) }
        return .unwritableFile(path: path, reason: FileProblem.reason(path: path, errno: code, writing: true))
    }
}

enum FileProblem {
    /// Why `path` could not be read (or written, with `writing`), in that order of checks: the path
    /// is a folder; it exists but the user lacks permission; it is missing, and so is its folder
    /// (or the folder is a file); it is missing (reading) or its folder is not writable (writing);
    /// else the system's message for `code`.
    static func reason(path: String, errno code: Int32?, writing: Bool) -> String {
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return "a folder, not a file" }
            if access(path, writing ? W_OK : R_OK) != 0 { return "permission denied" }
        } else {
            let parent = (path as NSString).deletingLastPathComponent
            let folder = parent.isEmpty ? "." : parent
            var folderInfo = stat()
            if stat(folder, &folderInfo) != 0 { return "no such folder \(folder)" }
            if folderInfo.st_mode & S_IFMT != S_IFDIR { return "\(folder) is not a folder" }
            if !writing { return "no such file" }
            if access(folder, W_OK | X_OK) != 0 { return "permission denied: cannot create files in \(folder)" }
        }
        if let code { return systemMessage(code) }
        return writing ? "the file cannot be written" : "the file cannot be read"
    }

    /// Why the folder `path` could not be listed: missing, a file, or permission denied.
    static func folderReason(path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "no such folder" }
        if info.st_mode & S_IFMT != S_IFDIR { return "a file, not a folder" }
        return "permission denied"
    }

    /// strerror's message for `code`, starting lowercase as the rest of an error message does ("no
    /// space left on device").
    static func systemMessage(_ code: Int32) -> String {
        let message = String(validatingCString: strerror(code)) ?? "error \(code)"
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
