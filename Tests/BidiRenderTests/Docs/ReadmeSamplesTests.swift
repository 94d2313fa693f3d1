// Every ```swift block of README.md is contained in the sources of Examples/ReadmeSamples (an
// executable target that `swift build` compiles), so the README's samples cannot stop compiling.
import Foundation
import Testing

@Suite struct ReadmeSamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized

    /// The ```swift blocks of a Markdown text, in order, each with the line its fence opens on.
    static func swiftBlocks(of markdown: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    blocks.append((open.line, open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if trimmed == "```swift" {
                current = (index + 1, [])
            }
        }
        return blocks
    }

    /// Runs of white space as one space, and none at either end: indentation and line breaks may
    /// differ between the README and the sources, nothing else.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func sampleSources() throws -> String {
        let folder = root.appendingPathComponent("Examples/ReadmeSamples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
    }

    @Test func everyReadmeSwiftBlockIsInTheCompiledSamples() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(of: readme)
        #expect(blocks.count >= 9, "README.md has \(blocks.count) ```swift blocks; the parser lost some")
        let sources = Self.normalized(try Self.sampleSources())
        for block in blocks {
            #expect(sources.contains(Self.normalized(block.code)),
                    "README.md:\(block.line): this ```swift block is not in Examples/ReadmeSamples; copy it there (it must compile)")
        }
    }

    @Test func theCheckFailsOnABlockThatIsNotThere() throws {
        let markdown = "text\n```swift\nlet x = 1\n```\nmore\n```swift\n  let  y =\n 2\n```\n"
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(blocks.map(\.line) == [2, 6])
        #expect(Self.normalized(blocks[1].code) == "let y = 2")
        let sources = Self.normalized("func f() {\n    let x = 1\n}")
        #expect(sources.contains(Self.normalized(blocks[0].code)))
        #expect(!sources.contains(Self.normalized(blocks[1].code)))
    }
}
