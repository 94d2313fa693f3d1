// `--inline START:END:WxH[:ALIGN][:offset=PX][:id=ID][:image=FILE]` on layout, render and bubble, and
// the `--jsonl` field "inlines": the boxes in the JSON, the image drawn into its box (pixels), files
// only inside the working folder, and every malformed value named.
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct InlineCLITests {
    /// A folder holding `red.png`, 10×10 opaque red.
    static func folderWithImage() throws -> URL {
        let folder = try TestDirectory.fresh("inline")
        let red = RGBAImage(width: 10, height: 10, pixels: [UInt8]((0..<100).flatMap { _ in [255, 0, 0, 255] }))
        try Data(try red.pngData()).write(to: folder.appendingPathComponent("red.png"))
        return folder
    }

    @Test func layoutJSONReportsTheBox() throws {
        let result = try runBinary([
            "layout", "Hi :party: there", "--inline", "3:10:20x16:middle:id=party", "--format", "json", "--no-system-fonts",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let inlines = try #require(doc["inlines"] as? [[String: Any]])
        #expect(inlines.count == 1)
        #expect(inlines[0]["start"] as? Int == 3 && inlines[0]["end"] as? Int == 10 && inlines[0]["id"] as? String == "party")
        let rect = try #require(inlines[0]["rect"] as? [String: Double])
        #expect(rect["width"] == 20 && rect["height"] == 16)
        let entities = try #require(doc["entities"] as? [[String: Any]])
        #expect(entities.map { $0["kind"] as? String } == ["inline"])
        let runs = try #require((doc["lines"] as? [[String: Any]])?.first?["runs"] as? [[String: Any]])
        #expect(runs.map { $0["inline"] as? Bool } == [nil, true, nil])
    }

    /// The image is drawn into the box: the box's centre pixel is red, a pixel left of it is not.
    @Test func renderDrawsTheImageIntoTheBox() throws {
        let folder = try Self.folderWithImage()
        let result = try runBinary(
            [
                "render", "ab :x: cd", "--inline", "3:6:20x20:image=red.png", "--padding", "0", "--no-system-fonts",
                "-o", "out.png",
            ], currentDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try RGBAImage(pngData: [UInt8](try Data(contentsOf: folder.appendingPathComponent("out.png"))))
        let layout = try #require(try runBinary(
            ["layout", "ab :x: cd", "--inline", "3:6:20x20", "--format", "json", "--no-system-fonts"]).stdout.data(using: .utf8))
        let doc = try #require(try JSONSerialization.jsonObject(with: layout) as? [String: Any])
        let rect = try #require((doc["inlines"] as? [[String: Any]])?.first?["rect"] as? [String: Double])
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            let i = (Int(y) * image.width + Int(x)) * 4
            return Array(image.pixels[i..<(i + 4)])
        }
        #expect(pixel(rect["x"]! + 10, rect["y"]! + 10) == [255, 0, 0, 255])
        #expect(pixel(rect["x"]! + 1, rect["y"]! + 18) == [255, 0, 0, 255])
        #expect(pixel(rect["x"]! - 2, rect["y"]! + 10) != [255, 0, 0, 255])
    }

    /// An image outside the working folder is refused, named by its option, whether it exists or
    /// not; a missing one inside says so.
    @Test func imagesOnlyInsideTheFolder() throws {
        let folder = try Self.folderWithImage()
        for path in ["../red.png", "/etc/passwd", "/nonexistent/x.png"] {
            let result = try runBinary(
                ["render", "ab :x: cd", "--inline", "3:6:20x20:image=\(path)", "--no-system-fonts", "-o", "out.png"],
                currentDirectory: folder)
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains("--inline 1") && result.stderr.contains("not an image file inside the folder"), "\(result.stderr)")
        }
        let missing = try runBinary(
            ["bubble", "ab :x: cd", "--width", "200", "--inline", "3:6:20x20:image=gone.png", "--no-system-fonts", "-o", "b.png"],
            currentDirectory: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("gone.png"), "\(missing.stderr)")
    }

    @Test(arguments: [
        ("3:6", "must be START:END:WxH"),
        ("6:3:4x4", "START < END"),
        ("3:6:4", "must be WIDTHxHEIGHT"),
        ("3:6:0x10:sideways", "\"sideways\" is not an alignment"),
        ("3:6:4x0x10", "must be WIDTHxHEIGHT"),
        ("3:6:nanx4", "--inline 1.width"),
        ("3:6:4x4:offset=9", "--inline 1.baselineOffset"),
        ("3:6:4x4:image=", "image= needs a file"),
        ("3:6:0x1e9", "--inline 1.height"),
    ])
    func malformedValuesAreNamed(argument: String, message: String) throws {
        let result = try runBinary(["layout", "ab :x: cd", "--inline", argument])
        #expect(result.status == 64, "\(argument)")
        #expect(result.stderr.contains(message), "\(argument): \(result.stderr)")
    }

    /// Overlapping boxes and a box past the text's end are errors that name the option (`--inline
    /// 2`), not the library's list of spans and boxes joined; in a JSON line, "inlines[1]".
    @Test func overlapsAndRangesAreChecked() throws {
        let overlap = try runBinary([
            "layout", "abcdef", "--span", "0:1:weight=bold", "--inline", "0:3:4x4", "--inline", "2:5:4x4", "--no-system-fonts",
        ])
        #expect(overlap.status == 1, "\(overlap.stderr)")
        #expect(overlap.stderr == "Error: invalid value '2:5' for --inline 2: overlaps the inline box of --inline 1\n")
        let past = try runBinary(["bubble", "abc", "--width", "100", "--inline", "2:9:4x4", "--no-system-fonts"])
        #expect(past.status == 1 && past.stderr == "Error: invalid value '2:9' for --inline 1: past the end of the text (3 code points)\n")
        let line = #"{"text":"abcdef","spans":[{"start":0,"end":1,"weight":700}],"inlines":["0:3:4x4","2:5:4x4"]}"#
        let jsonl = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: Array((line + "\n").utf8))
        #expect(jsonl.stdout == #"{"error":"invalid value 'start 2, end 5' for inlines[1]: overlaps the inline box of inlines[0]","line":1}"# + "\n")
    }

    /// `--jsonl`: "inlines" is a field of a line (a bad one fails its line only).
    @Test func jsonlField() throws {
        let lines = """
            {"text": "Hi :party: there", "inlines": ["3:10:20x20:top:id=p"]}
            {"text": "x", "inlines": ["0:1"]}
            {"text": "مرحبا :party:", "direction": "rtl", "inlines": ["6:13:18x18"]}
            """
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: Array(lines.utf8))
        #expect(result.status == 1)
        let out = result.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 3)
        #expect(out[0].contains(#""inlines":[{"start":3,"end":10,"id":"p","rect":{"#))
        #expect(out[1].contains("inlines[0]") && out[1].contains("must be START:END:WxH"), "\(out[1])")
        #expect(out[2].contains(#""inlines":[{"start":6,"end":13,"rect":{"#))
        let bubble = try runBinary(
            ["bubble", "--jsonl", "--width", "200", "--no-system-fonts"],
            stdin: Array(#"{"text": "Hi :party: there", "inlines": ["3:10:30x30"]}"#.utf8))
        #expect(bubble.status == 0, "\(bubble.stderr)")
        #expect(bubble.stdout.contains(#""inlines":[{"start":3,"end":10,"rect":{"#))
    }
}
