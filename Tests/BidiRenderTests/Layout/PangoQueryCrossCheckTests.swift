// The queries against Pango, on texts in one font (DejaVu Sans, which has Latin, Hebrew and Arabic)
// given to both engines, so that positions can agree: strong and weak carets
// (pango_layout_get_cursor_pos), hit-testing (pango_layout_xy_to_index) and the strong cursor's
// visual moves (pango_layout_move_cursor_visually), within 0.5 px.
import CPangoReference
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

/// One Pango layout on one font file, owned here (destroyed with the object).
final class PangoReference {
    private let handle: UnsafeMutablePointer<cpango_reference>
    /// The text's byte offset of each scalar offset (and of the end).
    private(set) var byteOffsets: [Int] = []

    init?(fontFile: String, family: String, size: Double, rightToLeft: Bool) {
        guard let handle = cpango_reference_create(fontFile, family, size, rightToLeft ? 1 : 0) else { return nil }
        self.handle = handle
    }

    deinit { cpango_reference_destroy(handle) }

    func setText(_ text: String) {
        var bytes = Array(text.utf8)
        byteOffsets = [0]
        for scalar in text.unicodeScalars { byteOffsets.append(byteOffsets.last! + String(scalar).utf8.count) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cpango_reference_set_text(handle, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// The scalar offset of byte index `index`, plus `trailing` scalars.
    func offset(byte index: Int, trailing: Int) -> Int { (byteOffsets.firstIndex(of: index) ?? 0) + trailing }

    /// The strong and weak cursor x of scalar offset `o`.
    func cursor(_ o: Int) -> (strong: Double, weak: Double) {
        var strong = 0.0
        var weak = 0.0
        cpango_reference_cursor(handle, Int32(byteOffsets[o]), &strong, &weak)
        return (strong, weak)
    }

    /// The scalar offset at (x, y), trailing graphemes counted (the caret offset).
    func offset(atX x: Double, y: Double) -> Int {
        var trailing: Int32 = 0
        let index = cpango_reference_xy_to_index(handle, x, y, &trailing)
        return offset(byte: Int(index), trailing: Int(trailing))
    }

    /// The strong cursor's offsets moving `right` (or left) from scalar offset `o` to the layout's end.
    func visualWalk(from o: Int, right: Bool) -> [Int] {
        var visited = [o]
        var index = Int32(byteOffsets[o])
        var trailing: Int32 = 0
        for _ in 0..<(byteOffsets.count * 2) {
            var newTrailing: Int32 = 0
            let next = cpango_reference_move(handle, index, trailing, right ? 1 : -1, &newTrailing)
            if next < 0 || next == Int32.max { break }
            (index, trailing) = (next, newTrailing)
            visited.append(offset(byte: Int(index), trailing: Int(trailing)))
        }
        return visited
    }

    var width: Double { cpango_reference_width(handle) }
}

@Suite struct PangoQueryCrossCheckTests {
    static let fontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// An engine whose only font is DejaVu Sans.
    static let engine: LayoutEngine? = {
        let json = "{\"packages\":[{\"locale\":\"default\",\"fonts\":[{\"weight\":400,\"style\":\"normal\",\"file\":\"\(fontFile)\"}]}]}"
        guard FileManager.default.fileExists(atPath: fontFile),
            let manifest = try? FontManifest(data: Array(json.utf8), path: "/tmp/dejavu.json", allowsPathsOutsideFolder: true),
            let registry = try? FontRegistry(manifest: manifest, systemFallback: false)
        else { return nil }
        return LayoutEngine(registry: registry)
    }()

    static let size = 20.0
    static let tolerance = 0.5

    /// LTR, RTL and mixed texts, each in both paragraph directions, one line, no trailing space.
    static let texts = [
        "hello world", "שלום עולם", "abc אבג def", "אבג abc דהו", "مرحبا بالعالم", "hello مرحبا world",
        "مرحبا hello 123 بالعالم", "abc 123 אבג 456", "(abc) [אבג]",
    ]

    static func both(_ text: String, rtl: Bool) throws -> (Layout, PangoReference) {
        let engine = try #require(engine, "DejaVu Sans at \(fontFile) (fonts-dejavu-core)")
        let pango = try #require(PangoReference(fontFile: fontFile, family: "DejaVu Sans", size: size, rightToLeft: rtl))
        let layout = try engine.layout(
            text, options: LayoutOptions(direction: rtl ? .rightToLeft : .leftToRight, locale: LocaleTag("en"), size: size, alignment: .left))
        pango.setText(text)
        return (layout, pango)
    }

    @Test(arguments: texts, [false, true])
    func caretsAgreeWithPango(_ text: String, rtl: Bool) throws {
        let (layout, pango) = try Self.both(text, rtl: rtl)
        #expect(abs(layout.width - pango.width) < Self.tolerance, "width")
        for o in 0...layout.graphemes.count where layout.graphemes.isBoundary(o) {
            let caret = try layout.caret(at: o)
            let reference = pango.cursor(o)
            #expect(abs(caret.primary.x - reference.strong) < Self.tolerance, "\(text) \(rtl) strong \(o): \(caret.primary.x) vs \(reference.strong)")
            let weak = caret.secondary?.x ?? caret.primary.x
            #expect(abs(weak - reference.weak) < Self.tolerance, "\(text) \(rtl) weak \(o): \(weak) vs \(reference.weak)")
        }
    }

    /// Points a quarter and three quarters into every glyph, mid-line.
    @Test(arguments: texts, [false, true])
    func hitTestingAgreesWithPango(_ text: String, rtl: Bool) throws {
        let (layout, pango) = try Self.both(text, rtl: rtl)
        let line = layout.lines[0]
        let y = line.top + line.height / 2
        for glyph in layout.glyphs[line.glyphRange] where glyph.advance > 2 {
            for x in [glyph.x + glyph.advance / 4, glyph.x + glyph.advance * 3 / 4] {
                let hit = try layout.offset(atX: x, y: y)
                #expect(hit.offset == pango.offset(atX: x, y: y), "\(text) \(rtl) x \(x)")
            }
        }
        #expect(try layout.offset(atX: -20, y: y).offset == pango.offset(atX: -20, y: y))
        #expect(try layout.offset(atX: layout.width + 20, y: y).offset == pango.offset(atX: layout.width + 20, y: y))
    }

    /// Moving the strong cursor right from the line's left end, and left from its right end.
    @Test(arguments: texts, [false, true])
    func visualMovesAgreeWithPango(_ text: String, rtl: Bool) throws {
        let (layout, pango) = try Self.both(text, rtl: rtl)
        let count = layout.graphemes.count
        for (right, start) in [(true, rtl ? count : 0), (false, rtl ? 0 : count)] {
            var ours = [start]
            var position = TextPosition(offset: start)
            while true {
                let next = try layout.move(right ? .right : .left, from: position.offset, affinity: position.affinity)
                if next == position { break }
                ours.append(next.offset)
                position = next
            }
            #expect(ours == pango.visualWalk(from: start, right: right), "\(text) rtl \(rtl) right \(right)")
        }
    }

    /// Left and right across paragraphs of different directions (auto), each offset's one step
    /// against `pango_layout_move_cursor_visually` (Pango 1.50, `pango_layout_set_auto_dir`; its
    /// "off the end" is staying here). Right from the start of "جد" enters "ab" after "b" (2), as
    /// Pango does; it went to "ab"'s left end (0). The one difference, documented: left from the
    /// end of a right-to-left paragraph into another enters it at its start (3), where Pango skips
    /// the line to its end (5).
    static let paragraphMoves: [(text: String, steps: [(right: Int, left: Int)])] = [
        ("ab\nجد\nef", [(1, 0), (2, 0), (5, 1), (2, 4), (3, 5), (4, 8), (7, 5), (8, 6), (8, 7)]),
        ("ab\nجد", [(1, 0), (2, 0), (5, 1), (2, 4), (3, 5), (4, 5)]),
        ("جد\nab", [(0, 1), (0, 2), (1, 5), (4, 2), (5, 3), (5, 4)]),
        ("ab\ncd", [(1, 0), (2, 0), (3, 1), (4, 2), (5, 3), (5, 4)]),
        ("جد\nهو", [(0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (4, 5)]),
    ]

    @Test(arguments: paragraphMoves)
    func movesAcrossParagraphs(text: String, steps: [(right: Int, left: Int)]) throws {
        let layout = try TestLayout.engine.layout(text, options: LayoutOptions(direction: .auto))
        try #require(layout.lines.count == text.split(separator: "\n").count)
        for (o, step) in steps.enumerated() {
            #expect(try layout.move(.right, from: o).offset == step.right, "\(text.debugDescription) right from \(o)")
            #expect(try layout.move(.left, from: o).offset == step.left, "\(text.debugDescription) left from \(o)")
        }
    }
}
