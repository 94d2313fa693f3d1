// Tests of `bidirender bubble`: the JSON contract and the text dump, the library's bubble through the
// options, --jsonl with the bubble's fields and bad lines, the image at the bubble's own size, and
// usage errors that name the option.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation
import TestSupport
import Testing
@testable import bidirender

@Suite struct BubbleCommandTests {
    static let text = "مرحبا كيف حالك اليوم؟ hope you are well, see you at the office tomorrow"
    static let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

    @Test func jsonContractIsTheLibrarysBubble() throws {
        let out = try run(BubbleCommand.self, [
            Self.text, "--width", "260", "--locale", "ar", "--size", "15", "--padding", "10,6", "--slot-text", "12:30 ✓✓",
            "--format", "json", "--no-system-fonts",
        ])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(Set(doc.keys) == ["size", "text", "lines", "greedyWidth", "slot", "jumbomoji", "layout"])
        let bubble = try Self.engine.bubble(
            Self.text, options: LayoutOptions(locale: "ar", size: 15), maxWidth: 260, horizontalPadding: 10, verticalPadding: 6,
            slot: .text("12:30 ✓✓", size: 12, color: RGBAColor(red: 110, green: 110, blue: 110)), jumbomoji: [3, 2.5, 2])
        let size = try #require(doc["size"] as? [String: Double])
        // JSON numbers have 3 decimals.
        #expect(abs(size["width"]! - bubble.width) < 0.0006 && abs(size["height"]! - bubble.height) < 0.0006)
        let slot = try #require(doc["slot"] as? [String: Any])
        #expect(slot["x"] as? Double == bubble.slotFrame?.x && slot["ownLine"] as? Bool == false)
        #expect(doc["lines"] as? Int == 3 && doc["jumbomoji"] as? Bool == false)
        let layout = try #require(doc["layout"] as? [String: Any])
        #expect((layout["lines"] as? [Any])?.count == 3)
        // The slot at the left of an RTL bubble, inside the padding.
        #expect(slot["x"] as? Double == 10)
    }

    @Test func textDumpHeadsTheLayout() throws {
        let out = try run(BubbleCommand.self, ["See you tomorrow", "--width", "300", "--locale", "en", "--slot", "40x12", "--no-system-fonts"])
        let head = try #require(out.split(separator: "\n").first)
        #expect(head.hasPrefix("bubble "))
        #expect(head.hasSuffix(" last-line"), "\(head)")
        #expect(out.split(separator: "\n")[1].hasPrefix("line 0 run 0 [0,16) level 0 ltr Latn"))
    }

    @Test func jsonlTakesTheBubbleFields() throws {
        let input = """
            {"text": "See you tomorrow", "width": 300, "slot": {"width": 40, "height": 12}, "padding": [10, 6]}
            {"text": "x", "width": 300, "slot": {"width": "wide"}}
            {"text": "مرحبا", "width": 200, "uiDirection": "ltr", "balance": false, "jumbomoji": "off", "slot": null}
            {"text": "😂", "width": 200, "jumbomoji": [4]}
            {"text": "hi"}
            """
        let path = try temporaryFile(Array(input.utf8), name: "bubbles.jsonl")
        let command = try BubbleCommand.parse(["--jsonl", "--text-file", path, "--no-system-fonts"])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((first["text"] as? [String: Double])?["x"] == 10)
        #expect((first["slot"] as? [String: Any])?["ownLine"] as? Bool == false)
        #expect(lines[1] == "{\"error\":\"\\\"slot.width\\\" must be a number\",\"line\":2}", "\(lines[1])")
        let third = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(third["slot"] is NSNull)
        #expect(lines[4].hasPrefix("{\"error\":\"missing \\\"width\\\""), "\(lines[4])")
    }

