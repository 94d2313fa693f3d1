// Paragraph splitting (UAX #9 P1), paragraph direction (P2, P3, HL1), brackets (BD16) and mirroring (L4).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct BidiParagraphTests {
    /// P1: every separator class B ends a paragraph; CR LF is one separator; the separator is not part
    /// of the paragraph's range.
    @Test(arguments: [
        ("ab\ncd", [0..<2, 3..<5], [2..<3, 5..<5]),
        ("ab\rcd", [0..<2, 3..<5], [2..<3, 5..<5]),
        ("ab\r\ncd", [0..<2, 4..<6], [2..<4, 6..<6]),
        ("ab\u{2029}cd", [0..<2, 3..<5], [2..<3, 5..<5]),
        ("ab\u{1C}cd\u{1D}e\u{1E}", [0..<2, 3..<5, 6..<7], [2..<3, 5..<6, 7..<8]),
        ("ab\u{85}cd", [0..<2, 3..<5], [2..<3, 5..<5]),
        ("ab\n\ncd\n", [0..<2, 3..<3, 4..<6], [2..<3, 3..<4, 6..<7]),
        ("ab\u{2028}cd", [0..<5], [5..<5]),  // LINE SEPARATOR is WS, not B
        ("", [0..<0], [0..<0]),
    ])
    func paragraphsSplitAtSeparators(text: String, ranges: [Range<Int>], separators: [Range<Int>]) {
        let bidi = BidiText(text, direction: .auto)
        #expect(bidi.paragraphs.map(\.range) == ranges)
        #expect(bidi.paragraphs.map(\.separatorRange) == separators)
    }

    /// Each paragraph is resolved on its own.
    @Test func eachParagraphHasItsOwnDirection() {
        let bidi = BidiText("hello\nمرحبا\n123", direction: .auto)
        #expect(bidi.paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
        let fallback = BidiText("hello\nمرحبا\n123", direction: .autoWithFallback(.rightToLeft))
        #expect(fallback.paragraphs.map(\.direction) == [.leftToRight, .rightToLeft, .rightToLeft])
    }

    /// The seed case: a Chinese name first, then Arabic. Forced RTL reads right to left; auto takes
    /// the Chinese name as the first strong character and gets LTR, the bug the project exists for.
    @Test func seedUnderForcedAndAutoDirection() {
        let seed = "小明بدأ في متابعتك"
        let rtl = BidiText(seed, direction: .rightToLeft).paragraphs[0]
        #expect(rtl.direction == .rightToLeft)
        #expect(rtl.singleLine.visualOrder == [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 0, 1])
        #expect(rtl.levels == [2, 2] + Array(repeating: 1, count: 14))
        let auto = BidiText(seed, direction: .auto).paragraphs[0]
        #expect(auto.direction == .leftToRight)
        #expect(auto.singleLine.visualOrder == [0, 1] + Array((2...15).reversed()))
        let ltr = BidiText(seed, direction: .leftToRight).paragraphs[0]
        #expect(ltr.singleLine.visualOrder == auto.singleLine.visualOrder)
    }

    /// Emoji that are ON in Unicode 15 do not decide the direction: "🥺 مرحبا" is RTL under auto,
    /// where FriBidi's own Unicode 10 tables (emoji = L) make it LTR.
    @Test(arguments: ["🥺 مرحبا", "🥰 مرحبا", "🫠 مرحبا"])
    func newEmojiDoNotMakeAParagraphLTR(text: String) {
        #expect(BidiText(text, direction: .auto).paragraphs[0].direction == .rightToLeft)
    }

    /// P2 skips isolates; P3 falls back when nothing strong is found.
    @Test(arguments: [
        ("\u{2066}abc\u{2069} مرحبا", ParagraphDirection.auto, TextDirection.rightToLeft),
        ("\u{2067}مرحبا\u{2069} abc", .auto, .leftToRight),
        ("123 !", .auto, .leftToRight),
        ("123 !", .autoWithFallback(.rightToLeft), .rightToLeft),
        ("123 !", .autoWithFallback(.leftToRight), .leftToRight),
        ("abc", .autoWithFallback(.rightToLeft), .leftToRight),
        ("abc", .rightToLeft, .rightToLeft),
        ("مرحبا", .leftToRight, .leftToRight),
        ("\u{202B}abc", .auto, .leftToRight),  // embeddings are not skipped: "abc" is the first strong
    ])
    func paragraphDirection(text: String, direction: ParagraphDirection, expected: TextDirection) {
        #expect(BidiText(text, direction: direction).paragraphs[0].direction == expected)
    }

    /// BD16 pairs only true pairs. In an LTR paragraph, "א(ב)c" pairs the brackets, which take R by
    /// N0 (strong R inside, R before), so ")" is at level 1. FriBidi 1.0.8's own bracket table lets
    /// "(" pair with the full-width "）"; ours must not, so that ")" stays at level 0 by N1/N2.
    @Test(arguments: [
        ("א(ב)c", [1, 1, 1, 1, 0] as [BidiLevel]),
        ("א（ב）c", [1, 1, 1, 1, 0]),
        ("א(ב）c", [1, 1, 1, 0, 0]),
        ("א（ב)c", [1, 1, 1, 0, 0]),
        ("א[ב)c", [1, 1, 1, 0, 0]),
        // U+2329/U+232A are canonically equivalent to U+3008/U+3009 and pair with them.
        ("א\u{2329}ב\u{3009}c", [1, 1, 1, 1, 0]),
        ("א\u{3008}ב\u{232A}c", [1, 1, 1, 1, 0]),
        ("א\u{2329}ב\u{232A}c", [1, 1, 1, 1, 0]),
    ])
    func bracketPairsFollowBidiBrackets(text: String, levels: [BidiLevel]) {
        #expect(BidiText(text, direction: .leftToRight).paragraphs[0].levels == levels)
    }

    /// L4: characters at odd levels with a Bidi_Mirroring_Glyph are replaced.
    @Test func mirroringAppliesAtOddLevels() {
        let rtl = BidiText("(مرحبا) [a]", direction: .rightToLeft)
        // Both pairs resolve to R by N0 ("[a]" has L inside but R before it), so both mirror.
        #expect(String(String.UnicodeScalarView(rtl.mirroredScalars)) == ")مرحبا( ]a[")
        let ltr = BidiText("(abc) «x»", direction: .leftToRight)
        #expect(ltr.mirroredScalars == Array("(abc) «x»".unicodeScalars))
    }

    /// L1 applies per line: trailing whitespace of a line goes to the paragraph level.
    @Test func lineReorderingAppliesL1PerLine() throws {
        let text = "abc def مرحبا"
        let paragraph = BidiText(text, direction: .rightToLeft).paragraphs[0]
        let first = try paragraph.line(0..<8)  // "abc def " ends in a space
        #expect(first.levels == [2, 2, 2, 2, 2, 2, 2, 1])  // only the trailing space drops
        #expect(first.visualOrder == [7, 0, 1, 2, 3, 4, 5, 6])
        let second = try paragraph.line(8..<13)
        #expect(second.visualOrder == [12, 11, 10, 9, 8])
        #expect(first.logicalToVisual == [1, 2, 3, 4, 5, 6, 7, 0])
    }

    /// X9-removed characters are left out of the visual order; isolates and marks stay.
    @Test func explicitControlsInVisualOrder() {
        let line = BidiText("a\u{202B}b\u{202C}\u{200E}\u{2067}c\u{2069}", direction: .leftToRight)
            .paragraphs[0].singleLine
        #expect(Set(line.visualOrder) == [0, 2, 4, 5, 6, 7])
    }

    /// String.Index conversions agree with scalar offsets.
    @Test func stringIndexConversions() throws {
        let text = "a👨‍👩‍👧مرحبا"
        let paragraph = BidiText(text, direction: .rightToLeft).paragraphs[0]
        let range = try text.indexRange(scalarOffsets: paragraph.range)
        #expect(text[range] == Substring(text))
        #expect(try text.scalarOffsets(of: range) == paragraph.range)
        let arabic = try text.indexRange(scalarOffsets: 6..<11)
        #expect(text[arabic] == "مرحبا")
    }
}
