// Chat bubbles: the balanced width over the corpus (same line count, no more breaks inside URLs and
// words, 0.5 px less breaks or cuts, never wider than greedy), the slot's place in LTR, RTL and mixed last lines, on the last line or
// its own, never over a glyph; the default direction; errors.
@_spi(Tools) @testable import BidiRender
import ChatCorpus
import TestSupport
import Testing

@Suite struct BubbleTests {
    static let engine = TestLayout.engine

    /// Balanced: for corpus messages at max widths 160–400 in both directions, the bubble's text has
    /// the line count of the greedy layout at the max width and no more lines ending inside a URL or
    /// a word, 0.5 px less gives more lines (or a truncation, or one more such line), and it is
    /// never wider than the greedy width. (A sanitizer build takes a quarter
    /// of the messages.)
    @Test(arguments: [160.0, 213.5, 260, 400])
    func balancedWidthKeepsTheLineCount(maxWidth: Double) throws {
        var balancedNarrower = 0
        for (k, text) in ChatCorpus.messages(count: TestScale.sample(60), seed: 0xB0B1).enumerated() {
            let direction: ParagraphDirection = k % 2 == 0 ? .rightToLeft : .leftToRight
            let options = LayoutOptions(direction: direction, locale: "ar", size: 15)
            let bubble = try Self.engine.bubble(text, options: options, maxWidth: maxWidth, jumbomoji: [])
            var greedyOptions = options
            greedyOptions.maxWidth = maxWidth
            let greedy = try Self.engine.layout(text, options: greedyOptions)
            let layout = bubble.layout
            #expect(layout.lines.count == greedy.lines.count, "\(text.debugDescription) at \(maxWidth)")
            #expect(layout.width <= greedy.contentWidth + 1e-9, "\(text.debugDescription)")
            #expect(layout.contentWidth <= layout.width + 1e-6, "\(text.debugDescription) at \(maxWidth)")
            #expect(bubble.greedyWidth == greedy.contentWidth)
            if layout.width < greedy.contentWidth - 0.5 { balancedNarrower += 1 }
            var narrower = options
            narrower.maxWidth = layout.width - 0.5
            guard narrower.maxWidth! > 0 else { continue }
            let less = try Self.engine.layout(text, options: narrower)
            let prepared = try Self.engine.prepare(text, options: options)
            let forced = try prepared.lineRanges(width: maxWidth, maxLines: nil).forced
            #expect(try prepared.lineRanges(width: layout.width, maxLines: nil).forced <= forced)
            let lessForced = try prepared.lineRanges(width: layout.width - 0.5, maxLines: nil).forced
            #expect(
                less.lines.count > layout.lines.count || less.truncated || lessForced > forced,
                "\(text.debugDescription) at \(maxWidth)")
        }
        // Balancing did something on some messages (those of 2+ lines with a short last line).
        if maxWidth < 300 { #expect(balancedNarrower > TestScale.sample(3)) }
    }

