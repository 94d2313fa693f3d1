// LayoutRequest: one schema for a `--jsonl` line and a scene's text node. The same keys give the same
// options either way; "align" is the line's older spelling of "alignment"; errors name the key, and
// in a scene the file, line and node path too.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LayoutRequestTests {
    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func message(_ json: String) throws -> String? {
        do {
            _ = try LayoutRequest.options(try object(json), base: LayoutOptions(), direction: DirectionRequest())
            return nil
        } catch let error as WireError {
            return error.message
        }
    }

    static let fields = #""direction": "auto", "fallback": "rtl", "digits": "arabic-indic", "alignment": "center", "maxLines": 2, "lineHeight": "24px", "isolate": "urls", "spans": [{"start": 0, "end": 1, "weight": 700}]"#

    @Test func aLineAndASceneTextNodeReadTheSameKeysAlike() throws {
        let (line, lineSpans) = try LayoutRequest.options(
            try Self.object("{\(Self.fields)}"), base: LayoutOptions(), direction: DirectionRequest())
        #expect(line.direction == .autoWithFallback(.rightToLeft) && line.digits == .arabicIndic && line.alignment == .center)
        #expect(line.maxLines == 2 && line.lineHeight == .px(24) && line.isolate == .urls)
        #expect(lineSpans.count == 1 && lineSpans[0].weight == .bold)
        let scene = try Scene(
            json: Array(#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "ab", \#(Self.fields)}}"#.utf8),
            file: "card.json")
        guard case .text(_, let spans, let options, let direction, _) = scene.root.content else {
            Issue.record("not a text node")
            return
        }
        #expect(spans == lineSpans)
        #expect(direction == .autoWithFallback(.rightToLeft))
        #expect(options.digits == line.digits && options.alignment == line.alignment && options.maxLines == line.maxLines)
        #expect(options.lineHeight == line.lineHeight && options.isolate == line.isolate)
    }

    @Test func alignIsTheOlderSpellingOfAlignment() throws {
        let old = try LayoutRequest.options(try Self.object(#"{"align": "right"}"#), base: LayoutOptions(), direction: DirectionRequest())
        #expect(old.options.alignment == .right)
        #expect(LayoutRequest.lineKeys.contains("align") && !LayoutRequest.optionKeys.contains("align"))
        #expect(try Self.message(#"{"align": "right", "alignment": "left"}"#) == #"give "align" or "alignment", not both"#)
        // A scene never took "align": it stays an unknown key there.
        #expect(throws: BidiRenderError.self) {
            try Scene(json: Array(#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "a", "align": "left"}}"#.utf8))
        }
    }

    /// A span's "mention": true is the old spelling of "entity": "mention": the same span and the
    /// same layout; --span's mention=true is entity=mention too.
    @Test func mentionIsTheOldSpellingOfEntity() throws {
        let text = #""text": "hi @علي مرحبا", "direction": "rtl", "isolate": "none""#
        let old = try LayoutRequest.options(
            try Self.object(#"{\#(text), "spans": [{"start": 3, "end": 7, "mention": true, "id": "u7"}]}"#),
            base: LayoutOptions(), direction: DirectionRequest())
        let new = try LayoutRequest.options(
            try Self.object(#"{\#(text), "spans": [{"start": 3, "end": 7, "entity": "mention", "id": "u7"}]}"#),
            base: LayoutOptions(), direction: DirectionRequest())
        #expect(old.spans == [TextSpan(range: 3..<7, entity: .mention, id: "u7")] && new.spans == old.spans)
        let oldLayout = try TestLayout.engine.layout("hi @علي مرحبا", spans: old.spans, options: old.options)
        let newLayout = try TestLayout.engine.layout("hi @علي مرحبا", spans: new.spans, options: new.options)
        #expect(oldLayout.jsonDocument() == newLayout.jsonDocument())
        #expect(newLayout.entities.map(\.kind) == [.mention] && newLayout.entities[0].id == "u7")
        #expect(try SpanRequest.span(parsing: "3:7:mention=true,id=u7", name: "--span 1") == new.spans[0])
        #expect(try SpanRequest.span(parsing: "3:7:entity=mention,id=u7", name: "--span 1") == new.spans[0])
        #expect(try SpanRequest.span(parsing: "3:7:mention=false", name: "--span 1").entity == nil)
        #expect(try SpanRequest.span(parsing: "3:7:entity=url,mention=false", name: "--span 1").entity == .url)
    }

    /// "entity" takes every kind but "inline" (a box is given by "inlines"); a bad one names the key
    /// and the span.
    @Test func entityTakesEveryKind() throws {
        #expect(try Self.message(#"{"spans": [{"start": 0, "end": 1, "entity": "inline"}]}"#)
            == #""spans[0].entity" must be one of mention, url, email, phone, hashtag, spoiler, not "inline""#)
        for kind in EntityKind.declarable {
            let spans = try LayoutRequest.options(
                try Self.object(#"{"spans": [{"start": 0, "end": 1, "entity": "\#(kind.rawValue)"}]}"#),
                base: LayoutOptions(), direction: DirectionRequest()).spans
            #expect(spans.map(\.entity) == [kind])
        }
        #expect(try Self.message(#"{"spans": [{"start": 0, "end": 0}, {"start": 0, "end": 1, "entity": "mentions"}]}"#)
            == #""spans[1].entity" must be one of mention, url, email, phone, hashtag, spoiler, not "mentions""#)
    }

    /// "mentions": "none" is the old spelling of taking `.mentions` out of "isolate", after the
    /// line's "isolate"; the command line's `--mentions none` (`withoutMentions`) does so unless the
    /// line says "mentions": "auto".
    @Test func mentionsNoneIsTheOldSpellingOfIsolate() throws {
        func isolate(_ json: String, withoutMentions: Bool = false) throws -> EntityKinds {
            try LayoutRequest.options(
                try Self.object(json), base: LayoutOptions(), direction: DirectionRequest(), withoutMentions: withoutMentions
            ).options.isolate
        }
        #expect(try isolate(#"{"mentions": "none"}"#) == [.urls, .emails, .phones, .hashtags])
        #expect(try isolate(#"{"mentions": "none", "isolate": "mentions,urls"}"#) == .urls)
        #expect(try isolate(#"{"mentions": "auto", "isolate": "urls"}"#) == .urls)
        #expect(try isolate(#"{}"#, withoutMentions: true) == [.urls, .emails, .phones, .hashtags])
        #expect(try isolate(#"{"isolate": "all"}"#, withoutMentions: true) == [.urls, .emails, .phones, .hashtags])
        #expect(try isolate(#"{"mentions": "auto"}"#, withoutMentions: true) == .all)
        #expect(try Self.message(#"{"mentions": "off"}"#) == #""mentions" must be one of auto, none, not "off""#)
    }

    @Test func errorsNameTheKey() throws {
        #expect(try Self.message(#"{"size": true}"#) == #""size" must be a number"#)
        #expect(try Self.message(#"{"direction": "rtl", "fallback": "ltr"}"#) == "\"fallback\" applies only to direction auto, and \"direction\" is rtl")
        #expect(try Self.message(#"{"spans": [{"start": 2, "end": 1}]}"#) == #"spans[0] needs "start" and "end" (code point offsets, start ≤ end)"#)
        #expect(try Self.message(##"{"spans": [{"start": 0, "end": 1, "colour": "#000"}]}"##)?.hasPrefix(#"spans[0]: unknown key "colour""#) == true)
        #expect(try Self.message(#"{"weight": 450}"#) == nil)
    }

    @Test func sceneErrorsNameTheFileLineNodeAndKey() {
        let json = "{\"size\": {\"width\": 9, \"height\": 9},\n\"root\": {\"type\": \"text\", \"text\": \"ab\",\n\"spans\": [{\"start\": 0, \"end\": 1, \"style\": \"oblique\"}]}}"
        #expect(throws: BidiRenderError.scene(
            file: "card.json", line: 3, path: "root.spans[0].style", reason: #""spans[0].style" must be one of normal, italic, not "oblique""#)
        ) { try Scene(json: Array(json.utf8), file: "card.json") }
        let past = #"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "ab", "spans": [{"start": 0, "end": 3}]}}"#
        #expect(throws: BidiRenderError.scene(
            file: "card.json", line: 1, path: "root.spans[0].end", reason: "3 is past the text's end, 2 code points")
        ) { try Scene(json: Array(past.utf8), file: "card.json") }
    }

    /// A frame number past ±100,000 px is refused where it is written, as every other length of a
    /// scene is: a text node's frame of width 1e300 failed when drawn with no file, line or node.
    @Test func sceneFramesAreInRange() {
        let json = #"{"size": {"width": 9, "height": 9}, "root": {"type": "group", "children": [{"type": "text", "text": "hi", "frame": [0, 0, 1e300, 10]}]}}"#
        #expect(throws: BidiRenderError.scene(
            file: "card.json", line: 1, path: "root.children[0].frame",
            reason: "each number must be from -100000 to 100000 px (width and height from 0)")
        ) { try Scene(json: Array(json.utf8), file: "card.json") }
    }

    /// A text node's inline boxes are named as the node gives them ("inlines[0]", after its spans),
    /// and boxes that overlap are refused as the scene is read, not when it is drawn.
    @Test func sceneInlineErrorsNameTheBox() {
        func scene(_ inlines: String) -> [UInt8] {
            Array((#"{"size": {"width": 9, "height": 9}, "root": {"type": "text", "text": "hello", "#
                + #""spans": [{"start": 0, "end": 1, "weight": "bold"}], "inlines": ["# + inlines + "]}}").utf8)
        }
        #expect(throws: BidiRenderError.scene(
            file: "card.json", line: 1, path: "root.inlines[0]", reason: "9 is past the text's end, 5 code points")
        ) { try Scene(json: scene(#""1:9:4x4""#), file: "card.json") }
        #expect(throws: BidiRenderError.scene(
            file: "card.json", line: 1, path: "root.inlines",
            reason: "invalid value 'start 2, end 4' for inlines[1]: overlaps the inline box of inlines[0]")
        ) { try Scene(json: scene(#""1:3:4x4", "2:4:4x4""#), file: "card.json") }
        #expect(throws: Never.self) { try Scene(json: scene(#""1:3:4x4", "3:4:4x4""#), file: "card.json") }
    }
}
