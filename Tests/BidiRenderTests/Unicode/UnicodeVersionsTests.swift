// UnicodeVersions against the Unicode Character Database files: every source named, every version a
// number, the generated tables' and DefaultIgnorable's versions those of the files' headers, and the
// probe scalars of the age DerivedAge.txt gives them.
import Foundation
import Testing
@testable import BidiRender

@Suite struct UnicodeVersionsTests {
    /// The version in the first line of a UCD file: `# DerivedBidiClass-15.0.0.txt` → "15.0.0".
    static func headerVersion(_ name: String) throws -> String {
        let path = UCDFiles.directory + "/" + name
        let text = try #require(FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) })
        let first = try #require(text.split(separator: "\n").first)
        let stem = (name as NSString).lastPathComponent.replacingOccurrences(of: ".txt", with: "")
        #expect(first.hasPrefix("# \(stem)-") && first.hasSuffix(".txt"), "\(first)")
        return String(first.dropFirst("# \(stem)-".count).dropLast(".txt".count))
    }

    @Test func namesEverySourceWithANumericVersion() {
        let sources = UnicodeVersions.all.map(\.source)
        for name in ["generated tables", "DefaultIgnorable", "FriBidi", "ICU", "HarfBuzz", "Swift standard library"] {
            #expect(sources.contains { $0.contains(name) }, "\(name) in \(sources)")
        }
        for entry in UnicodeVersions.all {
            let parts = entry.version.split(separator: ".", omittingEmptySubsequences: false)
            #expect((2...3).contains(parts.count) && parts.allSatisfy { Int($0) != nil }, "\(entry.line)")
            #expect(!entry.properties.isEmpty, "\(entry.line)")
        }
    }

    /// The versions of the library's own tables are those of the files they were checked against.
    @Test func ownTablesMatchTheirFiles() throws {
        let byProperty = Dictionary(uniqueKeysWithValues: UnicodeVersions.all.map { ($0.properties, $0.version) })
        #expect(byProperty["bidi class, paired brackets, mirroring"] == (try Self.headerVersion("extracted/DerivedBidiClass.txt")))
        #expect(byProperty["default ignorable"] == (try Self.headerVersion("DerivedCoreProperties.txt")))
    }

    /// Each probe scalar was first assigned in its version: DerivedAge.txt gives that age for the
    /// probes up to the file's version and lists none of the newer ones.
    @Test func probesHaveTheirAge() throws {
        let fileVersion = try Self.headerVersion("DerivedAge.txt").split(separator: ".").prefix(2).joined(separator: ".")
        var ages: [UInt32: String] = [:]
        let wanted = Set(UnicodeVersions.probes.map(\.scalar))
        for line in try UCDFiles.dataLines("DerivedAge.txt") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let bounds = fields[0].components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            for scalar in wanted where (low...high).contains(scalar) { ages[scalar] = fields[1] }
        }
        for probe in UnicodeVersions.probes {
            let older = probe.version.compare(fileVersion, options: .numeric) != .orderedDescending
            #expect(ages[probe.scalar] == (older ? probe.version : nil), "U+\(String(probe.scalar, radix: 16, uppercase: true))")
        }
        #expect(UnicodeVersions.probe { _ in false } == "unknown")
    }
}
