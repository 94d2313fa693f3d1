// InputOptions: where the text comes from (argument, --text-file, or standard input), read strictly
// as UTF-8.
import ArgumentParser
import BidiRender
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
        if let text { return (Array(text.utf8), "<argument>") }
        if let textFile {
            guard let data = FileManager.default.contents(atPath: textFile) else {
                throw BidiRenderError.unreadable(path: textFile)
            }
            return ([UInt8](data), textFile)
        }
        return ([UInt8](FileHandle.standardInput.readDataToEndOfFile()), "<stdin>")
    }

    /// The whole input as one string; invalid UTF-8 is an error naming the byte offset.
    func readText() throws -> String {
        let (bytes, source) = try readBytes()
        return try TextInput.decodeUTF8(bytes, source: source)
    }
}
