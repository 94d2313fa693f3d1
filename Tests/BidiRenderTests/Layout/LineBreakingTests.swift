// Line breaking at several widths over the chat corpus, and the cross-check of whole-line order
// against ICU's ubidi, an independent UAX #9 implementation, on the mention-isolated text.
import ChatCorpus
import Foundation
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LineBreakingTests {
    static let corpus = ChatCorpus.messages(count: 400) + [
        "مرحبا بالعالم، هذا نص طويل للاختبار مع كلمات كثيرة جدا",
        "Supercalifragilisticexpialidocious",  // one word longer than the narrow widths
        "小明今天很高兴因为他的朋友们都来参加他的生日聚会了",
        "هذه كلمةطويلةجدابدونمسافاتعلىالإطلاق في النص",
    ]

    /// No line is wider than the width unless it holds a single grapheme cluster; the lines partition
    /// each paragraph; each line's visual order is the UBA's for that line (L1–L2 per line).
    @Test(arguments: [40.0, 90.0, 160.0, 300.0])
    func linesFitPartitionAndReorder(width: Double) {
        for (k, text) in Self.corpus.enumerated() {
            let direction: ParagraphDirection = k % 3 == 0 ? .leftToRight : .rightToLeft
            let layout = TestLayout.layout(text, direction, width: width)
            let scalars = Array(text.unicodeScalars)
            for (p, paragraph) in layout.paragraphs.enumerated() {
                let lines = layout.lines.filter { $0.paragraph == p }
                // Partition.
                #expect(lines.first?.range.lowerBound == paragraph.range.lowerBound)
                #expect(lines.last?.range.upperBound == paragraph.range.upperBound)
                for (a, b) in zip(lines, lines.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
                // Width.
                for line in lines where line.contentWidth > width + 1e-6 {
                    let clusters = String(String.UnicodeScalarView(scalars[line.range])).count
                    #expect(clusters == 1, "line \(line.range) of \(text) is \(line.contentWidth) > \(width)")
                }
                // Per-line order: ICU's UBA (ubidi_setLine) on the mention-isolated text, line by line.
                let isolated = IsolatedText(scalars, entities: layout.entities)
                let tParagraph = isolated.transformedRange(paragraph.range)
                let paragraphScalars = isolated.scalars[tParagraph].map { Unicode.Scalar($0)! }
                let level: UInt8 = paragraph.direction == .rightToLeft ? 1 : 0
                for line in lines where !line.range.isEmpty {
                    let tLine = isolated.transformedRange(line.range)
                    let lineRange = (tLine.lowerBound - tParagraph.lowerBound)..<(tLine.upperBound - tParagraph.lowerBound)
                    guard let icu = ICUBidi.reorderLine(paragraphScalars, paragraphLevel: level, line: lineRange) else {
                        Issue.record("ICU failed")
                        continue
                    }
                    let expected = icu.map { isolated.originalIndex[$0 + tParagraph.lowerBound] }
                        .filter { $0 >= 0 && !BidiClass(scalars[$0]).isRemovedByX9 }
                    let got = TestLayout.visualOrder(line).filter { !BidiClass(scalars[$0]).isRemovedByX9 }
                    #expect(got == expected, "\(text) width \(width) line \(line.range)")
                }
            }
        }
    }

    /// Without a width each paragraph is one line; with one, breaks fall at UAX #14 opportunities
    /// (after spaces here), and a long word breaks between grapheme clusters.
    @Test func breakOpportunities() {
        let words = TestLayout.layout("hello world again", .leftToRight, locale: "en", width: 60)
        #expect(words.lines.map(\.range) == [0..<6, 6..<12, 12..<17])
        let long = TestLayout.layout("Supercalifragilistic", .leftToRight, locale: "en", width: 40)
        #expect(long.lines.count > 1)
        #expect(long.lines.allSatisfy { $0.contentWidth <= 40 + 1e-6 })
        let chinese = TestLayout.layout("今天天气很好", .leftToRight, locale: "zh-CN", width: 50)
        #expect(chinese.lines.map(\.range.count) == [3, 3])  // 16 px per hanzi: three per line
    }

    /// An Arabic word that lines break inside (no opportunity in it: broken between graphemes)
    /// keeps the joining forms it has whole, on every line (CSS Text 3: the letters keep their
    /// cursive connections): each letter's glyph is the unbroken word's, the medial ones at the cuts
    /// included. Truncation differs on purpose: the letter before an ellipsis takes its final form
    /// (TruncationTests.arabicWordCutTakesItsFinalForm).
    @Test func aWordBrokenInsideKeepsItsJoiningForms() {
        let word = "بببببببببببببببببببببببب"
        let whole = TestLayout.layout(word, .rightToLeft)
        let broken = TestLayout.layout(word, .rightToLeft, width: 40)
        #expect(broken.lines.count > 2)
        func glyphs(_ layout: Layout) -> [Int: UInt32] {
            Dictionary(layout.glyphs.map { ($0.cluster, $0.id) }, uniquingKeysWith: { a, _ in a })
        }
        let (a, b) = (glyphs(whole), glyphs(broken))
        #expect(a.count == word.unicodeScalars.count && a == b)
        // The letters at the cuts are medial, as inside the word: not the first or last letter's form.
        let cut = broken.lines[0].range.upperBound - 1
        #expect(b[cut] == a[1] && b[cut + 1] == a[1])
    }

    /// The corpus, each message as one line, forced RTL and LTR: our visual order equals ICU ubidi's
    /// on the same mention-isolated text (characters removed by X9 left out of both). (A sanitizer
    /// build takes a quarter of the messages.)
    @Test func crossCheckWithICU() {
        var checked = 0
        for text in ChatCorpus.messages(count: TestScale.sample(1_500), seed: 42) {
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                let layout = TestLayout.layout(text, direction)
                let scalars = Array(text.unicodeScalars)
                let isolated = IsolatedText(scalars, entities: layout.entities)
                guard layout.paragraphs.count == 1,
                    let icu = ICUBidi.reorder(isolated.scalars.map { Unicode.Scalar($0)! }, paragraphLevel: direction == .rightToLeft ? 1 : 0)
                else { continue }
                let expected = icu.visual.map { isolated.originalIndex[$0] }
                    .filter { $0 >= 0 && !BidiClass(scalars[$0]).isRemovedByX9 }
                let got = TestLayout.visualOrder(layout).filter { !BidiClass(scalars[$0]).isRemovedByX9 }
                #expect(got == expected, "\(direction) \(text)")
                checked += 1
            }
        }
        #expect(checked >= TestScale.sample(2_900))
    }
}
