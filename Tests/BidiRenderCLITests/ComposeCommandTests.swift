// Tests of `bidirender compose`: the resolved-scene JSON, --direction, PNG and SVG output, and errors.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct ComposeCommandTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/compose/follow-card.json").standardized.path

    static func nodes(_ out: String) throws -> [[String: Any]] {
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        return try #require(doc["nodes"] as? [[String: Any]])
    }

    /// --format json prints every node with its canvas frame; --direction ltr un-mirrors the scene.
    @Test func resolvedSceneJSON() throws {
        let rtl = try Self.nodes(try run(ComposeCommand.self, [Self.example, "--format", "json"]))
        let ltr = try Self.nodes(try run(ComposeCommand.self, [Self.example, "--format", "json", "--direction", "ltr"]))
        #expect(rtl.count == 7 && ltr.count == 7)
        #expect(rtl.map { $0["path"] as? String } == ltr.map { $0["path"] as? String })
        // The back arrow: leading 16, width 24 in a 360 px card → x 320 in RTL, drawn mirrored.
        #expect(rtl[2]["frame"] as? [Double] == [320, 46, 24, 24] && rtl[2]["viewType"] as? String == "flip" && rtl[2]["mirrored"] as? Bool == true)
        #expect(ltr[2]["frame"] as? [Double] == [16, 46, 24, 24] && ltr[2]["mirrored"] as? Bool == false)
        #expect(rtl[4]["kind"] as? String == "text" && rtl[4]["viewType"] as? String == "normal" && rtl[4]["mirrored"] as? Bool == false)
    }

    /// PNG and SVG files are written, at the scale asked.
    @Test func writesImages() throws {
        let dir = try TestDirectory.fresh("compose")
        let png = dir.appendingPathComponent("card.png").path
        let out = try run(ComposeCommand.self, [Self.example, "-o", png, "--scale", "2", "--no-system-fonts"])
        #expect(out == "wrote \(png) (png, 720×232 px, rtl, 7 nodes, 3 drawn mirrored)\n")
        let image = try RGBAImage(pngData: [UInt8](try #require(FileManager.default.contents(atPath: png))))
        #expect(image.width == 720 && image.height == 232)
        // A scene of fractional size: the line gives the PNG's own size (it gave 10.5×10.4).
        let scene = dir.appendingPathComponent("half.json").path
        try Data(#"{"size": {"width": 10.5, "height": 10.4}, "root": {"type": "group", "children": []}}"#.utf8).write(to: URL(fileURLWithPath: scene))
        let half = dir.appendingPathComponent("half.png").path
        let line = try run(ComposeCommand.self, [scene, "-o", half, "--no-system-fonts"])
        let written = try RGBAImage(pngData: [UInt8](try #require(FileManager.default.contents(atPath: half))))
        #expect(line == "wrote \(half) (png, \(written.width)×\(written.height) px, ltr, 1 nodes, 0 drawn mirrored)\n")
        #expect(written.width == 11 && written.height == 11)
        let svg = dir.appendingPathComponent("card.svg").path
        _ = try run(ComposeCommand.self, [Self.example, "-o", svg, "--debug", "--no-system-fonts"])
        #expect(String(decoding: try #require(FileManager.default.contents(atPath: svg)), as: UTF8.self).contains("data-path=\"root.children[1]\""))
    }

    /// An image outside the scene's folder is refused with one answer, whether it exists or not,
    /// unless --allow-image-paths-outside-folder; then it is drawn.
    @Test func imagesOutsideTheSceneFolder() throws {
        let root = try TestDirectory.fresh("compose-files")
        let folder = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(try RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255]).pngData()).write(to: root.appendingPathComponent("red.png"))
        for name in ["../red.png", "../missing.png"] {
            let scene = folder.appendingPathComponent("scene.json").path
            try Data(#"{"size": {"width": 4, "height": 4}, "root": {"type": "image", "file": "\#(name)"}}"#.utf8).write(to: URL(fileURLWithPath: scene))
            #expect(throws: BidiRenderError.scene(file: scene, line: 1, path: "root.file", reason: "not an image file inside the scene folder")) {
                try run(ComposeCommand.self, [scene, "--format", "json"])
            }
        }
        let scene = folder.appendingPathComponent("scene.json").path
        try Data(#"{"size": {"width": 4, "height": 4}, "root": {"type": "image", "file": "../red.png"}}"#.utf8).write(to: URL(fileURLWithPath: scene))
        let png = root.appendingPathComponent("out.png").path
        _ = try run(ComposeCommand.self, [scene, "-o", png, "--allow-image-paths-outside-folder", "--no-system-fonts"])
        let image = try RGBAImage(pngData: [UInt8](try #require(FileManager.default.contents(atPath: png))))
        #expect(Array(image.pixels.prefix(4)) == [255, 0, 0, 255])
        #expect(ComposeCommand.helpMessage().contains("--allow-image-paths-outside-folder"))
    }

    /// A bad scene fails naming the file, line, node path and key; options are checked first.
    @Test func errors() throws {
        let scene = try temporaryFile(Array(#"{"size": {"width": 10, "height": 10},"root": {"type": "group", "children": [{"type": "rect", "frame": [1, 2]}]}}"#.utf8), name: "bad.json")
        #expect(throws: BidiRenderError.scene(file: scene, line: 1, path: "root.children[0].frame", reason: "expected 4 numbers [x, y, width, height], width and height not negative")) {
            try run(ComposeCommand.self, [scene, "--format", "json"])
        }
        #expect(throws: (any Error).self) { try ComposeCommand.parse([Self.example]) }  // no -o, no --format json
        #expect(throws: (any Error).self) { try ComposeCommand.parse([Self.example, "-o", "x.png", "--scale", "4"]) }
        #expect(throws: (any Error).self) { try ComposeCommand.parse([Self.example, "-o", "x.gif"]) }
        // A file named for one format is not written in another: JSON went into x.png.
        for (output, format) in [("x.png", "json"), ("x.svg", "png"), ("x.json", "svg")] {
            #expect(throws: (any Error).self) { try ComposeCommand.parse([Self.example, "-o", output, "--format", format]) }
        }
        _ = try ComposeCommand.parse([Self.example, "-o", "x.out", "--format", "json"])
    }
}
