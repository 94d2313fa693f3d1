// CatalogFile: one language file of a message catalog ("ar.json"), read strictly: a JSON object of
// keys to ICU MessageFormat patterns, no trailing commas, no duplicate keys (StrictJSON), every
// value a string. Errors name the file and the line.

import Foundation

/// The patterns of one catalog language.
struct CatalogFile: Sendable {
    /// The language: the file name without ".json", normalized ("zh-Hans", "default").
    let language: String
    /// The file's path, as errors show it.
    let path: String
    /// Key → ICU MessageFormat pattern.
    let patterns: [String: String]
    /// The file's bytes, to find the line of a key for an error (JSONLocator).
    private let bytes: [UInt8]

    /// The largest catalog file read, in bytes: far above any real catalog, low enough that a wrong
    /// path (a disk image named .json) is refused before it is read whole.
    static let maximumSize = 16 << 20

    /// Reads and checks `path`, the file of `language`: a regular file of at most `maximumSize`
    /// bytes, inside `directory` after symlinks are resolved unless `allowsOutside` (the font
    /// manifest's rule, ManifestFiles).
    /// - Throws: `.message` naming the file, the line and what is wrong.
    init(language: String, path: String, directory: String, allowsOutside: Bool = false) throws(BidiRenderError) {
        self.language = language
        self.path = path
        let name = (path as NSString).lastPathComponent
        if case .failure(let failure) = ManifestFiles.confinedPath(
            name, directory: directory, allowsOutside: allowsOutside,
            outsideReason: "not a catalog file inside the catalog folder", kind: "catalog file")
        {
            throw .message(file: path, line: 0, key: "", reason: failure.reason)
        }
        let bytes: [UInt8]
        switch ManifestFiles.readRegularFile(path, maximumSize: Self.maximumSize) {
        case .success(let read): bytes = read
        case .failure(let failure): throw .message(file: path, line: 0, key: "", reason: failure.reason)
        }
        let data = Data(bytes)
        self.bytes = bytes
        do {
            try StrictJSON.validate(bytes)
        } catch {
            let prefix = error.reason.hasPrefix("duplicate") ? "" : "not valid JSON: "
            throw .message(file: path, line: error.line, key: error.path.dotted, reason: "\(prefix)\(error.reason) (column \(error.column))")
        }
        let object: [String: Any]
        do {
            guard let value = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw BidiRenderError.message(file: path, line: 1, key: "", reason: "the top level must be a JSON object of keys to patterns")
            }
            object = value
        } catch let error as BidiRenderError {
            throw error
        } catch {
            throw .message(file: path, line: 0, key: "", reason: "not valid JSON: \(error)")
        }
        var patterns: [String: String] = [:]
        for (key, value) in object {
            guard let pattern = value as? String else {
                throw .message(
                    file: path, line: JSONLocator.line(of: [.key(key)], in: bytes), key: key, reason: "a pattern must be a JSON string")
            }
            patterns[key] = pattern
        }
        self.patterns = patterns
    }

    /// The patterns of `language` given in memory; errors name `path` ("<memory>/ar"), at no line.
    init(language: String, path: String, patterns: [String: String]) {
        (self.language, self.path, self.patterns, bytes) = (language, path, patterns, [])
    }

    /// The 1-based line of `key` in the file (0 when not found).
    func line(of key: String) -> Int {
        JSONLocator.line(of: [.key(key)], in: bytes)
    }
}
