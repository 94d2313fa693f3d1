// The real `bidirender` on files it cannot read or write, and on negative numbers: each error names
// the file (or option) and says why, in words a user acts on.
import Foundation
import Testing
import TestSupport

@Suite struct FileErrorCLITests {
    @Test(arguments: [
        (["render", "abc", "-o", "/nonexistent/dir/x.png"], "/nonexistent/dir/x.png: cannot write: no such folder /nonexistent/dir"),
        (["render", "abc", "-o", "/nonexistent/dir/x.svg"], "/nonexistent/dir/x.svg: cannot write: no such folder /nonexistent/dir"),
        (["render", "abc", "-o", "/etc/hostname/x.svg"], "/etc/hostname/x.svg: cannot write: /etc/hostname is not a folder"),
        (["render", "abc", "-o", "/tmp", "--format", "png"], "/tmp: cannot write: a folder, not a file"),
        (["compose", "Examples/compose/follow-card.json", "-o", "/nonexistent/card.png"], "/nonexistent/card.png: cannot write: no such folder /nonexistent"),
        (["compose", "Examples/compose/follow-card.json", "--format", "json", "-o", "/nonexistent/card.json"], "/nonexistent/card.json: cannot write: no such folder /nonexistent"),
        (["format", "follow", "--catalog", "Examples/catalog", "--locale", "ar", "name=x", "--render", "-o", "/nonexistent/m.svg"], "/nonexistent/m.svg: cannot write: no such folder /nonexistent"),
        (["layout", "--text-file", "/nonexistent/in.txt"], "/nonexistent/in.txt: cannot read: no such folder /nonexistent"),
        (["layout", "--text-file", "/etc/no-such-file.txt"], "/etc/no-such-file.txt: cannot read: no such file"),
        (["layout", "--text-file", "/tmp"], "/tmp: cannot read: a folder, not a file"),
        (["compose", "/tmp", "-o", "x.png"], "/tmp: cannot read: a folder, not a file"),
        (["format", "follow", "--catalog", "/nonexistent", "--locale", "ar"], "/nonexistent: cannot read: no such folder"),
        (["format", "follow", "--catalog", "/etc/hostname", "--locale", "ar"], "/etc/hostname: cannot read: a file, not a folder"),
        (["fonts", "--fonts", "/nonexistent/fonts.json"], "/nonexistent/fonts.json: cannot read the file: no such folder /nonexistent"),
    ])
    func fileErrorsSayWhichFileAndWhy(arguments: [String], message: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The repository's root as the binary's working folder (the examples' relative paths); the
        // test process's own stays, as tests run in parallel.
        // format takes the font options only with --layout or --render (it refuses them otherwise).
        let fonts = arguments.first == "format" && !arguments.contains("--render") ? [] : ["--no-system-fonts"]
        let result = try runBinary(arguments + fonts, currentDirectory: root)
        #expect(result.status == 1)
        #expect(result.stderr == "Error: \(message)\n", "\(result.stderr)")
    }

    /// Runs the CLI with `arguments`, `input` on standard input and /dev/full as standard output:
    /// its exit status and standard error (nil without /dev/full).
    static func runIntoFullDisk(_ arguments: [String], input text: String) throws -> (status: Int32, stderr: String)? {
        guard let full = FileHandle(forWritingAtPath: "/dev/full") else { return nil }
        let process = Process()
        process.executableURL = bidirenderBinary()
        process.arguments = arguments
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = full
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// A full disk behind standard output is an error naming <stdout>, for every way output is written.
    @Test(arguments: [["reorder", "abc"], ["layout", "abc", "--no-system-fonts"], ["layout", "--jsonl", "--no-system-fonts"]])
    func failedStandardOutputIsAnError(arguments: [String]) throws {
        guard let result = try Self.runIntoFullDisk(arguments, input: "{\"text\":\"abc\"}\n") else { return }
        #expect(result.status == 1)
        #expect(result.stderr == "Error: <stdout>: cannot write: no space left on device\n")
    }

    /// A batch whose lines failed still says that its output was lost: `reorder` and `segment` wrote
    /// through stdio and said only that a line failed.
    @Test(arguments: [["reorder", "--jsonl"], ["segment", "--jsonl"], ["layout", "--jsonl", "--no-system-fonts"]])
    func aFailedWriteIsSaidBesideFailedLines(arguments: [String]) throws {
        guard let result = try Self.runIntoFullDisk(arguments, input: "{\"text\":\"abc\"}\n{\"text\":1}\n") else { return }
        #expect(result.status == 1)
        #expect(result.stderr.contains("Error: <stdout>: cannot write: no space left on device\n"), "\(result.stderr)")
        #expect(result.stderr.contains("1 input line(s) failed"), "\(result.stderr)")
    }

    /// A negative number reaches the range check (it used to be "Missing value for '--width'").
    @Test(arguments: [
        (["layout", "x", "--width", "-5"], "invalid value '-5' for width: must be a positive number of px, at most 1000000"),
        (["layout", "x", "--size", "-5"], "invalid value '-5' for size: must be a number of px from 0.1 to 10000"),
        (["layout", "x", "--max-lines", "-2"], "invalid value '-2' for max-lines: must be a whole number of lines, at least 1"),
        (["layout", "--jsonl", "--jobs", "-1"], "--jobs must be at least 1"),
        (["reorder", "--jsonl", "--jobs", "-1"], "--jobs must be at least 1"),
        (["render", "x", "-o", "x.png", "--padding", "-1"], "invalid value '-1' for padding: must be from 0 to 10000 px"),
        (["render", "x", "-o", "x.png", "--scale", "-2"], "invalid value '-2' for scale: must be 1, 2 or 3"),
        (["compose", "x.json", "-o", "x.png", "--scale", "-2"], "--scale must be 1, 2 or 3"),
        (["layout", "x", "--span", "-1:2:weight=bold"], "--span 1 (\"-1:2:weight=bold\") must be START:END:key=value,… with code point offsets START ≤ END"),
    ])
    func negativeNumbersReachTheRangeCheck(arguments: [String], message: String) throws {
        let result = try runBinary(arguments + ["--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
    }
}
