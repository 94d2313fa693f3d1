// `BidiText.displayString` (reorder's text output) and `BidiText(_:direction:engine:isolating:)`
// (reorder --isolate) against the corpus and against layout.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct DisplayStringTests {
    /// Every character but the bidi controls is shown once; a text of one-scalar clusters without
    /// X9-removed characters shows exactly its visual order.
    @Test func keepsEveryCharacterOnce() {
        for text in ChatCorpus.messages(count: 300, seed: 29) {
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                let bidi = BidiText(text, direction: direction)
                let line = bidi.paragraphs[0].singleLine
                let shown = Array(bidi.displayString(line).unicodeScalars)
                let kept = bidi.scalars.filter { !UnicodeBidiData.isBidiControl($0) }
                #expect(shown.count == kept.count, "\(text)")
                let starts = TextBuffer.graphemeStarts(bidi.scalars)
                if starts.allSatisfy({ $0 }), line.visualOrder.count == bidi.scalars.count {
                    let perCodePoint = line.visualOrder.map { UnicodeBidiData.mirrored(bidi.scalars[$0], atLevel: line.levels[$0].rawValue) }
                    #expect(shown == perCodePoint.filter { !UnicodeBidiData.isBidiControl($0) }, "\(text)")
                }
            }
        }
    }

    /// A cluster stays whole and in logical order inside, where its first character shows.
    @Test(arguments: [
        ("بَ", ParagraphDirection.auto, "بَ"),
        ("abc بَت", .leftToRight, "abc تبَ"),
        ("👍🏽 مرحبا", .rightToLeft, "ابحرم 👍🏽"),
        ("🇸🇦🇪🇬 سلام", .rightToLeft, "مالس 🇸🇦🇪🇬"),  // flags stay pairs, in order
        ("\u{200D}ab", .leftToRight, "\u{200D}ab"),  // a lone ZWJ (removed by X9) is kept
    ])
    func clusters(text: String, direction: ParagraphDirection, expected: String) {
        let bidi = BidiText(text, direction: direction)
        #expect(bidi.displayString(bidi.paragraphs[0].singleLine) == expected)
    }

    /// With entities isolated, the order is layout's (one line, no width), in original offsets.
    @Test func isolatedOrderIsLayoutOrder() {
        let messages = ChatCorpus.messages(count: 200, seed: 31).filter { !EntityDetector.detect($0).isEmpty }
        #expect(messages.count > 50)
        for text in messages {
            let bidi = BidiText(text, direction: .rightToLeft, isolating: .all)
            let layout = TestLayout.layout(text, .rightToLeft)
            let removed = Set(bidi.paragraphs[0].classes.indices.filter { bidi.paragraphs[0].classes[$0].isRemovedByX9 })
            #expect(TestLayout.visualOrder(layout).filter { !removed.contains($0) } == bidi.paragraphs[0].singleLine.visualOrder, "\(text)")
        }
        // Without kinds, or without entities, it is plain UAX #9.
        let plain = "مرحبا hello"
        #expect(BidiText(plain, direction: .auto, isolating: .all) == BidiText(plain, direction: .auto))
        #expect(BidiText("+966 55 123 4567 مرحبا", direction: .auto, isolating: []) == BidiText("+966 55 123 4567 مرحبا", direction: .auto))
    }
}
