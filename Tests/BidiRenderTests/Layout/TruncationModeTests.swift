// Truncation at the start, the middle and the end (issue #35): where each mode puts the ellipsis in
// either paragraph direction, which text it keeps, that a file name keeps its extension, that no cut
// falls inside an entity, and that the kept text is shaped as if it stood alone beside the ellipsis.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TruncationModeTests {
    static func layout(
        _ text: String, _ direction: ParagraphDirection, _ mode: TruncationMode, width: Double?, maxLines: Int = 1,
        locale: String = "ar"
    ) throws -> Layout {
        try TestLayout.engine.layout(
            text,
            options: LayoutOptions(
                direction: direction, locale: LocaleTag(locale), maxWidth: width, maxLines: maxLines, truncation: mode))
    }

    /// A line's runs left to right, each as its text in logical order ("…" for the ellipsis), runs of
    /// one direction next to each other joined.
    static func visualRuns(_ line: LayoutLine, _ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var out: [(String, TextDirection?)] = []
        for run in line.runs {
            let piece = run.isEllipsis ? "\u{2026}" : String(String.UnicodeScalarView(scalars[run.range]))
            let direction: TextDirection? = run.isEllipsis ? nil : run.direction
            if let last = out.last, let d = direction, last.1 == d {
                out[out.count - 1].0 = d == .leftToRight ? last.0 + piece : piece + last.0
            } else {
                out.append((piece, direction))
            }
        }
        return out.map(\.0)
    }

    @Test(arguments: [
        // Latin in a left-to-right paragraph.
        ("report-final-version-with-changes-v3.pdf", ParagraphDirection.leftToRight, TruncationMode.end, 150.0,
         ["report-final-versio", "\u{2026}"]),
        ("report-final-version-with-changes-v3.pdf", .leftToRight, .start, 150, ["\u{2026}", "th-changes-v3.pdf"]),
        ("report-final-version-with-changes-v3.pdf", .leftToRight, .middle, 150, ["report-fi", "\u{2026}", "es-v3.pdf"]),
        // The same in a right-to-left paragraph: the ellipsis at the other edge, the middle's tail on
        // the left.
        ("report-final-version-with-changes-v3.pdf", .rightToLeft, .end, 150, ["\u{2026}", "report-final-versio"]),
        ("report-final-version-with-changes-v3.pdf", .rightToLeft, .start, 150, ["th-changes-v3.pdf", "\u{2026}"]),
        ("report-final-version-with-changes-v3.pdf", .rightToLeft, .middle, 150, ["es-v3.pdf", "\u{2026}", "report-fi"]),
        // Arabic in a right-to-left paragraph: the start keeps the last words (cut inside a word at
        // a grapheme boundary), the middle the first words and the file name.
        ("هذا ملف التقرير النهائي report-v3.pdf", .rightToLeft, .start, 200, ["report-v3.pdf", "لتقرير النهائي ", "\u{2026}"]),
        ("مرحبا كيف حالك؟ هذا ملف التقرير report-v3.pdf", .rightToLeft, .middle, 220, ["report-v3.pdf", "\u{2026}", "مرحبا كيف حالك"]),
        // A narrow middle keeps the extension whole.
        ("a-very-long-file-name-indeed.docx", .leftToRight, .middle, 70, ["a-", "\u{2026}", ".docx"]),
    ])
    func eachModePutsTheEllipsisAtItsEdge(
        text: String, direction: ParagraphDirection, mode: TruncationMode, width: Double, expected: [String]
    ) throws {
        let layout = try Self.layout(text, direction, mode, width: width)
        #expect(layout.truncated)
        #expect(layout.lines.count == 1)
        let line = try #require(layout.lines.first)
        #expect(Self.visualRuns(line, text) == expected)
        #expect(line.contentWidth <= width + 1e-6)
        // The ellipsis is a tap target at its run.
        let ellipsisRun = line.runs.first(where: \.isEllipsis)
        let ellipsis = try #require(ellipsisRun)
        let found = layout.entities.first { $0.kind == .ellipsis }
        let entity = try #require(found)
        #expect(entity.rects.first?.x == ellipsis.x)
    }
}

