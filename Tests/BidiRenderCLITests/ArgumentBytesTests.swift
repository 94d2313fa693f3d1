// Command-line arguments that are not valid UTF-8 are an error naming the argument and the byte
// offset, never replaced with U+FFFD. Process takes Swift strings, so the raw bytes go through sh's
// printf.
import Foundation
import Testing

@Suite struct ArgumentBytesTests {
    /// Runs `bidirender` through sh with `arguments`, each with octal escapes (\377 for byte 0xFF)
    /// that printf's %b expands (as \0377).
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let words = arguments.map { "\"$(printf '%b' '\($0.replacingOccurrences(of: "\\", with: "\\0"))')\"" }
            .joined(separator: " ")
        return try runBinary(["-c", "exec \"$0\" \(words)", bidirenderBinary().path], executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test(arguments: [
        (["reorder", #"ab\377"#], "argument 2: invalid UTF-8 at byte offset 2"),
        (["reorder", #"\303\251\300\257x"#], "argument 2: invalid UTF-8 at byte offset 2"),
        (["layout", "x", "--locale", #"e\303"#], "argument 4: invalid UTF-8 at byte offset 1"),
        (["render", "x", "-o", #"\355\240\200.png"#], "argument 4: invalid UTF-8 at byte offset 0"),  // a surrogate
    ])
    func invalidArgumentIsAnError(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: \(message)\n", "\(result.stderr)")
    }

    @Test func validArgumentsStillRun() throws {
        let result = try Self.run(["reorder", #"\327\251\327\234\327\225\327\235 ab"#])  // שלום ab
        #expect(result.status == 0)
        #expect(result.stdout == "ab םולש\n")
    }
}
