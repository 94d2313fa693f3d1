// The `bidirender` executable copied out of the checkout (issue #39): with the fonts installed in
// ../share/bidirender/Fonts beside it, it lays out and renders the seed string; alone, it exits 1
// with a message that names every place it looked in.
import Foundation
import Testing
import TestSupport

@Suite struct InstalledCLITests {
    /// Runs `binary` with `arguments`, BIDIRENDER_FONTS removed from its environment.
    static func run(_ binary: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["BIDIRENDER_FONTS"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.currentDirectoryURL = binary.deletingLastPathComponent()
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// The checkout's Fonts/ folder (this file is Tests/BidiRenderCLITests/ in the checkout).
    static let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts")

    @Test func installedWithItsShareFolderRendersTheSeed() throws {
        let root = try TestDirectory.fresh("installed-cli")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("share/bidirender"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: bidirenderBinary(), to: bin.appendingPathComponent("bidirender"))
        try FileManager.default.copyItem(at: Self.fonts, to: root.appendingPathComponent("share/bidirender/Fonts"))
        let binary = bin.appendingPathComponent("bidirender")
        let layout = try Self.run(binary, ["layout", "小明بدأ في متابعتك", "--direction", "rtl", "--format", "text"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.stdout.contains("NotoSansArabic/NotoSansArabic-Regular.ttf"), "\(layout.stdout)")
        #expect(layout.stdout.contains("NotoSansSC/NotoSansSC-Regular.otf"), "\(layout.stdout)")
        let png = root.appendingPathComponent("seed.png").path
        let render = try Self.run(binary, ["render", "小明بدأ في متابعتك", "--direction", "rtl", "-o", png])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func aloneItSaysWhereItLooked() throws {
        let root = try TestDirectory.fresh("lone-cli")
        let binary = root.appendingPathComponent("bidirender")
        try FileManager.default.copyItem(at: bidirenderBinary(), to: binary)
        let result = try Self.run(binary, ["layout", "abc"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the embedded fonts were not found; looked in"), "\(result.stderr)")
        #expect(result.stderr.contains(root.appendingPathComponent("Fonts/fonts.json").path), "\(result.stderr)")
        #expect(result.stderr.contains("share/bidirender/Fonts/fonts.json"), "\(result.stderr)")
        #expect(result.stderr.contains("only for an executable inside that checkout"), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }
}
