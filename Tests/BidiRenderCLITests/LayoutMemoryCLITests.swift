// LayoutMemoryCLITests: the peak memory of `bidirender layout --format json` per code point on the
// worst shapes measured for issue #32 (combining marks: one base followed by marks, Zalgo, Arabic
// with harakat), read as the process's maximum resident size from /usr/bin/time.
import Foundation
import Testing

@Suite struct LayoutMemoryCLITests {
    /// The bound per code point. Measured in a release build on 1,000,000 code points (peak resident
    /// size less that of a one-letter layout): 224 bytes for one base followed by marks and for marks
    /// alone, 210 for Zalgo, 202 for Arabic with harakat, 238 for plain chat text (the worst: its
    /// entities), 203 for ASCII; the bound leaves room for a debug build and the allocator's slack.
    static let bytesPerCodePoint = 512
    static let time = "/usr/bin/time"
    /// A sanitizer build (`make check-sanitizers` builds into .build-asan and .build-tsan) keeps
    /// shadow memory and quarantines freed blocks: its peak says nothing of the library's own use.
    static let sanitized = bidirenderBinary().path.contains("/.build-asan/") || bidirenderBinary().path.contains("/.build-tsan/")

    /// The maximum resident size, in bytes, of `bidirender layout --format json` on `text`.
    static func peakBytes(_ text: String) throws -> Int {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("layout-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("text.txt")
        try Data(text.utf8).write(to: file)
        let result = try runBinary(
            ["-f", "%M", bidirenderBinary().path, "layout", "--text-file", file.path, "--no-system-fonts", "--format", "json"],
            executable: URL(fileURLWithPath: time))
        #expect(result.status == 0, "\(result.stderr)")
        let last = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
        return (Int(last.trimmingCharacters(in: .whitespaces)) ?? Int.max / 2048) * 1024
    }

    @Test(
        .disabled(if: sanitized, "the peak of a sanitizer build is the sanitizer's"),
        arguments: [
            ("one base and marks", "a" + String((0..<99_999).map { Character(Unicode.Scalar(0x300 + $0 % 0x70)!) })),
            ("Zalgo", String(repeating: "a\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}\u{309}\u{30A}\u{30B}\u{30C}\u{30D}\u{30E}\u{30F} ", count: 5_900)),
            ("Arabic with harakat", String(repeating: "بِسْمِ اللَّهِ الرَّحْمَٰنِ ", count: 4_000)),
        ])
    func marksStayUnderTheBound(shape: String, text: String) throws {
        // /usr/bin/time is Debian's `time`, which `make test` installs (APT_PACKAGES).
        #expect(FileManager.default.isExecutableFile(atPath: Self.time))
        let count = text.unicodeScalars.count
        #expect(count >= 99_000)
        let base = try Self.peakBytes("a")
        let peak = try Self.peakBytes(text)
        let perCodePoint = (peak - base) / count
        #expect(perCodePoint < Self.bytesPerCodePoint, "\(shape): \(perCodePoint) bytes a code point (\(peak) peak, \(base) for one letter)")
    }
}
