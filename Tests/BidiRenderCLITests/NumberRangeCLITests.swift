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

    /// `--max-lines` has the range of a JSON line's "maxLines": past it, a usage error, as there.
    @Test func maxLinesPastItsRangeIsAUsageError() throws {
        let result = try runBinary(["layout", "ab", "--max-lines", "2147483648", "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("for max-lines: must be a whole number from 1 to 2147483647"), "\(result.stderr)")
        #expect(try runBinary(["layout", "ab", "--max-lines", "2147483647", "--no-system-fonts"]).status == 0)
    }

    /// A bubble's values out of range are usage errors (64) naming the option, as `--radius` was,
    /// not run-time failures (1) naming the library's key ("slotGap").
    @Test(arguments: [
        (["--padding", "-1"], "invalid value '-1' for --padding: must be a number of px from 0 to 10000"),
        (["--slot-gap", "nan"], "invalid value 'nan' for --slot-gap: must be a number of px from 0 to 10000"),
        (["--slot", "99999x5"], "invalid value '99999' for --slot: must be a number of px from 0 to 10000"),
        (["--slot", "150x5"], "invalid value '150' for --slot: is wider than the text's 100 px"),
        (["--slot-text", "12:30", "--slot-size", "20000"], "invalid value '20000' for --slot-size: must be a number of px from 0.1 to 10000"),
        (["--slot-size", "0"], "invalid value '0' for --slot-size: must be a number of px from 0.1 to 10000"),
    ])
    func bubbleValuesOutOfRangeAreUsageErrors(arguments: [String], message: String) throws {
        let result = try runBinary(["bubble", "hello", "--width", "100", "--no-system-fonts"] + arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
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
