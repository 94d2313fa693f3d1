// Truncation (maxLines, ellipsis): the ellipsis at the paragraph's end edge whatever the direction of
// the text it replaces, the cut at the latest grapheme boundary that fits, the kept text reshaped,
// alignment, lines counted over paragraphs, and a property test over the chat corpus.
import ChatCorpus
import Foundation
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

enum TruncatedLayout {
    static func layout(
        _ text: String, _ direction: ParagraphDirection, width: Double?, maxLines: Int?, ellipsis: String = "\u{2026}",
        align: TextAlignment = .natural, locale: String = "ar"
    ) throws -> Layout {
        try TestLayout.engine.layout(
            text,
            options: LayoutOptions(
                direction: direction, locale: LocaleTag(locale), maxWidth: width, alignment: align, maxLines: maxLines,
                ellipsis: ellipsis))
    }

    /// The ellipsis run of the last line, if any.
    static func ellipsis(_ layout: Layout) -> LayoutRun? {
        layout.lines.last?.runs.first(where: \.isEllipsis)
    }

    /// The glyphs of a line other than the ellipsis'.
    static func keptGlyphs(_ line: LayoutLine, of layout: Layout) -> [PositionedGlyph] {
        line.runs.filter { !$0.isEllipsis }.flatMap { layout.glyphs(of: $0) }
    }

    /// The scalar offsets at which `text` has a grapheme cluster boundary (Swift's Characters).
    static func graphemeBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            offsets.insert(offset)
        }
        return offsets
    }
}

@Suite struct TruncationTests {
    typealias T = TruncatedLayout
    static let mixedRTL = "مرحبا بكم في hello world example"

    /// An RTL paragraph with an LTR tail: the ellipsis is the leftmost run, left of every kept glyph,
    /// never between "hello" and the Arabic; its range is empty at the cut and its glyphs' clusters
    /// are the cut.
    @Test(arguments: [1, 2])
    func rtlParagraphWithLatinTailEndsAtTheFarLeft(maxLines: Int) throws {
        let layout = try T.layout(Self.mixedRTL + " and more text after it", .rightToLeft, width: 150, maxLines: maxLines)
        #expect(layout.truncated)
        #expect(layout.lines.count == maxLines)
        let line = try #require(layout.lines.last)
        let ellipsis = try #require(line.runs.first)
        #expect(ellipsis.isEllipsis)
        #expect(line.runs.dropFirst().allSatisfy { !$0.isEllipsis })
        let cut = line.range.upperBound
        #expect(ellipsis.range == cut..<cut)
        #expect(!ellipsis.glyphRange.isEmpty && layout.glyphs(of: ellipsis).allSatisfy { $0.cluster == cut })
        #expect(ellipsis.level == 1)
        let kept = T.keptGlyphs(line, of: layout)
        #expect(!kept.isEmpty)
        #expect(kept.allSatisfy { $0.x >= ellipsis.x + ellipsis.advance - 1e-9 })
        #expect(ellipsis.x >= line.x - 1e-9)
        // Right-aligned (natural, RTL): the content's right edge is the width, within it.
        #expect(abs(line.x + line.contentWidth - layout.width) < 1e-6)
        #expect(line.contentWidth <= 150 + 1e-6)
    }

    /// The issue's example on one line: the kept text ends in Latin ("hello"), and the ellipsis still
    /// sits left of everything, at the RTL paragraph's end.
    @Test func issueExampleKeepsLatinAndEndsLeft() throws {
        let layout = try T.layout(Self.mixedRTL, .rightToLeft, width: 150, maxLines: 1)
        let line = try #require(layout.lines.first)
        let cut = line.range.upperBound
        #expect(layout.truncated && cut > 13 && cut < 32)
        let ellipsis = try #require(line.runs.first)
        #expect(ellipsis.isEllipsis)
        // The Latin kept is to the right of the ellipsis, the Arabic further right.
        let latin = try #require(line.runs.first { $0.script == "Latn" && !$0.isEllipsis })
        let arabic = try #require(line.runs.first { $0.script == "Arab" })
        #expect(ellipsis.x + ellipsis.advance <= latin.x + 1e-9)
        #expect(latin.x + latin.advance <= arabic.x + 1e-9)
    }

