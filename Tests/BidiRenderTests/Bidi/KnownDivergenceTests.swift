// Inputs on which an implementation was once found to depart from UAX #9 (most in FriBidi 1.0.8,
// where the old code resolved them), each with its UAX #9 levels (nil: removed by X9), which ICU's
// ubidi gives too. The native engine must give them; the FriBidi engine too, where a work-around or
// its guard covers the bug.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct KnownDivergenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let direction: ParagraphDirection
        let levels: [BidiLevel?]
        /// Whether the FriBidi engine gives the UAX #9 answer too.
        let fribidi: Bool
        var testDescription: String { text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // N0 reads the context of a bracket pair inside its isolating run sequence only, and before
        // the sequence's first character it is sos (X10): after LRE the sequence starts at level 2
        // with sos L, so "〈א〉" (strong R inside, no strong context before it in the sequence)
        // takes the embedding direction L. FriBidi 1.0.8 reads the AN ١ before the LRE and makes
        // the brackets R (2 3 3 3); no work-around covers it.
        Case(text: "\u{661}\u{202A}\u{3008}\u{5D0}\u{3009}", direction: .leftToRight, levels: [2, nil, 2, 3, 2], fribidi: false),
        // The bracket after ON + NSM, where the NSM follows an unpaired bracket "(": W1 makes the
        // NSM ON, and "[ת]" is a pair N0 resolves: R inside, no strong context before it in the
        // sequence (sos), so the embedding direction (L in LTR, R in RTL). The FriBidi engine's
        // guard leaves this pattern to the native engine.
        Case(
            text: "\u{202A}\u{202C}(\u{64B}[\u{5EA}]\u{5D0}", direction: .leftToRight,
            levels: [nil, nil, 0, 0, 0, 1, 0, 1], fribidi: true),
        Case(
            text: "\u{202A}\u{202C}(\u{64B}[\u{5EA}]\u{5D0}", direction: .rightToLeft,
            levels: [nil, nil, 1, 1, 1, 1, 1, 1], fribidi: true),
        // X5c: an FSI's direction is P2–P3 on the text up to its matching PDI, not past it: "a"
        // makes it LTR (content at 2); with nothing strong before the PDI it is LTR too, whatever
        // follows the PDI.
        Case(text: "\u{2068}a\u{2069}\u{5D0}", direction: .leftToRight, levels: [0, 2, 0, 1], fribidi: true),
        Case(text: "\u{2068}1\u{2069}\u{5D0}", direction: .leftToRight, levels: [0, 2, 0, 1], fribidi: true),
        Case(text: "x\u{2068}1\u{2069}\u{5D0}", direction: .rightToLeft, levels: [2, 1, 2, 1, 1], fribidi: true),
        // X10: the sos of an isolate's content after an earlier isolate at the same depth is
        // against the initiator, with embeddings and overrides around (FriBidi bug #141).
        Case(
            text: "\u{202B}\u{2067}5\u{2069}\u{2066}5\u{2069}\u{202C}", direction: .leftToRight,
            levels: [nil, 1, 4, 1, 1, 2, 0, nil], fribidi: true),
        Case(
            text: "\u{202E}\u{2067}5\u{2069}\u{2066}5\u{2069}\u{202C}", direction: .leftToRight,
            levels: [nil, 1, 4, 1, 1, 2, 0, nil], fribidi: true),
        Case(
            text: "\u{2067}5\u{2069}\u{202A}\u{2066}5\u{2069}", direction: .rightToLeft,
            levels: [1, 4, 1, nil, 2, 4, 1], fribidi: true),
        // ICU's quirks (ICUBidi.knownQuirk), with the UAX #9 answer: an unmatched PDI
        // under RLO is R at the override's level (X6a); N0's marks follow their bracket before an
        // isolate initiator and across a BN.
        Case(text: "\u{202E}\u{2069}\u{202D}\u{5D0}", direction: .leftToRight, levels: [nil, 1, nil, 2], fribidi: true),
        Case(text: "\u{661}[\u{5D0}]\u{300}\u{2067}\u{5D0}", direction: .leftToRight, levels: [2, 1, 1, 1, 1, 0, 1], fribidi: true),
        Case(text: "A\u{200F}[\u{5D0}]\u{200D}\u{20D6}", direction: .leftToRight, levels: [0, 1, 1, 1, 1, nil, 1], fribidi: true),
    ]

    @Test(arguments: cases)
    func uax9Levels(testCase: Case) {
        for engine in BidiEngine.allCases where engine == .native || testCase.fribidi {
            let levels = BidiText(testCase.text, direction: testCase.direction, engine: engine).paragraphs[0].singleLine.levels
            #expect(levels.count == testCase.levels.count)
            for (got, want) in zip(levels, testCase.levels) where want != nil {
                #expect(got == want!, "\(engine): \(levels)")
            }
        }
        // ICU agrees, except on its own quirks.
        let scalars = Array(testCase.text.unicodeScalars)
        if !ICUBidi.knownQuirk(scalars) {
            let icu = ICUBidi.reorder(scalars, paragraphLevel: testCase.direction == .rightToLeft ? 1 : 0)!
            for (got, want) in zip(icu.levels, testCase.levels) where want != nil { #expect(got == want!) }
        }
    }
}
