// Layout of entities: each kind isolated as one unit in its direction, no line break inside a phone
// number that fits, `isolate` and `mentions` together, the caller's mention ids, and the string API.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EntityLayoutTests {
    static let phoneText = "اتصل بي على +966 55 123 4567"

    /// The issue's case: the number reads left to right, "+966" first, beside the Arabic; without
    /// isolation its groups come out in reverse order ("4567 123 55 966+").
    @Test func phoneNumberReadsLeftToRight() {
        let layout = TestLayout.layout(Self.phoneText, .auto)
        #expect(layout.entities.map(\.unplaced) == [Entity(kind: .phone, range: 12..<28, direction: .leftToRight)])
        #expect(TestLayout.visualOrder(layout) == Array(12..<28) + Array((0..<12).reversed()))
        let plain = TestLayout.layout(Self.phoneText, .auto, isolate: [])
        #expect(plain.entities.isEmpty)
        #expect(TestLayout.visualOrder(plain).prefix(4) == [24, 25, 26, 27])  // "4567" first
    }

    /// No line breaks inside a phone number that fits on a line; one longer than the line still breaks.
    @Test func noBreakInsideAPhoneNumber() {
        let lines = TestLayout.layout(Self.phoneText, .auto, width: 150).lines.map(\.range)
        #expect(lines == [0..<12, 12..<28])
        let plain = TestLayout.layout(Self.phoneText, .auto, width: 150, isolate: []).lines.map(\.range)
        #expect(plain == [0..<20, 20..<28])  // without: after "+966 55 "
        let narrow = TestLayout.layout(Self.phoneText, .auto, width: 80).lines.map(\.range)
        #expect(narrow.first == 0..<8)
        #expect(narrow.contains { $0.lowerBound > 12 && $0.lowerBound < 28 })  // broken inside: it is wider than 80 px
        #expect(narrow.last?.upperBound == 28)
    }

    /// URLs, e-mail addresses and phone numbers are always left to right; mentions and hashtags take
    /// their first strong character's direction, else the paragraph's.
    @Test func directionsByKind() {
        let text = "مرحبا https://example.com/مرحبا ali@example.com #تحدي #7 @علي"
        let layout = TestLayout.layout(text, .rightToLeft)
        #expect(layout.entities.map(\.kind) == [.url, .email, .hashtag, .hashtag, .mention])
        #expect(layout.entities.map(\.direction) == [.leftToRight, .leftToRight, .rightToLeft, .rightToLeft, .rightToLeft])
        let ltr = TestLayout.layout("hi #7 and #swift", .leftToRight)
        #expect(ltr.entities.map(\.direction) == [.leftToRight, .leftToRight])
        // Each entity is contiguous on screen and starts at the edge of its own direction ("#7" has
        // no strong character: its digits are a number, which reads left to right at any level).
        let order = TestLayout.visualOrder(layout)
        for entity in layout.entities {
            let positions = entity.range.map { order.firstIndex(of: $0)! }
            #expect(positions.max()! - positions.min()! == entity.range.count - 1, "\(entity) split")
            if entity.range.count > 2 {
                #expect(positions[0] == (entity.direction == .leftToRight ? positions.min() : positions.max()), "\(entity)")
            }
        }
    }

    /// An auto paragraph takes its direction from outside its entities: a URL says nothing about the
    /// message's language.
    @Test func autoDirectionSkipsEntities() {
        #expect(TestLayout.layout("https://example.com مرحبا", .auto).paragraphs[0].direction == .rightToLeft)
        #expect(TestLayout.layout("https://example.com مرحبا", .auto, isolate: []).paragraphs[0].direction == .leftToRight)
        #expect(TestLayout.layout("#swift مرحبا", .auto).paragraphs[0].direction == .rightToLeft)
    }

    /// `isolate` alone says which kinds are detected; the caller's mention spans stay isolated,
    /// with their ids, whatever the set says.
    @Test func isolateAndMentionsTogether() {
        let text = "@علي call +966 55 123 4567"
        #expect(TestLayout.layout(text, .rightToLeft, isolate: [.phones]).entities.map(\.kind) == [.phone])
        #expect(TestLayout.layout(text, .rightToLeft, isolate: [.mentions]).entities.map(\.kind) == [.mention])
        let span = TextSpan(range: 0..<4, entity: .mention, id: "u-42")
        let withSpan = TestLayout.layout(text, .rightToLeft, spans: [span], isolate: [])
        #expect(withSpan.entities.map(\.unplaced) == [Entity(kind: .mention, range: 0..<4, direction: .rightToLeft, id: "u-42")])
        #expect(withSpan.mentions == withSpan.entities)
        let json = withSpan.jsonDocument()
        #expect(json.contains(#""mentions":[{"start":0,"end":4,"direction":"rtl","id":"u-42","rects":[{"#))
        #expect(json.contains(#""entities":[{"kind":"mention","start":0,"end":4,"direction":"rtl","id":"u-42","rects":[{"x":164.688,"y":0,"width":39.008,"height":33.792}]}]"#))
        // A caller span wins over a detected entity it overlaps.
        let overlap = TestLayout.layout(text, .rightToLeft, spans: [TextSpan(range: 10..<14, entity: .mention)])
        #expect(overlap.entities.map(\.kind) == [.mention, .mention])
    }

    /// The JSON lists every entity with its rectangles; a detected mention has no "id".
    @Test func jsonListsEntities() {
        let json = TestLayout.layout("@Ali mail ali@example.com", .leftToRight).jsonDocument()
        #expect(json.contains(
            #""height":33.792}]}],"entities":[{"kind":"mention","start":0,"end":4,"direction":"ltr","rects":[{"x":0,"y":0,"width":32.864,"height":33.792}]},"#
                + #"{"kind":"email","start":10,"end":25,"direction":"ltr","rects":[{"x":73.376,"y":0,"width":132.32,"height":33.792}]}],"inlines":[],"fallbacks""#
        ))
    }

    /// Texts without the new kinds of entity lay out exactly as with mentions alone isolated (as
    /// before entities), mentions and all.
    @Test func textsWithoutEntitiesAreUnchanged() {
        let newKinds: EntityKinds = [.urls, .emails, .phones, .hashtags]
        let messages = ChatCorpus.messages(count: 200, seed: 16).filter { EntityDetector.detect($0, kinds: newKinds).isEmpty }
        #expect(messages.count > 100)
        for text in messages {
            for (direction, width) in [(ParagraphDirection.rightToLeft, 300.0), (.auto, 97)] {
                let with = TestLayout.layout(text, direction, width: width)
                let before = TestLayout.layout(text, direction, width: width, isolate: .mentions)
                #expect(with.lines == before.lines && with.paragraphs == before.paragraphs, "\(text)")
                #expect(with.mentions == before.mentions && with.entities == before.entities)
            }
        }
    }
}

