// Streamed output in the CLI: render's output file appears whole or not at all, BufferedFileOutput
// keeps every byte in order, and the --jsonl window keeps input order whatever its bounds.
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct StreamedOutputCLITests {
    func render(_ path: String, _ extra: [String] = []) throws {
        let command = try RenderCommand.parse(["مرحبا hello", "--direction", "rtl", "-o", path, "--no-system-fonts"] + extra)
        var out = ""
        try command.execute(into: &out)
    }

    @Test(arguments: ["x.svg", "x.png"]) func replacesTheFileAndLeavesNoTemporaryOne(_ name: String) throws {
        let folder = try TestDirectory.fresh("atomic")
        let path = folder.appendingPathComponent(name).path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try render(path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 100)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o644 || mode == 0o664 || mode == 0o666)
    }

    @Test func aFailedWriteLeavesNothing() throws {
        let folder = try TestDirectory.fresh("atomic")
        let path = folder.appendingPathComponent("missing/x.svg").path
        #expect {
            try render(path)
        } throws: { error in
            "\(error)".contains("cannot write") && "\(error)".contains("missing/x.svg")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func bufferedOutputKeepsEveryByte() throws {
        let folder = try TestDirectory.fresh("buffered")
        let path = folder.appendingPathComponent("out.txt").path
        var expected = ""
        try AtomicFile.write(to: path) { file in
            for i in 0..<20_000 {
                let piece = i % 997 == 0 ? String(repeating: "ب", count: 70_000) : "\(i) مرحبا,"
                file.write(piece)
                expected += piece
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
    }

    /// Lines whose outputs are 1–200,000 bytes, with bad lines among them, through windows of every
    /// kind: the output is the one-job output, in input order.
    @Test(arguments: [(2, 256, 32 << 20), (3, 4, 1_000), (2, 1, 1), (4, 256, 300_000)])
    func windowKeepsOrder(_ jobs: Int, _ lines: Int, _ bytes: Int) throws {
        var input = ""
        for i in 0..<300 {
            input += i % 37 == 5 ? "not json\n" : "{\"n\":\(i % 11 == 0 ? 200_000 : i)}\n"
        }
        func output(jobs: Int, lines: Int, bytes: Int) -> String {
            var out = ""
            let outcome = JSONLines.process(
                Array(input.utf8), source: "stdin", jobs: jobs, keys: ["n"], into: &out, windowLines: lines, windowBytes: bytes,
                prepare: { object in
                    guard let n = WireFields.double(object["n"] ?? 0) else { throw LineError(message: "no n") }
                    return Int(n)
                },
                run: { n in
                    if n == 76 { throw LineError(message: "seventy-six") }
                    return "{\"n\":\(n),\"pad\":\"\(String(repeating: "x", count: n))\"}"
                })
            // Eight lines that are not JSON, and the one whose run throws.
            #expect(outcome.failed == 9 && outcome.readError == nil)
            return out
        }
        let one = output(jobs: 1, lines: 256, bytes: 32 << 20)
        #expect(one.split(separator: "\n").count == 300)
        #expect(one.contains("{\"error\":\"seventy-six\",\"line\":77}"))
        #expect(output(jobs: jobs, lines: lines, bytes: bytes) == one)
    }
}
