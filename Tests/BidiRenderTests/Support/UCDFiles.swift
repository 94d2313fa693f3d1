// UCDFiles: locates and reads the Unicode Character Database files the tests compare against
// (Debian's unicode-data package; UNICODE_DATA_DIR overrides the folder).
import Foundation

enum UCDFiles {
    /// The folder that holds UnicodeData.txt, BidiTest.txt and the rest.
    static var directory: String {
        ProcessInfo.processInfo.environment["UNICODE_DATA_DIR"] ?? "/usr/share/unicode"
    }

    /// The lines of a UCD file, without comments and blank lines. Missing data is a test failure,
    /// not a skip: the setup installs unicode-data.
    static func dataLines(_ name: String) throws -> [Substring] {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MissingFile(path: path)
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let trimmed = body.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : Substring(trimmed)
        }
    }

    /// All lines of a UCD file, comments included (for @missing and @Levels lines).
    static func rawLines(_ name: String) throws -> [Substring] {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MissingFile(path: path)
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
    }

    /// "0041" or "0041..005A" as a closed range of code points.
    static func codePointRange(_ field: Substring) -> ClosedRange<UInt32> {
        let parts = field.trimmingCharacters(in: .whitespaces).components(separatedBy: "..")
        let lo = UInt32(parts[0], radix: 16)!
        let hi = parts.count > 1 ? UInt32(parts[1], radix: 16)! : lo
        return lo...hi
    }

    struct MissingFile: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: install Debian's unicode-data (make test does)" }
    }
}
