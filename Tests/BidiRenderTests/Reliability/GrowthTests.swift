// GrowthTests: time that grows linearly with the input on the hostile shapes of issue #32 — words
// and ideographs filled at a narrow width, intrinsic widths, many isolates under the FriBidi engine,
// emoji tag sequences with system fonts. Each case is timed at n and 4n by TestSupport's `Growth`
// (linear gives a ratio of about 4, quadratic 16; the limit is 8; a sanitizer build skips the ratio).
// Benchmarks' `Ratios growth` reports the same shapes in a release build.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

/// Inputs for the growth tests (the timing is TestSupport's `Growth`).
enum GrowthInputs {
    /// `count` emoji tag sequences (🏴, five tag letters that differ from one to the next, the cancel
    /// tag): each a cluster no font of the manifest covers, unlike every other.
    static func emojiTagSequences(_ count: Int) -> String {
        var text = String.UnicodeScalarView()
        for i in 0..<count {
            text.append("\u{1F3F4}")
            var k = i
            for _ in 0..<5 {
                text.append(Unicode.Scalar(0xE0061 + UInt32(k % 26))!)
                k /= 26
            }
            text.append("\u{E007F}")
        }
        return String(text)
    }
}

@Suite(.serialized) struct GrowthTests {
    let narrow = LayoutOptions(direction: .leftToRight, size: 16, maxWidth: 100)

