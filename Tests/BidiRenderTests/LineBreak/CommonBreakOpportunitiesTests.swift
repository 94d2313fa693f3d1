// CommonBreakOpportunities against ICU's line break iterator, the reference: on every case of
// LineBreakTest.txt it answers for, on the corpus, and on random strings of its classes with the
// characters around them, in root and tailored locales (where it leaves the work to ICU); and the
// ideographs it classes without ICU against ICU's Line_Break property.
import ChatCorpus
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct CommonBreakOpportunitiesTests {
    /// The locales compared: root, the chat locales, the locales ICU has line rules of its own for
    /// (ja, zh, zh-Hant), others with tailorings of other kinds, and the lb keywords.
    static let locales = ["default", "en", "ar", "he", "ur", "zh", "zh-Hant", "ja", "ko", "fi", "sv", "de", "el", "th", "ja-u-lb-loose", "zh-u-lb-strict"]

    /// The common pass's opportunities of `text`, or nil when it does not answer.
    static func common(_ text: [UInt32]) -> [UInt8]? {
        var breaks: [UInt8] = []
        let ok = text.withUnsafeBufferPointer { CommonBreakOpportunities.common($0, into: &breaks) }
        return ok ? breaks : nil
    }

    /// ICU's opportunities of `text` in `locale`.
    static func icu(_ text: [UInt32], locale: String, source: inout ICUBreakOpportunities) -> [UInt8] {
        var breaks: [UInt8] = []
        let ok = text.withUnsafeBufferPointer { source.opportunities(for: $0, locale: LocaleTag(locale), into: &breaks) }
        #expect(ok)
        return breaks
    }

    /// Compares the source (the common pass where it answers, else ICU) with ICU alone on `texts`
    /// in every locale of `locales`; returns how many texts the common pass answered for in the root
    /// rules, and the first differences.
    static func compare(_ texts: [[UInt32]], locales: [String] = locales) -> (answered: Int, differences: [String]) {
        var reference = ICUBreakOpportunities()
        var source = CommonBreakOpportunities()
        var answered = 0
        var differences: [String] = []
        for text in texts where !text.isEmpty {
            if common(text) != nil { answered += 1 }
            for locale in locales {
                let theirs = Self.icu(text, locale: locale, source: &reference)
                var ours: [UInt8] = []
                let ok = text.withUnsafeBufferPointer { source.opportunities(for: $0, locale: LocaleTag(locale), into: &ours) }
                #expect(ok)
                if ours != theirs, differences.count < 10, let k = ours.indices.first(where: { ours[$0] != theirs[$0] }) {
                    let around = text[max(0, k - 3)..<min(text.count, k + 3)].map { String($0, radix: 16) }
                    differences.append("\(locale) before \(text[k]) at \(k) of \(around): \(ours[k]) against ICU \(theirs[k])")
                }
            }
        }
        return (answered, differences)
    }

    /// The locales whose rules are ICU's root rules, where the common pass answers.
    @Test func rootRules() {
        var icu = ICUBreakOpportunities()
        let root = Self.locales.filter { icu.usesRootRules(LocaleTag($0)) }
        #expect(root == ["default", "en", "ar", "he", "ur", "ko", "fi", "sv", "de", "el", "th"])
    }

    @Test func equalsICUOnLineBreakTest() throws {
        let file = try LineBreakTestSource()
        let (answered, differences) = Self.compare(file.cases.map(\.codePoints))
        #expect(differences.isEmpty, "\(differences)")
        // The file's cases of these classes (about 1,300 of its 7,600) are compared.
        #expect(answered > 1_000, "answered \(answered)")
    }

    @Test func equalsICUOnTheCorpus() {
        let texts = ChatCorpus.realMessages(count: TestScale.sample(3_000)) + ChatCorpus.messages(count: TestScale.sample(3_000), seed: 0x1B)
        let paragraphs = texts.flatMap { $0.split(whereSeparator: \.isNewline).map { $0.unicodeScalars.map(\.value) } }
        let (answered, differences) = Self.compare(paragraphs, locales: ["default", "ar", "zh", "ja"])
        #expect(differences.isEmpty, "\(differences)")
        // Nearly every chat paragraph is of the common classes (5,830 of 6,000 when written).
        #expect(answered * 10 > paragraphs.count * 9, "answered \(answered) of \(paragraphs.count)")
    }

    /// Random strings of characters of every class the pass knows, next to each other in every
    /// order, with a few it does not (a hyphen, a slash, an ellipsis, a no-break space).
    @Test func equalsICUOnRandomStrings() {
        let alphabet: [UInt32] = [
            0x61, 0x5A, 0xE9, 0x628, 0x5E9, 0xA7, 0x31, 0x663, 0x6F5, 0x20, 0x64E, 0x301, 0x670, 0x200D, 0xFE0F,
            0x4E2D, 0x1F602, 0x2764, 0x1F44D, 0x1F3FB, 0x1F1F8, 0x1F1E6, 0x2C, 0x2E, 0x3A, 0x3B, 0x60C, 0x61B, 0x21,
            0x3F, 0x61F, 0x22, 0x27, 0xAB, 0xBB, 0x201C, 0x201D, 0x28, 0x5B, 0x7B, 0x29, 0x5D, 0x7D, 0xFF0C, 0x3002,
            0x3001, 0xFF01, 0xFF08, 0xFF09, 0x3010, 0x3011, 0x2D, 0x2F, 0x2026, 0xA0, 0x66B, 0x66C, 0x25, 0x66A, 0x24,
            0x2B, 0x20AC, 0x5D0, 0x5D3, 0xFF1A, 0x2014, 0xFD3F, 0x2010, 0x9, 0x30FC,
        ]
        var g = SplitMix64(seed: 331)
        let texts = (0..<TestScale.sample(40_000)).map { _ in
            (0..<Int.random(in: 1...12, using: &g)).map { _ in alphabet.randomElement(using: &g)! }
        }
        let (answered, differences) = Self.compare(texts, locales: ["default", "ja", "zh-u-lb-strict", "ja-u-lb-loose"])
        #expect(differences.isEmpty, "\(differences)")
        #expect(answered > texts.count / 10, "answered \(answered)")
    }

    /// The ideographs the pass classes without asking ICU are all ID in ICU.
    @Test func ideographsAreID() {
        let wrong = (0x4E00...0x9FFF).filter { ICUUnicode.lineBreakClass(UInt32($0)) != 14 }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// What the pass leaves to ICU, and what it answers: "." no break, "|" a break.
    @Test(arguments: [
        ("hello world", "......|...."),
        ("مرحبا بالعالم ٣:٣٠", "......|.......|..."),
        ("中文字", ".||"),
        ("a (b) c!", "..|...|."),
        ("ok 😂 🇸🇦🇨🇳", "...|.|.|."),
        ("👍🏻👍", "..|"),
        ("a\u{200D}b", "..."),
    ])
    func opportunities(text: String, marks: String) throws {
        let breaks = try #require(Self.common(text.unicodeScalars.map(\.value)))
        #expect(String(breaks.map { $0 == BreakOpportunity.allowed ? "|" : "." }) == marks)
    }

    @Test(arguments: ["a\u{A0}b", "a\u{2028}b", "ภาษาไทย", "ー", "a\u{2010}b", "a\tb", "﴿"])
    func leavesToICU(text: String) {
        #expect(Self.common(text.unicodeScalars.map(\.value)) == nil)
    }
}
