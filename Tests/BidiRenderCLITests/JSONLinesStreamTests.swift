// The `--jsonl` reader as a co-process and on hostile lines: each answer comes out before the next
// line is written (one job and two), a line past the size limit fails alone and is never held
// whole, and unknown keys, duplicate keys and syntax errors are errors that say which and where.
import ArgumentParser
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender
@testable import bidirender

#if canImport(Glibc)
import Glibc
#endif

/// A running `bidirender` whose standard input and output the test holds, read with a timeout so a
/// regression fails instead of hanging.
final class CoProcess {
    let process = Process()
    private let input = Pipe(), output = Pipe(), error = Pipe()
    private var buffer: [UInt8] = []

    init(_ arguments: [String]) throws {
        process.executableURL = bidirenderBinary()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
    }

    func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// The next output line, or nil when none comes within `timeout` seconds (or the output ends).
    func readLine(timeout: Double = 30) -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }

    /// Closes standard input and waits (at most `timeout` seconds) for the exit status.
    func finish(timeout: Double = 30) -> Int32? {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}

@Suite struct JSONLinesStreamTests {
    /// Each answer is read before the next line is written: the reader does not wait for the end of
    /// its input, nor the output for a full buffer.
    @Test(arguments: [["layout", "--jobs", "1"], ["layout", "--jobs", "2"], ["reorder", "--jobs", "2"]])
    func answersEachLineBeforeTheNext(_ command: [String]) throws {
        let co = try CoProcess([command[0], "--jsonl"] + command.dropFirst() + (command[0] == "layout" ? ["--no-system-fonts"] : []))
        let texts = ["مرحبا", "hello world", "a"]
        for (i, text) in texts.enumerated() {
            co.send(#"{"text":"\#(text)"}"#)
            let answer = try #require(co.readLine(), "no answer to line \(i + 1) before the next was written")
            #expect(answer.contains("\"paragraphs\":[{\"start\":0,\"end\":\(text.unicodeScalars.count),"), "\(answer)")
            if i == 1 {
                co.send(#"{"text":"x","sise":3}"#)
                #expect(co.readLine()?.hasPrefix(#"{"error":"unknown key \"sise\""#) == true)
            }
        }
        #expect(co.finish() == 1)  // the line with "sise" failed
    }

    /// A line past the limit fails alone, naming its number, its length and the limit; the lines
    /// around it are laid out. 20 MB through a pipe into the real binary.
    @Test func lineOverTheLimitFailsAlone() throws {
        let long = #"{"text":""# + String(repeating: "a", count: 20_000_000) + #""}"#
        var input = Array(#"{"text":"first"}"#.utf8) + [0x0A]
        input += Array(long.utf8) + [0x0D, 0x0A]
        input += Array(#"{"text":"last"}"#.utf8) + [0x0A]
        let result = try runBinary(["reorder", "--jsonl"], stdin: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        #expect(lines[0].hasPrefix("{\"paragraphs\""))
        #expect(lines[1] == JSONLines.errorDocument("line 2 is 20000011 bytes long, more than the limit of 16777216 bytes a line", line: 2))
        #expect(lines[2].hasPrefix("{\"paragraphs\""))
    }

    /// The reader never holds more than the limit of a line, however long the line: 100 MB through
    /// a pipe with a limit of 1 MB.
    @Test func hugeLineIsNotHeld() throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            writer.write(Data("{\"text\":\"ok\"}\n".utf8))
            let block = Data(repeating: UInt8(ascii: "b"), count: 1 << 20)
            for _ in 0..<100 { writer.write(block) }
            writer.write(Data("\n{\"text\":\"after\"}".utf8))
            try? writer.close()
        }
        thread.start()
        let reader = LineReader(descriptor: pipe.fileHandleForReading.fileDescriptor, source: "<pipe>", limit: 1 << 20)
        var lines: [InputLine] = []
        while let line = try reader.next() { lines.append(line) }
        try #require(lines.count == 3)
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect((try? lines[0].content.get()) == Array(#"{"text":"ok"}"#.utf8))
        #expect(throws: LineError.self) { try lines[1].content.get() }
        if case .failure(let error) = lines[1].content {
            #expect(error.message == "line 2 is 104857600 bytes long, more than the limit of 1048576 bytes a line")
        }
        #expect((try? lines[2].content.get()) == Array(#"{"text":"after"}"#.utf8))
        #expect(lines[2].offset == 14 + 104_857_600 + 1)
        #expect(reader.peakLineBytes <= (1 << 20) + 1, "held \(reader.peakLineBytes) bytes of a line")
    }

    /// Lines at and one byte past a small limit, with and without CR LF; blank lines still count.
    @Test func limitIsExact() throws {
        let input = Array("12345\n123456\r\n\n  \t\r\n1234567\nabcde".utf8)
        let reader = LineReader(bytes: input, source: "<test>", limit: 6)
        var got: [(Int, String)] = []
        while let line = try reader.next() {
            switch line.content {
            case .success(let bytes): got.append((line.number, String(decoding: bytes, as: UTF8.self)))
            case .failure(let error): got.append((line.number, error.message))
            }
        }
        #expect(got.map(\.0) == [1, 2, 5, 6])
        #expect(got.map(\.1) == ["12345", "123456", "line 5 is 7 bytes long, more than the limit of 6 bytes a line", "abcde"])
    }

    /// The output line of each input line, through `layout --jsonl` (or `reorder`) in-process.
    static func outputs(_ lines: [String], command: String = "layout") throws -> [String] {
        let path = try temporaryFile(Array(lines.joined(separator: "\n").utf8), name: "keys.jsonl")
        var out = ""
        do {
            if command == "layout" {
                try LayoutCommand.parse(["--jsonl", "--text-file", path, "--no-system-fonts", "--jobs", "1"]).execute(into: &out)
            } else {
                try ReorderCommand.parse(["--jsonl", "--text-file", path, "--jobs", "1"]).execute(into: &out)
            }
        } catch let exit as ExitCode where exit == ExitCode(1) {}
        return out.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        (#"{"text":"a","maxlines":2}"#, #"unknown key "maxlines" (did you mean "maxLines"?)"#),
        (#"{"text":"a","text":"b"}"#, #"duplicate key "text" at byte offset 12 of the line"#),
        (#"{"text":"a","t\u0065xt":"b"}"#, #"duplicate key "text" at byte offset 12 of the line"#),
        (#"{"text":"a",}"#, "not valid JSON at byte offset 12 of the line: a trailing comma before '}'"),
        (#"{"text":"a" "size":3}"#, "not valid JSON at byte offset 12 of the line: expected ',' or '}'"),
        (#"{"text":"a","size":0x10}"#, "not valid JSON at byte offset 20 of the line: expected ',' or '}'"),
        (#"{"text":"a","size":}"#, "not valid JSON at byte offset 19 of the line: expected a value"),
        (#"{"text":"a"} {}"#, "not valid JSON at byte offset 13 of the line: unexpected text after the JSON value"),
        (#"{"text":"a","spans":[{"start":0,"end":1,"start":0}]}"#, #"spans[0]: duplicate key "start" at byte offset 40 of the line"#),
        (##"{"text":"a","spans":[{"start":0,"end":1,"colour":"#fff"}]}"##,
         #"spans[0]: unknown key "colour" (the keys are background, color, end, entity, features, id, locale, mention, size, spoiler, start, strikethrough, style, underline, weight)"#),
        (#"{"text":"a","foo":1}"#,
         #"unknown key "foo" (the keys are align, alignment, bidi, digits, direction, ellipsis, ellipsisStyle, fallback, inlines, isolate, lineHeight, locale, maxLines, mentions, size, spans, style, text, truncate, weight, width)"#),
        ("[1]", #"a line must be a JSON object ({"text": …}), not an array"#),
        (#""text""#, #"a line must be a JSON object ({"text": …}), not a string"#),
        (#"{"text":"a","align":"right","alignment":"left"}"#, #"give "align" or "alignment", not both"#),
        (#"{"text":"a","lineHeight":"0x10"}"#, "invalid value '0x10' for lineHeight: must be normal, a multiple of the size (1.4) or a number of px (24px)"),
    ])
    func badKeysAndSyntaxAreNamed(line: String, message: String) throws {
        #expect(try Self.outputs([line]) == [JSONLines.errorDocument(message, line: 1)])
    }

    @Test func reorderKeysAreChecked() throws {
        let out = try Self.outputs([#"{"text":"a","size":3}"#, #"{"text":"a","direction":"rtl","fallback":null}"#], command: "reorder")
        #expect(out.first == JSONLines.errorDocument(#"unknown key "size" (the keys are bidi, direction, fallback, isolate, text)"#, line: 1))
        #expect(out.last?.hasPrefix("{\"paragraphs\"") == true)
    }

    /// Every key the README and --help document still works, "align" and "alignment" alike.
    @Test func documentedKeysStillWork() throws {
        let every = ##"{"text":"ab مرحبا","direction":"auto","fallback":"rtl","bidi":"native","locale":"ar","weight":"bold","style":"normal","size":20,"width":300,"align":"right","mentions":"auto","digits":"locale","maxLines":2,"ellipsis":"…","lineHeight":1.5,"isolate":"urls","spans":[{"start":0,"end":1,"mention":false,"id":"u1","weight":500,"style":"italic","locale":"en","color":"#112233","background":"#FFFFFF80","underline":true,"strikethrough":false,"size":12,"features":["tnum"]}]}"##
        let out = try Self.outputs([
            every, #"{"text":"a","width":100,"align":"right"}"#, #"{"text":"a","width":100,"alignment":"right"}"#,
            #"{"text":"a","width":100}"#,
        ])
        try #require(out.count == 4)
        #expect(out[0].hasPrefix("{\"version\":1"), "\(out[0])")
        #expect(out[1].hasPrefix("{\"version\":1") && out[1] == out[2])
        #expect(out[1] != out[3])
    }
}
