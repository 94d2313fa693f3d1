// `--span START:END:key=value,…` on layout and render, the span keys of --jsonl, and --mention-color.
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct SpanOptionTests {
    /// Every key parses into the span; a span without keys is allowed.
    @Test func parsesEveryKey() throws {
        let span = try SpanRequest.span(
            parsing: "2:7:weight=bold,style=italic,locale=fa,mention=true,id=u1,color=#1a73e8,background=#ffff0080,underline=true,strikethrough=false,size=30",
            name: "--span 1")
        #expect(span.range == 2..<7)
        #expect(span.weight == .bold && span.style == .italic && span.locale == LocaleTag("fa"))
        #expect(span.entity == .mention && span.id == "u1")
        #expect(span.color == RGBAColor(red: 0x1a, green: 0x73, blue: 0xe8))
        #expect(span.background == RGBAColor(red: 255, green: 255, blue: 0, alpha: 0x80))
        #expect(span.underline == true && span.strikethrough == false && span.size == 30)
        #expect(try SpanRequest.span(parsing: "0:0", name: "--span 1") == TextSpan(range: 0..<0))
    }

    /// features= takes the items after it that are not keys: HarfBuzz's own "ss01=1" among them.
    @Test func featuresTakeTheFollowingItems() throws {
        let span = try SpanRequest.span(parsing: "0:3:features=tnum,-liga,ss01=1,color=#000000", name: "--span 1")
        #expect(span.features == ["tnum", "-liga", "ss01=1"])
        #expect(span.color == .black)
        let out = try runLayout(["ffi", "--direction", "ltr", "--no-system-fonts", "--span", "0:3:features=-liga"])
        #expect(out.contains("[73=0@0,"))
    }

    /// Errors name the span and the key.
    @Test(arguments: [
        ("5:2:color=#000000", "--span 1 (\"5:2:color=#000000\") must be START:END:key=value,… with code point offsets START ≤ END"),
        ("a:2", "--span 1 (\"a:2\") must be START:END:key=value,… with code point offsets START ≤ END"),
        ("0:2:color=red", "--span 1: color \"red\" must be #RRGGBB, #RRGGBBAA, #RGB or #RGBA"),
        ("0:2:background=#12345", "--span 1: background \"#12345\" must be #RRGGBB, #RRGGBBAA, #RGB or #RGBA"),
        ("0:2:underline=yes", "--span 1: underline \"yes\" must be true or false"),
        ("0:2:size=0", "--span 1: size \"0\" must be a size in px from 0.1 to 10000"),
        ("0:2:weight=heavyish", "--span 1: weight \"heavyish\" must be a whole number from 1 to 1000 or a weight name"),
        ("0:2:colour=#000000", "--span 1: unknown key \"colour\" (weight, style, locale, entity, spoiler, id, color, background, underline, strikethrough, size, features)"),
        ("0:2:underline", "--span 1: \"underline\" must be key=value"),
        ("0:2:entity=link", "--span 1: entity \"link\" must be one of mention, url, email, phone, hashtag, spoiler"),
        ("0:2:mention=yes", "--span 1: mention \"yes\" must be true or false"),
        ("0:2:features=tnum,colour=#000000", "--span 1: features \"colour=#000000\" is not an OpenType feature in HarfBuzz's syntax (tnum, -liga, ss01=1)"),
    ])
    func errorsNameTheSpanAndKey(argument: String, message: String) {
        #expect(throws: (any Error).self) { try SpanRequest.span(parsing: argument, name: "--span 1") }
        do {
            _ = try SpanRequest.span(parsing: argument, name: "--span 1")
        } catch {
            #expect(error.message == message)
        }
    }

    /// The CLI rejects a bad second --span, naming it.
    @Test func commandRejectsABadSpan() {
        #expect(throws: (any Error).self) {
            _ = try LayoutCommand.parse(["abc", "--span", "0:1:color=#ff0000", "--span", "0:1:size=-3"])
        }
        do {
            _ = try LayoutCommand.parse(["abc", "--span", "0:1:color=#ff0000", "--span", "0:1:size=-3"])
        } catch {
            #expect(LayoutCommand.message(for: error).contains("--span 2: size \"-3\""))
        }
    }

    /// `layout --span` reaches the layout: the text dump shows the styled run and its size.
    @Test func layoutShowsSpans() throws {
        let out = try runLayout([
            "Hello world", "--direction", "ltr", "--no-system-fonts", "--span", "0:5:color=#1a73e8,underline=true",
            "--span", "6:11:size=24",
        ])
        let lines = out.split(separator: "\n")
        #expect(lines[0].contains("[0,5) level 0 ltr Latn") && lines[0].contains("color=#1a73e8 decorations=underline x=0 ["))
        #expect(lines.contains { $0.contains("[6,11)") && $0.contains(" size=24 x=") })
    }

    /// --jsonl spans take the same keys, typed; errors name the field's path.
    @Test func jsonLineSpans() throws {
        let lines = try JSONLinesFieldTests.layoutLines([
            ##"{"text":"Hello world","spans":[{"start":0,"end":5,"color":"#ff0000","underline":true,"size":20}]}"##,
            #"{"text":"a","spans":[{"start":0,"end":1,"color":"blue"}]}"#,
            #"{"text":"a","spans":[{"start":0,"end":1,"underline":"yes"}]}"#,
            #"{"text":"a","spans":[{"start":0,"end":1,"size":0}]}"#,
            #"{"text":"ffi","spans":[{"start":0,"end":3,"features":["-liga"]}]}"#,
            #"{"text":"ffi","spans":[{"start":0,"end":3,"features":"-liga"}]}"#,
        ])
        let json = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        let run = (((json["lines"] as! [[String: Any]])[0]["runs"]) as! [[String: Any]])[0]
        #expect(run["color"] as? String == "#ff0000" && run["decorations"] as? [String] == ["underline"])
        #expect(run["size"] as? Double == 20)
        #expect(lines[1].contains(##"spans[0]: color \"blue\" must be #RRGGBB, #RRGGBBAA, #RGB or #RGBA"##))
        #expect(lines[2].contains(#"\"spans[0].underline\" must be true or false"#))
        #expect(lines[3].contains(#"\"spans[0].size\" must be a number from 0.1 to 10000"#))
        #expect(lines[4].contains(#""glyphs":[{"id":73,"cluster":0,"#))
        #expect(lines[5].contains(#"\"spans[0].features\" must be an array of strings"#))
    }

    /// `render --mention-color` paints the mention: the PNG holds opaque pixels of it and of the text
    /// colour.
    @Test func renderMentionColour() throws {
        let path = try TestDirectory.fresh("render-spans").appendingPathComponent("mention.png").path
        let command = try RenderCommand.parse([
            "hi @sara there", "--direction", "ltr", "--size", "30", "-o", path, "--background", "transparent",
            "--mention-color", "#0000ff", "--no-system-fonts",
        ])
        var out = ""
        try command.execute(into: &out)
        let image = try RGBAImage(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let opaque = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 3] == 255 }
        let blue = opaque.filter { image.pixels[$0] == 0 && image.pixels[$0 + 1] == 0 && image.pixels[$0 + 2] == 255 }
        let black = opaque.filter { image.pixels[$0] == 0 && image.pixels[$0 + 1] == 0 && image.pixels[$0 + 2] == 0 }
        #expect(blue.count > 50 && black.count > 50 && blue.count + black.count == opaque.count)
    }
}
