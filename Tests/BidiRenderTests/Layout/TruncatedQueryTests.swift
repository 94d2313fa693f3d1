// Queries on a truncated layout: the text the truncation hides is one grapheme, drawn by the
// ellipsis (as Pango's ellipsized run stands for its text). A caret at its start is at the
// ellipsis's leading edge, one at its end at its trailing edge, one inside it snaps to its start;
// logical and visual moves step over it; a selection holds the ellipsis when it holds the hidden
// text; an entity's tap targets leave it out. For each truncation mode, in both directions.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TruncatedQueryTests {
    static let cases: [(String, ParagraphDirection, TruncationMode)] = [
        ("hello world this is a long message that gets cut", .leftToRight, .end),
        ("hello world this is a long message that gets cut", .leftToRight, .start),
        ("hello world this is a long message that gets cut", .leftToRight, .middle),
        ("مرحبا بكم في مجموعة العمل غدا نلتقي في المكتب", .rightToLeft, .end),
        ("مرحبا بكم في مجموعة العمل غدا نلتقي في المكتب", .rightToLeft, .start),
        ("مرحبا بكم في مجموعة العمل غدا نلتقي في المكتب", .rightToLeft, .middle),
    ]

    /// The layout, its ellipsis's line, the ellipsis's left and right edges, and the hidden text
    /// (found from the runs: the cut, and the text's end, its start, or the tail's start).
    static func truncated(
        _ text: String, _ direction: ParagraphDirection, _ mode: TruncationMode
    ) throws -> (layout: Layout, line: Int, left: Double, right: Double, hidden: Range<Int>) {
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: direction, maxWidth: 150, maxLines: 2, truncation: mode))
        #expect(layout.truncated)
        let l = mode == .start ? 0 : layout.lines.count - 1
        let runs = layout.lines[l].runs.filter(\.isEllipsis)
        let cut = try #require(runs.first).range.lowerBound
        let count = text.unicodeScalars.count
        let hidden = switch mode {
        case .end: cut..<count
        case .start: 0..<cut
        case .middle: cut..<(layout.lines[l].runs.map(\.range.lowerBound).filter { $0 > cut }.min() ?? count)
        }
        return (layout, l, runs.first!.x, runs.last!.x + runs.last!.advance, hidden)
    }

    @Test(arguments: cases)
    func caretsAreAtTheEllipsisEdges(text: String, direction: ParagraphDirection, mode: TruncationMode) throws {
        let t = try Self.truncated(text, direction, mode)
        #expect(t.hidden.count > 2)
        let rtl = direction == .rightToLeft
        // The hidden text's start at the ellipsis's leading edge, its end at its trailing edge.
        let start = try t.layout.caret(at: t.hidden.lowerBound)
        let end = try t.layout.caret(at: t.hidden.upperBound)
        #expect(start.line == t.line && end.line == t.line)
        #expect(abs(start.primary.x - (rtl ? t.right : t.left)) < 1e-9, "\(start)")
        #expect(abs(end.primary.x - (rtl ? t.left : t.right)) < 1e-9, "\(end)")
        // An offset inside it is its start.
        for o in [t.hidden.lowerBound + 1, (t.hidden.lowerBound + t.hidden.upperBound) / 2, t.hidden.upperBound - 1] {
            #expect(try t.layout.caret(at: o) == start, "\(o)")
        }
    }

    @Test(arguments: cases)
    func movesStepOverTheHiddenText(text: String, direction: ParagraphDirection, mode: TruncationMode) throws {
        let t = try Self.truncated(text, direction, mode)
        let (h0, h1) = (t.hidden.lowerBound, t.hidden.upperBound)
        #expect(try t.layout.move(.next, from: h0).offset == h1)
        #expect(try t.layout.move(.previous, from: h1).offset == h0)
        #expect(try t.layout.move(.next, from: h0 + 1).offset == h1)
        // Visually: across the ellipsis, toward the hidden text's end and back.
        let towardEnd: CaretMovement = direction == .rightToLeft ? .left : .right
        let towardStart: CaretMovement = direction == .rightToLeft ? .right : .left
        #expect(try t.layout.move(towardEnd, from: h0).offset == h1)
        #expect(try t.layout.move(towardStart, from: h1).offset == h0)
        // Every visual stop of the line is a boundary outside the hidden text.
        let stops = t.layout.caretStops(onLine: t.line).map(\.offset)
        #expect(stops.contains(h0) && stops.contains(h1))
        #expect(!stops.contains { $0 > h0 && $0 < h1 })
    }

    @Test(arguments: cases)
    func aSelectionHoldsTheEllipsisWithTheHiddenText(text: String, direction: ParagraphDirection, mode: TruncationMode) throws {
        let t = try Self.truncated(text, direction, mode)
        let line = t.layout.lines[t.line]
        let ellipsis = LayoutRect(x: t.left, y: line.top, width: t.right - t.left, height: line.height)
        #expect(try t.layout.selectionRects(for: t.hidden) == [ellipsis])
        // Offsets inside it snap to its start: from inside it to its end is all of it, from its
        // start to inside it nothing.
        #expect(try t.layout.selectionRects(for: (t.hidden.lowerBound + 1)..<t.hidden.upperBound) == [ellipsis])
        #expect(try t.layout.selectionRects(for: t.hidden.lowerBound..<(t.hidden.upperBound - 1)).isEmpty)
        // The text shown on the line, without the hidden text: no rectangle over the ellipsis.
        let shown = min(line.range.lowerBound, t.hidden.lowerBound)..<max(line.range.upperBound, t.hidden.upperBound)
        for range in [shown.lowerBound..<t.hidden.lowerBound, t.hidden.upperBound..<shown.upperBound] where !range.isEmpty {
            let rects = try t.layout.selectionRects(for: range)
            #expect(!rects.isEmpty)
            #expect(rects.allSatisfy { $0.x + $0.width <= t.left + 1e-9 || $0.x >= t.right - 1e-9 }, "\(range) \(rects)")
        }
    }

    /// An ellipsis against the paragraph's direction ("… Read more" in an RTL paragraph, "اقرأ" in
    /// an LTR one) stands for text of the paragraph's direction: its near half, by the paragraph's
    /// reading order, hits the cut and its far half the text's end, and the carets of both are at
    /// its edges, alone. Its run's own level had mirrored them.
    @Test(arguments: [
        ("مرحبا بكم في هذا التطبيق الجديد للمراسلة", ParagraphDirection.rightToLeft, "… Read more"),
        ("The quick brown fox jumps over the lazy dog", .leftToRight, "اقرأ"),
    ])
    func anEllipsisAgainstTheParagraphFollowsTheParagraph(text: String, direction: ParagraphDirection, ellipsis: String) throws {
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: direction, locale: "ar", maxWidth: 200, maxLines: 1, ellipsis: ellipsis))
        let line = try #require(layout.lines.first)
        let runs = line.runs.filter(\.isEllipsis)
        let (left, right) = (try #require(runs.first).x, runs.last!.x + runs.last!.advance)
        #expect(runs.allSatisfy { $0.level.isRightToLeft != (direction == .rightToLeft) })
        let cut = runs[0].range.lowerBound, end = text.unicodeScalars.count
        let rtl = direction == .rightToLeft
        let (nearX, farX) = rtl ? (right - 2, left + 2) : (left + 2, right - 2)
        let y = line.top + line.height / 2
        #expect(try layout.offset(atX: nearX, y: y).offset == cut)
        #expect(try layout.offset(atX: farX, y: y).offset == end)
        let start = try layout.caret(at: cut), stop = try layout.caret(at: end)
        #expect(abs(start.primary.x - (rtl ? right : left)) < 1e-9 && start.secondary == nil, "\(start)")
        #expect(abs(stop.primary.x - (rtl ? left : right)) < 1e-9 && stop.secondary == nil, "\(stop)")
    }

    /// `.middle` with text after the kept paragraph puts the ellipsis at the end, standing for all
    /// the hidden text: one mark for one stretch. A middle ellipsis had hidden part of the text
    /// while the paragraphs after it vanished unmarked, and one that hid nothing ("he…llo world")
    /// sat inside text it did not cut.
    @Test(arguments: ["abcdefghijklmnopqrstuvwxyz\nxyz", "hello world\nworld"])
    func aMiddleCutWithParagraphsAfterEndsInTheEllipsis(text: String) throws {
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: .leftToRight, maxWidth: 160, maxLines: 1, truncation: .middle))
        #expect(layout.truncated)
        let line = try #require(layout.lines.first)
        #expect(line.runs.last?.isEllipsis == true)
        let cut = try #require(line.runs.last).range.lowerBound
        #expect(line.range == 0..<cut)
        let end = text.unicodeScalars.count
        #expect(try layout.move(.next, from: cut).offset == end)
        #expect(try layout.move(.previous, from: end).offset == cut)
        #expect(try layout.selectionRects(for: cut..<end).count == 1)
    }

    /// `.middle` keeps its paragraph's trailing white space after the tail, hanging as on any last
    /// line: its offsets are on the line, not hidden without a mark.
    @Test func aMiddleCutKeepsTheTrailingSpaces() throws {
        let text = "abcdefghijklmnopqrstuvwxyz   "
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: .leftToRight, maxWidth: 100, maxLines: 1, truncation: .middle))
        let line = try #require(layout.lines.first)
        #expect(line.range == 0..<29)
        #expect(line.contentWidth < line.width)
        #expect(try layout.move(.next, from: 27).offset == 28)
        #expect(try layout.selectionRects(for: 26..<29).count == 1)
    }

    /// A mention the truncation cuts keeps the tap targets of its shown part only: a tap on the
    /// ellipsis is the ellipsis's ("… Read more"), not the mention's.
    @Test(arguments: [ParagraphDirection.leftToRight, .rightToLeft])
    func anEntityCutByTheTruncationLeavesTheEllipsis(direction: ParagraphDirection) throws {
        // A mention longer than the line: truncation cuts it (one that fits is kept whole).
        let text = direction == .rightToLeft ? "@mohammed_alrashid_from_the_office مرحبا" : "@mohammed_alrashid_from_the_office hello"
        let layout = try TestLayout.engine.layout(text, options: LayoutOptions(direction: direction, maxWidth: 160, maxLines: 1))
        #expect(layout.truncated)
        let line = try #require(layout.lines.first)
        let runs = line.runs.filter(\.isEllipsis)
        let (left, right) = (try #require(runs.first).x, runs.last!.x + runs.last!.advance)
        let mention = try #require(layout.entities.first { $0.kind == .mention })
        #expect(!mention.rects.isEmpty)
        #expect(mention.rects.allSatisfy { $0.x + $0.width <= left + 1e-9 || $0.x >= right - 1e-9 }, "\(mention.rects)")
        #expect(try layout.entity(atX: (left + right) / 2, y: line.top + line.height / 2)?.kind == .ellipsis)
    }
}
