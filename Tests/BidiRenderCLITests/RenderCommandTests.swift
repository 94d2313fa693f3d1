// Tests of `bidirender render`: it writes a real PNG or SVG, and rejects bad colours and formats.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct RenderCommandTests {
    func outputPath(_ name: String) throws -> String {
        let dir = try TestDirectory.fresh("render")
        return dir.appendingPathComponent(name).path
    }

    @Test func writesAPNG() throws {
        let path = try outputPath("seed.png")
        let command = try RenderCommand.parse([
            "مرحبا@我, 今天天气好吗", "--direction", "rtl", "--locale", "ar", "--size", "20", "-o", path,
            "--background", "transparent", "--color", "#102030", "--scale", "2", "--padding", "4", "--no-system-fonts",
        ])
        var out = ""
        try command.execute(into: &out)
        let image = try RGBAImage(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(image.width > 300 && image.height > 50)
        // The size printed is the file's (it was the layout's, rounded down: 1 px short).
        #expect(out == "wrote \(path) (png, \(image.width)×\(image.height) px, 1 line(s))\n", "\(out)")
        // Opaque ink pixels have the text colour.
        let opaque = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 3] == 255 }
        #expect(!opaque.isEmpty)
        #expect(opaque.allSatisfy { image.pixels[$0] == 0x10 && image.pixels[$0 + 1] == 0x20 && image.pixels[$0 + 2] == 0x30 })
    }

    @Test func writesAnSVGWithTheDebugOverlay() throws {
        let path = try outputPath("seed.svg")
        let command = try RenderCommand.parse(["小明بدأ", "--direction", "rtl", "-o", path, "--debug", "--no-system-fonts"])
        var out = ""
        try command.execute(into: &out)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("class=\"debug run rtl level1\""))
        #expect(svg.contains("class=\"debug baseline\""))
    }

    /// The "wrote" line of an SVG says the size the document declares, as `compose` and `bubble`
    /// do (it said "about W×H", rounded down).
    @Test func anSVGsWroteLineIsItsDeclaredSize() throws {
        let dir = try TestDirectory.fresh("render-svg-size")
        let svg = dir.appendingPathComponent("t.svg").path
        let out = try run(RenderCommand.self, ["hello مرحبا", "--crop", "ink", "--scale", "2", "-o", svg, "--no-system-fonts"])
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        let header = try #require(document.split(separator: "\n").first { $0.hasPrefix("<svg ") })
        func attribute(_ name: String) throws -> String {
            let start = try #require(header.range(of: " \(name)=\"")).upperBound
            return String(header[start...].prefix { $0 != "\"" })
        }
        #expect(out == "wrote \(svg) (svg, \(try attribute("width"))×\(try attribute("height")) px, 1 line(s))\n")
    }

    @Test(arguments: [
        ["x", "-o", "out.gif"], ["x", "-o", "out.png", "--color", "red"], ["x", "-o", "out.png", "--background", "#12345"],
        ["x", "-o", "out.png", "--scale", "4"], ["x", "-o", "out.png", "--padding", "-1"], ["x"],
        // A file named for one format is not written in the other.
        ["x", "-o", "out.png", "--format", "svg"], ["x", "-o", "out.svg", "--format", "png"],
    ])
    func badOptions(arguments: [String]) {
        #expect(throws: (any Error).self) { try RenderCommand.parse(arguments) }
    }

    @Test(arguments: [
        ("#ff000080", RGBAColor(red: 255, green: 0, blue: 0, alpha: 128)), ("00ff00", RGBAColor(red: 0, green: 255, blue: 0)),
        ("transparent", RGBAColor.transparent),
        // CSS's short forms: each digit doubled.
        ("#fff", RGBAColor.white), ("#1a7", RGBAColor(red: 0x11, green: 0xAA, blue: 0x77)),
        ("#f008", RGBAColor(red: 255, green: 0, blue: 0, alpha: 0x88)),
    ])
    func colours(text: String, expected: RGBAColor) {
        #expect(RGBAColor(parsing: text) == expected)
    }

    /// Hexadecimal digits only: "+" (which `UInt32(_:radix:)` takes as a sign) and other lengths are
    /// refused.
    @Test(arguments: ["#+12345", "#+1234567", "#+12", "#12345", "#1", "#", "", "#ff00ff0", "#ggg", "# fff", "#fff ", "#٣٣٣"])
    func notColours(text: String) {
        #expect(RGBAColor(parsing: text) == nil)
    }
}
