// InputOptions: where the text comes from (argument, --text-file, or standard input), read strictly
// as UTF-8.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

/// The text input options shared by every command.
struct InputOptions: ParsableArguments {
    @Argument(help: "The text. Without it and without --text-file, standard input is read.")
    var text: String?

    @Option(name: .customLong("text-file"), help: "Read the text from this file (UTF-8).")
    var textFile: String?

    func validate() throws {
        if text != nil, textFile != nil {
            throw ValidationError("give the text as an argument or with --text-file, not both")
        }
    }

    /// The raw input bytes and a name for them in errors.
    func readBytes() throws -> (bytes: [UInt8], source: String) {
        try Self.readBytes(text: text, textFile: textFile)
    }

    /// The whole input as one string; invalid UTF-8 is an error naming the byte offset.
    func readText() throws -> String {
        try Self.readText(text: text, textFile: textFile)
    }

    /// The input as JSON Lines, read line by line as it arrives (`--jsonl`).
    /// The argument is the JSON Lines themselves: one that names a file (and is no JSON object) is a
    /// usage error pointing to --text-file, not a line that is not JSON.
    func lines(limit: Int = JSONLines.maximumLineBytes) throws -> LineReader {
        if let text {
            if text.first != "{", !text.contains("\n"), FileManager.default.fileExists(atPath: text) {
                throw ValidationError("with --jsonl the TEXT argument is the JSON Lines themselves; to read the file '\(text)', give --text-file \(text) (or standard input)")
            }
            return LineReader(bytes: Array(text.utf8), source: "<argument>", limit: limit)
        }
        if let textFile {
            let fd = open(textFile, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw BidiRenderError.unreadable(path: textFile, errno: errno) }
            return LineReader(descriptor: fd, source: textFile, limit: limit, closing: true)
        }
        return LineReader(descriptor: STDIN_FILENO, source: "<stdin>", limit: limit)
    }

    /// The bytes of `text`, of the file `textFile`, or else of standard input, with a name for them
    /// in errors ("<argument>", the path, "<stdin>").
    static func readBytes(text: String?, textFile: String?) throws -> (bytes: [UInt8], source: String) {
        if let text { return (Array(text.utf8), "<argument>") }
        if let textFile {
            guard let data = FileManager.default.contents(atPath: textFile) else {
                throw BidiRenderError.unreadable(path: textFile)
            }
            return ([UInt8](data), textFile)
        }
        return ([UInt8](FileHandle.standardInput.readDataToEndOfFile()), "<stdin>")
    }

    /// `readBytes(text:textFile:)` as one string; invalid UTF-8 is an error naming the byte offset.
    static func readText(text: String?, textFile: String?) throws -> String {
        let (bytes, source) = try readBytes(text: text, textFile: textFile)
        return try TextInput.decodeUTF8(bytes, source: source)
    }
}
