// `bidirender version`: the library version and the Unicode version of every property source.
import ArgumentParser
import BidiRender

struct VersionCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version and the Unicode version of each property source."
    )

    /// The library and command version (also `bidirender --version`).
    static let version = "0.1.0"

    func run() throws {
        var out = StandardOutput()
        execute(into: &out)
    }

    /// The version line, then one line per Unicode property source.
    func execute(into out: inout some TextOutputStream) {
        print("bidirender \(Self.version)", to: &out)
        for source in UnicodeVersions.all { print(source.line, to: &out) }
    }
}
