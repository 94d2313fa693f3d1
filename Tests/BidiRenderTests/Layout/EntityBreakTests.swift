// Line breaks inside mentions, hashtags and e-mail addresses: like a URL, one that fits on a line of
// its own moves there whole, where UAX #14 alone breaks between two ideographs ("@王|芳"), at a
// declared name's spaces or after a hyphen; one longer than a line breaks at its own opportunities.
// The same texts with entity detection off (`isolate: []`) show UAX #14's lines, so each test can
// fail.
import Testing
@testable import BidiRender

@Suite struct EntityBreakTests {
    /// The width of `text` laid out on one line.
    static func width(_ text: String, _ direction: ParagraphDirection, locale: String = "ar") -> Double {
        TestLayout.layout(text, direction, locale: locale).lines[0].contentWidth
    }

    /// Whether no line of `layout` ends strictly inside `range`.
    static func whole(_ range: Range<Int>, in layout: Layout) -> Bool {
        !layout.lines.contains { $0.range.upperBound > range.lowerBound && $0.range.upperBound < range.upperBound }
    }

    /// A Chinese name after Chinese text, in an Arabic UI: the mention moves to the next line whole
    /// (one rectangle), where UAX #14 puts "@王" at the end of the first line.
    @Test func aChineseMentionMovesWhole() {
        let text = "谢谢50%明天见 @王芳 مرحبا"
        let mention = 9..<12
        let width = Self.width("谢谢50%明天见 @王", .rightToLeft)
        let layout = TestLayout.layout(text, .rightToLeft, width: width)
        #expect(Self.whole(mention, in: layout), "\(layout.lines.map(\.range))")
        #expect(layout.entities.first.map { $0.kind == .mention && $0.range == mention && $0.rects.count == 1 } == true)
        let plain = TestLayout.layout(text, .rightToLeft, width: width, isolate: [])
        #expect(!Self.whole(mention, in: plain), "\(plain.lines.map(\.range))")
    }

    /// A hashtag of ideographs moves whole; an e-mail address with a hyphen (UAX #14 breaks after
    /// it) starts the next line, where UAX #14 alone leaves "mary-" on the first.
    @Test func aHashtagAndAnEmailMoveWhole() {
        let hashtag = "看看 #你好世界 吧"
        let tagWidth = Self.width("看看 #你好", .leftToRight, locale: "zh")
        let tagged = TestLayout.layout(hashtag, .leftToRight, locale: "zh", width: tagWidth)
        #expect(tagged.entities.first?.kind == .hashtag)
        #expect(Self.whole(3..<8, in: tagged), "\(tagged.lines.map(\.range))")
        #expect(!Self.whole(3..<8, in: TestLayout.layout(hashtag, .leftToRight, locale: "zh", width: tagWidth, isolate: [])))

        let mail = "write to mary-jane@example.com today"
        let mailWidth = Self.width("write to mary-", .leftToRight, locale: "en") + 1
        let mailed = TestLayout.layout(mail, .leftToRight, locale: "en", width: mailWidth)
        #expect(mailed.entities.first?.kind == .email)
        #expect(mailed.lines.first.map { $0.range.upperBound == 9 } == true, "\(mailed.lines.map(\.range))")
        let plain = TestLayout.layout(mail, .leftToRight, locale: "en", width: mailWidth, isolate: [])
        #expect(plain.lines.first.map { $0.range.upperBound == 14 } == true, "\(plain.lines.map(\.range))")
    }

    /// A declared mention of a display name with spaces, longer than a line, breaks at its own
    /// spaces (not between letters); shorter than a line, it moves whole.
    @Test func aLongDeclaredMentionBreaksAtItsSpaces() {
        let name = "@Alexander the Great of Macedonia"
        let text = "hi \(name) ok"
        let range = 3..<(3 + name.unicodeScalars.count)
        let spans = [TextSpan(range: range, entity: .mention)]
        // Wider than the name: the name goes whole to the second line.
        let wide = TestLayout.layout(text, .leftToRight, locale: "en", width: Self.width(name, .leftToRight, locale: "en") + 2, spans: spans)
        #expect(wide.lines.first.map { $0.range == 0..<3 } == true, "\(wide.lines.map(\.range))")
        #expect(Self.whole(range, in: wide), "\(wide.lines.map(\.range))")
        // Narrower than the name: it breaks, at spaces only.
        let narrow = TestLayout.layout(text, .leftToRight, locale: "en", width: Self.width("@Alexander the", .leftToRight, locale: "en") + 2, spans: spans)
        let scalars = Array(text.unicodeScalars)
        let inside = narrow.lines.map(\.range.upperBound).filter { range.contains($0) && $0 > range.lowerBound }
        #expect(!inside.isEmpty, "\(narrow.lines.map(\.range))")
        for end in inside { #expect(scalars[end - 1] == " ", "\(narrow.lines.map(\.range))") }
    }
}
