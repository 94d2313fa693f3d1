// The FriBidi engine's work-arounds for FriBidi 1.0.8's bugs (Bidi/FriBidiEngine.swift): with them,
// the FriBidi engine gives the UAX #9 answer, which the native engine and ICU's ubidi (an
// independent UAX #9 implementation) give too.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FriBidiWorkaroundTests {
    /// FriBidi 1.0.8 drops the bracket property of "[" after ON + NSM ("❤️" is U+2764 U+FE0F), so
    /// the pair is never resolved by N0. The FriBidi engine hands such an NSM to FriBidi as ON.
    @Test(arguments: ["❤\u{FE0F}[的] Cairo", "!\u{300}(的) Cairo", "مرحبا ❤\u{FE0F}(hello) 🙏\u{FE0F}[你好]", "a\u{300}(ب) c"])
    func bracketAfterNeutralAndMark(text: String) {
        let scalars = Array(text.unicodeScalars)
        for engine in BidiEngine.allCases {
            for level: UInt8 in [0, 1] {
                let direction: ParagraphDirection = level == 1 ? .rightToLeft : .leftToRight
                let ours = BidiText(scalars: scalars, direction: direction, engine: engine).paragraphs[0]
                let icu = ICUBidi.reorder(scalars, paragraphLevel: level)!
                let keep = { (i: Int) in !BidiClass(scalars[i]).isRemovedByX9 }
                #expect(ours.singleLine.visualOrder.filter(keep) == icu.visual.filter(keep), "\(engine) \(text) level \(level)")
                #expect(ours.levels == Array(icu.levels.prefix(ours.levels.count)), "\(engine) \(text) level \(level)")
            }
        }
        // The original classes are still reported.
        #expect(BidiText("❤\u{FE0F}", direction: .auto, engine: .fribidi).paragraphs[0].classes == [.otherNeutral, .nonspacingMark])
    }

    /// FriBidi 1.0.8 (bug #141) takes an earlier isolate's level for the sos of the next isolate at
    /// the same depth: an LTR mention starting with digits after an RTL mention got its digits at
    /// level 4. On the plain isolation (M I S PDI M, no marks inside), both engines give ICU's order.
    @Test(arguments: [
        "مرحبا @علي و @12345谢谢 كيف",
        "@محمد@12345$20 و @sara_99",
        "hi @علي then @99bottles ok",
    ])
    func consecutiveMentionIsolates(text: String) {
        for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
            let isolated = Array(EntityIsolation.isolate(text, direction: direction, kinds: .mentions).unicodeScalars)
            let icu = ICUBidi.reorder(isolated, paragraphLevel: direction == .rightToLeft ? 1 : 0)!
            let keep = { (i: Int) in !BidiClass(isolated[i]).isRemovedByX9 }
            for engine in BidiEngine.allCases {
                let line = BidiText(scalars: isolated, direction: direction, engine: engine).paragraphs[0].singleLine
                #expect(line.visualOrder.filter(keep) == icu.visual.filter(keep), "\(engine) \(direction) \(text)")
            }
            // Layout (which also puts marks inside each isolate) shows the same order.
            let layout = TestLayout.layout(text, direction)
            let scalars = Array(text.unicodeScalars)
            let plain = IsolatedText(scalars, entities: layout.entities)
            let expected = icu.visual.map { plain.originalIndex[$0] }.filter { $0 >= 0 && !BidiClass(scalars[$0]).isRemovedByX9 }
            #expect(TestLayout.visualOrder(layout).filter { !BidiClass(scalars[$0]).isRemovedByX9 } == expected)
        }
    }

    /// The smallest case of bug #141: the FriBidi engine, with its marks inside the isolates, gives
    /// ICU's levels, as the native engine does (FriBidi 1.0.8 alone gives the second 5 level 4).
    @Test(arguments: BidiEngine.allCases)
    func isolateSosAfterIsolate(engine: BidiEngine) {
        let text = Array("\u{2067}5\u{2069}\u{2066}5\u{2069}".unicodeScalars)
        let icu = ICUBidi.reorder(text, paragraphLevel: 1)!.levels
        #expect(icu == [1, 4, 1, 1, 2, 1])
        #expect(BidiText(scalars: text, direction: .rightToLeft, engine: engine).paragraphs[0].levels == icu)
    }
}
