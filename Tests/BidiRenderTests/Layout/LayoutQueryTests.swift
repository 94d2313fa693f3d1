// Queries on a layout, on texts whose answers are known: carets at direction boundaries and soft
// line breaks, hit-testing, selection rectangles, ligature carets (GDEF and even), movement.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LayoutQueryTests {
    /// The pen x of each glyph of `layout`'s line `l`, by cluster (left edge, advance).
    static func glyphEdges(_ layout: Layout, line l: Int = 0) -> [Int: (left: Double, right: Double)] {
        var edges: [Int: (left: Double, right: Double)] = [:]
        for run in layout.lines[l].runs {
            var pen = run.x
            for g in layout.glyphs(of: run) {
                let old = edges[g.cluster]
                edges[g.cluster] = (min(old?.left ?? pen, pen), max(old?.right ?? pen + g.advance, pen + g.advance))
                pen += g.advance
            }
        }
        return edges
    }

    /// LTR text: a caret at every boundary, at the glyphs' edges, with no secondary.
    @Test func ltrCaretsAtGlyphEdges() throws {
        let layout = TestLayout.layout("abc", .leftToRight, locale: "en")
        let edges = Self.glyphEdges(layout)
        for o in 0...3 {
            let caret = try layout.caret(at: o)
            let expected = o == 3 ? edges[2]!.right : edges[o]!.left
            #expect(abs(caret.primary.x - expected) < 1e-9, "offset \(o)")
            #expect(caret.secondary == nil && caret.line == 0 && caret.primary.direction == .leftToRight)
            #expect(caret.primary.top == layout.lines[0].top && caret.primary.bottom == layout.lines[0].top + layout.lines[0].height)
        }
    }

    /// "abc אבג" in an LTR paragraph reads "abc גבא". At 4 (between the space and א) the primary
    /// caret follows the space (LTR, the paragraph's direction), the secondary is at א's right
    /// edge; at 7 (the end) the primary is at the line's right end and the secondary after ג.
    @Test func directionBoundaryHasTwoCarets() throws {
        let layout = TestLayout.layout("abc אבג", .leftToRight, locale: "en")
        let edges = Self.glyphEdges(layout)
        let atFour = try layout.caret(at: 4)
        #expect(abs(atFour.primary.x - edges[3]!.right) < 1e-9 && atFour.primary.direction == .leftToRight)
        let secondary = try #require(atFour.secondary)
        #expect(abs(secondary.x - edges[4]!.right) < 1e-9 && secondary.direction == .rightToLeft)
        let atEnd = try layout.caret(at: 7)
        #expect(abs(atEnd.primary.x - (layout.lines[0].x + layout.lines[0].width)) < 1e-9)
        #expect(abs(try #require(atEnd.secondary).x - edges[6]!.left) < 1e-9)
        // Inside the RTL run, one caret: between ב and ג, at ג's right edge.
        let inside = try layout.caret(at: 6)
        #expect(inside.secondary == nil && abs(inside.primary.x - edges[6]!.right) < 1e-9)
        #expect(inside.primary.direction == .rightToLeft)
    }

    /// The mirror image: "אבג abc" in an RTL paragraph; at 4 the primary caret follows the space
    /// (RTL), on the left of it, and the secondary is at a's left edge.
    @Test func rtlParagraphPrimaryCaret() throws {
        let layout = TestLayout.layout("אבג abc", .rightToLeft, locale: "he")
        let edges = Self.glyphEdges(layout)
        let caret = try layout.caret(at: 4)
        #expect(abs(caret.primary.x - edges[3]!.left) < 1e-9 && caret.primary.direction == .rightToLeft)
        #expect(abs(try #require(caret.secondary).x - edges[4]!.left) < 1e-9)
        let start = try layout.caret(at: 0)
        #expect(abs(start.primary.x - (layout.lines[0].x + layout.lines[0].width)) < 1e-9 && start.secondary == nil)
    }

    /// At a soft line break, upstream is the first line's end and downstream the next line's start.
    @Test func affinityPicksTheLine() throws {
        let layout = TestLayout.layout("hello world", .leftToRight, locale: "en", width: 50)
        try #require(layout.lines.count == 2 && layout.lines[1].range.lowerBound == 6)
        let up = try layout.caret(at: 6, affinity: .upstream)
        #expect(up.line == 0 && abs(up.primary.x - layout.lines[0].width) < 1e-9)
        let down = try layout.caret(at: 6, affinity: .downstream)
        #expect(down.line == 1 && down.primary.x == 0 && down.primary.top == layout.lines[1].top)
        // Hit-testing right of the first line gives 6 upstream; left of the second, 6 downstream.
        let right = try layout.offset(atX: 500, y: 5)
        #expect(right.offset == 6 && right.affinity == .upstream && right.line == 0 && !right.isInside)
        let left = try layout.offset(atX: -5, y: layout.lines[1].top + 5)
        #expect(left.offset == 6 && left.affinity == .downstream && left.line == 1)
    }

    /// Hit-testing: halves of LTR and RTL graphemes, lines by y, points outside.
    @Test func hitTesting() throws {
        let layout = TestLayout.layout("abc אבג", .leftToRight, locale: "en")
        let edges = Self.glyphEdges(layout)
        let mid = layout.lines[0].top + layout.lines[0].height / 2
        func hit(_ x: Double) throws -> Int { try layout.offset(atX: x, y: mid).offset }
        #expect(try hit(edges[1]!.left + 1) == 1)  // left half of b: before it
        #expect(try hit(edges[1]!.right - 1) == 2)  // right half of b: after it
        #expect(try hit(edges[5]!.right - 1) == 5)  // right half of ב (RTL): before it
        #expect(try hit(edges[5]!.left + 1) == 6)  // left half of ב: after it
        #expect(try hit(-10) == 0 && hit(1000) == 7)
        let inside = try layout.offset(atX: edges[0]!.left + 1, y: mid)
        #expect(inside.isInside && inside.line == 0)
        let below = try layout.offset(atX: edges[0]!.left + 1, y: 1000)
        #expect(!below.isInside && below.line == 0 && below.offset == 0)
        #expect(throws: BidiRenderError.self) { try layout.offset(atX: .nan, y: 0) }
    }

    /// A selection across the direction boundary is two rectangles on one line, as wide as the
    /// selected glyphs, as tall as the line box.
    @Test func selectionAcrossDirections() throws {
        let layout = TestLayout.layout("abc אבג", .leftToRight, locale: "en")
        let edges = Self.glyphEdges(layout)
        let rects = try layout.selectionRects(for: 2..<6)
        try #require(rects.count == 2)
        #expect(abs(rects[0].x - edges[2]!.left) < 1e-9 && abs(rects[0].x + rects[0].width - edges[3]!.right) < 1e-9)
        #expect(abs(rects[1].x - edges[5]!.left) < 1e-9 && abs(rects[1].x + rects[1].width - edges[4]!.right) < 1e-9)
        #expect(rects.allSatisfy { $0.y == layout.lines[0].top && $0.height == layout.lines[0].height })
        #expect(try layout.selectionRects(for: 3..<3).isEmpty)
        #expect(throws: BidiRenderError.self) { try layout.selectionRects(for: 0..<8) }
    }

    /// A selection over a soft line break: one rectangle per line.
    @Test func selectionOverLines() throws {
        let layout = TestLayout.layout("hello world", .leftToRight, locale: "en", width: 50)
        let rects = try layout.selectionRects(for: 4..<8)
        #expect(rects.count == 2 && rects[0].y == layout.lines[0].top && rects[1].y == layout.lines[1].top)
        #expect(rects[1].x == 0)
    }

    /// Lam-alef with madda (one glyph for two graphemes): the caret inside is at the font's GDEF
    /// ligature caret (291 units of 1000 in Noto Sans Arabic), not the middle; hit-testing and
    /// selection divide the glyph there.
    @Test func ligatureCaretFromGDEF() throws {
        let layout = TestLayout.layout("لآ", .rightToLeft, size: 100)
        let glyphs = Array(layout.glyphs[layout.lines[0].glyphRange])
        try #require(glyphs.count == 1)
        let ligature = glyphs[0]
        #expect(layout.graphemes.ligatureCaret(at: 1) != nil)
        let caret = try layout.caret(at: 1)
        #expect(abs(caret.primary.x - (ligature.x + 29.1)) < 1e-6)
        #expect(abs(caret.primary.x - (ligature.x + ligature.advance / 2)) > 1)
        let rects = try layout.selectionRects(for: 0..<1)
        #expect(rects.count == 1 && abs(rects[0].x - caret.primary.x) < 1e-6)
        #expect(abs(rects[0].x + rects[0].width - (ligature.x + ligature.advance)) < 1e-6)
        // Right of the caret is the first grapheme (lam): its right half gives 0, its left half 1.
        let mid = layout.lines[0].top + 10
        #expect(try layout.offset(atX: ligature.x + ligature.advance - 1, y: mid).offset == 0)
        #expect(try layout.offset(atX: caret.primary.x + 1, y: mid).offset == 1)
        #expect(try layout.offset(atX: caret.primary.x - 1, y: mid).offset == 1)
        #expect(try layout.offset(atX: ligature.x + 1, y: mid).offset == 2)
    }

    /// Each built line counts its runs' distinct clusters as it places their glyphs (the caret
    /// index reads ligatures from it): the count equals the clusters read back from the layout's
    /// glyphs, over corpus messages, a spoiler and lam-alef ligatures; a truncated line is counted
    /// when the carets are read (-1).
    @Test func linesCountTheirClusters() throws {
        var texts = ChatCorpus.messages(count: 60, seed: 17) + ["لآ لا hello ffi", "a  b"]
        texts.append("السلام عليكم ورحمة الله وبركاته يا أصدقائي الأعزاء")
        var checked = (lines: 0, merged: 0)
        for (i, text) in texts.enumerated() {
            var options = LayoutOptions(direction: i % 2 == 0 ? .rightToLeft : .auto, locale: LocaleTag("ar"), maxWidth: 140)
            options.maxLines = i % 3 == 0 ? 2 : nil
            var spoiler = TextSpan(range: 0..<3)
            spoiler.entity = .spoiler
            let spans = i == 1 ? [spoiler] : []
            let layout = try TestLayout.engine.layout(text, spans: spans, options: options)
            for (l, line) in layout.lines.enumerated() {
                let cut = layout.truncated && l == layout.lines.count - 1
                var clusters = 0
                for run in line.runs { clusters += Set(layout.glyphs(of: run).map(\.cluster)).count }
                #expect(line.clusterCount == (cut ? -1 : clusters), "\(text) line \(l)")
                checked.lines += 1
                if clusters < line.range.count { checked.merged += 1 }
            }
        }
        #expect(checked.lines > 100 && checked.merged > 3)
    }

    /// An offset inside a grapheme snaps to its start; next and previous step over whole graphemes.
    @Test func graphemesSnap() throws {
        let text = "a👨‍👩‍👧e\u{301}b"
        let layout = TestLayout.layout(text, .leftToRight, locale: "en")
        #expect(layout.graphemes.count == 9)
        #expect(try layout.caret(at: 3) == layout.caret(at: 1))
        #expect(try layout.caret(at: 7) == layout.caret(at: 6))
        #expect(try layout.move(.next, from: 1).offset == 6)
        #expect(try layout.move(.next, from: 6).offset == 8)
        #expect(try layout.move(.previous, from: 8).offset == 6)
        #expect(try layout.move(.previous, from: 0).offset == 0)
        #expect(try layout.move(.next, from: 9).offset == 9)
        #expect(try layout.selectionRects(for: 2..<4).isEmpty)
        #expect(throws: BidiRenderError.self) { try layout.caret(at: 10) }
    }

    /// Moving right over "abc אבג" (LTR) visits the primary carets left to right: after the space
    /// it enters the RTL run at its left, as Pango's strong cursor does; left retraces the way.
    @Test func visualMovement() throws {
        let layout = TestLayout.layout("abc אבג", .leftToRight, locale: "en")
        func walk(_ movement: CaretMovement, from start: Int) throws -> [Int] {
            var visited = [start]
            var position = TextPosition(offset: start)
            while true {
                let next = try layout.move(movement, from: position.offset, affinity: position.affinity)
                if next == position { break }
                visited.append(next.offset)
                position = next
            }
            return visited
        }
        #expect(try walk(.right, from: 0) == [0, 1, 2, 3, 4, 6, 5, 7])
        #expect(try walk(.left, from: 7) == [7, 5, 6, 4, 3, 2, 1, 0])
    }

    /// Across a soft break: right from the end of a line goes past the next line's start (the same
    /// offset) to its first grapheme; up and down keep x.
    @Test func movementAcrossLines() throws {
        let layout = TestLayout.layout("hello world", .leftToRight, locale: "en", width: 50)
        #expect(try layout.move(.right, from: 5) == TextPosition(offset: 6, affinity: .upstream))
        #expect(try layout.move(.right, from: 6, affinity: .upstream) == TextPosition(offset: 7))
        #expect(try layout.move(.left, from: 6, affinity: .downstream) == TextPosition(offset: 5))
        #expect(try layout.move(.down, from: 1).offset == 7)  // "h|ello" → "w|orld"
        #expect(try layout.move(.up, from: 7).offset == 1)
        #expect(try layout.move(.up, from: 2).offset == 0)
        #expect(try layout.move(.down, from: 8).offset == 11)
    }

    /// RTL lines: right from a line's right end (its start) goes up to the previous line's left
    /// end; left from its left end goes down to the next line.
    @Test func rtlMovementAcrossLines() throws {
        let layout = TestLayout.layout("مرحبا بالعالم الجميل", .rightToLeft, width: 90)
        try #require(layout.lines.count >= 2)
        let second = layout.lines[1].range.lowerBound
        let back = try layout.move(.right, from: second)
        let backLine = try layout.caret(at: back.offset, affinity: back.affinity).line
        #expect(back.offset < second && backLine == 0)
        let forward = try layout.move(.left, from: second, affinity: .upstream)
        let forwardLine = try layout.caret(at: forward.offset, affinity: forward.affinity).line
        #expect(forward.offset > second && forwardLine == 1)
    }

    /// An empty text has one caret, at its start.
    @Test func emptyText() throws {
        let layout = TestLayout.layout("", .leftToRight, locale: "en")
        #expect(try layout.caret(at: 0).primary.x == 0)
        #expect(try layout.offset(atX: 10, y: 10).offset == 0)
        #expect(try layout.move(.right, from: 0).offset == 0)
        #expect(try layout.selectionRects(for: 0..<0).isEmpty)
    }
}
