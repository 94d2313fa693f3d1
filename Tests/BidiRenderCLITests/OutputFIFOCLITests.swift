// `-o` onto a FIFO: refused at once when no process is reading it (open(2) would otherwise wait
// forever), written in place when one is.
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

@Suite struct OutputFIFOCLITests {
    /// Runs the binary with a deadline: a hang is a failure (nil), not a stuck test.
    static func run(_ arguments: [String], timeout: Double = 60) throws -> (status: Int32, stderr: String)? {
        let process = Process()
        process.executableURL = bidirenderBinary()
        process.arguments = arguments
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return nil
        }
        return (process.terminationStatus, String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test(arguments: [
        ["render", "ab", "--no-system-fonts", "-o"], ["compose", "../../Examples/compose/follow-card.json", "--no-system-fonts", "-o"],
    ])
    func fifoWithoutReaderIsRefused(_ command: [String]) throws {
        let folder = try TestDirectory.fresh("fifo")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let arguments = command.map { $0.hasPrefix("../") ? root.appendingPathComponent($0).standardized.path : $0 }
        for name in ["out.png", "out.svg"] {
            let path = folder.appendingPathComponent(name).path
            try #require(mkfifo(path, 0o644) == 0)
            let result = try #require(try Self.run(arguments + [path]), "\(command[0]) -o \(name) blocked on a FIFO with no reader")
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(path): cannot write: a FIFO that no process is reading"), "\(result.stderr)")
        }
    }

    @Test func fifoWithReaderIsWritten() throws {
        let path = try TestDirectory.fresh("fifo-read").appendingPathComponent("out.svg").path
        try #require(mkfifo(path, 0o644) == 0)
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        try #require(fd >= 0)
        defer { close(fd) }
        let result = try #require(try Self.run(["render", "ab", "--no-system-fonts", "-o", path]))
        #expect(result.status == 0, "\(result.stderr)")
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("<svg") || String(decoding: bytes, as: UTF8.self).contains("<svg"))
    }
}