    /// A line that is one grapheme cluster (an emoji, a CJK character, a letter before a line
    /// break) keeps its width: the balanced width never goes below the widest line, whose cluster
    /// would else spill out of the frame (it went to 0.3 px for "a\nb", keeping two lines).
    @Test(arguments: ["Hi\n👍", "a\nb", "你\n好", "👍\n👍", "ok\n🇸🇦 👍🏽", "سلام\nا"])
    func balancedWidthHoldsItsWidestLine(text: String) throws {
        let options = LayoutOptions(direction: .autoWithFallback(.rightToLeft), locale: "ar", size: 16)
        let bubble = try Self.engine.bubble(text, options: options, maxWidth: 300, jumbomoji: [])
        var greedyOptions = options
        greedyOptions.maxWidth = 300
        let greedy = try Self.engine.layout(text, options: greedyOptions)
        let layout = bubble.layout
        #expect(layout.lines.map(\.range) == greedy.lines.map(\.range))
        #expect(layout.width == greedy.contentWidth, "\(text.debugDescription)")
        #expect(bubble.textFrame.width == greedy.contentWidth)
        for line in layout.lines { #expect(line.contentWidth <= layout.width + 1e-9, "\(text.debugDescription)") }
    }

    /// Greedy (`balanced: false`): the greedy lines at their own width.
    @Test func greedyKeepsTheGreedyLines() throws {
        let text = "Hello, how are you? This is a longer English message in an Arabic UI"
        let options = LayoutOptions(locale: "en", size: 16)
        let greedy = try Self.engine.bubble(text, options: options, maxWidth: 260, balanced: false)
        let balanced = try Self.engine.bubble(text, options: options, maxWidth: 260)
        #expect(greedy.layout.lines.count == balanced.layout.lines.count)
        #expect(greedy.layout.width == greedy.greedyWidth)
        #expect(balanced.layout.width < greedy.layout.width - 20)
        var at = options
        at.maxWidth = 260
        #expect(greedy.layout.lines.map(\.range) == (try Self.engine.layout(text, options: at)).lines.map(\.range))
    }

    /// A one-line message is as wide as its text, padding added.
    @Test func oneLineIsAsWideAsItsText() throws {
        let options = LayoutOptions(locale: "en", size: 16)
        let bubble = try Self.engine.bubble("ok 👍", options: options, maxWidth: 300, horizontalPadding: 10, verticalPadding: 6)
        let plain = try Self.engine.layout("ok 👍", options: options)
        #expect(bubble.layout.lines.count == 1)
        #expect(bubble.width == plain.contentWidth + 20)
        #expect(bubble.height == plain.height + 12)
        #expect(bubble.textFrame == LayoutRect(x: 10, y: 6, width: plain.contentWidth, height: plain.height))
    }

    /// LTR, fits: the slot shares the last line at its right end, inside the padding, bottom on the
    /// line box's bottom; the bubble widens for it only as much as needed.
    @Test func ltrSlotOnTheLastLine() throws {
        let options = LayoutOptions(locale: "en", size: 16)
        let bubble = try Self.engine.bubble(
            "See you tomorrow", options: options, maxWidth: 300, horizontalPadding: 10, verticalPadding: 6,
            slot: .box(width: 40, height: 12), slotGap: 8)
        let slot = try #require(bubble.slotFrame)
        let line = try #require(bubble.layout.lines.last)
        #expect(!bubble.slotOnOwnLine)
        #expect(slot.x + slot.width == bubble.width - 10)
        #expect(slot.y + slot.height == 6 + line.top + line.height)
        #expect(bubble.width == 10 + line.contentWidth + 8 + 40 + 10)
        try Self.expectNoOverlap(bubble)
    }

    /// RTL, fits: the slot at the left end; the text moved right by what the slot adds.
    @Test func rtlSlotOnTheLastLineAtTheLeft() throws {
        let options = LayoutOptions(locale: "ar", size: 16)
        let bubble = try Self.engine.bubble(
            "أراك غدا", options: options, maxWidth: 300, horizontalPadding: 10, verticalPadding: 6,
            slot: .box(width: 40, height: 12))
        let slot = try #require(bubble.slotFrame)
        #expect(!bubble.slotOnOwnLine)
        #expect(slot.x == 10)
        #expect(bubble.layout.paragraphs[0].direction == .rightToLeft)
        let line = try #require(bubble.layout.lines.last)
        // The line's content ends at the bubble's right padding; the slot and gap before it.
        #expect(abs(bubble.textFrame.x + line.x + line.width - (bubble.width - 10)) < 1e-9)
        try Self.expectNoOverlap(bubble)
    }

    /// A mixed last line (an Arabic paragraph ending in Latin) counts by the paragraph's direction:
    /// the slot goes left even though the line's last run is LTR.
    @Test func mixedLastLineCountsByTheParagraph() throws {
        let options = LayoutOptions(locale: "ar", size: 16)
        let text = "مرحبا كيف حالك اليوم؟ hope you are well"
        let bubble = try Self.engine.bubble(text, options: options, maxWidth: 220, slot: .box(width: 40, height: 12))
        let slot = try #require(bubble.slotFrame)
        #expect(bubble.layout.paragraphs[0].direction == .rightToLeft)
        // The line's logical end is Latin, at level 2: its last run in logical order is LTR.
        let last = try #require(bubble.layout.lines.last)
        let logicalLast = try #require(last.runs.max { $0.range.lowerBound < $1.range.lowerBound })
        #expect(logicalLast.level.rawValue == 2)
        #expect(slot.x == 0)
        try Self.expectNoOverlap(bubble)
    }

    /// Does not fit: the slot gets its own line below the text, at the end edge; LTR right, RTL left.
    @Test(arguments: [TextDirection.leftToRight, .rightToLeft])
    func slotOnItsOwnLine(direction: TextDirection) throws {
        let text = direction == .leftToRight ? "A message that fills the line to the end" : "رسالة طويلة تملأ السطر حتى نهايته تماما"
        let options = LayoutOptions(direction: ParagraphDirection(direction), locale: "ar", size: 16)
        let bubble = try Self.engine.bubble(text, options: options, maxWidth: 200, slot: .box(width: 150, height: 14))
        let slot = try #require(bubble.slotFrame)
        let last = try #require(bubble.layout.lines.last)
        if last.contentWidth + 8 + 150 <= 200 {
            Issue.record("the last line leaves room: \(last.contentWidth)")
            return
        }
        #expect(bubble.slotOnOwnLine)
        #expect(slot.y == bubble.layout.height)
        #expect(bubble.height == bubble.layout.height + 14)
        #expect(direction == .leftToRight ? slot.x + slot.width == bubble.width : slot.x == 0)
        try Self.expectNoOverlap(bubble)
    }

    /// Over the corpus, with a text slot: never over a glyph's advance box, never past the bubble.
    @Test func slotNeverOverlapsTheCorpus() throws {
        for (k, text) in ChatCorpus.messages(count: 80, seed: 0x5107).enumerated() {
            let options = LayoutOptions(direction: k % 3 == 0 ? .auto : (k % 3 == 1 ? .rightToLeft : .leftToRight), locale: "ar", size: 15)
            let bubble = try Self.engine.bubble(
                text, options: options, maxWidth: Double(180 + k % 5 * 40), horizontalPadding: 8, verticalPadding: 4,
                slot: .text("12:30 ✓✓", size: 11, color: .black))
            try Self.expectNoOverlap(bubble)
            let slot = try #require(bubble.slotFrame)
            #expect(slot.x >= 8 - 1e-9 && slot.x + slot.width <= bubble.width - 8 + 1e-9, "\(text.debugDescription)")
            #expect(bubble.width <= Double(180 + k % 5 * 40) + 1e-9)
        }
    }

    /// Balancing never makes a bubble with a slot taller or wider than the greedy one: it moved
    /// "how" to the last line of "hello there how are you" at 120 px, and the 44 px slot then took a
    /// row of its own (59.6 px tall against 43.6); the reviewer's cases, then the corpus with a box
    /// and a text slot. The balanced text may still be narrower than the greedy one.
    @Test func balancingNeverGrowsABubbleWithASlot() throws {
        let cases: [(String, Double, BubbleSlot)] = [
            ("hello there how are you", 120, .box(width: 44, height: 16)),
            ("hello hello שלום @alice", 150, .box(width: 44, height: 16)),
            (", 你好吗 12:30 @alice", 100, .box(width: 10, height: 40)),
        ]
        var all = cases
        for (k, text) in ChatCorpus.messages(count: TestScale.sample(60), seed: 0x510B).enumerated() {
            all.append((text, Double(120 + k % 6 * 40), k % 2 == 0 ? .box(width: 44, height: 16) : .text("12:30 ✓✓", size: 11, color: .black)))
        }
        var narrower = 0
        for (text, maxWidth, slot) in all {
            let options = LayoutOptions(locale: "ar", size: 15)
            let balanced = try Self.engine.bubble(text, options: options, maxWidth: maxWidth, slot: slot)
            let greedy = try Self.engine.bubble(text, options: options, maxWidth: maxWidth, slot: slot, balanced: false)
            #expect(balanced.height <= greedy.height + 1e-9, "\(text.debugDescription) at \(maxWidth)")
            #expect(balanced.width <= greedy.width + 1e-9, "\(text.debugDescription) at \(maxWidth)")
            #expect(balanced.layout.lines.count == greedy.layout.lines.count)
            try Self.expectNoOverlap(balanced)
            if balanced.width < greedy.width - 0.5 { narrower += 1 }
        }
        // Balancing still narrows bubbles with a slot.
        #expect(narrower > 0)
    }

    /// The default direction of a bubble: auto with the UI's direction as fallback, so English in
    /// an Arabic UI is LTR and a message of digits alone is RTL; a forced direction stays forced.
    @Test func directionDefaultsToAutoWithTheUIFallback() throws {
        let ar = LayoutOptions(locale: "ar", size: 16)
        #expect(try Self.engine.bubble("Hello, how are you?", options: ar, maxWidth: 300).layout.paragraphs[0].direction == .leftToRight)
        #expect(try Self.engine.bubble("12:30", options: ar, maxWidth: 300).layout.paragraphs[0].direction == .rightToLeft)
        #expect(try Self.engine.bubble("12:30", options: ar, maxWidth: 300, uiDirection: .leftToRight).layout.paragraphs[0].direction == .leftToRight)
        let forced = LayoutOptions(direction: .rightToLeft, locale: "en", size: 16)
        #expect(try Self.engine.bubble("Hello", options: forced, maxWidth: 300).layout.paragraphs[0].direction == .rightToLeft)
    }

    /// Jumbomoji: 1, 2 and 3 RGI emoji (a ZWJ family, a flag, a keycap, a skin tone each count one)
    /// at 3×, 2.5× and 2× the size; four emoji, an emoji with a letter, and © without VS16 stay at
    /// the text size; `[]` turns it off; custom factors apply.
    @Test func jumbomojiSizes() throws {
        let options = LayoutOptions(locale: "en", size: 16)
        func sizes(_ text: String, _ factors: [Double] = [3, 2.5, 2]) throws -> (Bool, Set<Double>) {
            let bubble = try Self.engine.bubble(text, options: options, maxWidth: 400, jumbomoji: factors)
            // The emoji's runs (the white space between them stays at the text's size).
            let scalars = Array(text.unicodeScalars)
            let shown = bubble.layout.lines.flatMap(\.runs).filter { !scalars[$0.range].allSatisfy(\.properties.isWhitespace) }
            return (bubble.isJumbomoji, Set(shown.map(\.size)))
        }
        #expect(try sizes("😂") == (true, [48]))
        #expect(try sizes("👨‍👩‍👧‍👦 🇸🇦") == (true, [40]))
        #expect(try sizes("1️⃣👍🏽 😂") == (true, [32]))
        #expect(try sizes("😂😂😂😂") == (false, [16]))
        #expect(try sizes("ok 😂") == (false, [16]))
        #expect(try sizes("©") == (false, [16]))
        #expect(try sizes("😂", []) == (false, [16]))
        #expect(try sizes("😂😂😂😂", [1, 1, 1, 1.5]) == (true, [24]))
    }

    @Test func badValuesAreErrors() throws {
        let o = LayoutOptions(size: 16)
        #expect(throws: BidiRenderError.invalidValue(key: "maxWidth", value: "0", reason: "must be a positive number of px, at most 1000000")) {
            try Self.engine.bubble("x", options: o, maxWidth: 0)
        }
        #expect(throws: BidiRenderError.invalidValue(key: "padding", value: "50", reason: "leaves no room for the text in 100 px")) {
            try Self.engine.bubble("x", options: o, maxWidth: 100, horizontalPadding: 50)
        }
        #expect(throws: BidiRenderError.invalidValue(key: "slot.width", value: "200", reason: "is wider than the text's 100 px")) {
            try Self.engine.bubble("x", options: o, maxWidth: 100, slot: .box(width: 200, height: 10))
        }
        #expect(throws: BidiRenderError.invalidValue(key: "padding", value: "nan", reason: "must be a number of px from 0 to 10000")) {
            try Self.engine.bubble("x", options: o, maxWidth: 100, verticalPadding: .nan)
        }
        #expect(throws: BidiRenderError.invalidValue(key: "jumbomoji", value: "0", reason: "must be at most 16 size factors from 0.1 to 100")) {
            try Self.engine.bubble("x", options: o, maxWidth: 100, jumbomoji: [0])
        }
        // A text slot wider than the text: its width and the text's to a thousandth of a px (the
        // text's is 60 - 2 × 3.3 = 53.400000000000006 as computed).
        #expect {
            try Self.engine.bubble(
                "x", options: o, maxWidth: 60, horizontalPadding: 3.3, slot: .text("12:30 ✓✓ long", size: 12, color: .black))
        } throws: { error in
            guard case BidiRenderError.invalidValue("slot.text", _, let reason) = error else { return false }
            return reason.hasSuffix("px wide, more than the text's 53.4 px")
                && reason.split(separator: " ")[1].split(separator: ".").last.map { $0.count <= 3 } == true
        }
        // An empty message is a bubble of the padding (and the slot).
        let empty = try Self.engine.bubble("", options: o, maxWidth: 100, horizontalPadding: 4, slot: .box(width: 10, height: 10))
        #expect(empty.width >= 18 && empty.slotFrame != nil)
    }

    /// Linear time: the balanced width is a bisection of at most log2(width / 0.5) layouts, each
    /// linear, so 4× the text takes about 4× the time, with a slot and at a narrow width.
    @Test func bubbleTimeGrowsLinearly() throws {
        func chat(_ count: Int) -> String { (0..<count).map { "@user\($0 % 97) مرحبا بك ok \($0) " }.joined() }
        let options = LayoutOptions(locale: "ar", size: 15)
        let (t1, t2, ratio) = Growth.ratio(150, text: chat) { text in
            _ = try? Self.engine.bubble(text, options: options, maxWidth: 260, slot: .box(width: 40, height: 12))
        }
        #expect(Growth.linear(ratio), "\(t1) s, then \(t2) s")
    }

    /// Expects the slot to cover no glyph's advance box (its x to x + advance, over its line box),
    /// white space that hangs at a line's end aside.
    static func expectNoOverlap(_ bubble: Bubble, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let slot = bubble.slotFrame else { return }
        let origin = bubble.textFrame
        for line in bubble.layout.lines {
            let rtl = bubble.layout.paragraphs[line.paragraph].direction == .rightToLeft
            let content = SlotPlacement.contentExtent(of: line, at: line.x, rtl: rtl)
            for run in line.runs {
                for glyph in bubble.layout.glyphs(of: run) where glyph.advance > 0 {
                    let (left, right) = (origin.x + glyph.x, origin.x + glyph.x + glyph.advance)
                    // Hanging white space lies outside the content extent.
                    guard glyph.x >= content.left - 1e-6, glyph.x + glyph.advance <= content.right + 1e-6 else { continue }
                    let (top, bottom) = (origin.y + line.top, origin.y + line.top + line.height)
                    let overlaps = left < slot.x + slot.width - 1e-6 && right > slot.x + 1e-6
                        && top < slot.y + slot.height - 1e-6 && bottom > slot.y + 1e-6
                    #expect(!overlaps, "glyph \(glyph.id) at \(left)…\(right) under the slot \(slot)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// A message with nothing to show (empty, or white space, which hangs) makes a bubble of its
    /// padding, or of its slot: it was as wide as the maximum width, and a slot in an RTL UI spilled
    /// out of a bubble narrower than itself.
    @Test(arguments: ["", "   "])
    func anEmptyMessageIsNoWiderThanItsSlot(text: String) throws {
        for ui in [TextDirection.leftToRight, .rightToLeft] {
            for balanced in [true, false] {
                let plain = try Self.engine.bubble(
                    text, maxWidth: 260, uiDirection: ui, horizontalPadding: 10, verticalPadding: 6, balanced: balanced)
                #expect(plain.width == 20 && plain.textFrame.width == 0, "\(ui) \(balanced): \(plain.width)")
                let slotted = try Self.engine.bubble(
                    text, maxWidth: 260, uiDirection: ui, horizontalPadding: 10, verticalPadding: 6,
                    slot: .box(width: 30, height: 12), balanced: balanced)
                let slot = try #require(slotted.slotFrame)
                #expect(slotted.width == 50, "\(ui) \(balanced): \(slotted.width)")
                #expect(slot.x >= 10 && slot.x + slot.width <= slotted.width - 10, "\(ui) \(balanced): \(slot)")
            }
        }
    }

    /// A slot 0 px wide (an empty box, an empty slot text) adds no gap: the bubble is as wide as
    /// without a slot (it was 4 px wider, the gap beside nothing).
    @Test(arguments: [BubbleSlot.box(width: 0, height: 0), .box(width: 0, height: 10), .text("", size: 11, color: .black)])
    func anEmptySlotAddsNoGap(slot: BubbleSlot) throws {
        for ui in [TextDirection.leftToRight, .rightToLeft] {
            let text = ui == .leftToRight ? "hello there" : "مرحبا بك"
            let plain = try Self.engine.bubble(text, maxWidth: 260, uiDirection: ui, horizontalPadding: 10, verticalPadding: 6)
            let slotted = try Self.engine.bubble(
                text, maxWidth: 260, uiDirection: ui, horizontalPadding: 10, verticalPadding: 6, slot: slot, slotGap: 4)
            #expect(slotted.width == plain.width, "\(ui): \(slotted.width) vs \(plain.width)")
            #expect(!slotted.slotOnOwnLine)
        }
    }

    /// A jumbomoji bubble is about as tall in an Arabic UI as in an English one: the emoji set the line,
    /// not the locale's strut at the larger size (Noto Sans Arabic's 2.1 em made "😂" 107 px tall
    /// against 73 px, 30 px of fill under the emoji).
    @Test(arguments: ["😂", "👍 🇸🇦", "1️⃣👍🏽 😂"])
    func jumbomojiIsAsTallInEveryUI(text: String) throws {
        // The colour emoji font is a system font (fonts-noto-color-emoji).
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        func bubble(_ locale: String) throws -> Bubble {
            try engine.bubble(
                text, options: LayoutOptions(locale: LocaleTag(locale), size: 15), maxWidth: 260, horizontalPadding: 10,
                verticalPadding: 6, slot: .text("12:30 ✓✓", size: 11, color: .black))
        }
        let (en, ar) = (try bubble("en"), try bubble("ar"))
        #expect(en.isJumbomoji && ar.isJumbomoji)
        #expect(ar.height <= en.height * 1.1, "ar \(ar.height) vs en \(en.height)")
        // The line is the emoji's: no more than 1.5 em of the emoji size tall.
        let emoji = try #require(ar.layout.lines.first?.runs.map(\.size).max())
        #expect(ar.layout.height <= emoji * 1.5, "\(ar.layout.height) for \(emoji) px emoji")
    }
}
