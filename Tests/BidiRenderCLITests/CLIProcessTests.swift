// The real `bidirender` executable on hostile input: exit statuses and messages say what was wrong
// and where, nothing crashes, and in --jsonl the good lines still come out.
import Foundation
import Testing

/// The built `bidirender` executable.
func bidirenderBinary() -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = directory.appendingPathComponent("bidirender")
    if FileManager.default.fileExists(atPath: binary.path) { return binary }
    return directory.deletingLastPathComponent().appendingPathComponent("bidirender")  // inside .xctest
}

/// Runs the built `bidirender` with `arguments` and `stdin` (or, with `executable`, that program).
func runBinary(
    _ arguments: [String], stdin: [UInt8] = [], executable: URL = bidirenderBinary(), currentDirectory: URL? = nil,
    environment extra: [String: String] = [:]
) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = executable
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

@Suite struct CLIProcessTests {
    @Test func invalidUTF8OnStdin() throws {
        for command in ["reorder", "layout"] {
            let result = try runBinary([command], stdin: [0x61, 0x62, 0xE4, 0xB8, 0x41])
            #expect(result.status == 1)
            #expect(result.stderr.contains("<stdin>: invalid UTF-8 at byte offset 2"), "\(result.stderr)")
        }
    }

    @Test func jsonlKeepsTheGoodLines() throws {
        var input = Array(#"{"text":"مرحبا@我","direction":"rtl"}"#.utf8) + [0x0A]
        input += [0x7B, 0xFF, 0x7D, 0x0A]  // invalid UTF-8
        input += Array(#"{"text":"ok","width":0}"#.utf8) + [0x0A]
        input += Array(#"{"text":"fine"}"#.utf8) + [0x0A]
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("{\"version\":1"))
        // 44 bytes of line 1, then "{": the input's offset, and the line's.
        #expect(lines[1] == "{\"error\":\"<stdin>: invalid UTF-8 at byte offset 45 (byte offset 1 of the line)\",\"line\":2}")
        #expect(lines[2].contains("width") && lines[2].hasSuffix("\"line\":3}"))
        #expect(lines[3].hasPrefix("{\"version\":1"))
        #expect(result.stderr.contains("2 input line(s) failed"))
    }

    @Test(arguments: [
        (["layout", "x", "--width", "-1"], "width"),
        (["layout", "x", "--size", "100000"], "size"),
        (["render", "x", "-o", "x.bmp"], "format"),
        (["reorder", "x", "--direction", "sideways"], "direction"),
    ])
    func usageErrorsExit64(arguments: [String], word: String) throws {
        let result = try runBinary(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.lowercased().contains(word), "\(result.stderr)")
    }

    @Test func runtimeErrorsExit1WithWhatAndWhere() throws {
        let missing = try runBinary(["fonts", "--fonts", "/nonexistent/fonts.json", "--script", "Arab"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/fonts.json"))
        let unwritable = try runBinary(["render", "abc", "-o", "/nonexistent/dir/x.png", "--no-system-fonts"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("/nonexistent/dir/x.png"))
        let noFile = try runBinary(["layout", "--text-file", "/nonexistent/in.txt"])
        #expect(noFile.status == 1)
        #expect(noFile.stderr.contains("/nonexistent/in.txt: cannot read: no such folder /nonexistent"))
    }

    @Test func emptyStdinIsNoError() throws {
        for command in ["reorder", "layout"] {
            let result = try runBinary([command, "--no-system-fonts"].filter { command == "layout" || $0 != "--no-system-fonts" })
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
    }
}

@Suite struct ParallelJSONLinesTests {
    /// --jsonl on several threads writes the same lines, in input order, as on one.
    @Test func outputKeepsInputOrder() throws {
        var input = ""
        for i in 0..<300 {
            input += i % 37 == 5 ? "not json\n" : "{\"text\": \"message \(i) مرحبا @小明 \(i * 7)\", \"direction\": \"rtl\", \"width\": 200}\n"
        }
        let one = try runBinary(["layout", "--jsonl", "--jobs", "1", "--no-system-fonts"], stdin: Array(input.utf8))
        let four = try runBinary(["layout", "--jsonl", "--jobs", "4", "--no-system-fonts"], stdin: Array(input.utf8))
        #expect(one.status == 1 && four.status == 1)
        #expect(one.stdout == four.stdout)
        #expect(four.stdout.split(separator: "\n").count == 300)
        let reorderOne = try runBinary(["reorder", "--jsonl", "--jobs", "1"], stdin: Array(input.utf8))
        let reorderMany = try runBinary(["reorder", "--jsonl"], stdin: Array(input.utf8))
        #expect(reorderOne.stdout == reorderMany.stdout)
    }
}
