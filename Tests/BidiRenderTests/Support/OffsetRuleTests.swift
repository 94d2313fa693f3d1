// The library's one rule for offsets outside their text: every public API that takes a scalar
// offset or range throws `.invalidValue` naming the parameter, the value and the bounds; nothing is
// clamped silently. In-range calls at the edges (empty ranges, the text's end) still work.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct OffsetRuleTests {
    /// 15 code points, one paragraph.
    static let text = "abc مرحبا def g"

    @Test(arguments: [0..<100, 3..<99, 15..<16])
    func paragraphLineThrows(range: Range<Int>) throws {
        let paragraph = try #require(BidiText(Self.text, direction: .auto).paragraphs.first)
        #expect(paragraph.range == 0..<15)
        #expect(throws: BidiRenderError.invalidValue(
            key: "lineRange", value: "\(range.lowerBound)..<\(range.upperBound)", reason: "not within 0...15")
        ) { try paragraph.line(range) }
    }

    @Test func paragraphLineAtTheEdgesWorks() throws {
        let paragraph = try #require(BidiText(Self.text, direction: .auto).paragraphs.first)
        #expect(try paragraph.line(0..<15).visualOrder.count == 15)
        #expect(try paragraph.line(15..<15).visualOrder.isEmpty)
        // A second paragraph's line must lie in its own range.
        let two = BidiText("ab\ncd", direction: .auto).paragraphs
        #expect(throws: BidiRenderError.invalidValue(key: "lineRange", value: "0..<2", reason: "not within 3...5")) {
            try two[1].line(0..<2)
        }
        #expect(try two[1].line(3..<5).visualOrder == [3, 4])
    }

    @Test(arguments: [
        (3..<99, "3..<99"), (15..<16, "15..<16"), (-1..<2, "-1..<2"), (Int.min..<Int.max, "\(Int.min)..<\(Int.max)"),
        (Int.min..<0, "\(Int.min)..<0"), (0..<Int.max, "0..<\(Int.max)"), (16..<16, "16..<16"), (Int.max..<Int.max, "\(Int.max)..<\(Int.max)"),
    ])
    func indexRangeThrows(range: Range<Int>, shown: String) {
        #expect(throws: BidiRenderError.invalidValue(key: "scalarOffsets", value: shown, reason: "not within 0...15")) {
            try Self.text.indexRange(scalarOffsets: range)
        }
        // The empty string: only 0..<0 is in it.
        #expect(throws: BidiRenderError.invalidValue(key: "scalarOffsets", value: shown, reason: "not within 0...0")) {
            try "".indexRange(scalarOffsets: range)
        }
    }

    @Test func indexRangeInBoundsRoundTrips() throws {
        for range in [0..<15, 4..<9, 15..<15, 0..<0] {
            #expect(try Self.text.scalarOffsets(of: Self.text.indexRange(scalarOffsets: range)) == range)
        }
    }

    /// A `String.Index` range of another string is an error, never a trap: past this string's end
    /// (a longer string's), or inside one of its scalars (a UTF-8 index of another string that falls
    /// inside a two-byte Arabic letter here); one of an equal string converts.
    @Test func scalarOffsetsOfAnotherStringsRangeThrows() throws {
        let error = BidiRenderError.invalidValue(
            key: "range", value: "a String.Index range",
            reason: "not a range of this string: past its end or inside a Unicode scalar (an index of another string?)")
        let longer = Self.text + " and more"
        #expect(throws: error) { try Self.text.scalarOffsets(of: longer.startIndex..<longer.endIndex) }
        #expect(throws: error) { try Self.text.scalarOffsets(of: longer.index(longer.endIndex, offsetBy: -2)..<longer.endIndex) }
        let arabic = "مرحبا"  // two UTF-8 bytes a letter
        let ascii = "abcdefghij"
        let midLetter = ascii.utf8.index(ascii.utf8.startIndex, offsetBy: 3)
        #expect(throws: error) { try arabic.scalarOffsets(of: midLetter..<midLetter) }
        #expect(throws: error) { try arabic.scalarOffsets(of: arabic.startIndex..<midLetter) }
        let onBoundary = ascii.utf8.index(ascii.utf8.startIndex, offsetBy: 4)
        #expect(try arabic.scalarOffsets(of: arabic.startIndex..<onBoundary) == 0..<2)
        let copy = String(Self.text.reversed().reversed())
        #expect(try Self.text.scalarOffsets(of: copy.startIndex..<copy.endIndex) == 0..<15)
        // A longer string's scalar-view index, and any index of a longer string on the empty string.
        let long = String(repeating: "x", count: 100)
        let past = long.unicodeScalars.index(long.unicodeScalars.startIndex, offsetBy: 99)
        #expect(throws: error) { try Self.text.scalarOffsets(of: past..<long.endIndex) }
        #expect(throws: error) { try "".scalarOffsets(of: long.startIndex..<long.index(after: long.startIndex)) }
        // This string's own UTF-16 index between the halves of a surrogate pair is inside a scalar;
        // its boundaries, through any view, convert.
        let emoji = "a😀b"
        let between = emoji.utf16.index(emoji.utf16.startIndex, offsetBy: 2)
        #expect(throws: error) { try emoji.scalarOffsets(of: emoji.startIndex..<between) }
        #expect(throws: error) { try emoji.scalarOffsets(of: between..<emoji.endIndex) }
        #expect(try emoji.scalarOffsets(of: emoji.startIndex..<emoji.utf16.index(between, offsetBy: 1)) == 0..<2)
    }

    @Test func layoutSpanPastTheEndThrows() {
        let span = TextSpan(range: 3..<99, weight: .bold)
        #expect(throws: BidiRenderError.invalidValue(key: "spans[1]", value: "3..<99", reason: "not within 0...15")) {
            try TestLayout.engine.layout(Self.text, spans: [TextSpan(range: 0..<2), span], options: LayoutOptions())
        }
        #expect(throws: BidiRenderError.invalidValue(key: "spans[0]", value: "3..<99", reason: "not within 0...15")) {
            try TestLayout.engine.intrinsicWidths(Self.text, spans: [span], options: LayoutOptions())
        }
        #expect(throws: Never.self) {
            try TestLayout.engine.layout(Self.text, spans: [TextSpan(range: 15..<15), TextSpan(range: 0..<15)], options: LayoutOptions())
        }
    }

    @Test func entityIsolationMapsThrow() throws {
        let isolated = EntityIsolation.isolated("call +966 55 123 4567", direction: .rightToLeft)
        let n = isolated.originalCount
        let m = isolated.text.unicodeScalars.count
        #expect(throws: BidiRenderError.invalidValue(key: "original offset", value: "\(n + 1)", reason: "offset out of range 0...\(n)")) {
            try isolated.isolatedOffset(ofOriginal: n + 1)
        }
        #expect(throws: BidiRenderError.invalidValue(key: "isolated offset", value: "-1", reason: "offset out of range 0...\(m)")) {
            try isolated.originalOffset(ofIsolated: -1)
        }
        #expect(throws: BidiRenderError.self) { try isolated.isolatedRange(ofOriginal: 0..<(n + 1)) }
        #expect(throws: BidiRenderError.self) { try isolated.originalRange(ofIsolated: 0..<(m + 1)) }
        #expect(try isolated.isolatedOffset(ofOriginal: n) == m)
        #expect(try isolated.originalRange(ofIsolated: 0..<m) == 0..<n)
    }

    /// The one exception left: the caller's mention ranges of the string-level isolation APIs are
    /// clipped to the text (their signatures do not throw). Clipped, not a crash.
    @Test func stringIsolationClipsMentionRanges() {
        let clipped = EntityIsolation.entities(in: "abc", direction: .leftToRight, kinds: [], spans: [TextSpan(range: 1..<99, entity: .mention)])
        #expect(clipped.map(\.range) == [1..<3])
        #expect(EntityIsolation.strip(EntityIsolation.isolate("abc", direction: .leftToRight, spans: [TextSpan(range: 1..<99, entity: .mention)])) == "abc")
    }

    @Test func layoutQueriesSayTheSame() throws {
        let layout = TestLayout.layout(Self.text, .auto)
        #expect(throws: BidiRenderError.invalidValue(key: "offset", value: "99", reason: "offset out of range 0...15")) {
            try layout.caret(at: 99)
        }
    }
}
