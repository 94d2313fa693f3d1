// The ellipsis of a truncated layout as an entity (issue #35): "… اقرأ المزيد" / "… Read more" is a
// tap target of kind `ellipsis`, empty at the cut, whose one rectangle is the ellipsis run's, at the
// paragraph's end edge; a caller cannot declare one.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EllipsisEntityTests {
    @Test(arguments: [
        ("مرحبا بكم في hello world example and more text", ParagraphDirection.rightToLeft, "… اقرأ المزيد"),
        ("Hello there, this is a long preview of a message", .leftToRight, "… Read more"),
    ])
    func theEllipsisIsATapTarget(text: String, direction: ParagraphDirection, ellipsis: String) throws {
        let layout = try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: direction, locale: "ar", maxWidth: 180, maxLines: 1, ellipsis: ellipsis))
        let line = try #require(layout.lines.last)
        // One run a font ("… اقرأ المزيد" in an Arabic UI: the words in the Arabic font, "…" in
        // another), side by side: one rectangle over them.
        let runs = line.runs.filter(\.isEllipsis)
        let run = try #require(runs.first)
        let advance = try #require(runs.last).x + runs.last!.advance - run.x
        let entity = try #require(layout.entities.first { $0.kind == .ellipsis })
        #expect(entity.range == line.range.upperBound..<line.range.upperBound)
        #expect(entity.rects == [LayoutRect(x: run.x, y: line.top, width: advance, height: line.height)])
        // At the paragraph's end edge: the left in RTL, the right in LTR.
        if direction == .rightToLeft {
            #expect(run.x <= line.runs.filter { !$0.isEllipsis }.map(\.x).min()!)
        } else {
            #expect(run.x >= line.runs.filter { !$0.isEllipsis }.map(\.x).max()!)
        }
        // A tap in the middle of it finds it.
        let hit = try layout.entity(atX: run.x + advance / 2, y: line.top + line.height / 2)
        #expect(hit?.kind == .ellipsis)
        // Not truncated: no ellipsis entity.
        let whole = try TestLayout.engine.layout(text, options: LayoutOptions(direction: direction, maxWidth: 180, ellipsis: ellipsis))
        #expect(!whole.entities.contains { $0.kind == .ellipsis })
    }

    /// The ellipsis is the grapheme of the text it hides: a point on its near half (in reading
    /// order) hits the hidden text's start (the cut), one on its far half the hidden text's end: the
    /// text's end for `.end`, the tail's start for `.middle`. Before, its right half gave the offset
    /// after the cut, a hidden offset with no caret of its own (12 in "hello world foo…", kept
    /// 0..<11). In both directions; an ellipsis in two fonts is one grapheme over both runs.
    @Test(arguments: [TruncationMode.end, .middle])
    func aPointOnTheEllipsisIsTheHiddenTextsNearerEnd(mode: TruncationMode) throws {
        for (text, direction) in [("hello world foo bar baz qux", ParagraphDirection.leftToRight), ("مرحبا بكم في مجموعة العمل غدا", .rightToLeft)] {
            let layout = try TestLayout.engine.layout(
                text, options: LayoutOptions(direction: direction, maxWidth: 90, maxLines: 2, truncation: mode))
            let line = try #require(layout.lines.last)
            let runs = line.runs.filter(\.isEllipsis)
            let cut = try #require(runs.first).range.lowerBound
            let count = text.unicodeScalars.count
            let hiddenEnd = mode == .end ? count : line.runs.map(\.range.lowerBound).filter { $0 > cut }.min() ?? count
            #expect(hiddenEnd > cut + 1)
            let (left, right) = (runs.first!.x, runs.last!.x + runs.last!.advance)
            let rtl = direction == .rightToLeft
            for fraction in [0.1, 0.4, 0.6, 0.9] {
                let hit = try layout.offset(atX: left + (right - left) * fraction, y: line.top + line.height / 2)
                #expect(hit.offset == ((fraction < 0.5) != rtl ? cut : hiddenEnd), "\(text) \(mode) at \(fraction)")
                #expect(hit.isInside)
            }
        }
    }

    @Test func aCallerCannotDeclareOne() {
        #expect(throws: BidiRenderError.self) {
            try TestLayout.engine.layout("abc", spans: [TextSpan(range: 0..<1, entity: .ellipsis)], options: LayoutOptions())
        }
        #expect(EntityIsolation.isolated("abc", direction: .leftToRight, spans: [TextSpan(range: 0..<1, entity: .ellipsis)]).entities.isEmpty)
    }
}
