// Scene JSON: a full scene parsed, errors naming the file, line, node path and key, image files
// (missing, too large, palette and 16-bit grey decoded by libpng).
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct SceneParserTests {
    static let huge: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 78, 32, 0, 0, 78, 32, 8, 6, 0, 0, 0, 227, 112, 70, 57, 0, 0, 0, 8, 73, 68, 65, 84, 120, 156, 3, 0, 0, 0, 0, 1, 72, 6, 137, 210, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130]
    static let grey16: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 1, 16, 0, 0, 0, 0, 129, 217, 252, 21, 0, 0, 0, 13, 73, 68, 65, 84, 120, 156, 99, 96, 96, 248, 255, 31, 0, 3, 2, 1, 255, 230, 119, 11, 174, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130]
    static let palette: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 2, 0, 0, 0, 1, 8, 3, 0, 0, 0, 195, 252, 143, 184, 0, 0, 0, 6, 80, 76, 84, 69, 255, 0, 0, 0, 0, 255, 108, 161, 253, 142, 0, 0, 0, 11, 73, 68, 65, 84, 120, 156, 99, 96, 96, 4, 0, 0, 4, 0, 2, 191, 122, 63, 74, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130]

    /// A folder with the three PNGs above.
    static let folder: String = {
        let dir = try! TestDirectory.fresh("scene")
        for (name, bytes) in [("huge.png", huge), ("grey16.png", grey16), ("palette.png", palette)] {
            try! Data(bytes).write(to: dir.appendingPathComponent(name))
        }
        return dir.path
    }()

    static func parse(_ json: String) throws(BidiRenderError) -> Scene {
        try Scene(json: Array(json.utf8), file: "card.json", imageFolder: folder)
    }

    static func failure(_ json: String) -> BidiRenderError? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error
        }
    }

    @Test func fullScene() throws {
        let scene = try Self.parse("""
            {"size": {"width": 200, "height": 80}, "direction": "rtl", "locale": "ar", "background": "#F2F2F7",
             "flipImageNames": ["back"],
             "root": {"type": "group", "children": [
               {"type": "rect", "frame": [1, 2, 3, 4], "color": "#FF000080", "cornerRadius": 6, "borderWidth": 1, "borderColor": "#000000"},
               {"type": "image", "file": "palette.png", "name": "back", "contentMode": "aspectFit", "trailing": 5, "top": 6, "width": 7, "height": 8, "viewType": "flip"},
               {"type": "text", "text": "مرحبا", "size": 14, "weight": "bold", "maxLines": 2, "alignment": "trailing", "direction": "ltr",
                "color": "#333333", "spans": [{"start": 0, "end": 2, "weight": 300, "mention": true}], "leading": 1, "top": 2, "width": 3, "height": 4}
             ]}}
            """)
        #expect(scene.width == 200 && scene.height == 80 && scene.direction == .rightToLeft && scene.flipImageNames == ["back"])
        #expect(scene.background == RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF7))
        #expect(scene.root.frame == .absolute(x: 0, y: 0, width: 200, height: 80))
        let children = scene.root.children
        #expect(children[0] == SceneNode(frame: .absolute(x: 1, y: 2, width: 3, height: 4), content: .rect(color: RGBAColor(red: 255, green: 0, blue: 0, alpha: 128), cornerRadius: 6, borderWidth: 1, borderColor: .black)))
        guard case .image(let image, "back", .aspectFit) = children[1].content else { Issue.record("\(children[1])"); return }
        #expect(children[1].frame == .trailing(5, top: 6, width: 7, height: 8) && children[1].viewType == .flip)
        // Palette to RGBA by libpng: red, blue.
        #expect(image.pixels == [255, 0, 0, 255, 0, 0, 255, 255])
        guard case .text(let text, let spans, let options, let direction, let color) = children[2].content else { Issue.record("\(children[2])"); return }
        #expect(text == "مرحبا" && direction == .leftToRight && color == RGBAColor(red: 0x33, green: 0x33, blue: 0x33))
        #expect(options.size == 14 && options.weight == .bold && options.maxLines == 2 && options.alignment == .trailing && options.locale == LocaleTag("ar"))
        #expect(spans == [TextSpan(range: 0..<2, entity: .mention, weight: FontWeight(300))])
    }

    /// 16-bit grey decoded to 8-bit RGBA through libpng's transforms.
    /// A text node takes #15's keys: a line height, and spans with colours, decorations, a size and
    /// OpenType features; a bad one names its path.
    @Test func styledText() throws {
        let scene = try Self.parse("""
            {"size": {"width": 200, "height": 80},
             "root": {"type": "text", "text": "hi @sara ffi", "lineHeight": "24px", "spans": [
               {"start": 3, "end": 8, "mention": true, "id": "s1", "color": "#1A73E8", "underline": true},
               {"start": 0, "end": 2, "size": 24, "background": "#FFF3B0", "strikethrough": false},
               {"start": 9, "end": 12, "features": ["-liga"]}]}}
            """)
        guard case .text(_, let spans, let options, _, _) = scene.root.content else {
            Issue.record("not a text node")
            return
        }
        #expect(options.lineHeight == .px(24))
        #expect(spans.count == 3 && spans[0].entity == .mention && spans[0].id == "s1" && spans[0].underline == true)
        #expect(spans[0].color == RGBAColor(parsing: "#1A73E8") && spans[1].size == 24 && spans[1].strikethrough == false)
        #expect(spans[2].features == ["-liga"])
        let multiple = try Self.parse(#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "a", "lineHeight": 1.5}}"#)
        if case .text(_, _, let options, _, _) = multiple.root.content { #expect(options.lineHeight == .multiple(1.5)) }
        let bad = Self.failure(#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "ab", "spans": [{"start": 0, "end": 1, "features": ["colour"]}]}}"#)
        #expect("\(bad.map { "\($0)" } ?? "")".contains("root.spans[0].features"))
        let badHeight = Self.failure(#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "a", "lineHeight": "2x"}}"#)
        #expect("\(badHeight.map { "\($0)" } ?? "")".contains("root.lineHeight"))
    }

    @Test func sixteenBitGrey() throws {
        let scene = try Self.parse(#"{"size": {"width": 2, "height": 1}, "root": {"type": "image", "file": "grey16.png"}}"#)
        guard case .image(let image, _, _) = scene.root.content else { Issue.record("not an image"); return }
        #expect(image.pixels == [0, 0, 0, 255, 255, 255, 255, 255])
    }

    /// Each error names the file, the line, the node path with its key, and what is wrong.
    @Test(arguments: [
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [{"type": "rect", "frame": [0, 0, 1, 1]}, {"type": "rect", "frame": [0, 0, 1, 1]},"# + "\n"
            + #"{"type": "rect", "frame": [1, 2, 3]}]}}"#, "card.json:2: root.children[2].frame: expected 4 numbers"),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "rect", "colour": "red"}}"#, "card.json:1: root.colour: unknown key"),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "circle"}}"#, "root.type: expected \"group\", \"text\", \"image\" or \"rect\""),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "rect", "viewType": "mirror"}}"#, "root.viewType: expected one of auto, inherit"),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [{"type": "rect", "leading": 1, "top": 2, "width": 3}]}}"#, "root.children[0].height: missing"),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "group", "children": [{"type": "rect"}]}}"#, "root.children[0].frame: missing"),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "text", "text": "a", "maxLines": 0}}"#, "root.maxLines: \"maxLines\" must be a whole number from 1 to 2147483647, not 0"),
        (#"{"size": {"width": 10, "height": 10}, "direction": "up", "root": {"type": "rect"}}"#, "direction: expected \"ltr\" or \"rtl\""),
        (#"{"size": {"width": 10, "height": 10}, "root": {"type": "rect",}}"#, "card.json:1: a trailing comma before '}' (column 63)"),
        (#"{"size": {"width": 0, "height": 10}, "root": {"type": "rect"}}"#, "size.width: expected a number from 1"),
    ])
    func errorsNameThePath(json: String, expected: String) throws {
        let error = try #require(Self.failure(json))
        #expect(error.description.contains(expected), "\(error)")
        guard case .scene = error else { Issue.record("not a scene error: \(error)"); return }
    }

    /// A missing image names the file, at its node's key; an image past ImageLimits (20000×20000) is
    /// refused before its pixels are read.
    @Test func imageFiles() throws {
        let missing = try #require(Self.failure(#"{"size": {"width": 10, "height": 10}, "root": {"type": "image", "file": "nowhere.png"}}"#))
        #expect(missing == .scene(file: "card.json", line: 1, path: "root.file", reason: "no such file: \(Self.folder)/nowhere.png"))
        let huge = try #require(Self.failure(#"{"size": {"width": 10, "height": 10}, "root": {"type": "image", "file": "huge.png"}}"#))
        let reason = "\(Self.folder)/huge.png: a 20000×20000 px PNG is larger than 1000000 px a side or 100 megapixels"
        #expect(huge == .scene(file: "card.json", line: 1, path: "root.file", reason: reason), "\(huge)")
    }
}
