// Regression tests for the two FriBidi 1.0.8 bugs BidiRender works around, each checked against
// ICU's ubidi (an independent UAX #9 implementation).
import Testing
@testable import BidiRender

@Suite struct FriBidiWorkaroundTests {
    /// FriBidi 1.0.8 drops the bracket property of "[" after ON + NSM ("❤️" is U+2764 U+FE0F), so
    /// the pair is never resolved by N0. BidiRender hands such an NSM to FriBidi as ON.
    @Test(arguments: ["❤\u{FE0F}[的] Cairo", "!\u{300}(的) Cairo", "مرحبا ❤\u{FE0F}(hello) 🙏\u{FE0F}[你好]", "a\u{300}(ب) c"])
    func bracketAfterNeutralAndMark(text: String) {
        let scalars = Array(text.unicodeScalars)
        for level: UInt8 in [0, 1] {
            let ours = BidiText(scalars: scalars, direction: level == 1 ? .rightToLeft : .leftToRight).paragraphs[0].singleLine
            let icu = ICUBidi.reorder(scalars, paragraphLevel: level)!
            let keep = { (i: Int) in !BidiClass(scalars[i]).isRemovedByX9 }
            #expect(ours.visualOrder.filter(keep) == icu.visual.filter(keep), "\(text) level \(level)")
        }
        // The original classes are still reported.
        #expect(BidiText("❤\u{FE0F}", direction: .auto).paragraphs[0].classes == [.otherNeutral, .nonspacingMark])
    }

    /// FriBidi 1.0.8 (bug #141) takes an earlier isolate's level for the sos of the next isolate at
    /// the same depth: an LTR mention starting with digits after an RTL mention got its digits at
    /// level 4. Layout puts a mark just inside each end of every mention isolate.
    @Test(arguments: [
        "مرحبا @علي و @12345谢谢 كيف",
        "@محمد@12345$20 و @sara_99",
        "hi @علي then @99bottles ok",
    ])
    func consecutiveMentionIsolates(text: String) {
        for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
            let layout = TestLayout.layout(text, direction)
            let scalars = Array(text.unicodeScalars)
            let isolated = IsolatedText(scalars, mentions: layout.mentions)  // the plain M I S PDI M
            let icu = ICUBidi.reorder(isolated.scalars.map { Unicode.Scalar($0)! }, paragraphLevel: direction == .rightToLeft ? 1 : 0)!
            let expected = icu.visual.map { isolated.originalIndex[$0] }.filter { $0 >= 0 && !BidiClass(scalars[$0]).isRemovedByX9 }
            let got = TestLayout.visualOrder(layout).filter { !BidiClass(scalars[$0]).isRemovedByX9 }
            #expect(got == expected, "\(direction) \(text)")
        }
    }

    /// FriBidi on the plain transformation shows the bug (so the test above can fail); fast path D,
    /// which resolves isolate-only paragraphs itself, does not.
    @Test func bugIsRealWithoutTheMarks() {
        let text = Array("\u{2067}5\u{2069}\u{2066}5\u{2069}".unicodeScalars)
        let icu = ICUBidi.reorder(text, paragraphLevel: 1)!.levels
        #expect(icu == [1, 4, 1, 1, 2, 1])
        let reorderer = BidiReorderer()
        reorderer.disablesFastPaths = true
        reorderer.load(scalars: text)
        _ = reorderer.reorderAll(direction: .rightToLeft, includeSeparators: true)
        #expect(reorderer.levels[4] == 4)  // FriBidi 1.0.8; if this starts failing, the system FriBidi was fixed
        let ours = BidiText(scalars: text, direction: .rightToLeft).paragraphs[0].levels
        #expect(ours == icu)
    }
}
