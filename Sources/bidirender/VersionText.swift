// What `bidirender --version` prints: the version, then the Unicode version of every property source.
import BidiRender

enum VersionText {
    /// The library and command version (`BidiRender.version`, the one place it is written).
    static let number = BidiRender.version

    /// The version line, then one line per Unicode property source (UnicodeVersions).
    static var text: String {
        (["bidirender \(number)"] + UnicodeVersions.all.map(\.line)).joined(separator: "\n")
    }
}