    /// An LTR paragraph with an Arabic tail: the ellipsis is the rightmost run, right of every kept
    /// glyph.
    @Test func ltrParagraphWithArabicTailEndsAtTheFarRight() throws {
        let text = "hello world مرحبا بكم في العالم العربي الكبير"
        let layout = try T.layout(text, .leftToRight, width: 160, maxLines: 1)
        #expect(layout.truncated)
        let line = try #require(layout.lines.first)
        let ellipsis = try #require(line.runs.last)
        #expect(ellipsis.isEllipsis && ellipsis.level == 0)
        #expect(line.runs.first { $0.script == "Arab" } != nil)
        let kept = T.keptGlyphs(line, of: layout)
        #expect(kept.allSatisfy { $0.x + $0.advance <= ellipsis.x + 1e-9 })
        #expect(abs(line.x) < 1e-9)
        #expect(abs(ellipsis.x + ellipsis.advance - line.contentWidth) < 1e-6)
        #expect(line.contentWidth <= 160 + 1e-6)
    }

    /// An empty ellipsis clips with no mark: truncated, no ellipsis run, and as late as fits in the
    /// whole width (at least as much text as with "…").
    @Test func emptyEllipsisClips() throws {
        let text = "The quick brown fox jumps over the lazy dog again and again"
        let clipped = try T.layout(text, .leftToRight, width: 120, maxLines: 1, ellipsis: "")
        let marked = try T.layout(text, .leftToRight, width: 120, maxLines: 1)
        #expect(clipped.truncated)
        #expect(T.ellipsis(clipped) == nil)
        #expect(clipped.lines[0].contentWidth <= 120 + 1e-6)
        #expect(clipped.lines[0].range.upperBound >= marked.lines[0].range.upperBound)
        #expect(T.ellipsis(marked) != nil)
    }

    /// Another ellipsis string: shaped as given, at the end edge, its glyphs clustered at the cut.
    @Test func customEllipsis() throws {
        let layout = try T.layout(Self.mixedRTL, .rightToLeft, width: 150, maxLines: 1, ellipsis: "...")
        let ellipsis = try #require(T.ellipsis(layout))
        #expect(ellipsis.glyphRange.count == 3)
        #expect(layout.lines[0].runs.first == ellipsis)
    }

    /// An Arabic word cut at the end takes its final form: the kept part of the word has the glyphs of
    /// that part shaped alone, not the medial forms it has inside the whole word; at least one width
    /// cuts a word where the two differ.
    @Test func arabicWordCutTakesItsFinalForm() throws {
        let text = "السلام عليكم ورحمة الله وبركاته تحياتي لكم جميعا"
        let scalars = Array(text.unicodeScalars)
        let font = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font
        let shaper = Shaper()
        var differing = 0
        var cuts = 0
        for width in stride(from: 40.0, through: 160, by: 4) {
            let layout = try T.layout(text, .rightToLeft, width: width, maxLines: 1, ellipsis: "")
            let cut = layout.lines[0].range.upperBound
            guard cut > 0, cut < scalars.count, scalars[cut] != " ", scalars[cut - 1] != " " else { continue }
            cuts += 1
            let wordStart = (scalars[..<cut].lastIndex(of: " ") ?? -1) + 1
            let alone = shaper.shape(
                scalars, range: wordStart..<cut, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 16)
            let laidOut = Array(layout.glyphs[layout.lines[0].glyphRange]).filter { (wordStart..<cut).contains($0.cluster) }
            #expect(laidOut.map(\.id) == alone.glyphs.map(\.id), "width \(width), cut \(cut)")
            let wholeLayout = TestLayout.layout(text, .rightToLeft)
            let whole = wholeLayout.glyphs[wholeLayout.lines[0].glyphRange]
                .filter { (wordStart..<cut).contains($0.cluster) }
            if whole.map(\.id) != alone.glyphs.map(\.id) { differing += 1 }
        }
        #expect(cuts > 3)
        #expect(differing > 0)
    }

