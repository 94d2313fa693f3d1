// Every ```swift block of README.md and of the DocC articles (Sources/BidiRender/BidiRender.docc) is
// contained in the sources of Examples/ReadmeSamples, an executable target that `swift build`
// compiles, or (the README's manifest snippet) in Examples/Client/Package.swift, which `make
// check-client` builds, so the documentation's samples cannot stop compiling.
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
    /// differ between the documentation and the sources, nothing else. `import` lines are left out
    /// of a sample (they cannot stand inside the function that holds it).
    static func normalized(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("import ") }
            .joined(separator: "\n")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The Swift files of a folder of the repository, sorted by name.
    static func files(in folder: String, suffix: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { $0.hasSuffix(suffix) }.sorted().map { url.appendingPathComponent($0) }
    }

    static func sampleSources() throws -> String {
        try (try files(in: "Examples/ReadmeSamples", suffix: ".swift") + [root.appendingPathComponent("Examples/Client/Package.swift")])
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// The Markdown files whose Swift samples must compile: the README and the DocC articles.
    static func documents() throws -> [URL] {
        [root.appendingPathComponent("README.md")]
            + (try files(in: "Sources/BidiRender/BidiRender.docc", suffix: ".md"))
    }

    @Test func everyDocumentedSwiftBlockIsInTheCompiledSamples() throws {
        let sources = Self.normalized(try Self.sampleSources())
        var count = 0
        for document in try Self.documents() {
            let blocks = Self.swiftBlocks(of: try String(contentsOf: document, encoding: .utf8))
            count += blocks.count
            for block in blocks {
                #expect(sources.contains(Self.normalized(block.code)),
                        "\(document.lastPathComponent):\(block.line): this ```swift block is not in Examples/ReadmeSamples; copy it into a function there (it must compile)")
            }
        }
        #expect(count >= 13, "\(count) ```swift blocks in the README and the DocC articles; the parser lost some")
    }

    @Test func theCheckFailsOnABlockThatIsNotThere() throws {
        let markdown = "text\n```swift\nimport BidiRender\nlet x = 1\n```\nmore\n```swift\n  let  y =\n 2\n```\n"
        let blocks = Self.swiftBlocks(of: markdown)
        #expect(blocks.map(\.line) == [2, 7])
        #expect(Self.normalized(blocks[0].code) == "let x = 1")
        #expect(Self.normalized(blocks[1].code) == "let y = 2")
        let sources = Self.normalized("import BidiRender\nfunc f() {\n    let x = 1\n}")
        #expect(sources.contains(Self.normalized(blocks[0].code)))
        #expect(!sources.contains(Self.normalized(blocks[1].code)))
    }
}