extension TruncationModeTests {
    /// The start keeps the text's last lines: the first kept line starts with the ellipsis and the
    /// last ends the text; the lines between are those line filling made.
    @Test(arguments: [ParagraphDirection.leftToRight, .rightToLeft])
    func startKeepsTheLastLines(direction: ParagraphDirection) throws {
        let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        let whole = try Self.layout(text, direction, .end, width: 100, maxLines: 99)
        #expect(!whole.truncated && whole.lines.count > 4)
        let layout = try Self.layout(text, direction, .start, width: 100, maxLines: 3)
        #expect(layout.truncated)
        #expect(layout.lines.count == 3)
        let first = layout.lines[0].runs
        #expect((direction == .rightToLeft ? first.last : first.first)?.isEllipsis == true)
        // The last two lines are the whole layout's last two.
        #expect(layout.lines[1].range == whole.lines[whole.lines.count - 2].range)
        #expect(layout.lines[2].range == whole.lines[whole.lines.count - 1].range)
        // The first kept line ends where the whole layout's line before those ends, and takes in as
        // much of the text before it as fits beside the ellipsis.
        #expect(layout.lines[0].range.upperBound == whole.lines[whole.lines.count - 3].range.upperBound)
        #expect(layout.lines[0].contentWidth <= 100 + 1e-6)
        // No line but the first has an ellipsis, and the ellipsis entity is on the first line.
        #expect(layout.lines.dropFirst().allSatisfy { !$0.runs.contains(where: \.isEllipsis) })
        let found = layout.entities.first { $0.kind == .ellipsis }
        let ellipsis = try #require(found)
        #expect(ellipsis.rects.first.map { $0.y == layout.lines[0].top } == true)
    }

    /// Over paragraphs: the paragraphs before the first kept line are listed and show no line.
    @Test func startOverParagraphs() throws {
        let text = "first paragraph\nsecond\nthird"
        let layout = try Self.layout(text, .leftToRight, .start, width: nil, maxLines: 2)
        #expect(layout.truncated)
        #expect(layout.paragraphs.count == 3)
        #expect(layout.lines.map(\.paragraph) == [1, 2])
        #expect(layout.lines.map(\.range) == [16..<22, 23..<28])
        #expect(Self.visualRuns(layout.lines[0], text) == ["\u{2026}", "second"])
        // The whole text fits: nothing is cut.
        let fits = try Self.layout(text, .leftToRight, .start, width: nil, maxLines: 3)
        #expect(!fits.truncated && fits.lines.count == 3)
        #expect(fits.lines.allSatisfy { !$0.runs.contains(where: \.isEllipsis) })
    }

    /// Entities go whole at the start's cut and at both cuts of the middle; a URL goes whole at a
    /// start cut (its tail without the host names no site) unless it ends the kept text.
    @Test(arguments: [
        ("please call +966 55 123 4567 now", ParagraphDirection.leftToRight, TruncationMode.start, 120.0, ["\u{2026}", "now"]),
        ("اتصل على +966 55 123 4567 الآن", .rightToLeft, .start, 120, ["الآن", "\u{2026}"]),
        ("thanks @alexander_the_great for the files", .leftToRight, .middle, 190, ["thanks ", "\u{2026}", "for the files"]),
        ("mail someone.long@example.com today please", .leftToRight, .start, 140, ["\u{2026}", "today please"]),
        ("اكتب إلى someone.long@example.com اليوم من فضلك", .rightToLeft, .start, 140, ["اليوم من فضلك", "\u{2026}"]),
        ("tagged #SaudiNationalDay2026 in the photo today", .leftToRight, .middle, 200, ["tagged", "\u{2026}", "photo today"]),
        ("الصورة #اليوم_الوطني_السعودي_2026 جميلة جدا اليوم", .rightToLeft, .middle, 200, ["ميلة جدا اليوم", "\u{2026}", "الصورة"]),
        ("شكرا @alexander_the_great على هذا", .rightToLeft, .end, 150, ["\u{2026}", "شكرا"]),
        ("see https://example.com/a/very/long/path/x.html now", .leftToRight, .start, 160, ["\u{2026}", "now"]),
        // An entity at an edge of a middle cut, narrower than the room, is whole: the other side
        // gives way (the tail's half of the room cut "@someone" to "omeone", "#weekend" to "weekend").
        ("hello there my good friend @someone", .leftToRight, .middle, 150, ["hello t", "\u{2026}", "@someone"]),
        ("hello there my good friend #weekend", .leftToRight, .middle, 150, ["hello th", "\u{2026}", "#weekend"]),
        ("call me tomorrow at +966 55 123 4567", .leftToRight, .middle, 200, ["call me", "\u{2026}", "+966 55 123 4567"]),
        ("اتصل بي غدا من فضلك على +966 55 123 4567", .rightToLeft, .middle, 200, ["+966 55 123 4567", "\u{2026}", "اتصل بي"]),
        ("@alexander_the_great said hello to everyone here today", .leftToRight, .middle, 200,
         ["@alexander_the_great", "\u{2026}", "ay"]),
        ("@سارة_العلي_الأحمد قالت مرحبا للجميع هنا اليوم", .rightToLeft, .middle, 160, ["وم", "\u{2026}", "@سارة_العلي_الأحمد"]),
        // An entity that ends the text and is wider than the line is cut at a grapheme boundary.
        ("see https://example.com/a/very/long/path/x.html", .leftToRight, .start, 120, ["\u{2026}", "g/path/x.html"]),
    ])
    func entitiesGoWhole(
        text: String, direction: ParagraphDirection, mode: TruncationMode, width: Double, expected: [String]
    ) throws {
        let layout = try Self.layout(text, direction, mode, width: width)
        #expect(layout.truncated)
        #expect(Self.visualRuns(try #require(layout.lines.first), text).map { $0.trimmingCharacters(in: .whitespaces) }
            == expected.map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// The kept text is shaped as a line of its own beside the ellipsis: an Arabic word cut at the
    /// start takes its initial form, one cut at the end its final form — the glyphs those pieces
    /// have laid out alone.
    @Test(arguments: [TruncationMode.start, .end, .middle])
    func keptTextIsShapedAsItsOwnLine(mode: TruncationMode) throws {
        let text = "السلام عليكم ورحمة الله وبركاته يا أصدقائي الأعزاء"
        let scalars = Array(text.unicodeScalars)
        for width in stride(from: 90.0, through: 260, by: 17) {
            let layout = try Self.layout(text, .rightToLeft, mode, width: width)
            guard layout.truncated, let line = layout.lines.first else { continue }
            // Each maximal piece of kept text, laid out alone without a width, has the same glyphs.
            var pieces: [[LayoutRun]] = [[]]
            for run in line.runs { if run.isEllipsis { pieces.append([]) } else { pieces[pieces.count - 1].append(run) } }
            for runs in pieces where !runs.isEmpty {
                let lo = runs.map(\.range.lowerBound).min()!, hi = runs.map(\.range.upperBound).max()!
                let alone = try TestLayout.engine.layout(
                    String(String.UnicodeScalarView(scalars[lo..<hi])),
                    options: LayoutOptions(direction: .rightToLeft, locale: "ar"))
                #expect(runs.flatMap { layout.glyphs(of: $0) }.map(\.id) == Array(alone.glyphs[alone.lines[0].glyphRange]).map(\.id),
                        "\(mode) at \(width) px: [\(lo), \(hi))")
            }
        }
    }
}

