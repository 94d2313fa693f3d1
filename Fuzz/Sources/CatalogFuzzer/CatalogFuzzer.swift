// CatalogFuzzer: a message catalog and its arguments from arbitrary bytes, as a catalog and a chat
// backend's values from someone else would reach `format`. Every key must format or fail with an
// error that names the catalog file and the key (or, for a file that could not be read, the file's
// own error); nothing may crash or hang.
//
// Input: the bytes before the first 0x00 are the catalog's default.json; the rest, split at 0x00,
// are NAME=VALUE arguments read as the CLI reads them (`MessageArgument(parsing:)`). Each key is
// formatted for en (left to right, default.json's language) and ar (right to left); each text
// argument's range must hold its isolated value and no argument mark may be left in the text.
@testable import BidiRender
import Foundation

/// One folder for the whole run: each input rewrites its default.json.
let folder: String = {
    let path = NSTemporaryDirectory() + "/catalog-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()
let file = folder + "/default.json"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let parts = bytes.split(separator: 0, maxSplits: Int.max, omittingEmptySubsequences: false)
    let json = parts.first.map { Data($0) } ?? Data()
    var arguments: [String: MessageArgument] = [:]
    for part in parts.dropFirst() {
        let text = String(decoding: part, as: UTF8.self)
        guard let equals = text.firstIndex(of: "=") else { continue }
        arguments[String(text[..<equals])] = MessageArgument(parsing: String(text[text.index(after: equals)...]))
    }
    guard (try? json.write(to: URL(fileURLWithPath: file))) != nil else { return 0 }
    let catalog: MessageCatalog
    do {
        catalog = try MessageCatalog(directory: folder)
    } catch {
        precondition(error.description.contains("default.json"), "a catalog error must name the file: \(error)")
        return 0
    }
    // The keys, as the catalog read them (it loaded: the file is a JSON object of strings).
    let keys = ((try? JSONSerialization.jsonObject(with: json)) as? [String: Any]).map { Array($0.keys) } ?? []
    for key in keys {
        for locale in [LocaleTag("en"), LocaleTag("ar")] {
            do {
                let message = try catalog.format(key, locale: locale, arguments: arguments)
                // No mark is left in the text, and each argument's range holds its (made safe) text.
                let scalars = Array(message.text.unicodeScalars)
                precondition(!scalars.contains { ArgumentMarks.isMark($0.value) }, "a mark was left in \(message.text)")
                for (name, range) in message.argumentRanges {
                    precondition(range.lowerBound >= 1 && range.upperBound < scalars.count, "the range of \(name) is outside the text")
                    guard case .text(let value) = arguments[name] else { preconditionFailure("a range for \(name), not text") }
                    let shown = String(String.UnicodeScalarView(scalars[range]))
                    precondition(
                        ArgumentIsolation.isolate(value) == String(scalars[range.lowerBound - 1]) + shown + "\u{2069}",
                        "the range of \(name) holds \(shown), not its value")
                }
            } catch {
                // A file that could not be read fails the lookups through its language with its
                // own error, which names the file (and its line), not the key.
                if catalog.brokenFiles.contains(error) {
                    precondition(error.description.contains("default.json"), "a broken file's error must name it: \(error)")
                    continue
                }
                // An empty key ("" is a JSON key like any other) cannot be found in a message: the
                // file and its line still say where.
                precondition(
                    error.description.contains("default.json") && (key.isEmpty || error.description.contains(key)),
                    "a format error must name the file and the key: \(error)")
            }
        }
    }
    return 0
}