@Suite struct EntityIsolationTests {
    /// Insert the controls, strip them, and map offsets both ways.
    @Test func isolateStripAndMap() throws {
        let text = "اتصل +966 55 123 4567 @علي"
        let isolated = EntityIsolation.isolated(text, direction: .rightToLeft)
        #expect(isolated.text == "اتصل \u{200E}\u{2066}+966 55 123 4567\u{2069}\u{200E} \u{200F}\u{2067}@علي\u{2069}\u{200F}")
        #expect(EntityIsolation.isolate(text, direction: .rightToLeft) == isolated.text)
        #expect(EntityIsolation.strip(isolated.text) == text)
        #expect(isolated.entities.map(\.kind) == [.phone, .mention])
        // Original → isolated: "+" (5) is after LRM LRI; "@" (22) after four more controls.
        #expect(try isolated.isolatedOffset(ofOriginal: 5) == 7)
        #expect(try isolated.isolatedOffset(ofOriginal: 22) == 28)
        #expect(try isolated.isolatedOffset(ofOriginal: 26) == isolated.text.unicodeScalars.count)
        // Isolated → original: an inserted control maps to the next original character.
        #expect(try isolated.originalOffset(ofIsolated: 7) == 5)
        #expect(try isolated.originalOffset(ofIsolated: 5) == 5)
        #expect(try isolated.originalOffset(ofIsolated: 23) == 21)
        #expect(try isolated.isolatedRange(ofOriginal: 5..<21) == 5..<25)
        #expect(try isolated.originalRange(ofIsolated: 5..<25) == 5..<21)
        for k in 0...26 { #expect(try isolated.originalOffset(ofIsolated: isolated.isolatedOffset(ofOriginal: k)) == k) }
        // Kinds left out are left alone; `kinds: .mentions` isolates mentions only.
        #expect(EntityIsolation.isolate(text, direction: .rightToLeft, kinds: []) == text)
        #expect(EntityIsolation.isolate("call +966 55 123 4567", direction: .leftToRight, kinds: .mentions) == "call +966 55 123 4567")
    }
}
