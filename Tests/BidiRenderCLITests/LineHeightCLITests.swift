// `--line-height` on `layout` and `render`, its errors, and the JSON Lines key "lineHeight".
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct LineHeightCLITests {
    static func height(_ out: String) throws -> Double {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let size = try #require(doc["size"] as? [String: Any])
        return try #require(size["height"] as? Double)
    }

    @Test(arguments: [("1.5", 48.0), ("24px", 48.0), ("normal", 43.584)])
    func lineHeightSetsTheLineBox(value: String, expected: Double) throws {
        let out = try runLayout(["a\nb", "--line-height", value, "--format", "json", "--no-system-fonts"])
        let height = try Self.height(out)
        #expect(abs(height - expected) < 1e-6)
        let parsed = try LineHeight(parsing: value)
        #expect(try LayoutCommand.parse(["a", "--line-height", value]).layout.options.lineHeight == parsed)
    }

    @Test(arguments: ["2x", "px", "-1", "1e9px", "101"])
    func badLineHeightIsAUsageError(value: String) throws {
        let result = try runBinary(["layout", "ab", "--line-height=\(value)", "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("line-height"), "\(result.stderr)")
    }

    @Test func jsonlLineHeight() throws {
        let input = """
            {"text": "a", "lineHeight": 2}
            {"text": "a", "lineHeight": "20px"}
            {"text": "a", "lineHeight": "tall"}
            {"text": "a", "lineHeight": true}
            """
        let result = try runBinary(["layout", "--jsonl", "--format", "json", "--no-system-fonts"], stdin: Array(input.utf8))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout) \(result.stderr)")
        if lines.count > 1 {
            let (first, second) = (try Self.height(lines[0]), try Self.height(lines[1]))
            #expect(abs(first - 32) < 1e-6 && abs(second - 20) < 1e-6)
        }
        #expect(lines.count > 3 && lines[2].contains("lineHeight") && lines[3].contains("lineHeight"), "\(lines)")
    }
}
