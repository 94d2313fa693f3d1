// Layout of the seed strings and of mentions, paragraphs, alignment and digits.
import Foundation
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SeedLayoutTests {
    /// Seed 000: a Chinese name, then Arabic. Forced RTL reads right to left; auto and LTR put the name
    /// first on the left.
    @Test func followNotification() {
        let seed = "小明بدأ في متابعتك"
        let rtl = TestLayout.layout(seed, .rightToLeft)
        #expect(TestLayout.visualOrder(rtl) == Array((2...15).reversed()) + [0, 1])
        #expect(rtl.paragraphs[0].direction == .rightToLeft)
        let ltr = TestLayout.layout(seed, .leftToRight)
        #expect(TestLayout.visualOrder(ltr) == [0, 1] + Array((2...15).reversed()))
        let auto = TestLayout.layout(seed, .auto)
        #expect(auto.paragraphs[0].direction == .leftToRight)
        #expect(TestLayout.visualOrder(auto) == TestLayout.visualOrder(ltr))
    }

    /// Seed 002: in an RTL paragraph "مرحبا@我, 今天天气好吗" reads, left to right, "@我, 今天天气好吗"
    /// then "مرحبا", "@" attached to the name.
    @Test func mentionSeed() {
        let seed = "مرحبا@我, 今天天气好吗"
        let rtl = TestLayout.layout(seed, .rightToLeft)
        #expect(TestLayout.visualOrder(rtl) == Array(5...14) + [4, 3, 2, 1, 0])
        #expect(rtl.mentions.map(\.unplaced) == [Entity(kind: .mention, range: 5..<7, direction: .leftToRight)])
        // Auto: the direction comes from outside the mention, Arabic: RTL, the same order.
        let auto = TestLayout.layout(seed, .auto)
        #expect(auto.paragraphs[0].direction == .rightToLeft)
        #expect(TestLayout.visualOrder(auto) == TestLayout.visualOrder(rtl))
        // Forced LTR: the Arabic word first, then the mention and the Chinese.
        let ltr = TestLayout.layout(seed, .leftToRight)
        #expect(TestLayout.visualOrder(ltr) == [4, 3, 2, 1, 0] + Array(5...14))
        // Without mention isolation the "@" is a neutral between Arabic and Chinese and drifts: it
        // takes the paragraph's direction and sits beside the Arabic word, detached from "我".
        let plain = TestLayout.layout(seed, .rightToLeft, isolate: EntityKinds.all.subtracting(.mentions))
        #expect(TestLayout.visualOrder(plain) != TestLayout.visualOrder(rtl))
    }

    /// "@小明 مرحبا" is an RTL paragraph under auto: the name says nothing about the language.
    @Test func autoDirectionSkipsMentions() {
        let layout = TestLayout.layout("@小明 مرحبا", .auto)
        #expect(layout.paragraphs[0].direction == .rightToLeft)
        #expect(TestLayout.visualOrder(layout) == [8, 7, 6, 5, 4, 3, 0, 1, 2])
    }

    /// Output offsets are those of the original text: no inserted control shows.
    @Test func offsetsReferToTheOriginalText() {
        let text = "مرحبا @علي و @小明 و @12345"
        let layout = TestLayout.layout(text, .rightToLeft)
        let count = text.unicodeScalars.count
        #expect(TestLayout.visualOrder(layout).sorted() == Array(0..<count))
        for line in layout.lines {
            for run in line.runs { for g in layout.glyphs(of: run) { #expect(g.cluster >= 0 && g.cluster < count) } }
        }
    }
}

@Suite struct MentionLayoutTests {
    /// Mentions with Chinese, Arabic, Latin and digit-only names at the start, middle and end, in
    /// both paragraph directions: each mention is contiguous on screen, with "@" on the side where
    /// its direction starts (left of an LTR name, right of an RTL one).
    @Test(arguments: [
        ("@小明 مرحبا", 0..<3, TextDirection.leftToRight),
        ("مرحبا @小明 كيف حالك", 6..<9, .leftToRight),
        ("كيف حالك @小明", 9..<12, .leftToRight),
        ("@علي hello", 0..<4, .rightToLeft),
        ("hello @علي how are you", 6..<10, .rightToLeft),
        ("see you @علي", 8..<12, .rightToLeft),
        ("@Fatima مرحبا", 0..<7, .leftToRight),
        ("مرحبا @Fatima_99 شكرا", 6..<16, .leftToRight),
        ("شكرا @sara", 5..<10, .leftToRight),
    ])
    func mentionIsOneUnit(text: String, range: Range<Int>, direction: TextDirection) {
        for paragraph in [ParagraphDirection.rightToLeft, .leftToRight, .auto] {
            let layout = TestLayout.layout(text, paragraph)
            #expect(layout.mentions.map(\.range) == [range])
            #expect(layout.mentions.first?.direction == direction)
            let order = TestLayout.visualOrder(layout)
            let positions = range.map { order.firstIndex(of: $0)! }
            #expect(positions.max()! - positions.min()! == range.count - 1, "\(text) \(paragraph): mention split")
            let at = order.firstIndex(of: range.lowerBound)!
            if direction == .leftToRight {
                #expect(at == positions.min(), "\(text): @ not at the left of an LTR name")
            } else {
                #expect(at == positions.max(), "\(text): @ not at the right of an RTL name")
            }
        }
    }

    /// A digit-only name has no strong character: it takes the paragraph's direction.
    @Test func digitOnlyMention() {
        let rtl = TestLayout.layout("مرحبا @12345", .rightToLeft)
        #expect(rtl.mentions.map(\.unplaced) == [Entity(kind: .mention, range: 6..<12, direction: .rightToLeft)])
        #expect(TestLayout.visualOrder(rtl) == [7, 8, 9, 10, 11, 6, 5, 4, 3, 2, 1, 0])
        let ltr = TestLayout.layout("hello @12345", .leftToRight, locale: "en")
        #expect(ltr.mentions.map(\.unplaced) == [Entity(kind: .mention, range: 6..<12, direction: .leftToRight)])
        #expect(TestLayout.visualOrder(ltr) == Array(0..<12))
    }

    @Test(arguments: [
        ("ali@example.com مرحبا", [Range<Int>]()),  // e-mail
        ("write to a.b_c@mail.org", []),
        ("@@name", []),
        ("x＠name", []),
        ("مرحبا＠王芳 你好", [5..<8]),  // full-width at sign after an Arabic letter
        ("＠王芳：你好", [0..<3]),
        ("@", []),
        ("@ name", []),
        ("hi @Ali, @بشرى!", [3..<7, 9..<14]),
        ("@名字@另一个", [0..<3, 3..<7]),  // "@" right after a Chinese letter (not ASCII) starts a mention
    ])
    func detection(text: String, expected: [Range<Int>]) {
        let layout = TestLayout.layout(text, .rightToLeft)
        #expect(layout.mentions.map(\.range) == expected)
    }

    /// Without `.mentions` in `isolate` none is detected, but spans from the caller are always
    /// honoured.
    @Test func callerSpansAreHonoured() {
        let text = "مرحبا Ali Baba كيف"
        let none = TestLayout.layout(text, .rightToLeft, spans: [TextSpan(range: 6..<14, entity: .mention)], isolate: [])
        #expect(none.mentions.map(\.unplaced) == [Entity(kind: .mention, range: 6..<14, direction: .leftToRight)])
        let noMentions = TestLayout.layout("@علي مرحبا", .rightToLeft, isolate: EntityKinds.all.subtracting(.mentions))
        #expect(noMentions.mentions.isEmpty)
    }

    /// The string API inserts M + I + S + PDI + M, and strip undoes it.
    @Test func stringAPI() {
        let seed = "مرحبا@我, 今天天气好吗"
        let isolated = EntityIsolation.isolate(seed, direction: .rightToLeft, kinds: .mentions)
        #expect(isolated == "مرحبا\u{200E}\u{2066}@我\u{2069}\u{200E}, 今天天气好吗")
        #expect(EntityIsolation.strip(isolated) == seed)
        let rtlName = EntityIsolation.isolate("hi @علي", direction: .leftToRight, kinds: .mentions)
        #expect(rtlName == "hi \u{200F}\u{2067}@علي\u{2069}\u{200F}")
        #expect(EntityIsolation.isolate("a@b.com", direction: .auto, kinds: .mentions) == "a@b.com")
        #expect(EntityIsolation.strip("\u{202B}x\u{202C}\u{061C}y\u{2068}z\u{2069}") == "xyz")
    }
}

@Suite struct ParagraphLayoutTests {
    @Test func severalParagraphs() {
        let text = "hello\nمرحبا\n\n小明"
        let layout = TestLayout.layout(text, .auto, locale: "en")
        #expect(layout.paragraphs.map(\.range) == [0..<5, 6..<11, 12..<12, 13..<15])
        #expect(layout.paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight, .leftToRight])
        #expect(layout.lines.count == 4)
        #expect(layout.lines[2].runs.isEmpty && layout.lines[2].height > 0)  // the empty paragraph keeps its line
        // Lines stack: each baseline below the last.
        for k in 1..<layout.lines.count { #expect(layout.lines[k].baseline > layout.lines[k - 1].baseline) }
        #expect(abs(layout.height - layout.lines.reduce(0) { $0 + $1.height }) < 1e-9)
    }

    @Test func lineSeparatorBreaksTheLineNotTheParagraph() {
        let layout = TestLayout.layout("abc\u{2028}def", .leftToRight, locale: "en")
        #expect(layout.paragraphs.count == 1)
        #expect(layout.lines.map(\.range) == [0..<4, 4..<7])
    }

    @Test func emptyText() {
        let layout = TestLayout.layout("", .rightToLeft)
        #expect(layout.lines.count == 1 && layout.lines[0].runs.isEmpty)
        #expect(layout.height > 0 && layout.width == 0)
    }
}

@Suite struct AlignmentAndDigitTests {
    static let width = 300.0

    /// Natural alignment follows each paragraph's direction; leading and trailing follow the
    /// layout's; left, right and center are absolute. Checked on the content's edges.
    @Test(arguments: [
        (ParagraphDirection.rightToLeft, TextAlignment.natural, "right"),
        (.leftToRight, .natural, "left"),
        (.rightToLeft, .leading, "right"), (.rightToLeft, .trailing, "left"),
        (.leftToRight, .leading, "left"), (.leftToRight, .trailing, "right"),
        (.rightToLeft, .left, "left"), (.rightToLeft, .right, "right"), (.rightToLeft, .center, "center"),
        (.leftToRight, .center, "center"),
    ])
    func alignment(direction: ParagraphDirection, align: TextAlignment, edge: String) {
        let layout = TestLayout.layout("مرحبا بالعالم hello ", direction, width: Self.width, align: align)
        let line = layout.lines[0]
        let rtl = layout.paragraphs[0].direction == .rightToLeft
        let trailing = line.width - line.contentWidth
        #expect(trailing > 0)  // the trailing space hangs
        let contentLeft = rtl ? line.x + trailing : line.x
        let contentRight = contentLeft + line.contentWidth
        switch edge {
        case "left": #expect(abs(contentLeft) < 1e-6)
        case "right": #expect(abs(contentRight - Self.width) < 1e-6)
        default: #expect(abs((contentLeft + contentRight) / 2 - Self.width / 2) < 1e-6)
        }
        // Runs tile the line from x to x + width, and every glyph sits on the baseline.
        var x = line.x
        for run in line.runs {
            #expect(abs(run.x - x) < 1e-6)
            x += run.advance
        }
        #expect(abs(x - (line.x + line.width)) < 1e-6)
    }

    /// Auto paragraphs under leading alignment follow the locale's direction.
    @Test func leadingFollowsTheLocaleForAuto() {
        let ar = TestLayout.layout("hello", .auto, locale: "ar-EG", width: 200, align: .leading)
        #expect(abs(ar.lines[0].x + ar.lines[0].width - 200) < 1e-6)
        let en = TestLayout.layout("hello", .auto, locale: "en", width: 200, align: .leading)
        #expect(abs(en.lines[0].x) < 1e-6)
    }

    /// Digit substitution changes glyphs, never the order.
    @Test func digitsChangeGlyphsOnly() {
        let text = "الرقم 0123456789 و +966 55 123"
        let western = TestLayout.layout(text, .rightToLeft, digits: .western)
        let arabic = TestLayout.layout(text, .rightToLeft, digits: .arabicIndic)
        let persian = TestLayout.layout(text, .rightToLeft, digits: .persian)
        #expect(TestLayout.visualOrder(western) == TestLayout.visualOrder(arabic))
        #expect(TestLayout.visualOrder(western) == TestLayout.visualOrder(persian))
        let reference = TestLayout.layout("الرقم ٠١٢٣٤٥٦٧٨٩ و +٩٦٦ ٥٥ ١٢٣", .rightToLeft)
        func glyphIDs(_ l: Layout, _ range: Range<Int>) -> [UInt32] {
            l.glyphs.filter { range.contains($0.cluster) }.map(\.id)
        }
        #expect(glyphIDs(arabic, 6..<16) == glyphIDs(reference, 6..<16))
        #expect(glyphIDs(arabic, 6..<16) != glyphIDs(western, 6..<16))
        #expect(glyphIDs(persian, 10..<13) != glyphIDs(arabic, 10..<13))  // ۴۵۶ differ from ٤٥٦
    }

    @Test(arguments: [
        ("ar-EG", DigitSubstitution.arabicIndic), ("ar-SA", .arabicIndic), ("ar-IQ", .arabicIndic), ("ar", .arabicIndic),
        ("ar-MA", .western), ("ar-DZ", .western), ("ar-TN", .western), ("fa", .persian), ("ur-PK", .persian),
        ("en-US", .western), ("zh-CN", .western),
    ])
    func digitsByLocale(locale: String, expected: DigitSubstitution) {
        #expect(DigitSubstitution.locale.resolved(for: LocaleTag(locale)) == expected)
    }
}

@Suite struct GraphemeStartTests {
    /// The scalar-by-scalar grapheme starts, with their shortcut between plain scalars, equal
    /// String's own Characters: on tricky strings, the corpus, every input of GraphemeBreakTest.txt,
    /// and each of those inputs with plain scalars (ASCII, Arabic, CJK) around and between its parts.
    @Test func equalStringCharacters() throws {
        let tricky = [
            "👨‍👩‍👧‍👦x🇸🇦🇨🇳🇺", "e\u{301}\u{302}a", "\r\n\n\r", "한국어 ᄀᄀ가", "❤️(٣٤٥)", "👍🏽👍🏽", "مَرْحَبًا", "\u{600}1",
            "a\u{200D}b", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", "",
            "a\u{600}b", "中\u{200D}\u{1F600}", "ب\u{64B}ب\u{200D}ب", "क्\u{200D}ष", "x🇸🇦a🇸", "a\u{903}b",
        ]
        var inputs: [String] = []
        for line in try UCDFiles.dataLines("auxiliary/GraphemeBreakTest.txt") {
            let scalars = line.split(separator: " ").filter { $0 != "÷" && $0 != "×" }
                .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let plain: [Unicode.Scalar] = ["a", "ب", "中"]
            inputs.append(String(String.UnicodeScalarView(scalars)))
            for p in plain {
                inputs.append(String(String.UnicodeScalarView([p] + scalars.flatMap { [$0, p] })))
            }
        }
        #expect(inputs.count > 2_400)
        for text in tricky + inputs + ChatCorpus.messages(count: 2_000) {
            var expected: [Bool] = []
            for character in text {
                expected.append(true)
                expected.append(contentsOf: repeatElement(false, count: character.unicodeScalars.count - 1))
            }
            // GB11 where the standard library misses it ("✁‍✁"): mended, and checked against
            // GraphemeBreakTest.txt itself in GraphemeBreakTestConformanceTests.
            let scalars = Array(text.unicodeScalars)
            for i in scalars.indices.dropFirst() where scalars[i - 1].value == 0x200D && TextBuffer.joinsByGB11(scalars, at: i) {
                expected[i] = false
            }
            #expect(TextBuffer.graphemeStarts(scalars) == expected, "\(text.debugDescription)")
        }
    }
}