    /// A slot's value out of range is named by its own key in a --jsonl line ("slot.size", not the
    /// line's "size"; "slot.width", not "slot").
    @Test func slotErrorsNameTheSlotsKey() throws {
        let input = """
            {"text":"a","width":50,"slot":{"text":"x","size":0}}
            {"text":"a","width":50,"slot":{"width":-1,"height":5}}
            {"text":"a","width":50,"slot":{"width":1,"height":50000}}
            {"text":"a","width":50,"slot":{"width":60,"height":5}}
            """
        let path = try temporaryFile(Array(input.utf8), name: "slots.jsonl")
        let command = try BubbleCommand.parse(["--jsonl", "--text-file", path, "--no-system-fonts"])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        #expect(out.split(separator: "\n").map(String.init) == [
            JSONLines.errorDocument("invalid value '0' for slot.size: must be a number of px from 0.1 to 10000", line: 1),
            JSONLines.errorDocument("invalid value '-1' for slot.width: must be a number of px from 0 to 10000", line: 2),
            JSONLines.errorDocument("invalid value '50000' for slot.height: must be a number of px from 0 to 10000", line: 3),
            JSONLines.errorDocument("invalid value '60' for slot.width: is wider than the text's 50 px", line: 4),
        ])
    }

    @Test func pngIsTheBubblesSize() throws {
        let dir = try TestDirectory.fresh("bubble")
        let png = dir.appendingPathComponent("b.png").path
        let out = try run(BubbleCommand.self, [
            "See you tomorrow", "--width", "300", "--locale", "en", "--padding", "10", "--slot", "40x12", "--fill", "#DCF8C6",
            "--scale", "2", "-o", png, "--no-system-fonts",
        ])
        let bubble = try Self.engine.bubble(
            "See you tomorrow", options: LayoutOptions(locale: "en"), maxWidth: 300, horizontalPadding: 10, verticalPadding: 10,
            slot: .box(width: 40, height: 12))
        let (w, h) = (Int((bubble.width * 2).rounded(.up)), Int((bubble.height * 2).rounded(.up)))
        #expect(out == "wrote \(png) (png, \(w)×\(h) px, 1 line(s))\n")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        // The PNG header's width and height.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect((width, height) == (w, h))
        let svg = dir.appendingPathComponent("b.svg").path
        _ = try run(BubbleCommand.self, ["See you tomorrow", "--width", "300", "-o", svg, "--no-system-fonts", "--slot-text", "12:30"])
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.components(separatedBy: "<svg ").count == 4)  // the bubble, the text, the slot
    }

    /// Ink past the bubble (stacked marks and descenders over a tight line height) grows the image on
    /// that side instead of being cut: the PNG's header, the "wrote" line and the SVG's viewBox say
    /// the grown size, and rows above the bubble's fill hold the marks' ink.
    @Test func inkOverflowingTheBubbleGrowsTheImage() throws {
        let dir = try TestDirectory.fresh("bubble-overflow")
        let text = "Ägyptische Übergröße jumps gy ÉÇ"
        let png = dir.appendingPathComponent("b.png").path
        let out = try run(BubbleCommand.self, [
            text, "--width", "200", "--line-height", "0.8", "--fill", "#00FF00", "--background", "#FFFFFF", "-o", png,
            "--no-system-fonts",
        ])
        var options = LayoutOptions(locale: "default")
        options.lineHeight = .multiple(0.8)
        let bubble = try Self.engine.bubble(
            text, options: options, maxWidth: 200, horizontalPadding: 0,
            verticalPadding: 0)
        let ink = bubble.layout.inkBounds
        #expect(ink.x < 0 && ink.y < -1 && ink.y + ink.height > bubble.height + 2, "\(ink) in \(bubble.height)")
        let image = try RGBAImage(pngData: Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        func pixel(x: Int, y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
        // Rounded out to whole pixels, with half a pixel more above and below (the baseline's snap).
        let (left, top, bottom) = ((-ink.x).rounded(.up), (-ink.y + 0.5).rounded(.up), (ink.y + ink.height + 0.5 - bubble.height).rounded(.up))
        #expect(image.height == Int((bubble.height + top + bottom).rounded(.up)), "\(image.height)")
        #expect(out == "wrote \(png) (png, \(image.width)×\(image.height) px, 2 line(s))\n")
        // The fill's first row is `top` px down; above it, dark pixels: the umlauts' dots.
        let fillTop = Int(top)
        #expect(pixel(x: Int(bubble.width / 2), y: fillTop + 1) == [0, 255, 0, 255])
        let darkAbove = (0..<fillTop).contains { y in (0..<image.width).contains { pixel(x: $0, y: y)[1] < 128 } }
        #expect(darkAbove)
        let svg = dir.appendingPathComponent("b.svg").path
        let svgOut = try run(BubbleCommand.self, [text, "--width", "200", "--line-height", "0.8", "-o", svg, "--no-system-fonts"])
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        // The size the SVG declares (the PNG's is it rounded up to whole pixels).
        let right = max(0, ink.x + ink.width - bubble.width).rounded(.up)
        let (w, h) = (bubble.width + left + right, bubble.height + top + bottom)
        #expect(svgOut == "wrote \(svg) (svg, \(JSONText.number(w))×\(JSONText.number(h)) px, 2 line(s))\n")
        #expect(document.contains("width=\"\(JSONText.number(w))\" height=\"\(JSONText.number(h))\""))
        #expect((image.width, image.height) == (Int(w.rounded(.up)), Int(h.rounded(.up))))
        #expect(document.contains("viewBox=\"-\(JSONText.number(left)) -\(JSONText.number(top)) "), "\(document.prefix(300))")
    }

    @Test(arguments: [
        (["x"], "--width (the bubble's maximum width) is required"),
        (["x", "--width", "100", "--padding", "1,2,3"], "--padding must be PX or H,V (px), not '1,2,3'"),
        (["x", "--width", "100", "--slot", "40"], "--slot must be W×H in px, e.g. 44x16, not '40'"),
        (["x", "--width", "100", "--slot", "4x4", "--slot-text", "a"], "give --slot or --slot-text, not both"),
        (["x", "--width", "100", "--jumbomoji", "17"], "--jumbomoji must be a count from 0 to 16 or off, not '17'"),
        (["x", "--width", "100", "-o", "b.gif"], "cannot tell the format from 'b.gif': use a .png or .svg file"),
        // A text slot's errors name --slot-text (they named --slot).
        (["x", "--width", "100", "--slot-text", String(repeating: "x", count: 300)],
         "invalid value '\(String(repeating: "x", count: 32))' for --slot-text: must be at most 256 code points"),
    ])
    func usageErrorsNameTheOption(arguments: [String], message: String) throws {
        #expect {
            _ = try BubbleCommand.parse(arguments)
        } throws: { error in
            BubbleCommand.message(for: error) == message
        }
    }

    /// A text slot wider than the text's width is the text's error (exit 1), named --slot-text.
    @Test func aTooWideSlotTextNamesItsOption() throws {
        let result = try runBinary(["bubble", "hi", "--width", "100", "--slot-text", String(repeating: "x", count: 30), "--no-system-fonts"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("for --slot-text: is "), "\(result.stderr)")
    }

    @Test func badValuesAtRunTimeNameTheKey() throws {
        #expect {
            _ = try run(BubbleCommand.self, ["x", "--width", "100", "--padding", "60", "--no-system-fonts"])
        } throws: { error in
            "\(error)".contains("padding") && "\(error)".contains("leaves no room for the text in 100")
        }
    }
}
