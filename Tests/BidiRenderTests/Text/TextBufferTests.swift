// TextBuffer: one-pass decoding with digit substitution and classes, and storage reuse across loads.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TextBufferTests {
    /// Each load replaces the text whole; digits change only the scalars to shape, never the classes.
    @Test(arguments: [
        ("abc", DigitSubstitution.western, "abc", [BidiClass.leftToRight, .leftToRight, .leftToRight]),
        ("ب12", .arabicIndic, "ب١٢", [.arabicLetter, .europeanNumber, .europeanNumber]),
        ("3 ٤", .persian, "۳ ٤", [.europeanNumber, .whiteSpace, .arabicNumber]),
        ("", .western, "", []),
    ])
    func load(text: String, digits: DigitSubstitution, display: String, classes: [BidiClass]) {
        var buffer = TextBuffer()
        buffer.load("a much longer text than the others, loaded first 👍🏽", digits: .western)
        buffer.load(text, digits: digits)
        #expect(buffer.scalars == Array(text.unicodeScalars))
        #expect(buffer.display == display.unicodeScalars.map(\.value))
        #expect(buffer.classes == classes)
        #expect(buffer.graphemeStarts == TextBuffer.graphemeStarts(Array(text.unicodeScalars)))
    }

    /// Trailing white space (WS, S, BN) hangs: the visible end leaves it out.
    @Test(arguments: [("ab  ", 2), ("ab\t\u{200B}", 2), ("   ", 0), ("a b", 3)])
    func visibleEnd(text: String, end: Int) {
        var buffer = TextBuffer()
        buffer.load(text, digits: .western)
        #expect(buffer.visibleEnd(0, buffer.count) == end)
    }
}
