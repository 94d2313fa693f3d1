// Entities the caller declares (`TextSpan.entity`, with its `id`): any kind, always isolated whatever
// `LayoutOptions.isolate` says, and reported in `Layout.entities` with their kind, id and rectangles.
import Foundation
import Testing
@testable import BidiRender

@Suite struct CallerEntityTests {
    /// A caller's URL span with an id, over text no grammar takes for a URL: a `.url` entity, left to
    /// right, with that id and rectangles that cover every glyph of its range; shown whole, in
    /// logical order, inside the RTL line. Without the span there is no entity at all.
    @Test func callerURLSpanIsAURLEntityWithItsIdAndRectangles() throws {
        let text = "اقرأ docs/intro هنا"
        let plain = TestLayout.layout(text, .rightToLeft)
        #expect(plain.entities.isEmpty)
        let layout = TestLayout.layout(text, .rightToLeft, spans: [TextSpan(range: 5..<15, entity: .url, id: "link-1")])
        let entity = try #require(layout.entities.first)
        #expect(layout.entities.count == 1 && layout.mentions.isEmpty)
        #expect(entity.kind == .url && entity.id == "link-1" && entity.range == 5..<15 && entity.direction == .leftToRight)
        #expect(!entity.rects.isEmpty)
        #expect(entity.rects == (try layout.selectionRects(for: 5..<15)))
        let glyphs = layout.lines[0].runs.flatMap { run in layout.glyphs(of: run).filter { (5..<15).contains($0.cluster) } }
        #expect(glyphs.count >= 10)
        for glyph in glyphs {
            #expect(entity.rects.contains { glyph.x >= $0.x - 0.01 && glyph.x + glyph.advance <= $0.x + $0.width + 0.01 })
        }
        let order = TestLayout.visualOrder(layout)
        let start = try #require(order.firstIndex(of: 5))
        #expect(Array(order[start..<start + 10]) == Array(5..<15))
        #expect(layout.jsonDocument().contains(#""entities":[{"kind":"url","start":5,"end":15,"direction":"ltr","id":"link-1","rects":[{"x":23.488,"y":0,"width":76.576,"height":33.792}]}]"#))
    }

    /// With `isolate: []` nothing is detected, but a caller's mention span is still isolated: the
    /// RTL name with its "@" in an LTR line reads as one unit, the "@" on the name's right, where
    /// without the span the "@" stays with the Latin text on the name's left.
    @Test func callerMentionIsIsolatedWithNothingDetected() throws {
        let text = "hi @علي ok"
        let bare = TestLayout.layout(text, .leftToRight, locale: "en", isolate: [])
        #expect(bare.entities.isEmpty)
        #expect(TestLayout.visualOrder(bare) == [0, 1, 2, 3, 6, 5, 4, 7, 8, 9])
        let span = TextSpan(range: 3..<7, entity: .mention, id: "u1")
        let layout = TestLayout.layout(text, .leftToRight, locale: "en", spans: [span], isolate: [])
        #expect(TestLayout.visualOrder(layout) == [0, 1, 2, 6, 5, 4, 3, 7, 8, 9])
        #expect(layout.entities.map(\.unplaced) == [Entity(kind: .mention, range: 3..<7, direction: .rightToLeft, id: "u1")])
        #expect(layout.mentions == layout.entities)
    }

    /// Every kind can be declared (an inline box by its `inlineBox`: InlineBoxTests), and the string
    /// API takes the same spans: a caller's phone number is isolated left to right by
    /// `EntityIsolation` too, with its id, though `kinds` is empty.
    @Test func everyKindAndTheStringAPI() throws {
        for kind in EntityKind.declarable {
            let layout = TestLayout.layout("abc def", .leftToRight, locale: "en", spans: [TextSpan(range: 4..<7, entity: kind, id: "x")], isolate: [])
            #expect(layout.entities.map(\.kind) == [kind] && layout.entities[0].id == "x" && !layout.entities[0].rects.isEmpty)
        }
        let isolated = EntityIsolation.isolated(
            "اتصل 0555 الآن", direction: .rightToLeft, kinds: [], spans: [TextSpan(range: 5..<9, entity: .phone, id: "p"), TextSpan(range: 0..<4)])
        #expect(isolated.text == "اتصل \u{200E}\u{2066}0555\u{2069}\u{200E} الآن")
        #expect(isolated.entities.map(\.unplaced) == [Entity(kind: .phone, range: 5..<9, direction: .leftToRight, id: "p")])
    }

    /// Two entity spans that overlap are an error naming the later (one was dropped silently, with
    /// its id); over the same range the later wins, as every attribute does; a spoiler may cover
    /// an entity and an inline box sit in one.
    @Test func overlappingEntitySpans() throws {
        let engine = TestLayout.engine
        let mention = TextSpan(range: 0..<3, entity: .mention, id: "u1")
        for (later, nested) in [(TextSpan(range: 2..<5, entity: .url, id: "link"), false), (TextSpan(range: 1..<2, entity: .hashtag), true)] {
            #expect(throws: BidiRenderError.invalidValue(
                key: "spans[1]", value: "\(later.range)", reason: "overlaps the mention of spans[0] (entity spans cannot overlap)"), "\(nested)") {
                try engine.layout("abcdef", spans: [mention, later], options: LayoutOptions())
            }
            #expect(throws: BidiRenderError.self) { try engine.prepare("abcdef", spans: [later, mention], options: LayoutOptions()) }
        }
        let same = try engine.layout("abcdef", spans: [mention, TextSpan(range: 0..<3, entity: .url, id: "link")], options: LayoutOptions())
        #expect(same.entities.map(\.kind) == [.url] && same.entities.first?.id == "link")
        var spoiler = TextSpan(range: 0..<6)
        spoiler.entity = .spoiler
        let covered = try engine.layout("abcdef", spans: [mention, spoiler], options: LayoutOptions())
        #expect(covered.entities.contains { $0.kind == .mention && $0.id == "u1" })
        let apart = try engine.layout("abcdef", spans: [mention, TextSpan(range: 3..<6, entity: .url)], options: LayoutOptions())
        #expect(apart.entities.map(\.kind) == [.mention, .url])
    }
}
