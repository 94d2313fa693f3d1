// Properties of the queries over corpus messages, both paragraph directions and several widths:
// every grapheme boundary has a caret inside its line; hit-testing a primary caret's x gives its
// offset back; selection rectangles are as wide as the selected glyphs; moving right from a line's
// left end visits every caret position and ends at its right end.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LayoutQueryPropertyTests {
    /// 60 corpus messages (and a few texts with ligatures, marks and emoji sequences).
    static let texts: [String] = Array(ChatCorpus.messages(count: 60, seed: 0xCA_2E7)) + [
        "لا إله إلا الله", "e\u{301}\u{302}x 👨‍👩‍👧 a", "abc אבג 123 def", "مرحبا@我, 今天天气好吗 🥰 والعدد 2024",
    ]

    static let cases: [(ParagraphDirection, Double?)] = [
        (.leftToRight, nil), (.rightToLeft, nil), (.leftToRight, 120), (.rightToLeft, 120), (.rightToLeft, 60),
    ]

    static let tolerance = 1e-6

    @Test(arguments: cases.indices)
    func caretsHitTestsSelectionsAndMovement(_ c: Int) throws {
        let (direction, width) = Self.cases[c]
        var checkedBoundaries = 0
        var exact = 0
        // Unwrapped lines are long and each check is O(line): a third of the texts there.
        for text in width == nil ? Array(Self.texts.suffix(24)) : Self.texts {
            let layout = TestLayout.layout(text, direction, width: width)
            for (l, line) in layout.lines.enumerated() {
                let boundaries = line.range.lowerBound == line.range.upperBound
                    ? [line.range.lowerBound]
                    : [line.range.lowerBound] + line.range.dropFirst().filter(layout.graphemes.isBoundary) + [line.range.upperBound]
                var xs: [Double] = []
                for b in boundaries {
                    // A caret inside its line.
                    let caret = try layout.caret(at: b, affinity: layout.affinity(of: b, onLine: l))
                    #expect(caret.line == l, "\(text) \(b)")
                    #expect(caret.primary.x >= line.x - Self.tolerance && caret.primary.x <= line.x + line.width + Self.tolerance, "\(text) \(b)")
                    #expect(caret.primary.top == line.top && caret.primary.bottom == line.top + line.height)
                    xs.append(caret.primary.x)
                    // Hit-testing the primary caret's x, mid-height, gives the offset back, or another
                    // whose primary caret is at the same x: in bidi text two offsets may share a place
                    // (as in Pango: "$20" in an LTR line, the line's start and the offset after "$").
                    let hit = try layout.offset(atX: caret.primary.x, y: line.top + line.height / 2)
                    #expect(hit.line == l)
                    if hit.offset == b {
                        exact += 1
                    } else {
                        let hitCaret = try layout.caret(at: hit.offset, affinity: hit.affinity)
                        #expect(
                            abs(hitCaret.primary.x - caret.primary.x) < Self.tolerance,
                            "\(text) (\(direction), \(width ?? 0)): caret \(b) at x \(caret.primary.x) hit-tests to \(hit.offset)")
                    }
                    checkedBoundaries += 1
                }
                // Selections from each cluster start to a later one: as wide as their glyphs.
                try checkSelections(layout, line: line)
                // Moving right from the line's left end visits every caret position, left to right.
                if xs.count <= 40 { try checkRightward(layout, line: l, carets: xs, text: text) }
            }
        }
        #expect(checkedBoundaries > 900)
        // Shared places are the exception: nearly every caret hit-tests to its own offset.
        #expect(Double(exact) > 0.95 * Double(checkedBoundaries), "\(exact) of \(checkedBoundaries) exact")
    }

    /// The selection of [s, e) for cluster starts s < e of `line` (a few each) covers exactly the
    /// advances of the glyphs whose clusters are in [s, e).
    func checkSelections(_ layout: Layout, line: LayoutLine) throws {
        let glyphs = Array(layout.glyphs[line.glyphRange])
        let starts = Array(Set(glyphs.map(\.cluster))).sorted() + [line.range.upperBound]
        guard starts.count > 1 else { return }
        let step = max(1, starts.count / 4)
        for i in stride(from: 0, to: starts.count - 1, by: step) {
            for j in stride(from: i + 1, to: starts.count, by: step) {
                let range = starts[i]..<starts[j]
                let expected = glyphs.filter { range.contains($0.cluster) }.reduce(0) { $0 + $1.advance }
                let rects = try layout.selectionRects(for: range)
                let total = rects.reduce(0) { $0 + $1.width }
                #expect(abs(total - expected) < 1e-6, "selection \(range): \(total) ≠ \(expected)")
                #expect(rects.allSatisfy { $0.y == line.top && $0.height == line.height })
            }
        }
    }

    /// From the line's left end, `right` moves through the distinct caret x's in increasing order
    /// and stops at the largest; the step after leaves the line (or stays, at the layout's end).
    func checkRightward(_ layout: Layout, line l: Int, carets: [Double], text: String) throws {
        let line = layout.lines[l]
        let rtl = layout.paragraphs[line.paragraph].direction == .rightToLeft
        let startOffset = rtl ? line.range.upperBound : line.range.lowerBound
        var position = TextPosition(offset: startOffset, affinity: layout.affinity(of: startOffset, onLine: l))
        var visited = [try layout.caret(at: position.offset, affinity: position.affinity).primary.x]
        for _ in 0..<(carets.count + 2) {
            let next = try layout.move(.right, from: position.offset, affinity: position.affinity)
            let caret = try layout.caret(at: next.offset, affinity: next.affinity)
            if next == position || caret.line != l { break }
            visited.append(caret.primary.x)
            position = next
        }
        var expected: [Double] = []
        for x in carets.sorted() where expected.last.map({ x - $0 >= Layout.sameCaretX }) ?? true { expected.append(x) }
        #expect(visited.count == expected.count && zip(visited, expected).allSatisfy { abs($0 - $1) < Self.tolerance }, "\(text) line \(l)")
    }
}
