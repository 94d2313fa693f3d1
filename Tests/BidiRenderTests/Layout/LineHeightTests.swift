// Line height: the strut of `normal` (fallback punctuation does not grow a line, taller text does), a
// multiple of the size and a fixed px line box with half-leading, and the parsing of the option.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LineHeightTests {
    static func layout(_ text: String, locale: String = "ar", width: Double? = nil, lineHeight: LineHeight = .normal) throws -> Layout {
        try TestLayout.engine.layout(
            text, options: LayoutOptions(locale: LocaleTag(locale), maxWidth: width, lineHeight: lineHeight))
    }

    static let mixed = "Visit https://example.com/path?q=1 or write to ali@example.com: 小明 said “hi” — "
        + "زوروا موقعنا https://example.org/a-b_c أو راسلوا 2024: (نعم) [ok] {x}."

    /// Every line of a mixed paragraph (URLs, Latin, Arabic, Han, punctuation) at 150 px has the
    /// height of the locale's strut.
    @Test func mixedParagraphLinesShareOneHeight() throws {
        let layout = try Self.layout(Self.mixed, width: 150)
        #expect(layout.lines.count > 4)
        let heights = Set(layout.lines.map { ($0.height * 1000).rounded() })
        #expect(heights.count == 1, "\(layout.lines.map(\.height))")
    }

    /// A fallback font that serves only punctuation does not grow the line (the CJK font that
    /// fontconfig finds for "。" is taller than Noto Sans); Arabic letters do.
    @Test func punctuationInAFallbackFontDoesNotGrowTheLine() throws {
        let engine = EmojiFontTests.engine
        let latin = try engine.layout("hello world", options: LayoutOptions()).lines[0].height
        let stop = try engine.layout("hello。world：x", options: LayoutOptions())
        #expect(stop.lines[0].runs.contains { $0.font.family.contains("CJK") })
        #expect(stop.lines[0].height == latin)
        let arabic = try Self.layout("hello مرحبا", locale: "default").lines[0].height
        #expect(arabic > latin + 5)
    }

    /// `multiple` and `px`: the line box is that tall, the leading split evenly above and below.
    @Test(arguments: [(LineHeight.multiple(2), 32.0), (.px(24), 24.0), (.multiple(1), 16.0)])
    func fixedLineBoxesHaveHalfLeading(lineHeight: LineHeight, expected: Double) throws {
        let normal = try Self.layout("hello\nworld", locale: "default").lines[0]
        let layout = try Self.layout("hello\nworld", locale: "default", lineHeight: lineHeight)
        #expect(layout.lines.count == 2)
        for (k, line) in layout.lines.enumerated() {
            #expect(abs(line.height - expected) < 1e-9)
            let leading = expected - (normal.ascent + normal.descent)
            #expect(abs(line.baseline - (Double(k) * expected + leading / 2 + normal.ascent)) < 1e-9)
        }
        #expect(abs(layout.height - 2 * expected) < 1e-9)
    }

    @Test func parsing() throws {
        #expect(try LineHeight(parsing: "normal") == .normal)
        #expect(try LineHeight(parsing: "1.4") == .multiple(1.4))
        #expect(try LineHeight(parsing: "24px") == .px(24))
        #expect(try LineHeight(parsing: " 24PX ") == .px(24))
        for bad in ["", "2x", "px", "-1", "nan", "1e9px", "101"] {
            #expect(throws: BidiRenderError.self) { try LineHeight(parsing: bad) }
        }
        #expect(throws: BidiRenderError.self) { try LayoutOptions(lineHeight: .px(-2)).validate() }
    }

    @Test func stripRule() {
        func grows(_ s: String) -> Bool { s.unicodeScalars.map(\.value).withUnsafeBufferPointer(LineStrut.grows) }
        #expect(!grows(" ") && !grows(":") && !grows("،") && !grows("2024") && !grows("(@)."))
        #expect(grows("a") && grows("مر") && grows("😂") && grows("+"))
    }

    /// The ASCII bit sets give what General_Category says, code point by code point, alone and after
    /// a digit, and so do the first code points past ASCII and the Arabic and CJK ranges read
    /// without the lookup, and the emoji planes' symbols (with their neighbours: Legacy Computing's
    /// segmented digits, U+1FBF0…, are Nd and keep the strut).
    @Test func stripRuleMatchesGeneralCategoryOnEveryASCIICodePoint() {
        let keeps: Set<Unicode.GeneralCategory> = [
            .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .decimalNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .nonspacingMark,
        ]
        var growing = 0
        for c in Array(UInt32(0)..<0x700) + Array(UInt32(0x4DF0)..<0xA010) + Array(UInt32(0x1EF00)..<0x1FC00) {
            let expected = !keeps.contains(Unicode.Scalar(c)!.properties.generalCategory)
            if expected, c < 128 { growing += 1 }
            #expect([c].withUnsafeBufferPointer(LineStrut.grows) == expected, "U+\(String(c, radix: 16))")
            #expect([0x31, c].withUnsafeBufferPointer(LineStrut.grows) == expected, "1 U+\(String(c, radix: 16))")
        }
        #expect(growing == 52 + 9)  // the letters, and the symbols $ + < = > ^ ` | ~
    }
}
