// Images decoded once per process (issue #38): a scene that names a file another scene already
// decoded reuses its pixels while the file is unchanged, and decodes it again once it is rewritten;
// the table keeps at most its budget of pixels, the oldest dropped first.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct DecodedImagesTests {
    /// A folder with `image.png` (a `side` × `side` image of one colour) and a scene that draws it.
    static func folder(side: Int, color: RGBAColor) throws -> String {
        let folder = NSTemporaryDirectory() + "decoded-images-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write(side: side, color: color, to: folder + "/image.png")
        let scene = #"{"size":{"width":40,"height":40},"root":{"type":"image","file":"image.png","frame":[0,0,40,40]}}"#
        try Data(scene.utf8).write(to: URL(fileURLWithPath: folder + "/scene.json"))
        return folder
    }

    static func write(side: Int, color: RGBAColor, to path: String) throws {
        let pixels = (0..<(side * side)).flatMap { _ in [color.red, color.green, color.blue, color.alpha] }
        let png = try RGBAImage(width: side, height: side, pixels: pixels).pngData()
        try Data(png).write(to: URL(fileURLWithPath: path))
    }

    /// The first pixel of the scene's one image, as the parse decoded it.
    static func firstPixel(_ folder: String) throws -> [UInt8] {
        let scene = try Scene(contentsOf: folder + "/scene.json")
        guard case .image(let image, _, _) = scene.root.content else {
            Issue.record("the root is not an image")
            return []
        }
        return Array(image.pixels.prefix(4))
    }

    @Test func aSecondSceneReusesTheDecodedFile() throws {
        let folder = try Self.folder(side: 8, color: RGBAColor(red: 200, green: 10, blue: 10))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = URL(fileURLWithPath: folder + "/image.png").resolvingSymlinksInPath().path
        let key = try #require(DecodedImages.Key(path: real))
        #expect(DecodedImages.image(for: key) == nil)
        #expect(try Self.firstPixel(folder) == [200, 10, 10, 255])
        // Kept: the next scene finds it without reading the file.
        let kept = try #require(DecodedImages.image(for: key))
        #expect(kept.width == 8 && kept.pixels.prefix(4) == [200, 10, 10, 255])
        #expect(try Self.firstPixel(folder) == [200, 10, 10, 255])
    }

    @Test func aRewrittenFileIsDecodedAgain() throws {
        let folder = try Self.folder(side: 8, color: RGBAColor(red: 200, green: 10, blue: 10))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try Self.firstPixel(folder) == [200, 10, 10, 255])
        // Same size, new pixels: the modification time tells them apart.
        try Self.write(side: 8, color: RGBAColor(red: 10, green: 200, blue: 10), to: folder + "/image.png")
        #expect(try Self.firstPixel(folder) == [10, 200, 10, 255])
        // A new size as well.
        try Self.write(side: 12, color: RGBAColor(red: 10, green: 10, blue: 200), to: folder + "/image.png")
        #expect(try Self.firstPixel(folder) == [10, 10, 200, 255])
    }

    /// Two images that together pass the budget: keeping the second drops the first.
    @Test func theBudgetDropsTheOldest() throws {
        let folder = try Self.folder(side: 2, color: .black)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(side: 2, color: .white, to: folder + "/other.png")
        let first = try #require(DecodedImages.Key(path: folder + "/image.png"))
        let second = try #require(DecodedImages.Key(path: folder + "/other.png"))
        let side = 2_600  // 27 MB of RGBA: two fit in 64 MiB, three do not
        let big = RGBAImage(width: side, height: side, pixels: [UInt8](repeating: 7, count: side * side * 4))
        DecodedImages.keep(big, for: first)
        #expect(DecodedImages.image(for: first) != nil)
        DecodedImages.keep(big, for: second)
        DecodedImages.keep(RGBAImage(width: side, height: side + 200, pixels: [UInt8](repeating: 9, count: side * (side + 200) * 4)), for: second)
        #expect(DecodedImages.image(for: second) != nil)
        let third = try #require(DecodedImages.Key(path: folder + "/scene.json"))
        DecodedImages.keep(big, for: third)
        #expect(DecodedImages.image(for: first) == nil)
        #expect(DecodedImages.image(for: third) != nil)
        // Larger than the whole budget: never kept.
        let huge = 4_200
        DecodedImages.keep(RGBAImage(width: huge, height: huge, pixels: [UInt8](repeating: 1, count: huge * huge * 4)), for: first)
        #expect(DecodedImages.image(for: first) == nil)
    }
}
