// Taps on entities: `Layout.entity(atX:y:)` on LTR and RTL paragraphs holding a phone number, a URL
// and a mention (inside each rectangle, between them, an entity broken over two lines), the edges of
// `LayoutRect.contains`, and the layout JSON's "rects" against `Entity.rects`.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EntityHitTests {
    static let texts: [(String, ParagraphDirection)] = [
        ("Call +966 55 123 4567 or visit https://example.com/chat and ask @Ali today", .leftToRight),
        ("اتصل على +966 55 123 4567 أو زر https://example.com/chat واسأل @علي اليوم", .rightToLeft),
    ]

    /// The scalar range of the first `word` in `text`.
    static func range(of word: String, in text: String) throws -> Range<Int> {
        let scalars = Array(text.unicodeScalars), needle = Array(word.unicodeScalars)
        let start = try #require((0...(scalars.count - needle.count)).first { Array(scalars[$0..<($0 + needle.count)]) == needle })
        return start..<(start + needle.count)
    }

    /// The centre of a rectangle.
    static func centre(_ r: LayoutRect) -> (x: Double, y: Double) { (r.x + r.width / 2, r.y + r.height / 2) }

    /// On one line: the centre of each entity's rectangle hits that entity, with its kind, range and
    /// rectangles; a word between entities, a point above the text and one past its end hit none.
    @Test(arguments: texts)
    func eachEntityOnOneLine(text: String, direction: ParagraphDirection) throws {
        let layout = TestLayout.layout(text, direction)
        try #require(layout.lines.count == 1)
        #expect(layout.entities.map(\.kind) == [.phone, .url, .mention])
        for entity in layout.entities {
            try #require(entity.rects.count == 1, "\(entity)")
            let c = Self.centre(entity.rects[0])
            #expect(try layout.entity(atX: c.x, y: c.y) == entity)
            // The rectangle's top-left corner is in it; a point just past its right edge is not.
            let r = entity.rects[0]
            #expect(try layout.entity(atX: r.x, y: r.y) == entity)
            #expect(try layout.entity(atX: r.x + r.width + 0.5, y: c.y) != entity)
        }
        // The phone number is right of "Call" in LTR and left of "اتصل" in RTL.
        let phone = layout.entities[0].rects[0], call = try layout.selectionRects(for: 0..<4)[0]
        #expect(direction == .leftToRight ? phone.x > call.x : phone.x < call.x)
        // Between entities: the word after the phone number ("or", "أو").
        let between = try layout.selectionRects(for: try Self.range(of: direction == .leftToRight ? "or" : "أو", in: text))
        try #require(between.count == 1)
        let b = Self.centre(between[0])
        #expect(try layout.entity(atX: b.x, y: b.y) == nil)
        #expect(try layout.entity(atX: b.x, y: -1) == nil)  // above the line
        #expect(try layout.entity(atX: layout.width + 100, y: b.y) == nil)  // past its end
    }

    /// A URL longer than the line breaks inside: its rectangles lie on two or more lines, and a
    /// point in each of them hits it.
    @Test(arguments: texts)
    func entityBrokenOverLines(text: String, direction: ParagraphDirection) throws {
        let layout = TestLayout.layout(text, direction, width: 90)
        let url = try #require(layout.entities.first { $0.kind == .url })
        let tops = Set(url.rects.map(\.y))
        #expect(tops.count >= 2, "\(url.rects)")
        for r in url.rects {
            let c = Self.centre(r)
            #expect(try layout.entity(atX: c.x, y: c.y) == url)
        }
        // Each kind is found on the narrow layout too.
        for entity in layout.entities {
            let c = Self.centre(try #require(entity.rects.first))
            #expect(try layout.entity(atX: c.x, y: c.y)?.kind == entity.kind)
        }
    }

    /// A caller's entity keeps its id through a hit; truncation that cuts an entity off leaves it
    /// nothing to hit (the ellipsis is the only target left).
    @Test func callerIDAndTruncation() throws {
        let text = "see https://example.com/chat and the rest of a long message that goes on"
        let span = TextSpan(range: 4..<28, entity: .url, id: "link-1")
        let layout = TestLayout.layout(text, .leftToRight, spans: [span])
        let c = Self.centre(try #require(layout.entities.first?.rects.first))
        #expect(try layout.entity(atX: c.x, y: c.y)?.id == "link-1")
        let cut = try TestLayout.engine.layout(
            "a long message that goes on and on, then @Ali", options: LayoutOptions(direction: .leftToRight, maxWidth: 120, maxLines: 1))
        // The ellipsis (at the cut, before the mention) and the mention, which has no rectangle left.
        #expect(cut.truncated && cut.entities.map(\.kind) == [.ellipsis, .mention] && cut.entities[1].rects.isEmpty)
        // Only the ellipsis is left to hit (EllipsisEntityTests).
        let ellipsis = try #require(cut.entities.first?.rects.first)
        for x in stride(from: 0.0, through: 120, by: 5) {
            let inside = x >= ellipsis.x && x <= ellipsis.x + ellipsis.width
            #expect(try cut.entity(atX: x, y: 5)?.kind == (inside ? .ellipsis : nil))
        }
    }

    /// A coordinate that is not finite is an error, as in `offset(atX:y:)`.
    @Test func nonFiniteCoordinates() {
        let layout = TestLayout.layout("@Ali", .leftToRight)
        for (x, y) in [(Double.nan, 1.0), (1, .infinity), (-.infinity, 1)] {
            #expect(throws: BidiRenderError.self) { try layout.entity(atX: x, y: y) }
        }
    }

    /// Half-open edges: left and top in, right and bottom out; two rectangles sharing an edge never
    /// both hold a point on it; an empty rectangle holds nothing; NaN is nowhere.
    @Test func rectContainsEdges() {
        let r = LayoutRect(x: 10, y: 20, width: 30, height: 5)
        #expect(r.contains(x: 10, y: 20))  // top-left corner
        #expect(r.contains(x: 39.999, y: 24.999))
        #expect(!r.contains(x: 40, y: 22))  // right edge
        #expect(!r.contains(x: 20, y: 25))  // bottom edge
        #expect(!r.contains(x: 9.999, y: 22) && !r.contains(x: 20, y: 19.999))
        let right = LayoutRect(x: 40, y: 20, width: 10, height: 5), below = LayoutRect(x: 10, y: 25, width: 30, height: 5)
        #expect(right.contains(x: 40, y: 22) && below.contains(x: 20, y: 25))
        #expect(!LayoutRect(x: 0, y: 0, width: 0, height: 10).contains(x: 0, y: 5))
        #expect(!LayoutRect(x: 0, y: 0, width: 10, height: 0).contains(x: 5, y: 0))
        #expect(!r.contains(x: .nan, y: 22) && !r.contains(x: 20, y: .nan))
    }

    /// Every entity in the layout JSON carries "rects", equal (to the JSON's 1/1000 px) to
    /// `Entity.rects`, and the same object as in "mentions" for a mention.
    @Test(arguments: texts)
    func jsonRectsEqualEntityRects(text: String, direction: ParagraphDirection) throws {
        for width in [nil, 90.0] {
            let layout = TestLayout.layout(text, direction, width: width)
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(layout.jsonDocument().utf8)) as? [String: Any])
            let entities = try #require(doc["entities"] as? [[String: Any]])
            try #require(entities.count == layout.entities.count && !entities.isEmpty)
            for (json, entity) in zip(entities, layout.entities) {
                #expect(json["kind"] as? String == entity.kind.rawValue)
                let rects = try #require(json["rects"] as? [[String: Double]])
                try #require(rects.count == entity.rects.count && !rects.isEmpty)
                for (j, r) in zip(rects, entity.rects) {
                    for (key, value) in [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)] {
                        #expect(abs((j[key] ?? .nan) - value) <= 0.0005, "\(key): \(j[key] ?? .nan) vs \(value)")
                    }
                }
            }
            let mentions = try #require(doc["mentions"] as? [[String: Any]])
            let mentionEntity = try #require(entities.first { $0["kind"] as? String == "mention" })
            #expect(mentions.count == 1 && mentions[0]["rects"] as? [[String: Double]] == mentionEntity["rects"] as? [[String: Double]])
        }
    }

    /// A tap at a rectangle's corner as the JSON writes it (1/1000 px) hits the entity, and one at
    /// its written right or bottom edge does not: "x": 18.176 of an edge at 18.1760004 missed.
    @Test(arguments: texts)
    func writtenCornersHit(text: String, direction: ParagraphDirection) throws {
        var checked = 0
        for width in [nil, 90.0, 137.3] {
            let layout = TestLayout.layout(text, direction, width: width)
            let doc = try #require(try JSONSerialization.jsonObject(with: Data(layout.jsonDocument().utf8)) as? [String: Any])
            let entities = try #require(doc["entities"] as? [[String: Any]])
            for (json, entity) in zip(entities, layout.entities) {
                for r in try #require(json["rects"] as? [[String: Double]]) {
                    let (x, y, w, h) = try (#require(r["x"]), #require(r["y"]), #require(r["width"]), #require(r["height"]))
                    guard w > 0.002, h > 0.002 else { continue }
                    #expect(try layout.entity(atX: x, y: y)?.range == entity.range, "\(entity.kind) at \(x),\(y)")
                    #expect(try layout.entity(atX: x + w - 0.001, y: y + h - 0.001)?.range == entity.range)
                    // (An entity over two lines goes on at the next line's top.)
                    if entity.rects.count == 1 {
                        #expect(try layout.entity(atX: x + w, y: y + h / 2)?.range != entity.range)
                        #expect(try layout.entity(atX: x + w / 2, y: y + h)?.range != entity.range)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 9)
    }
}
