// LayoutEngine.boundaries(in:by:locale:) beyond the test files: the line boundaries are the ones
// layout breaks lines at, phone numbers stay whole, paragraph separators end segments, the limits
// hold, and the time is linear in the text.
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct SegmentationTests {
    static let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

    /// Every line a narrow layout makes starts at a `.line` boundary (or a grapheme boundary where
    /// a word is wider than the line), and every paragraph ends at one.
    @Test func layoutBreaksAtLineBoundaries() throws {
        let text = "مرحبا @小明، اتصل بي على +966 55 123 4567 or visit https://example.com/a/b today.\nSecond paragraph here."
        let lines = Set(try Self.engine.boundaries(in: text, by: .line, locale: "ar"))
        let graphemes = Set(try Self.engine.boundaries(in: text, by: .grapheme))
        for width in [60.0, 90, 140] {
            let layout = try Self.engine.layout(text, options: LayoutOptions(direction: .rightToLeft, locale: "ar", maxWidth: width))
            #expect(layout.lines.count > 2)
            for line in layout.lines.dropFirst() {
                #expect(lines.contains(line.range.lowerBound) || graphemes.contains(line.range.lowerBound), "line at \(line.range) (width \(width))")
            }
        }
        // The phone number has no opportunity inside; the paragraph ends after "\n".
        let plus = Array(text.unicodeScalars).firstIndex(of: "+")!
        let phone = plus..<plus + "+966 55 123 4567".unicodeScalars.count
        #expect(lines.allSatisfy { !(phone.lowerBound + 1..<phone.upperBound).contains($0) })
        let newline = Array(text.unicodeScalars).firstIndex(of: "\n")!
        #expect(lines.contains(newline + 1) && !lines.contains(newline))
    }

    /// Each unit ends a segment after a paragraph separator; CR LF is one.
    @Test(arguments: TextBoundary.allCases)
    func paragraphSeparatorsEndSegments(unit: TextBoundary) throws {
        let found = try Self.engine.boundaries(in: "ab\r\ncd\u{2029}", by: unit)
        #expect(found.contains(4) && !found.contains(3) && found.last == 7, "\(unit): \(found)")
    }

    @Test func limitsAndEmptyText() throws {
        for unit in TextBoundary.allCases { #expect(try Self.engine.boundaries(in: "", by: unit) == []) }
        let small = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false), maxInputCodePoints: 10)
        #expect(throws: BidiRenderError.self) { try small.boundaries(in: String(repeating: "a", count: 11), by: .word) }
        #expect(try small.boundaries(in: String(repeating: "a ", count: 5), by: .line) == [2, 4, 6, 8, 10])
    }

    /// Thai has no spaces between words: ICU's dictionary finds them, for lines and for words.
    @Test func thaiWordsByDictionary() throws {
        let text = "สวัสดีครับ"  // "hello" (สวัสดี) + polite particle (ครับ)
        #expect(try Self.engine.boundaries(in: text, by: .word, locale: "th") == [6, 10])
        #expect(try Self.engine.boundaries(in: text, by: .line, locale: "th") == [6, 10])
    }

    /// Linear time for every unit: 4× the text takes about 4× the time.
    @Test(arguments: TextBoundary.allCases)
    func timeGrowsLinearly(unit: TextBoundary) throws {
        func chat(_ count: Int) -> String { (0..<count).map { "@user\($0 % 97) مرحبا بك. ok \($0)! 你好 +966 55 123 4567 " }.joined() }
        let (t1, t2, ratio) = try Growth.ratio(400, text: chat) { text in
            _ = try Self.engine.boundaries(in: text, by: unit)
        }
        #expect(Growth.linear(ratio), "\(unit): \(t1) s, then \(t2) s")
    }
}
