// Inline boxes (`TextSpan.inlineBox`): one unit of bidi class ON in LTR and RTL paragraphs, at a line
// end, inside a mention; every alignment against geometry computed by hand from the line's metrics; a
// box taller than the text grows its line; taps and carets; the spans' checks.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct InlineBoxTests {
    /// The scalar range of the first `word` in `text`.
    static func range(of word: String, in text: String) throws -> Range<Int> {
        try EntityHitTests.range(of: word, in: text)
    }

    /// `text` laid out with a box over `word`.
    static func layout(
        _ text: String, box word: String, _ box: InlineBox, _ direction: ParagraphDirection = .leftToRight,
        width: Double? = nil, extra: [TextSpan] = []
    ) throws -> (Layout, Range<Int>) {
        let range = try range(of: word, in: text)
        let spans = extra + [TextSpan(range: range, id: "party", inlineBox: box)]
        return (TestLayout.layout(text, direction, locale: "en", width: width, spans: spans), range)
    }

    /// The box's run and its line.
    static func boxRun(_ layout: Layout) throws -> (LayoutRun, LayoutLine) {
        for line in layout.lines { if let run = line.runs.first(where: \.isInlineBox) { return (run, line) } }
        throw CancellationError()
    }

    @Test func ltrParagraphBoxIsOneRunOneGlyph() throws {
        let text = "Hi :party: there"
        let (layout, range) = try Self.layout(text, box: ":party:", InlineBox(width: 22, height: 18))
        let (run, line) = try Self.boxRun(layout)
        #expect(run.range == range)
        #expect(layout.glyphs(of: run).count == 1)
        #expect(layout.glyphs(of: run).first?.cluster == range.lowerBound)
        #expect(run.advance == 22)
        #expect(layout.fallbacks.isEmpty)
        // Visual order: "Hi " then the box then " there", left to right.
        #expect(TestLayout.visualOrder(line) == Array(0..<text.unicodeScalars.count))
        let entity = try #require(layout.entities.first { $0.kind == .inlineBox })
        #expect(entity.range == range)
        #expect(entity.id == "party")
        #expect(entity.rects == [LayoutRect(x: run.x, y: line.baseline - 18, width: 22, height: 18)])
        // Without the box the shortcode is 7 letters wide; with it the line is 22 px plus the rest.
        let plain = TestLayout.layout(text, .leftToRight, locale: "en")
        let shortcode = Array(plain.glyphs[plain.lines[0].glyphRange]).filter { range.contains($0.cluster) }.reduce(0) { $0 + $1.advance }
        #expect(abs(layout.lines[0].width - (plain.lines[0].width - shortcode + 22)) < 1e-9)
    }

    /// In an RTL paragraph the box, a neutral, takes the direction around it: between Arabic words it
    /// sits at level 1 between them; between Latin words (level 2 there) it stays between them too.
    @Test func rtlParagraphBoxTakesTheDirectionAroundIt() throws {
        let arabic = "مرحبا :party: بك"
        let (layout, range) = try Self.layout(arabic, box: ":party:", InlineBox(width: 20, height: 20), .rightToLeft)
        let (run, line) = try Self.boxRun(layout)
        #expect(run.level == 1)
        let before = try Self.range(of: "مرحبا", in: arabic), after = try Self.range(of: "بك", in: arabic)
        let xOf = { (r: Range<Int>) in line.runs.first { $0.range.overlaps(r) }!.x }
        // Right to left: "مرحبا" rightmost, then the box, then "بك".
        #expect(xOf(before) > run.x)
        #expect(xOf(after) < run.x)
        #expect(run.range == range)

        let latin = "ok :party: go"
        let (mixed, _) = try Self.layout(latin, box: ":party:", InlineBox(width: 20, height: 20), .rightToLeft)
        let (box, mixedLine) = try Self.boxRun(mixed)
        #expect(box.level == 2)
        #expect(TestLayout.visualOrder(mixedLine) == Array(0..<latin.unicodeScalars.count))
    }

    /// At every width the box is never split between lines, and a line may end right after it.
    @Test func boxIsNeverSplitAndMayEndALine() throws {
        let text = "aaaa bbbb:party:cccc dddd :party2: eeee"
        let (box1, box2) = (try Self.range(of: ":party:", in: text), try Self.range(of: ":party2:", in: text))
        var endedALine = false
        for width in stride(from: 20.0, through: 300, by: 7) {
            let layout = TestLayout.layout(
                text, .leftToRight, locale: "en", width: width,
                spans: [TextSpan(range: box1, inlineBox: InlineBox(width: 30, height: 16)),
                        TextSpan(range: box2, inlineBox: InlineBox(width: 30, height: 16))])
            for line in layout.lines {
                for box in [box1, box2] where line.range.overlaps(box) {
                    #expect(line.range.lowerBound <= box.lowerBound && line.range.upperBound >= box.upperBound, "width \(width)")
                }
                if text.unicodeScalars.count > line.range.upperBound,
                    [box2.upperBound, box2.upperBound + 1].contains(line.range.upperBound)
                {
                    endedALine = true
                }
            }
        }
        #expect(endedALine)
    }

    /// A box inside a mention: the mention holds it, a tap on the box gives the box, one on the name
    /// the mention.
    @Test func boxInsideAMention() throws {
        let text = "hi @sara:crown: there"
        let mention = try Self.range(of: "@sara:crown:", in: text)
        let (layout, range) = try Self.layout(
            text, box: ":crown:", InlineBox(width: 16, height: 16),
            extra: [TextSpan(range: mention, entity: .mention, id: "u1")])
        #expect(layout.entities.map(\.kind) == [.mention, .inlineBox])
        #expect(layout.entities.map(\.range) == [mention, range])
        let box = layout.entities[1].rects[0]
        #expect(try layout.entity(atX: box.x + 8, y: box.y + 8)?.kind == .inlineBox)
        let name = try #require(layout.entities[0].rects.first)
        #expect(try layout.entity(atX: name.x + 2, y: name.y + name.height / 2)?.kind == .mention)
        // A caret never falls inside the box: a tap on it gives its start or its end.
        let hit = try layout.offset(atX: box.x + 3, y: box.y + 8)
        #expect([range.lowerBound, range.upperBound].contains(hit.offset))
    }

    /// A detected entity that covers part of a box is cut at the box (here a URL running into it).
    @Test func detectedEntityIsCutAtTheBox() throws {
        let text = "see https://example.com/a:party: now"
        let (layout, range) = try Self.layout(text, box: ":party:", InlineBox(width: 16, height: 16))
        let url = try #require(layout.entities.first { $0.kind == .url })
        #expect(!url.range.overlaps(range) || (url.range.lowerBound <= range.lowerBound && url.range.upperBound >= range.upperBound))
    }

    /// Every alignment against the line's own metrics, for a box small enough not to grow the line.
    @Test(arguments: InlineBox.Alignment.allCases)
    func alignment(_ alignment: InlineBox.Alignment) throws {
        let text = "Hxy :e: Hxy"
        let h = 6.0
        let (layout, _) = try Self.layout(text, box: ":e:", InlineBox(width: 8, height: h, alignment: alignment))
        let plain = TestLayout.layout("Hxy x Hxy", .leftToRight, locale: "en").lines[0]
        let (_, line) = try Self.boxRun(layout)
        // The box did not grow the line.
        #expect(line.ascent == plain.ascent && line.descent == plain.descent && line.height == plain.height)
        let (a, d, b) = (line.ascent, line.descent, line.baseline)
        let expected: Double
        switch alignment {
        case .baseline: expected = b - h
        case .middle: expected = b + (d - a) / 2 - h / 2
        case .top: expected = line.top
        case .bottom: expected = line.top + line.height - h
        case .textTop: expected = b - a
        case .textBottom: expected = b + d - h
        }
        let rect = try #require(layout.entities.first { $0.kind == .inlineBox }?.rects.first)
        #expect(abs(rect.y - expected) < 1e-9, "\(alignment): \(rect.y) vs \(expected)")
        #expect(rect.height == h)
    }

    @Test func baselineOffsetSetsWhereTheBoxMeetsTheBaseline() throws {
        let (layout, _) = try Self.layout("a :e: b", box: ":e:", InlineBox(width: 10, height: 10, baselineOffset: 7))
        let (_, line) = try Self.boxRun(layout)
        let rect = try #require(layout.entities.first { $0.kind == .inlineBox }?.rects.first)
        #expect(abs(rect.y - (line.baseline - 7)) < 1e-9)
    }

    /// A box taller than the text grows its line: upwards on the baseline (ascent = its height),
    /// to exactly its height for top and bottom, and the layout's height with it.
    @Test func tallBoxGrowsTheLine() throws {
        let plain = TestLayout.layout("a x b", .leftToRight, locale: "en")
        let p = plain.lines[0]
        let (baseline, _) = try Self.layout("a :e: b", box: ":e:", InlineBox(width: 40, height: 60))
        let l = baseline.lines[0]
        #expect(l.ascent == 60)
        #expect(l.descent == p.descent)
        #expect(abs(baseline.height - (60 + p.descent + p.lineGap)) < 1e-9)
        let rect = try #require(baseline.entities.first { $0.kind == .inlineBox }?.rects.first)
        #expect(abs(rect.y - (l.top + p.lineGap / 2)) < 1e-9)
        #expect(try #require(baseline.inkBounds).height >= 60)
        for alignment in [InlineBox.Alignment.top, .bottom] {
            let (grown, _) = try Self.layout("a :e: b", box: ":e:", InlineBox(width: 40, height: 60, alignment: alignment))
            let line = grown.lines[0]
            #expect(abs(line.height - 60) < 1e-9, "\(alignment)")
            let r = try #require(grown.entities.first { $0.kind == .inlineBox }?.rects.first)
            #expect(abs(r.y - line.top) < 1e-9, "\(alignment)")
            // A top box grows the line downwards (the text keeps its ascent), a bottom one upwards.
            if alignment == .top { #expect(line.ascent == p.ascent) } else { #expect(line.descent == p.descent) }
        }
    }

    /// The object replacement character itself as the box's range, in Chinese text; a prepared text
    /// lays the boxes out as `layout` does.
    @Test func objectReplacementCharacterAndPreparedText() throws {
        let text = "你好\u{FFFC}世界 ok"
        let spans = [TextSpan(range: 2..<3, id: "avatar", inlineBox: InlineBox(width: 24, height: 24, alignment: .middle))]
        let options = LayoutOptions(direction: .rightToLeft, locale: "zh", size: 16, maxWidth: 60)
        let layout = try TestLayout.engine.layout(text, spans: spans, options: options)
        #expect(layout.fallbacks.isEmpty)
        #expect(layout.entities.filter { $0.kind == .inlineBox }.map(\.id) == ["avatar"])
        let prepared = try TestLayout.engine.prepare(text, spans: spans, options: options)
        #expect(try prepared.layout(width: 60) == layout)
    }

    /// Many boxes cost linear time: 4× the boxes (one per word of mixed chat, in mentions too, over
    /// many lines and paragraphs) take about 4× the time, and every box is placed.
    @Test func manyBoxesGrowLinearly() throws {
        func message(_ count: Int) -> (String, [TextSpan]) {
            var text = "", spans: [TextSpan] = []
            for k in 0..<count {
                let start = text.unicodeScalars.count + (k % 3 == 0 ? 5 : 0)
                text += k % 3 == 0 ? "@sara:e\(k % 7): مرحبا" : (k % 5 == 0 ? ":e\(k % 7):\n" : ":e\(k % 7): ok ")
                spans.append(TextSpan(range: start..<(start + 4), id: "e\(k % 7)", inlineBox: InlineBox(width: 18, height: 18)))
            }
            return (text, spans)
        }
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar", size: 15, maxWidth: 240)
        let (large, largeSpans) = message(1_600)
        let layout = try TestLayout.engine.layout(large, spans: largeSpans, options: options)
        #expect(layout.entities.filter { $0.kind == .inlineBox && $0.rects.count == 1 }.count == 1_600)
        let (t1, t2, ratio) = try Growth.ratio(400, text: message) { input in
            _ = try TestLayout.engine.layout(input.0, spans: input.1, options: options)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    @Test func spansAreChecked() throws {
        let box = InlineBox(width: 10, height: 10)
        func error(_ spans: [TextSpan]) -> String {
            do {
                _ = try TestLayout.engine.layout("abcdef", spans: spans, options: LayoutOptions())
                return "none"
            } catch { return error.description }
        }
        #expect(error([TextSpan(range: 0..<3, inlineBox: box), TextSpan(range: 2..<4, inlineBox: box)]).contains("spans[1]"))
        #expect(error([TextSpan(range: 0..<3, inlineBox: box), TextSpan(range: 2..<4, inlineBox: box)]).contains("overlaps the inline box of spans[0]"))
        #expect(error([TextSpan(range: 2..<2, inlineBox: box)]).contains("cannot be empty"))
        #expect(error([TextSpan(range: 0..<1, inlineBox: InlineBox(width: .nan, height: 1))]).contains("spans[0].inlineBox.width"))
        #expect(error([TextSpan(range: 0..<1, inlineBox: InlineBox(width: 1, height: 4, baselineOffset: 5))]).contains("baselineOffset"))
        #expect(error([TextSpan(range: 0..<1, entity: .inlineBox)]).contains("needs the span's inlineBox"))
        #expect(error([TextSpan(range: 0..<1, entity: .mention, inlineBox: box)]).contains("spans[0].entity"))
        #expect(error([TextSpan(range: 0..<2, inlineBox: box), TextSpan(range: 2..<4, inlineBox: box)]) == "none")
    }

    /// A box replaces whole grapheme clusters: an edge inside one ("a👍🏽c" with a box over the thumb
    /// alone left the skin-tone modifier drawn as an emoji of its own; "e\u{301}" over the e left
    /// the accent alone) is an error naming the span and the offset.
    @Test func boxEdgesInsideAClusterAreRefused() throws {
        let box = InlineBox(width: 10, height: 10)
        func error(_ text: String, _ range: Range<Int>) -> String {
            do {
                _ = try TestLayout.engine.layout(text, spans: [TextSpan(range: 0..<1), TextSpan(range: range, inlineBox: box)], options: LayoutOptions())
                return "none"
            } catch { return error.description }
        }
        #expect(error("a👍🏽c", 1..<2) == "invalid value '1..<2' for spans[1]: an inline box replaces whole grapheme clusters: offset 2 is inside one")
        #expect(error("e\u{301}x", 0..<1).contains("offset 1 is inside one"))
        #expect(error("a👨‍👩‍👧c", 2..<5).contains("offset 2 is inside one"))
        #expect(error("a👍🏽c", 1..<3) == "none")
        #expect(error("e\u{301}x", 0..<2) == "none")
    }
}