extension TruncationModeTests {
    /// The corpus with a phone number, a mention, a URL, an e-mail address and a hashtag put into
    /// each message, truncated at the start and in the middle at widths 80–300 on one or two lines:
    /// no cut inside an entity (but one that ends the kept text at a start cut, or starts the line
    /// at an end cut, and a URL's path at an end cut), and the carets, hit tests and selections of
    /// the truncated lines answer.
    @Test(arguments: [TruncationMode.start, .middle])
    func noCutInsideAnEntityOverTheCorpus(mode: TruncationMode) throws {
        var truncated = 0
        for text in TruncationEntityTests.messagesWithEntities(count: 60) {
            let scalars = Array(text.unicodeScalars)
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                for width in stride(from: 80.0, through: 300, by: 44) {
                    for maxLines in [1, 2] {
                        let layout = try Self.layout(text, direction, mode, width: width, maxLines: maxLines)
                        guard layout.truncated else { continue }
                        truncated += 1
                        let line = try #require(mode == .start ? layout.lines.first : layout.lines.last)
                        let label = "\(text) at \(width) px, \(maxLines) line(s)"
                        let ellipsisRun = line.runs.first(where: \.isEllipsis)
                        let cut = try #require(ellipsisRun).range.lowerBound
                        if mode == .start {
                            // The kept text's end, without its trailing white space.
                            var end = line.runs.map(\.range.upperBound).max() ?? cut
                            while end > cut, scalars[end - 1].properties.isWhitespace { end -= 1 }
                            for entity in layout.entities where entity.kind != .ellipsis {
                                #expect(!(entity.range.lowerBound < cut && cut < entity.range.upperBound && entity.range.upperBound < end), "\(label): start cut at \(cut)")
                            }
                        } else {
                            #expect(TruncationEntityTests.allowed(cut, start: line.range.lowerBound, layout, scalars), "\(label): head cut at \(cut)")
                            if let tail = line.runs.filter({ !$0.isEllipsis && $0.range.lowerBound >= cut && !$0.range.isEmpty }).map(\.range.lowerBound).min(), tail > cut {
                                for entity in layout.entities where entity.kind != .ellipsis {
                                    #expect(!(entity.range.lowerBound < tail && tail < entity.range.upperBound && entity.range.upperBound < line.range.upperBound), "\(label): tail cut at \(tail)")
                                }
                            }
                        }
                        #expect(line.contentWidth <= width + 1e-6 || line.runs.count == 1, "\(label): \(line.contentWidth) px")
                        // The queries answer on every boundary of the line and the whole text.
                        for offset in stride(from: 0, through: scalars.count, by: 3) {
                            _ = try layout.caret(at: offset)
                            _ = try layout.selectionRects(for: 0..<offset)
                        }
                        _ = try layout.offset(atX: 5, y: line.baseline)
                    }
                }
            }
        }
        #expect(truncated > 200)
    }
}
