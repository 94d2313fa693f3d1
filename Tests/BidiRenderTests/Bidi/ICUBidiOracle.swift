// ICUBidiOracle: ICU's ubidi (through CICUBridge's br_icu_bidi and br_icu_bidi_line), the independent
// UAX #9 implementation the bidi tests compare both engines with, and the input classes on which ICU 72
// departs from UAX #9. Test support only; Fuzz/Sources/BidiDiffFuzzer compiles it through a symlink.
import CICUBridge
@_spi(Tools) @testable import BidiRender

/// ICU's ubidi: an independent UAX #9 implementation, the oracle of the tests and of the differential
/// fuzzer. Not in the library (the benchmarks call ICU through their own C target).
enum ICUBidi {
    /// ICU's levels and visual order of one paragraph laid out as one line. `paragraphLevel` is
    /// 0, 1, or nil for auto. Every code point appears in `visual`, controls included.
    static func reorder(_ scalars: [Unicode.Scalar], paragraphLevel: UInt8?) -> (baseLevel: BidiLevel, levels: [BidiLevel], visual: [Int])? {
        let text = scalars.map(\.value)
        var levels = [UInt8](repeating: 0, count: text.count)
        var visual = [Int32](repeating: 0, count: text.count)
        let base = text.withUnsafeBufferPointer { t in
            br_icu_bidi(t.baseAddress, Int32(t.count), paragraphLevel.map(Int32.init) ?? -1, &levels, &visual)
        }
        guard base >= 0 else { return nil }
        return (BidiLevel(UInt8(base)), levels.map { BidiLevel($0) }, visual.map(Int.init))
    }

    /// ICU's visual order of one line `line` of a paragraph (ubidi_setLine): code point indices of
    /// the paragraph, left to right, controls included.
    static func reorderLine(_ scalars: [Unicode.Scalar], paragraphLevel: UInt8?, line: Range<Int>) -> [Int]? {
        let text = scalars.map(\.value)
        var visual = [Int32](repeating: 0, count: max(line.count, 1))
        let status = text.withUnsafeBufferPointer { t in
            br_icu_bidi_line(
                t.baseAddress, Int32(t.count), paragraphLevel.map(Int32.init) ?? -1, Int32(line.lowerBound),
                Int32(line.upperBound), &visual)
        }
        guard status == 0 else { return nil }
        return visual.prefix(line.count).map(Int.init)
    }

    /// The classes of input on which ICU 72's ubidi departs from UAX #9, skipped exactly (quirk 1,
    /// levels only, is handled where levels are compared). The native engine and FriBidi agree on
    /// each, and `KnownDivergenceTests` pins the UAX #9 answer. The tests and the differential fuzzer
    /// skip exactly these.
    ///
    /// - Quirk 2, an unmatched PDI under an override: UAX #9 X6a gives a PDI that matches no
    ///   initiator the level and the override of the stack's last entry ("In all cases, … reset the
    ///   current character type from PDI to L/R"); ICU makes it WS, so the override does not apply
    ///   (RLO PDI LRO א in LTR: the PDI is R at level 1; ICU gives 1 2 as if it were neutral).
    /// - Quirk 3, N0's marks before an isolate control: N0 gives the NSMs right after a paired
    ///   bracket the bracket's new type; ICU leaves them as they were when an isolate initiator or PDI
    ///   follows them (١[א]◌̀ RLI א in LTR: the mark is R at level 1; ICU gives 0), or when a BN
    ///   or another character X9 removes (so not there for N0) stands between the bracket and them (A RLM [א] ZWJ
    ///   U+20D6 in LTR, a line of BidiCharacterTest.txt: the mark is R; ICU gives 0); and it never
    ///   changes the marks right after a CLOSING bracket (ب(ب)◌̀ in LTR: N0 makes the pair R by its
    ///   context, so the mark is R at level 1; ICU gives 0, also on BidiCharacterTest.txt's own line
    ///   `05D0 0028 05D1 0029 0331`). Found by the differential fuzzer.
    static func knownQuirk(_ scalars: [Unicode.Scalar]) -> Bool {
        let classes = scalars.map { BidiClass($0) }
        // X1–X8's stack, enough to know the override status at each PDI (level, override, isolate).
        var stack: [(level: Int, override: Bool, isolate: Bool)] = [(0, false, false)]
        var (overflowIsolates, overflowEmbeddings, validIsolates) = (0, 0, 0)
        for (i, c) in classes.enumerated() {
            let level = stack[stack.count - 1].level
            switch c {
            case .leftToRightEmbedding, .rightToLeftEmbedding, .leftToRightOverride, .rightToLeftOverride,
                .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                let isolate = c.rawValue >= BidiClass.leftToRightIsolate.rawValue
                let rtl = c == .rightToLeftEmbedding || c == .rightToLeftOverride || c == .rightToLeftIsolate
                let next = rtl ? (level + 1) | 1 : (level + 2) & ~1  // FSI as LRI, auto as LTR
                if next <= 125, overflowIsolates == 0, overflowEmbeddings == 0 {
                    if isolate { validIsolates += 1 }
                    stack.append((next, c == .leftToRightOverride || c == .rightToLeftOverride, isolate))
                } else if isolate {
                    overflowIsolates += 1
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .popDirectionalFormat:
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !stack[stack.count - 1].isolate, stack.count > 1 {
                    stack.removeLast()
                }
            case .popDirectionalIsolate:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                } else if stack[stack.count - 1].override {
                    return true
                }
            case .nonspacingMark where i > 0:
                // Back over marks and characters X9 removes, to the character they follow.
                var j = i - 1
                var removedBetween = false
                while j > 0, classes[j].isRemovedByX9 || classes[j] == .nonspacingMark {
                    if classes[j].isRemovedByX9 { removedBetween = true }
                    j -= 1
                }
                if let bracket = UnicodeBidiData.pairedBracket(of: scalars[j]) {
                    if removedBetween { return true }
                    // A closing bracket with an opener before it (pairs approximately as BD16 does).
                    if bracket.kind == .close, scalars[..<j].contains(bracket.pair) { return true }
                }
                if i + 1 < classes.count, classes[i + 1].rawValue >= BidiClass.leftToRightIsolate.rawValue,
                    classes[..<i].last(where: { $0 != .nonspacingMark }).map({ $0 == .otherNeutral }) == true
                {
                    return true
                }
            default: break
            }
        }
        return false
    }

    /// The ICU version, for example "72.1".
    static var version: String { String(cString: br_icu_version()) }
}
