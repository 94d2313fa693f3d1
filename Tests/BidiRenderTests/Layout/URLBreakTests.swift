// Line breaks around URLs: a URL that fits on a line of its own moves there whole, where UAX #14
// alone would leave "https://example.com/" at the end of the line before; a URL longer than a line
// breaks at its own UAX #14 opportunities, never between arbitrary letters. The same texts with
// entity detection off (`isolate: []`) show UAX #14's lines, so each test can fail.
import Testing
@testable import BidiRender

@Suite struct URLBreakTests {
    static let url = "https://example.com/docs/page"

    /// The width of `text` laid out on one line.
    static func width(_ text: String, _ direction: ParagraphDirection) -> Double {
        TestLayout.layout(text, direction).lines[0].contentWidth
    }

    /// Left to right: the line before ends before the URL, which starts the next line whole.
    @Test func aURLThatFitsMovesWhole() {
        let text = "Read \(Self.url) now"
        let width = Self.width(Self.url, .leftToRight) + 4
        let lines = TestLayout.layout(text, .leftToRight, locale: "en", width: width).lines.map(\.range)
        #expect(lines.first == 0..<5)
        #expect(lines.dropFirst().first.map { $0.lowerBound == 5 && $0.upperBound >= 5 + 29 } == true, "\(lines)")
        // UAX #14 alone: the first line takes part of the URL.
        let plain = TestLayout.layout(text, .leftToRight, locale: "en", width: width, isolate: []).lines.map(\.range)
        #expect(plain.first.map { $0.upperBound > 5 && $0.upperBound < 5 + 29 } == true, "\(plain)")
    }

    /// Right to left, in an Arabic sentence: the same, the URL whole on its own line.
    @Test func aURLThatFitsMovesWholeInRTL() {
        let text = "اقرأ هذا \(Self.url) الآن"
        let width = Self.width(Self.url, .rightToLeft) + 4
        let layout = TestLayout.layout(text, .rightToLeft, width: width)
        let lines = layout.lines.map(\.range)
        #expect(lines.first == 0..<9)
        #expect(lines.dropFirst().first.map { $0.lowerBound == 9 && $0.upperBound >= 9 + 29 } == true, "\(lines)")
        #expect(layout.entities.first.map { $0.kind == .url && $0.rects.count == 1 } == true)
        let plain = TestLayout.layout(text, .rightToLeft, width: width, isolate: []).lines.map(\.range)
        #expect(plain.first.map { $0.upperBound > 9 && $0.upperBound < 9 + 29 } == true, "\(plain)")
    }

    /// A URL longer than a line breaks where UAX #14 allows inside it (after a "/" here), as it did
    /// before, and not between arbitrary letters.
    @Test func aURLLongerThanALineBreaksAtItsOwnOpportunities() {
        let text = "https://example.com/aaaa/bbbb/cccc/dddd"
        let width = Self.width("https://example.com/aaaa/", .leftToRight) + 2
        let lines = TestLayout.layout(text, .leftToRight, locale: "en", width: width).lines.map(\.range)
        let plain = TestLayout.layout(text, .leftToRight, locale: "en", width: width, isolate: []).lines.map(\.range)
        #expect(lines.count > 1)
        #expect(lines == plain)
        let scalars = Array(text.unicodeScalars)
        for line in lines.dropLast() { #expect(scalars[line.upperBound - 1] == "/", "\(lines)") }
        // After text on the line before: that line ends before the URL, the URL then breaks inside.
        let after = TestLayout.layout("See " + text, .leftToRight, locale: "en", width: width).lines.map(\.range)
        #expect(after.first == 0..<4)
        #expect(Array(after.dropFirst()) == lines.map { ($0.lowerBound + 4)..<($0.upperBound + 4) })
    }

    /// A balanced bubble narrows only as far as the URL stays whole on its line (narrower, it would
    /// keep its line count by breaking the URL at its own opportunities).
    @Test func aBalancedBubbleKeepsTheURLWhole() throws {
        let text = "شوف الرابط \(Self.url) وقل لي رأيك"
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar", size: 16)
        let bubble = try TestLayout.engine.bubble(text, options: options, maxWidth: 260, jumbomoji: [])
        var greedy = options
        greedy.maxWidth = 260
        let greedyLines = try TestLayout.engine.layout(text, options: greedy).lines.count
        #expect(bubble.layout.lines.count == greedyLines)
        let url = try #require(bubble.layout.entities.first { $0.kind == .url })
        #expect(url.range == 11..<40)
        #expect(bubble.layout.lines.contains { $0.range.lowerBound <= 11 && $0.range.upperBound >= 40 }, "\(bubble.layout.lines.map(\.range))")
        #expect(url.rects.count == 1)
    }

    /// A prepared text and the bubble's line ranges follow the same rule.
    @Test func preparedTextAgrees() throws {
        let text = "Read \(Self.url) now"
        let width = Self.width(Self.url, .leftToRight) + 4
        let options = LayoutOptions(direction: .leftToRight, locale: "en", size: 16)
        let prepared = try TestLayout.engine.prepare(text, options: options)
        let direct = TestLayout.layout(text, .leftToRight, locale: "en", width: width)
        #expect(try prepared.layout(width: width, maxLines: nil).lines.map(\.range) == direct.lines.map(\.range))
        let filled = try prepared.lineRanges(width: width, maxLines: nil)
        #expect(filled.ranges == direct.lines.map(\.range))
        // No line ends inside the URL; narrower than the URL, one does.
        #expect(filled.forced == 0 && prepared.forcedBreaks(direct.lines) == 0)
        let narrow = Self.width("https://example.com/docs/", .leftToRight) + 2
        let cut = try prepared.lineRanges(width: narrow, maxLines: nil)
        #expect(cut.forced == 1, "\(cut.ranges)")
        #expect(prepared.forcedBreaks(try prepared.layout(width: narrow, maxLines: nil).lines) == 1)
    }
}