    /// Words filled at 100 px: every line cuts the one item of the paragraph, and its glyphs for the
    /// line are found by binary search, not by a scan from the item's start (quadratic before: 0.7 s
    /// for 60,000 code points, 10.6 s for 240,000).
    @Test func wordsAtANarrowWidth() throws {
        let layout = try TestLayout.engine.layout(String(repeating: "ab ", count: 50), options: narrow)
        #expect(layout.lines.count > 5)
        let (t1, t2, ratio) = Growth.ratio(4_000, text: { String(repeating: "ab ", count: $0) }) { text in
            _ = try? TestLayout.engine.layout(text, options: narrow)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// Many mentions on one long mixed-direction line, without a width: each mention's rectangles
    /// come from the runs that hold it, found by logical start, not from every run of the line
    /// (quadratic before: 6.9 s for 100,000 code points of chat, 15.7 s for 200,000, 56.7 s for
    /// 400,000). The rectangles still match `selectionRects`, which walks every run.
    @Test func mentionsOnOneLongLine() throws {
        func chat(_ count: Int) -> String {
            (0..<count).map { "@user\($0 % 97) مرحبا بك ok \($0) " }.joined()
        }
        let options = LayoutOptions(direction: .rightToLeft, size: 16)
        let layout = try TestLayout.engine.layout(chat(40), options: options)
        #expect(layout.lines.count == 1 && layout.mentions.count == 40)
        for mention in layout.mentions {
            #expect(!mention.rects.isEmpty)
            #expect(mention.rects == (try layout.selectionRects(for: mention.range)))
        }
        let (t1, t2, ratio) = Growth.ratio(750, text: chat) { text in
            _ = try? TestLayout.engine.layout(text, options: options)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// Ideographs at 100 px: a line may end between any two, inside the one item.
    @Test func ideographsAtANarrowWidth() throws {
        let layout = try TestLayout.engine.layout(String(repeating: "汉字", count: 50), options: narrow)
        #expect(layout.lines.count > 5)
        let (t1, t2, ratio) = Growth.ratio(3_000, text: { String(repeating: "汉字", count: $0) }) { text in
            _ = try? TestLayout.engine.layout(text, options: narrow)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// The intrinsic widths measure every piece between two opportunities as a line.
    @Test func intrinsicWidths() throws {
        let widths = try TestLayout.engine.intrinsicWidths(String(repeating: "ab ", count: 50), options: LayoutOptions())
        #expect(widths.min > 0 && widths.max > 40 * widths.min)
        let (t1, t2, ratio) = Growth.ratio(4_000, text: { String(repeating: "ab ", count: $0) }) { text in
            _ = try? TestLayout.engine.intrinsicWidths(text, options: LayoutOptions())
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// Isolates under the FriBidi engine: libfribidi 1.0.8 is quadratic in them (8,000 empty
    /// isolates took 2.3 s, 32,000 took 75 s), so past `FriBidiEngine.guardIsolates` initiators the
    /// guard leaves the paragraph to the native engine, which answers the same.
    @Test func isolatesUnderFriBidi() {
        let unit = "\u{2066}\u{2069}"
        let text = String(repeating: unit, count: 2_000) + "א"
        let (fribidi, native) = (BidiText(text, direction: .rightToLeft, engine: .fribidi), BidiText(text, direction: .rightToLeft))
        #expect(fribidi.paragraphs.map(\.levels) == native.paragraphs.map(\.levels))
        #expect(fribidi.paragraphs[0].singleLine.visualOrder == Array((0...4_000).reversed()))
        let (t1, t2, ratio) = Growth.ratio(20_000, text: { String(repeating: unit, count: $0) }) { text in
            _ = BidiText(text, direction: .leftToRight, engine: .fribidi)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// The guard's isolate count: at `guardIsolates` initiators FriBidi still resolves the paragraph,
    /// one more (of any kind, nested or not) goes to the native engine.
    @Test(arguments: ["\u{2066}\u{2069}", "\u{2067}x\u{2069}", "\u{2068}\u{2069} "])
    func guardCountsIsolateInitiators(unit: String) {
        func guarded(_ count: Int) -> Bool {
            let reorderer = BidiReorderer(engine: .fribidi)
            reorderer.load(String(repeating: unit, count: count))
            return FriBidiEngine.leavesToNativeEngine(
                classes: reorderer.classes, brackets: reorderer.brackets, count: reorderer.count)
        }
        #expect(FriBidiEngine.guardIsolates == 1_024)
        #expect(!guarded(1_024))
        #expect(guarded(1_025))
    }

    /// Emoji tag sequences with system fonts: each cluster unlike every other, so no memo answers it
    /// twice.
    @Test func emojiTagSequencesWithSystemFonts() throws {
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        let options = LayoutOptions(direction: .leftToRight, size: 16)
        let layout = try engine.layout(GrowthInputs.emojiTagSequences(3), options: options)
        #expect(layout.lines.count == 1)
        let (t1, t2, ratio) = Growth.ratio(1_000, text: GrowthInputs.emojiTagSequences) { text in
            _ = try? engine.layout(text, options: options)
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }
}

/// The text guard (issue #36) on its hostile shapes: isolates opened then closed by PDFs that match
/// none (each PDF once searched the whole stack of isolates), runs of variation selectors (each once
/// walked back over the run), Zalgo, tag characters, and many inline boxes among marks.
@Suite(.serialized) struct GuardGrowthTests {
    static let shapes: [(String, @Sendable (Int) -> String)] = [
        ("isolates then PDFs", { String(repeating: "\u{2068}", count: $0) + String(repeating: "\u{202C}", count: $0) }),
        ("variation selectors", { "a" + String(repeating: "\u{FE0F}", count: $0) }),
        ("Zalgo", { String(repeating: "a\u{301}\u{302}\u{303}\u{304}", count: $0) }),
        ("tags", { "x" + String(repeating: "\u{E0041}", count: $0) }),
        ("overrides closed by PDI", { String(repeating: "\u{2067}\u{202E}a\u{2069}", count: $0) }),
    ]

    @Test(arguments: shapes.indices)
    func findingsGrowLinearly(shape: Int) throws {
        let (name, text) = Self.shapes[shape]
        let found = try TestLayout.engine.findings(in: text(50), as: .name)
        #expect(!found.isEmpty)
        let (t1, t2, ratio) = Growth.ratio(5_000, text: text) { text in
            _ = try? TestLayout.engine.findings(in: text, as: .name)
            _ = try? TestLayout.engine.repaired(text, neutralizing: true, maxExtraMarks: 0)
        }
        #expect(Growth.linear(ratio), "\(name): \(t1) s, then \(t2) s")
    }

    /// Inline boxes among Zalgo in a layout: the boxes' placeholders are left out in one walk.
    @Test func boxesAmongMarksInALayout() throws {
        func text(_ n: Int) -> (String, [TextSpan]) {
            let unit = "[] a\u{301}\u{302}\u{303}\u{304} "
            let spans = (0..<n).map { i in TextSpan(range: (i * 9)..<(i * 9 + 2), inlineBox: InlineBox(width: 4, height: 4)) }
            return (String(repeating: unit, count: n), spans)
        }
        let (small, spans) = text(10)
        let layout = try TestLayout.engine.layout(small, spans: spans, options: LayoutOptions(size: 16))
        #expect(layout.findings.filter { $0.detail.hasSuffix("(its script uses at most 3)") }.count == 10)
        let (t1, t2, ratio) = Growth.ratio(1_000, text: text) { input in
            _ = try? TestLayout.engine.layout(input.0, spans: input.1, options: LayoutOptions(size: 16))
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }
}
