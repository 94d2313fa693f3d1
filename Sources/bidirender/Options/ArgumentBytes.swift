// ArgumentBytes: the command line as the raw bytes the process was given. Swift's
// CommandLine.arguments repairs invalid UTF-8 with U+FFFD; the C strings of CommandLine.unsafeArgv
// are the bytes before that repair, so an invalid argument is an error instead of a silent change.
@_spi(Tools) import BidiRender
import Foundation

enum ArgumentBytes {
    /// The first argument (1-based, as the shell's $1) that is not valid UTF-8, as an error naming it
    /// and the byte offset in it; nil when every argument is valid.
    static func firstInvalidUTF8() -> BidiRenderError? {
        let argv = CommandLine.unsafeArgv
        for index in 1..<Int(CommandLine.argc) {
            guard let cString = argv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self), count: strlen(cString))
            do throws(BidiRenderError) {
                try TextInput.checkUTF8(bytes, source: "argument \(index)")
            } catch {
                return error
            }
        }
        return nil
    }
}
