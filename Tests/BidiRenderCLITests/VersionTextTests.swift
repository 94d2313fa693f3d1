// Tests of `bidirender --version`: the version line, then one line per Unicode property source.
import BidiRender
import Foundation
import Testing
@testable import bidirender

@Suite struct VersionTextTests {
    /// The version first, then the generated tables, DefaultIgnorable, FriBidi, ICU, HarfBuzz and the
    /// standard library, each with its Unicode version; --version prints exactly this.
    @Test func printsEverySource() throws {
        let lines = try #require(BidiRenderCommand.configuration.version).split(separator: "\n").map(String.init)
        #expect(lines.first == "bidirender \(BidiRender.version)")
        #expect(lines.count == 7, "\(lines)")
        let rest = lines.dropFirst()
        #expect(rest.first?.hasPrefix("bidi class, paired brackets, mirroring: generated tables") == true)
        for name in [": DefaultIgnorable table, Unicode 15.0.0", ": FriBidi, Unicode ", ": ICU ", ": HarfBuzz ", ": Swift standard library, Unicode "] {
            #expect(rest.contains { $0.contains(name) }, "\(name) in \(lines)")
        }
    }

    /// One version, written once: the library's, a semantic version, and the CHANGELOG's newest
    /// heading names it.
    @Test func oneVersionEverywhere() throws {
        let parts = BidiRender.version.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { UInt($0) != nil }, "\(BidiRender.version)")
        let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../CHANGELOG.md").standardized
        let text = try String(contentsOf: changelog, encoding: .utf8)
        let heading = try #require(text.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(heading.hasPrefix("## \(BidiRender.version) "), "\(heading)")
    }
}
