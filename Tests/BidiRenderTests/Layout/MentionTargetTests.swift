// Entities as tap targets: each entity of a layout (a mention, URL, e-mail address, phone number or
// hashtag) carries the caller's id and the rectangles it is drawn in (its selection rectangles), so a
// tap inside one maps back to it; `Layout.mentions` is the mentions among them.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct MentionTargetTests {
    /// A caller's mention span in an RTL paragraph: its id, one rectangle over its glyphs, and a tap at
    /// the rectangle's centre lands inside the mention.
    @Test func callerMentionHasItsIdAndRectangle() throws {
        let text = "مرحبا @小明 كيف حالك"
        let span = TextSpan(range: 6..<9, entity: .mention, id: "u42")
        let layout = TestLayout.layout(text, .rightToLeft, spans: [span])
        let mention = try #require(layout.mentions.first { $0.range == 6..<9 })
        #expect(mention.id == "u42")
        try #require(mention.rects.count == 1)
        let rect = mention.rects[0]
        #expect(rect == (try layout.selectionRects(for: 6..<9))[0])
        // The rectangle covers exactly the mention's glyphs.
        let glyphs = layout.lines[0].runs.flatMap { run in layout.glyphs(of: run).filter { (6..<9).contains($0.cluster) } }
        let left = glyphs.map(\.x).min()!, right = glyphs.map { $0.x + $0.advance }.max()!
        #expect(abs(rect.x - left) < 0.01 && abs(rect.x + rect.width - right) < 0.01)
        let hit = try layout.offset(atX: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        #expect((6...9).contains(hit.offset) && hit.isInside)
    }

    /// A detected mention wrapped over two lines has a rectangle on each; one cut off by truncation
    /// has none.
    @Test func wrappedAndTruncatedMentions() throws {
        let text = "hello @abcdefghijklmnopqrstuvwxyz world again and again @tail"
        let wrapped = TestLayout.layout(text, .leftToRight, locale: "en", width: 80)
        let long = try #require(wrapped.mentions.first)
        #expect(Set(long.rects.map(\.y)).count == long.rects.count && long.rects.count >= 2)
        var options = wrapped.options
        options.maxLines = 1
        let cut = try TestLayout.engine.layout(text, options: options)
        #expect(cut.truncated)
        #expect(cut.mentions.last?.rects.isEmpty == true)
    }

    /// Every kind of entity carries its rectangles, not only mentions: each entity's are its range's
    /// selection rectangles, and `mentions` is the mentions among `entities`, rectangles included.
    @Test func everyKindHasRectangles() throws {
        let text = "اتصل +966 55 123 4567 @علي https://example.com #وسم mail a.b@example.org"
        let layout = TestLayout.layout(text, .rightToLeft)
        #expect(Set(layout.entities.map(\.kind)) == Set(EntityKind.declarable).subtracting([.spoiler]))  // a spoiler is only declared
        for entity in layout.entities {
            #expect(!entity.rects.isEmpty, "\(entity.kind)")
            #expect(entity.rects == (try layout.selectionRects(for: entity.range)), "\(entity.kind)")
        }
        #expect(layout.mentions == layout.entities.filter { $0.kind == .mention } && layout.mentions.count == 1)
        #expect(layout.mentions[0].rects.count == 1)
    }

    /// The JSON carries the rectangles and the id.
    @Test func jsonCarriesRects() throws {
        let layout = TestLayout.layout("hi @sara", .leftToRight, locale: "en", spans: [TextSpan(range: 3..<8, entity: .mention, id: "s1")])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(layout.jsonDocument().utf8)) as? [String: Any])
        let mentions = try #require(doc["mentions"] as? [[String: Any]])
        let rects = try #require(mentions.first?["rects"] as? [[String: Double]])
        #expect(mentions.first?["id"] as? String == "s1" && rects.count == 1 && (rects[0]["width"] ?? 0) > 10)
    }
}
