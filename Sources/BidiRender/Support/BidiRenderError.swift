// BidiRenderError: the one public error type; every case says what went wrong and where.

/// An error from BidiRender. Each case carries what failed and where (file, line, byte offset, key).
public enum BidiRenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Input bytes that are not valid UTF-8, at `byteOffset` (0-based) in `source` (a file path,
    /// "<stdin>", or "line N").
    case invalidUTF8(source: String, byteOffset: Int)
    /// A file that could not be read: the path, and why ("no such file", "no such folder /a/b", "a
    /// folder, not a file", "permission denied").
    case unreadableFile(path: String, reason: String)
    /// A file that could not be written (an output image, a scene's JSON): the path, and why ("no
    /// such folder /a/b", "permission denied").
    case unwritableFile(path: String, reason: String)
    /// A value that is out of range or malformed, for `key`, with what was wrong.
    case invalidValue(key: String, value: String, reason: String)
    /// A font file that could not be loaded, with FreeType's reason.
    case fontLoad(file: String, reason: String)
    /// Rendering or image encoding failed, with the library's reason.
    case renderFailure(String)
    /// A font manifest that is not valid: the file, the line (1-based, 0 when unknown), the key path
    /// (for example `packages[1].fonts[0].weight`) and what is wrong.
    case manifest(file: String, line: Int, key: String, reason: String)
    /// A text of `count` code points, more than the `limit` a layout engine takes in one call
    /// (`LayoutEngine.maxInputCodePoints`), or a `BidiText` made with a limit
    /// (`init(_:direction:engine:isolating:maxInputCodePoints:)`).
    case inputTooLarge(limit: Int, count: Int)
    /// The task the call ran in was cancelled, so the call stopped without a result.
    case cancelled
    /// A localized message that cannot be formatted, or a message catalog that cannot be read: the
    /// catalog file (the catalog's folder when no file has the key), the line (1-based, 0 when
    /// unknown), the message key ("" for a whole file) and what is wrong.
    case message(file: String, line: Int, key: String, reason: String)
    /// A composition scene that is not valid: the scene file, the line (1-based, 0 when unknown),
    /// the node path and key (for example `root.children[2].frame`) and what is wrong.
    case scene(file: String, line: Int, path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidUTF8(let source, let offset):
            return "\(source): invalid UTF-8 at byte offset \(offset)"
        case .unreadableFile(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .unwritableFile(let path, let reason):
            return "\(path): cannot write: \(reason)"
        case .invalidValue(let key, let value, let reason):
            return "invalid value '\(value)' for \(key): \(reason)"
        case .fontLoad(let file, let reason):
            return "\(file): cannot load font: \(reason)"
        case .renderFailure(let reason):
            return "cannot render: \(reason)"
        case .manifest(let file, let line, let key, let reason):
            let place = line > 0 ? "\(file):\(line)" : file
            return key.isEmpty ? "\(place): \(reason)" : "\(place): \(key): \(reason)"
        case .inputTooLarge(let limit, let count):
            return "input too large: \(count) code points, more than the limit of \(limit) code points a layout "
                + "or reorder takes (maxInputCodePoints)"
        case .cancelled:
            return "cancelled: the task the layout ran in was cancelled"
        case .message(let file, let line, let key, let reason), .scene(let file, let line, let key, let reason):
            let place = line > 0 ? "\(file):\(line)" : file
            return key.isEmpty ? "\(place): \(reason)" : "\(place): \(key): \(reason)"
        }
    }
}