    /// The cut never splits a grapheme cluster: an emoji ZWJ sequence, a base with combining marks.
    @Test(arguments: [ParagraphDirection.leftToRight, .rightToLeft])
    func cutIsAtAGraphemeBoundary(direction: ParagraphDirection) throws {
        let text = "ok 👨‍👩‍👧‍👦👨‍👩‍👧‍👦 e\u{301}\u{323}e\u{301}\u{323}e\u{301}\u{323}ب\u{64E}\u{651}ب\u{64E}\u{651} 🇫🇷🇫🇷 end"
        let boundaries = T.graphemeBoundaries(text)
        var cuts: Set<Int> = []
        for width in stride(from: 8.0, through: 200, by: 3) {
            let layout = try T.layout(text, direction, width: width, maxLines: 1, ellipsis: "")
            let cut = layout.lines[0].range.upperBound
            #expect(boundaries.contains(cut), "width \(width): cut \(cut)")
            cuts.insert(cut)
        }
        #expect(cuts.count > 5)
    }

    /// As late as fits: the kept text fits with the ellipsis, and one more grapheme cluster would not.
    /// The one-line preview keeps text past the fill's first line end (a word cut in the middle).
    @Test func previewCutsAsLateAsFits() throws {
        let text = "Meeting moved to Thursday afternoon, bring the quarterly report please"
        let width = 200.0
        let layout = try T.layout(text, .leftToRight, width: width, maxLines: 1)
        let line = layout.lines[0]
        let cut = line.range.upperBound
        let ellipsis = try #require(T.ellipsis(layout))
        let scalars = Array(text.unicodeScalars)
        func lineWidth(_ end: Int) -> Double {
            TestLayout.layout(String(String.UnicodeScalarView(scalars[..<end])), .leftToRight, locale: "en").lines[0].contentWidth
        }
        #expect(lineWidth(cut) + ellipsis.advance <= width + 1e-6)
        var next = cut + 1
        while scalars[next - 1] == " " { next += 1 }
        #expect(lineWidth(next) + ellipsis.advance > width)
        let unlimited = TestLayout.layout(text, .leftToRight, locale: "en", width: width)
        #expect(cut > unlimited.lines[0].range.upperBound || scalars[cut] == " ")
        #expect(layout.lines.count == 1 && layout.truncated)
    }

    /// Alignment applies to the truncated line: centered, right, and left in an RTL paragraph.
    @Test(arguments: [
        (ParagraphDirection.leftToRight, TextAlignment.center),
        (.leftToRight, .right),
        (.rightToLeft, .center),
        (.rightToLeft, .left),
    ])
    func alignmentAppliesToTheTruncatedLine(direction: ParagraphDirection, align: TextAlignment) throws {
        let layout = try T.layout(Self.mixedRTL, direction, width: 180, maxLines: 1, align: align)
        let line = layout.lines[0]
        let left = line.runs.map(\.x).min()!
        let right = line.runs.map { $0.x + $0.advance }.max()!
        #expect(abs((right - left) - line.contentWidth) < 1e-6)
        switch align {
        case .center: #expect(abs((left + right) / 2 - 90) < 1e-6)
        case .right: #expect(abs(right - 180) < 1e-6)
        default: #expect(abs(left) < 1e-6)
        }
        let ellipsis = try #require(T.ellipsis(layout))
        #expect(direction == .rightToLeft ? abs(ellipsis.x - left) < 1e-9 : abs(ellipsis.x + ellipsis.advance - right) < 1e-9)
    }

    /// maxLines counts lines over all paragraphs; the last kept line of a paragraph is truncated when
    /// another paragraph follows, and later paragraphs are not laid out.
    @Test func maxLinesCountsOverParagraphs() throws {
        let text = "one\ntwo\nthree"
        let two = try T.layout(text, .leftToRight, width: nil, maxLines: 2)
        #expect(two.truncated && two.lines.count == 2)
        #expect(two.lines[1].range == 4..<7)
        #expect(two.lines[1].runs.last?.isEllipsis == true)
        #expect(two.paragraphs.count == 2)
        let three = try T.layout(text, .leftToRight, width: nil, maxLines: 3)
        #expect(!three.truncated && three.lines.count == 3 && T.ellipsis(three) == nil)
        // Wrapped lines count too: a first paragraph of three lines at this width uses up two.
        let wrapped = try T.layout("alpha beta gamma delta epsilon\nzeta", .leftToRight, width: 60, maxLines: 2)
        #expect(wrapped.truncated && wrapped.lines.count == 2 && wrapped.paragraphs.count == 1)
        #expect(wrapped.lines.allSatisfy { $0.paragraph == 0 })
    }

