// Tests of `bidirender --version`: the version line, then one line per Unicode property source.
import BidiRender
import Testing
@testable import bidirender

@Suite struct VersionTextTests {
    /// The version first, then the generated tables, DefaultIgnorable, FriBidi, ICU, HarfBuzz and the
    /// standard library, each with its Unicode version; --version prints exactly this.
    @Test func printsEverySource() throws {
        let lines = try #require(BidiRenderCommand.configuration.version).split(separator: "\n").map(String.init)
        #expect(lines.first == "bidirender 0.1.0")
        #expect(lines.count == 7, "\(lines)")
        let rest = lines.dropFirst()
        #expect(rest.first?.hasPrefix("bidi class, paired brackets, mirroring: generated tables") == true)
        for name in [": DefaultIgnorable table, Unicode 15.0.0", ": FriBidi, Unicode ", ": ICU ", ": HarfBuzz ", ": Swift standard library, Unicode "] {
            #expect(rest.contains { $0.contains(name) }, "\(name) in \(lines)")
        }
    }
}
