// The real `bidirender` on numbers at and past their ranges: a usage error naming the option, or an
// image refused with its size and the limit, never a trap (exit 132/133/134).
import Foundation
import Testing
import TestSupport

@Suite struct NumberRangeCLITests {
    @Test(arguments: [
        ["layout", "ab", "--width", "1e16", "--format", "json"],
        ["render", "ab", "--width", "1e16", "-o", "x.svg"],
        ["render", "ab", "--width", "1e19", "-o", "x.png"],
        ["layout", "ab", "--width", "inf"],
        ["layout", "ab", "--width", "1000001"],
    ])
    func hugeWidthIsAUsageError(arguments: [String]) throws {
        let result = try runBinary(arguments + ["--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("for width: must be a positive number of px, at most 1000000"), "\(result.stderr)")
    }

    @Test func tallImageIsRefusedBeforeEncoding() throws {
        let output = try TestDirectory.fresh("tall").appendingPathComponent("x.png").path
        let result = try runBinary(["render", "--size", "10000", "-o", output, "--no-system-fonts"], stdin: Array(repeating: 0x0A, count: 80))
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot render: a 16×1089616 px image is too tall: at most 1000000 px a side"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func wideManyLinesImageIsRefused() throws {
        let output = try TestDirectory.fresh("wide").appendingPathComponent("x.png").path
        let input = Array(String(repeating: "ab\n", count: 500).utf8)
        let result = try runBinary(["render", "--width", "900000", "-o", output, "--no-system-fonts"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stderr.contains("image is too large: at most 100 megapixels"), "\(result.stderr)")
        let early = try runBinary(["render", "ab", "--width", "1000000", "-o", output, "--no-system-fonts"])
        #expect(early.status == 1)
        #expect(early.stderr.contains("a 1000016×16 px image is too wide: at most 1000000 px a side"), "\(early.stderr)")
    }

    @Test func jsonlHugeWidthFailsOnlyItsLine() throws {
        let input = Array("{\"text\":\"b\",\"width\":1e16}\n{\"text\":\"c\"}\n".utf8)
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: input)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == #"{"error":"invalid value '1e+16' for width: must be a positive number of px, at most 1000000","line":1}"#)
        #expect(lines.last?.hasPrefix("{\"version\":1") == true)
    }
}