    /// Without a width the last kept line is kept whole and the ellipsis follows it.
    @Test func withoutWidthTheLastLineIsKeptWhole() throws {
        let layout = try T.layout("مرحبا hello\u{2028}second line", .rightToLeft, width: nil, maxLines: 1)
        #expect(layout.truncated && layout.lines.count == 1)
        #expect(layout.lines[0].range == 0..<11)
        #expect(layout.lines[0].runs.first?.isEllipsis == true)
        let fits = try T.layout("one line", .leftToRight, width: nil, maxLines: 1)
        #expect(!fits.truncated && T.ellipsis(fits) == nil)
    }

    /// When not even one grapheme cluster fits beside the ellipsis, the line keeps no text and the
    /// ellipsis alone.
    @Test func ellipsisAloneWhenNothingFits() throws {
        let layout = try T.layout("Wonderful", .leftToRight, width: 12, maxLines: 1, ellipsis: "……")
        #expect(layout.truncated)
        let line = layout.lines[0]
        #expect(line.range == 0..<0)
        #expect(line.runs.count == 1 && line.runs[0].isEllipsis)
    }

    /// The clusters past the cut are on no line, and their fallbacks are not reported; the ellipsis's
    /// is.
    @Test func fallbacksPastTheCutAreDropped() throws {
        let text = "hello \u{10FFFD} world\nnext \u{10FFFD}"
        let full = try T.layout(text, .leftToRight, width: nil, maxLines: nil)
        #expect(full.fallbacks.map(\.range.lowerBound) == [6, 19])
        let cut = try T.layout(text, .leftToRight, width: nil, maxLines: 1)
        #expect(cut.fallbacks.map(\.range.lowerBound) == [6])
        let early = try T.layout(text, .leftToRight, width: 40, maxLines: 1)
        #expect(early.fallbacks.isEmpty)
        // An ellipsis no font covers is reported at the cut.
        let uncovered = try T.layout(text, .leftToRight, width: 40, maxLines: 1, ellipsis: "\u{10FFFD}")
        let end = uncovered.lines[0].range.upperBound
        #expect(uncovered.fallbacks.map(\.range) == [end..<end])
        #expect(uncovered.fallbacks.first?.source == .notdef)
    }

    /// Text that fits is laid out exactly as without maxLines.
    @Test func textThatFitsIsUnchanged() throws {
        let text = "مرحبا بكم\nhello"
        let limited = try T.layout(text, .auto, width: 300, maxLines: 2)
        let unlimited = try T.layout(text, .auto, width: 300, maxLines: nil)
        #expect(!limited.truncated)
        #expect(limited.lines == unlimited.lines)
    }

