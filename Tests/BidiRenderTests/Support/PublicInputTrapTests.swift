// No trap on what a caller passes (issue #39): every public API that takes an offset, a range, a
// String.Index or a count from its caller, given one that is negative, past the end, Int.min,
// Int.max, another string's or inside a scalar, throws the exact `BidiRenderError` case naming the
// parameter, or, where the signature does not throw, gives a defined answer. A trap here fails the
// whole test run. OffsetRuleTests holds the library's offset rule at the edges; this file the
// extremes. Docs/Reliability.md lists the trap sites left and why no input reaches them.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct PublicInputTrapTests {
    /// 15 code points, one paragraph (OffsetRuleTests' text).
    static let text = "abc مرحبا def g"
    static let count = 15

    /// Offsets outside `0...15`: negative, one past the end, and the extremes.
    static let badOffsets = [Int.min, -1, 16, Int.max]

    /// Ranges with an end outside `0...15`.
    static let badRanges: [Range<Int>] = [Int.min..<Int.max, Int.min..<0, -1..<3, 0..<Int.max, 16..<16, Int.max..<Int.max]

    static func shown(_ range: Range<Int>) -> String { "\(range.lowerBound)..<\(range.upperBound)" }

    /// The offset a layout query names first: the lower end when it is out, else the upper.
    static func firstBadEnd(_ range: Range<Int>) -> Int {
        (0...count).contains(range.lowerBound) ? range.upperBound : range.lowerBound
    }

    static func offsetError(_ key: String, _ offset: Int, bound: Int = count) -> BidiRenderError {
        .invalidValue(key: key, value: "\(offset)", reason: "offset out of range 0...\(bound)")
    }

    static func rangeError(_ key: String, _ range: Range<Int>, in bounds: ClosedRange<Int> = 0...count) -> BidiRenderError {
        .invalidValue(key: key, value: shown(range), reason: "not within \(bounds.lowerBound)...\(bounds.upperBound)")
    }

    // `String.indexRange(scalarOffsets:)` and `String.scalarOffsets(of:)` at the extremes, with
    // other strings' indices, mid-scalar UTF-8 and UTF-16 ones: OffsetRuleTests (`indexRangeThrows`,
    // `scalarOffsetsOfAnotherStringsRangeThrows`).

    // MARK: Spans

    /// A `TextSpan` range past the text, through every call that takes spans: the error names the
    /// span, whatever else it carries (a style, an entity, an inline box).
    @Test(arguments: badRanges)
    func spanRangeThroughEveryCall(range: Range<Int>) throws {
        let engine = TestLayout.engine
        let options = LayoutOptions(locale: "en")
        let error = Self.rangeError("spans[0]", range)
        for span in [
            TextSpan(range: range, weight: .bold), TextSpan(range: range, entity: .mention, id: "u1"),
            TextSpan(range: range, id: "box", inlineBox: InlineBox(width: 10, height: 10)),
        ] {
            #expect(throws: error) { try engine.layout(Self.text, spans: [span], options: options) }
            #expect(throws: error) { try engine.prepare(Self.text, spans: [span], options: options) }
            #expect(throws: error) { try engine.intrinsicWidths(Self.text, spans: [span], options: options) }
            #expect(throws: error) { try engine.fontChoices(for: Self.text, spans: [span], options: options) }
            #expect(throws: error) { try engine.bubble(Self.text, spans: [span], options: options, maxWidth: 200) }
        }
        let second = Self.rangeError("spans[1]", range)
        #expect(throws: second) { try engine.layout(Self.text, spans: [TextSpan(range: 0..<15), TextSpan(range: range)], options: options) }
    }

    /// The string-level isolation does not throw: a caller's entity span past the text is clipped
    /// to it (the documented exception), never a trap, even at the extremes and on an empty text.
    @Test func isolationClipsExtremeSpans() {
        let whole = EntityIsolation.isolated(Self.text, direction: .auto, spans: [TextSpan(range: Int.min..<Int.max, entity: .mention)])
        #expect(whole.entities.map(\.range) == [0..<15])
        let past = EntityIsolation.isolated(Self.text, direction: .auto, spans: [TextSpan(range: Int.max..<Int.max, entity: .mention)])
        #expect(past.entities.allSatisfy { $0.range.upperBound <= 15 })
        let empty = EntityIsolation.isolated("", direction: .auto, spans: [TextSpan(range: -5..<5, entity: .mention)])
        #expect(empty.text.isEmpty && empty.entities.isEmpty)
    }

    // MARK: Isolated string maps

    @Test func isolatedStringMaps() throws {
        let isolated = EntityIsolation.isolated("call @alice now", direction: .rightToLeft)
        let n = isolated.originalCount
        let m = isolated.text.unicodeScalars.count
        #expect(m > n)
        for offset in [Int.min, -1, n + 1, Int.max] {
            #expect(throws: Self.offsetError("original offset", offset, bound: n)) { try isolated.isolatedOffset(ofOriginal: offset) }
        }
        for offset in [Int.min, -1, m + 1, Int.max] {
            #expect(throws: Self.offsetError("isolated offset", offset, bound: m)) { try isolated.originalOffset(ofIsolated: offset) }
        }
        #expect(try isolated.isolatedOffset(ofOriginal: 0) >= 0)
        #expect(try isolated.originalOffset(ofIsolated: m) == n)
    }

    // MARK: Bidi

    @Test(arguments: BidiEngine.allCases)
    func paragraphLine(engine: BidiEngine) throws {
        let paragraphs = BidiText("ab\nمرحبا", direction: .auto, engine: engine).paragraphs
        #expect(paragraphs.map(\.range) == [0..<2, 3..<8])
        for range in [Int.min..<Int.max, Int.min..<3, 3..<Int.max, Int.max..<Int.max, 0..<2, 8..<9] {
            #expect(throws: Self.rangeError("lineRange", range, in: 3...8)) { try paragraphs[1].line(range) }
        }
        #expect(try paragraphs[1].line(3..<8).visualOrder == [7, 6, 5, 4, 3])
        // The empty text's one paragraph takes only its empty line.
        let empty = try #require(BidiText("", direction: .auto, engine: engine).paragraphs.first)
        #expect(throws: Self.rangeError("lineRange", 0..<1, in: 0...0)) { try empty.line(0..<1) }
        #expect(try empty.line(0..<0).visualOrder.isEmpty)
    }

    /// A capacity hint past what memory holds, or negative, is a hint: the reorderer starts at a
    /// bounded size and grows, giving the order a default one gives.
    @Test func reordererCapacityHint() {
        let expected = BidiReorderer().withVisualOrder(of: Self.text, direction: .auto) { Array($0) }
        #expect(expected.count == 15)
        for hint in [Int.min, -1, 0, Int.max, Int.max / 4] {
            let order = BidiReorderer(initialCapacity: hint).withVisualOrder(of: Self.text, direction: .auto) { Array($0) }
            #expect(order == expected)
        }
    }

    /// A shaping cache bound past memory (or negative) is bounded (or no cache): the layout is the
    /// default engine's, glyph for glyph.
    @Test func shapeCacheBound() throws {
        let registry = try FontRegistry.embedded(systemFallback: false)
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar", maxWidth: 120)
        let expected = try LayoutEngine(registry: registry).layout(Self.text, options: options)
        for entries in [Int.min, -1, 0, Int.max, Int.max / 8] {
            let layout = try LayoutEngine(registry: registry, shapeCacheEntries: entries).layout(Self.text, options: options)
            #expect(layout.lines == expected.lines && layout.glyphs == expected.glyphs)
        }
    }

    // MARK: Layout queries

    /// The layouts the queries are asked of: plain, truncated (the text goes on past the last line)
    /// and empty.
    static func layouts() throws -> [(layout: Layout, count: Int)] {
        let engine = TestLayout.engine
        let truncated = try engine.layout(Self.text, options: LayoutOptions(locale: "en", maxWidth: 40, maxLines: 1))
        #expect(truncated.truncated)
        return [
            (TestLayout.layout(Self.text, .auto), 15), (truncated, 15),
            (try engine.layout("", options: LayoutOptions(locale: "en")), 0),
        ]
    }

    @Test func caretAt() throws {
        for (layout, n) in try Self.layouts() {
            for offset in [Int.min, -1, n + 1, Int.max] {
                for affinity in TextAffinity.allCases {
                    #expect(throws: Self.offsetError("offset", offset, bound: n)) { try layout.caret(at: offset, affinity: affinity) }
                }
            }
            // Every offset in the text has a caret, on a line of the layout (truncated text included).
            for offset in 0...n { #expect(try layout.lines.indices.contains(layout.caret(at: offset).line)) }
        }
    }

    @Test func selectionRectsFor() throws {
        for (layout, n) in try Self.layouts() {
            for range in Self.badRanges + [0..<(n + 1)] where !(0...n).contains(range.lowerBound) || range.upperBound > n {
                let end = (0...n).contains(range.lowerBound) ? range.upperBound : range.lowerBound  // the first end out
                #expect(throws: Self.offsetError("range", end, bound: n)) { try layout.selectionRects(for: range) }
            }
            #expect(try layout.selectionRects(for: 0..<n).isEmpty == (n == 0))
        }
    }

    @Test(arguments: CaretMovement.allCases)
    func moveFrom(movement: CaretMovement) throws {
        for (layout, n) in try Self.layouts() {
            for offset in [Int.min, -1, n + 1, Int.max] {
                #expect(throws: Self.offsetError("offset", offset, bound: n)) { try layout.move(movement, from: offset) }
            }
            for offset in 0...n { #expect((0...n).contains(try layout.move(movement, from: offset).offset)) }
        }
    }

    @Test func pointQueries() throws {
        let layout = TestLayout.layout(Self.text, .auto)
        for (x, y, shown) in [(Double.nan, 0.0, "nan,0"), (0, -.infinity, "0,-inf"), (.infinity, .nan, "inf,nan")] {
            let which = x.isFinite ? "y" : "x"
            let error = BidiRenderError.invalidValue(key: "point", value: shown, reason: "\(which) must be a finite number")
            #expect(throws: error) { try layout.offset(atX: x, y: y) }
            #expect(throws: error) { try layout.entity(atX: x, y: y) }
        }
        // Finite but far: the nearest line's end.
        #expect((0...15).contains(try layout.offset(atX: -Double.greatestFiniteMagnitude, y: .greatestFiniteMagnitude).offset))
    }

    @Test func preparedLineLimit() throws {
        let prepared = try TestLayout.engine.prepare(Self.text, options: LayoutOptions(locale: "en"))
        for maxLines in [Int.min, -1, 0] {
            let error = BidiRenderError.invalidValue(key: "max-lines", value: "\(maxLines)", reason: "must be a whole number of lines, at least 1")
            #expect(throws: error) { try prepared.layout(width: 100, maxLines: maxLines) }
        }
        #expect(try !prepared.layout(width: 100, maxLines: Int.max).truncated)
    }

    // MARK: Rendering

    @Test func renderSelectionAndCaretOutOfRange() throws {
        let layout = TestLayout.layout(Self.text, .auto)
        let renderer = try Renderer()
        for range in Self.badRanges {
            let error = Self.offsetError("selection", Self.firstBadEnd(range))
            #expect(throws: error) { try renderer.png(layout, options: RenderOptions(selection: range)) }
            #expect(throws: error) { try renderer.svg(layout, options: RenderOptions(selection: range)) }
        }
        for offset in Self.badOffsets {
            #expect(throws: Self.offsetError("caret", offset)) { try renderer.png(layout, options: RenderOptions(caret: offset)) }
            #expect(throws: Self.offsetError("caret", offset)) { try renderer.rgba(layout, options: RenderOptions(caret: offset)) }
        }
        #expect(try !renderer.png(layout, options: RenderOptions(selection: 0..<15, caret: 15)).isEmpty)
    }

    /// An inline image whose public fields disagree (sides changed, pixels cut) is refused by name
    /// before any drawing: drawn, it would be read past its pixels.
    @Test func inlineImageWithBadShape() throws {
        let layout = TestLayout.layout(
            "ab :x: cd", .leftToRight, locale: "en", spans: [TextSpan(range: 3..<6, id: "blue", inlineBox: InlineBox(width: 20, height: 20))])
        let blue = try RGBAImage(pngData: RGBAImage(width: 2, height: 1, pixels: [0, 0, 255, 255, 0, 0, 255, 255]).pngData())
        let renderer = try Renderer()
        let reason = "an RGBA image needs width × height × 4 bytes, each side from 0 to 1000000 px"
        for (width, height, cut) in [(20, 20, 0), (2, 1, 4), (1000, 1, 0), (2, Int.max, 0), (Int.min, 1, 0), (-2, -1, 0)] {
            var image = blue
            (image.width, image.height) = (width, height)
            image.pixels.removeLast(cut)
            let error = BidiRenderError.invalidValue(
                key: "inlineImages[blue]", value: "\(width)×\(height) px, \(8 - cut) bytes", reason: reason)
            let options = RenderOptions(inlineImages: ["blue": image, "ok": blue])
            #expect(throws: error) { try renderer.png(layout, options: options) }
            #expect(throws: error) { try renderer.svg(layout, options: options) }
        }
        // An empty image is well formed (nothing is drawn for it).
        var empty = blue
        (empty.width, empty.height, empty.pixels) = (0, 0, [])
        #expect(try !renderer.png(layout, options: RenderOptions(inlineImages: ["blue": empty])).isEmpty)
    }
}

