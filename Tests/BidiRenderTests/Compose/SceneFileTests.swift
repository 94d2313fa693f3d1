// A scene's files and limits: images only inside the scene's folder (symlinks resolved) unless the
// caller allows more, the same answer for a refused path whether or not it exists; each image file
// decoded once per scene, the decoded pixels bounded; the scene file's size and node count bounded.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct SceneFileTests {
    static let grey = try! RGBAImage(width: 3, height: 2, pixels: [UInt8](repeating: 128, count: 24)).pngData()

    /// root/scene/{in.png, sub/in2.png, link-in.png → in.png, link-out.png → ../out.png,
    /// dangling.png → ../missing.png}, root/out.png; returns root/scene.
    static func folder() throws -> String {
        let root = try TestDirectory.fresh("scene-files")
        let scene = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: scene.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data(grey).write(to: scene.appendingPathComponent("in.png"))
        try Data(grey).write(to: scene.appendingPathComponent("sub/in2.png"))
        try Data(grey).write(to: root.appendingPathComponent("out.png"))
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("link-in.png").path, withDestinationPath: "in.png")
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("link-out.png").path, withDestinationPath: "../out.png")
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("dangling.png").path, withDestinationPath: "../missing.png")
        return scene.path
    }

    static func imageScene(_ files: [String]) -> [UInt8] {
        let nodes = files.map { #"{"type": "image", "file": "\#($0)", "frame": [0, 0, 3, 2]}"# }
        return Array(#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [\#(nodes.joined(separator: ", "))]}}"#.utf8)
    }

    static func failure(_ body: () throws -> Void) -> BidiRenderError? {
        do {
            try body()
            return nil
        } catch let error as BidiRenderError {
            return error
        } catch {
            Issue.record("not a BidiRenderError: \(error)")
            return nil
        }
    }

    /// Paths out of the folder are refused with one answer, whether the file exists or not: `..`,
    /// absolute paths, a symlink pointing out, a dangling symlink.
    @Test func pathsOutsideTheFolderAreRefused() throws {
        let folder = try Self.folder()
        let parent = (folder as NSString).deletingLastPathComponent
        for name in ["../out.png", "../missing.png", parent + "/out.png", parent + "/missing.png", "/etc/passwd", "/nowhere/x.png",
                     "link-out.png", "dangling.png", "sub/../../out.png"] {
            let error = Self.failure { _ = try Scene(json: Self.imageScene(["in.png", name]), file: "card.json", imageFolder: folder) }
            #expect(error == .scene(file: "card.json", line: 1, path: "root.children[1].file", reason: "not an image file inside the scene folder"), "\(name)")
        }
    }

    /// Inside the folder: relative paths, a subfolder, a symlink to a file inside; a missing file
    /// inside is named as missing; a folder or a FIFO is not a regular file (and does not block).
    @Test func pathsInsideTheFolder() throws {
        let folder = try Self.folder()
        let scene = try Scene(json: Self.imageScene(["in.png", "sub/in2.png", "link-in.png", "sub/../in.png", folder + "/in.png"]), imageFolder: folder)
        #expect(scene.root.children.count == 5)
        let missing = Self.failure { _ = try Scene(json: Self.imageScene(["nothere.png"]), file: "card.json", imageFolder: folder) }
        // Named at its node's key, as every other image error is (it named the file alone).
        #expect(missing == .scene(file: "card.json", line: 1, path: "root.children[0].file", reason: "no such file: \(folder)/nothere.png"))
        let nul = Self.failure { _ = try Scene(json: Self.imageScene(["in.png\\u0000x"]), file: "card.json", imageFolder: folder) }
        #expect(nul == .scene(file: "card.json", line: 1, path: "root.children[0].file", reason: "a file name cannot hold a control character"))
        try Data("hi".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
        let text = Self.failure { _ = try Scene(json: Self.imageScene(["text.png"]), file: "card.json", imageFolder: folder) }
        #expect(text == .scene(file: "card.json", line: 1, path: "root.children[0].file", reason: "not a PNG file (no PNG signature): \(folder)/text.png"))
        #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
        for name in ["sub", "fifo.png"] {
            let error = Self.failure { _ = try Scene(json: Self.imageScene([name]), file: "card.json", imageFolder: folder) }
            #expect(error == .scene(file: "card.json", line: 1, path: "root.children[0].file", reason: "not a regular file: \(folder)/\(name)"), "\(name)")
        }
    }

    /// `allowsPathsOutsideFolder` lifts the folder rule, through the library and a scene file.
    @Test func outsidePathsWhenAllowed() throws {
        let folder = try Self.folder()
        let scene = try Scene(json: Self.imageScene(["../out.png", "link-out.png"]), imageFolder: folder, allowsPathsOutsideFolder: true)
        guard case .image(let image, _, _) = scene.root.children[0].content else { Issue.record("not an image"); return }
        #expect(image.width == 3 && image.height == 2 && image.pixels.allSatisfy { $0 == 128 })
        let file = folder + "/scene.json"
        try Data(Self.imageScene(["../out.png"])).write(to: URL(fileURLWithPath: file))
        #expect(throws: BidiRenderError.scene(file: file, line: 1, path: "root.children[0].file", reason: "not an image file inside the scene folder")) {
            try Scene(contentsOf: file)
        }
        #expect(try Scene(contentsOf: file, allowsPathsOutsideFolder: true).root.children.count == 1)
    }

    /// One image file named by eight nodes (in three spellings) is decoded once: every node holds the
    /// same pixel buffer. A second file gets its own.
    @Test func eachImageDecodedOnce() throws {
        let folder = try Self.folder()
        let names = ["in.png", "./in.png", "sub/../in.png", "in.png", "in.png", "link-in.png", "in.png", "in.png", "sub/in2.png"]
        let scene = try Scene(json: Self.imageScene(names), imageFolder: folder)
        let buffers = scene.root.children.map { node -> UnsafeRawPointer? in
            guard case .image(let image, _, _) = node.content else { return nil }
            return image.pixels.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(Set(buffers.prefix(8)).count == 1 && buffers[0] != nil)
        #expect(buffers[8] != buffers[0])
    }

    /// The decoded pixels of a scene's images are bounded in all: past the budget the image that
    /// would pass it is refused, naming its node; the same image again costs nothing more.
    @Test func decodedPixelsAreBounded() throws {
        let folder = try Self.folder()
        let parser = { (names: [String]) in SceneParser(bytes: Self.imageScene(names), file: "card.json", imageFolder: folder, pixelBudget: 12) }
        #expect(try parser(["in.png", "in.png", "in.png", "sub/in2.png"]).scene().root.children.count == 4)
        try Data(Self.grey).write(to: URL(fileURLWithPath: folder + "/third.png"))
        #expect(throws: BidiRenderError.scene(file: "card.json", line: 1, path: "root.children[2].file", reason: "the scene's images pass 12 decoded pixels in all (ImageLimits.maximumPixels): third.png is 3×2 px")) {
            try parser(["in.png", "sub/in2.png", "third.png"]).scene()
        }
        #expect(SceneParser.defaultPixelBudget == ImageLimits.maximumPixels)
    }

    /// A scene file past 16 MB is refused before it is read (and scene bytes past it before they are
    /// parsed); a scene of more than `maximumNodeCount` nodes is refused at the line of the first
    /// node past it, before its JSON objects are built.
    @Test func sceneSizeAndNodeCount() throws {
        let folder = try Self.folder()
        let big = folder + "/big.json"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: UInt64(Scene.maximumFileSize + 1))
        try handle.close()
        #expect(throws: BidiRenderError.scene(file: big, line: 0, path: "", reason: "larger than 16 MB")) { try Scene(contentsOf: big) }
        #expect(throws: BidiRenderError.scene(file: "big.json", line: 0, path: "", reason: "larger than 16 MB")) {
            try Scene(json: [UInt8](repeating: 0x20, count: Scene.maximumFileSize + 1), file: "big.json")
        }
        #expect(Scene.maximumFileSize == 16 << 20 && Scene.maximumNodeCount == 10_000)
        let rect = #"{"type": "rect", "frame": [0, 0, 1, 1]}"#
        func rects(_ n: Int) -> [UInt8] {
            Array(#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [\#(Array(repeating: rect, count: n).joined(separator: ",\n"))]}}"#.utf8)
        }
        // The root is a node: 9,999 children make 10,000.
        #expect(try Scene(json: rects(Scene.maximumNodeCount - 1)).root.children.count == Scene.maximumNodeCount - 1)
        #expect(throws: BidiRenderError.scene(file: "many.json", line: 10_000, path: "", reason: "more than 10000 nodes in one scene")) {
            try Scene(json: rects(Scene.maximumNodeCount), file: "many.json")
        }
        // Counted before JSONSerialization, as "type" keys: a string "type" that is a value or
        // escaped is not one, nor a key "types".
        let tricky = Array(#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [\#(Array(repeating: #"{"type": "text", "text": "type", "frame": [0, 0, 1, 1], "spans": [], "ellipsis": "\"type\": "}"#, count: Scene.maximumNodeCount - 1).joined(separator: ",\n"))]}}"#.utf8)
        #expect(try Scene(json: tricky).root.children.count == Scene.maximumNodeCount - 1)
        // A "type" key written with escapes is a node all the same: 200,000 of them were drawn.
        let escaped = #"{"t\u0079pe": "rect", "frame": [0, 0, 1, 1]}"#
        let many = Array(#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [\#(Array(repeating: escaped, count: Scene.maximumNodeCount).joined(separator: ",\n"))]}}"#.utf8)
        #expect(throws: BidiRenderError.scene(file: "esc.json", line: 10_000, path: "", reason: "more than 10000 nodes in one scene")) {
            try Scene(json: many, file: "esc.json")
        }
    }

    /// A value's error names its own line and key: a number past Double's range (it was "the top
    /// level must be a JSON object" at line 1), and a text node's size out of range (it was the
    /// node's line and path).
    @Test func valueErrorsNameTheirLineAndKey() {
        func scene(_ size: String) -> [UInt8] {
            Array("""
                {"size": {"width": 200, "height": 100},
                 "root": {"type": "group", "children": [
                   {"type": "text",
                    "text": "hello",
                    "frame": [0, 0, 100, 20],
                    "size": \(size)}
                 ]}}
                """.utf8)
        }
        #expect(throws: BidiRenderError.scene(file: "e.json", line: 6, path: "root.children[0].size", reason: "number out of range: 1e400 (column 13)")) {
            try Scene(json: scene("1e400"), file: "e.json")
        }
        #expect(
            throws: BidiRenderError.scene(
                file: "e.json", line: 6, path: "root.children[0].size", reason: "invalid value '-3' for size: must be a number of px from 0.1 to 10000")
        ) {
            try Scene(json: scene("-3"), file: "e.json")
        }
    }
}