    /// maxLines below 1 is refused, naming the option.
    @Test(arguments: [0, -1, Int.min])
    func maxLinesBelowOneIsRefused(value: Int) {
        #expect(throws: BidiRenderError.invalidValue(key: "max-lines", value: "\(value)", reason: "must be a whole number of lines, at least 1")) {
            try T.layout("a", .auto, width: nil, maxLines: value)
        }
    }

    /// contentWidth is the widest line without its hanging white space; width keeps its meaning.
    @Test func contentWidth() throws {
        let layout = try T.layout("short   \nthe longer line  ", .leftToRight, width: 400, maxLines: nil)
        #expect(layout.width == 400)
        #expect(layout.contentWidth == layout.lines.map(\.contentWidth).max())
        #expect(layout.contentWidth < layout.lines.map(\.width).max()!)
        let alone = try T.layout("the longer line", .leftToRight, width: nil, maxLines: nil)
        #expect(abs(layout.contentWidth - alone.width) < 1e-9)
    }

    /// Over a sample of the chat corpus, both directions, several widths and 1 or 2 lines: a truncated
    /// layout's kept text is a prefix of the text (its lines follow each other from 0 to the cut) and
    /// its ellipsis is at the paragraph's end edge; a layout that is not truncated is the layout
    /// without maxLines.
    @Test func corpusProperty() throws {
        let messages = ChatCorpus.messages(count: TestScale.sample(80), seed: 14)
        var truncatedCount = 0
        for text in messages {
            for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
                for width in [90.0, 170.0, 300.0] {
                    let full = try T.layout(text, direction, width: width, maxLines: nil)
                    for maxLines in [1, 2] {
                        let layout = try T.layout(text, direction, width: width, maxLines: maxLines)
                        let context = "\(text.debugDescription) \(direction) \(width) \(maxLines)"
                        guard layout.truncated else {
                            #expect(layout.lines == full.lines, "\(context)")
                            continue
                        }
                        truncatedCount += 1
                        #expect(full.lines.count > maxLines || full.paragraphs.count > layout.paragraphs.count, "\(context)")
                        #expect(layout.lines.count == maxLines, "\(context)")
                        var next = 0
                        for line in layout.lines {
                            #expect(line.range.lowerBound == next || layout.paragraphs[line.paragraph].range.lowerBound == line.range.lowerBound, "\(context)")
                            next = line.range.upperBound
                        }
                        #expect(Array(layout.lines.dropLast()) == Array(full.lines.prefix(maxLines - 1)), "\(context)")
                        let before = layout.lines[maxLines - 1].glyphRange.lowerBound
                        #expect(layout.glyphs[..<before] == full.glyphs[..<before], "\(context)")
                        let last = layout.lines[maxLines - 1]
                        #expect(last.range.lowerBound == full.lines[maxLines - 1].range.lowerBound, "\(context)")
                        let ellipsis = try #require(T.ellipsis(layout), "\(context)")
                        #expect(ellipsis.range == last.range.upperBound..<last.range.upperBound, "\(context)")
                        #expect(layout.glyphs(of: ellipsis).allSatisfy { $0.cluster == last.range.upperBound }, "\(context)")
                        let kept = T.keptGlyphs(last, of: layout)
                        if layout.paragraphs[last.paragraph].direction == .rightToLeft {
                            #expect(last.runs.first == ellipsis, "\(context)")
                            #expect(kept.allSatisfy { $0.x >= ellipsis.x + ellipsis.advance - 1e-6 }, "\(context)")
                        } else {
                            #expect(last.runs.last == ellipsis, "\(context)")
                            #expect(kept.allSatisfy { $0.x + $0.advance <= ellipsis.x + 1e-6 }, "\(context)")
                        }
                        if !last.range.isEmpty { #expect(last.contentWidth <= width + 1e-6, "\(context)") }
                    }
                }
            }
        }
        #expect(truncatedCount > TestScale.sample(150))
    }
}

@Suite struct LineLimitTests {
    /// LineBreaker.fill with maxLines stops after that many lines and returns the rest as one more
    /// line, so the lines still partition the paragraph.
    @Test(arguments: [1, 2, 3, 10])
    func fillStopsAfterTheLimit(limit: Int) {
        let count = 20
        let breaks = (0..<count).map { $0 % 4 == 0 ? BreakOpportunity.allowed : BreakOpportunity.none }
        let starts = [Bool](repeating: true, count: count)
        let full = starts.withUnsafeBufferPointer { starts in
            LineBreaker.fill(
                range: 100..<(100 + count), maxWidth: 4, breaks: breaks, graphemeStarts: starts,
                isHangingSpace: { _ in false }, estimate: { Double($1 - $0) }, measure: { Double($1 - $0) })
        }
        let limited = starts.withUnsafeBufferPointer { starts in
            LineBreaker.fill(
                range: 100..<(100 + count), maxWidth: 4, breaks: breaks, graphemeStarts: starts,
                isHangingSpace: { _ in false }, estimate: { Double($1 - $0) }, measure: { Double($1 - $0) },
                maxLines: limit)
        }
        #expect(full.count == 5)
        if limit >= full.count {
            #expect(limited == full)
        } else {
            #expect(Array(limited.prefix(limit)) == Array(full.prefix(limit)))
            #expect(limited.count == limit + 1)
            #expect(limited.last == full[limit].lowerBound..<(100 + count))
        }
    }
}
