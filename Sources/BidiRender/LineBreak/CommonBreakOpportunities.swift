// CommonBreakOpportunities: UAX #14 break opportunities for paragraphs made only of the line break
// classes chat text is mostly made of (letters, digits, spaces, marks, ideographs, emoji, the usual
// punctuation and signs), by the rules that concern those classes, in one pass; ICU answers for every
// other paragraph. Equal to ICU on the paragraphs it answers for: a test compares the two on
// LineBreakTest.txt, on the corpus and on random strings of these classes, in root and tailored locales.

/// Break opportunities by UAX #14 for paragraphs of the common classes; ICU's (`ICUBreakOpportunities`)
/// for the rest.
///
/// On the corpus's messages ICU's iterator costs about 16,700 instructions a message (the text copied
/// to UTF-16, its state machine, its cache); this pass about 7,800. It answers only when every code
/// point's class is one it knows (`Class`) and the locale's rules are ICU's root rules (not ja's or
/// zh's, which tailor quotation marks among others, nor those an -u-lb- keyword picks), and then
/// gives the same opportunities as ICU.
struct CommonBreakOpportunities: BreakOpportunitySource {
    /// ICU, for the paragraphs with a class this pass does not know.
    var icu = ICUBreakOpportunities()

    /// The locale of the last call, and whether its rules are ICU's root rules (asked of ICU once
    /// per locale in a row).
    private var lastLocale: LocaleTag?
    private var rootRules = false

    mutating func opportunities(
        for paragraph: UnsafeBufferPointer<UInt32>, locale: LocaleTag, into breaks: inout [UInt8]
    ) -> Bool {
        if lastLocale != locale {
            rootRules = icu.usesRootRules(locale)
            lastLocale = locale
        }
        if rootRules && Self.common(paragraph, into: &breaks) { return true }
        return icu.opportunities(for: paragraph, locale: locale, into: &breaks)
    }

    /// The classes this pass knows, as the rules below see them: AI acts as AL (UAX #14 LB1); OP and
    /// CP are split by East Asian Width (LB30 holds only for those not F, W or H: ASCII, while those
    /// of the CJK Symbols and Punctuation and Halfwidth and Fullwidth Forms blocks are the wide ones,
    /// and any other is left to ICU); EM only after EB (LB30b).
    enum Class: UInt8 {
        case other = 0, al, hl, nu, sp, cm, zwj, id, infix, ex, qu, op, opWide, cp, cpWide, cl, eb, em, ri
        case hy, sy, pr, po, inseparable, ns, b2
    }

    /// `c`'s class for this pass, `.other` for one it does not know.
    @inline(__always)
    static func lineClass(_ c: UInt32, low: UnsafePointer<Class>) -> Class {
        if c < Self.lowCount { return low[Int(c)] }
        if c >= 0x4E00 && c <= 0x9FFF { return .id }  // CJK Unified Ideographs, all ID (a test checks)
        return Self.lineClass(icu: c)
    }

    /// `c`'s class from ICU's Line_Break property.
    static func lineClass(icu c: UInt32) -> Class {
        // East Asian Width F, W or H: the OP and CP of these two blocks (asked only for OP and CP).
        var wide: Bool { (0x3000...0x303F).contains(c) || (0xFF00...0xFFEF).contains(c) }
        switch ICUUnicode.lineBreakClass(c) {
        case 1, 2: return .al  // AI, AL
        case 38: return .hl
        case 19: return .nu
        case 26: return .sp
        case 9: return .cm
        case 42: return .zwj
        case 14: return .id
        case 16: return .infix
        case 11: return .ex
        case 23: return .qu
        case 20: return c < 0x80 ? .op : wide ? .opWide : .other
        case 36: return c < 0x80 ? .cp : wide ? .cpWide : .other
        case 8: return .cl
        case 40: return .eb
        case 41: return .em
        case 39: return .ri
        case 13: return .hy
        case 27: return .sy
        case 22: return .pr
        case 21: return .po
        case 15: return .inseparable
        case 18: return .ns
        case 3: return .b2
        default: return .other
        }
    }

    /// The classes of U+0000–U+06FF (Latin, Greek, Cyrillic, Hebrew, Arabic), read from ICU once.
    static let lowCount: UInt32 = 0x700
    nonisolated(unsafe) private static let low: UnsafeMutablePointer<Class> = {
        let table = UnsafeMutablePointer<Class>.allocate(capacity: Int(lowCount))  // never freed: one per process
        for c in 0..<lowCount { table[Int(c)] = lineClass(icu: c) }
        return table
    }()

    /// The opportunities of `text` into `breaks` (one per code point, as `BreakOpportunitySource`
    /// says), or false, `breaks` then unspecified, when a code point's class is not one this pass
    /// knows. The rules are UAX #14's as ICU 72 has them (`breaksBetween` says which decides): LB7
    /// × SP; LB8a ZWJ ×; LB9 X (CM|ZWJ)* as X; LB10 other CM and ZWJ as AL; then between bases LB13
    /// to LB31, with two of Unicode 15.1 that ICU 72 has already (LB15c SP ÷ IS NU, LB20a a
    /// word-initial hyphen × AL) and LB25 as ICU's regular expression, which LineBreakTest.txt's
    /// departs from: (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)? is never broken.
    static func common(_ text: UnsafeBufferPointer<UInt32>, into breaks: inout [UInt8]) -> Bool {
        let (low, pairs) = (UnsafePointer(Self.low), Self.pairs)  // read once: a static costs a `swift_once` call per use
        breaks.removeAll(keepingCapacity: true)
        breaks.append(contentsOf: repeatElement(BreakOpportunity.none, count: text.count))
        return breaks.withUnsafeMutableBufferPointer { out in
            // The class of the last base (marks folded into it, LB9) and whether spaces follow it;
            // the class of the code point before.
            var before = Class.other
            var spaces = false
            var previous = Class.sp
            // What the rules of a few pairs (`Pair.special`) read: whether `before` starts a word
            // (at the start, or after spaces: LB20a), is a hyphen right after a Hebrew letter
            // (LB21a), is in the body of a number (NU (NU|SY|IS)*) or closes one (CL, CP: LB25);
            // the regional indicators in a row it ends (LB30a).
            var wordStart = true
            var afterHebrewHyphen = false
            var inNumber = false
            var closesNumber = false
            var indicators = 0
            for i in 0..<text.count {
                var c = lineClass(text[i], low: low)
                // Most code points are a letter right after a letter (LB28 ×), where the state
                // stays as the first letter left it.
                if c == .al && before == .al && !spaces {
                    previous = .al
                    continue
                }
                if c == .other { return false }
                if c == .sp {
                    (spaces, indicators, previous) = (true, 0, .sp)
                    continue
                }
                if c == .cm || c == .zwj {
                    // LB9: part of the base before (no break); else LB10 (a ZWJ keeps its kind for
                    // LB8a, and is ruled as AL).
                    if i > 0 && previous != .sp {
                        previous = c
                        continue
                    }
                    c = c == .zwj ? .zwj : .al
                }
                let base: Class = c == .zwj ? .al : c
                if base == .em && (before != .eb || spaces || previous == .zwj) { return false }  // LB30b's other case
                // LB8a ZWJ ×; else the pair's rule, from the table unless it reads more.
                if i > 0 && previous != .zwj {
                    let pair = pairs[Int(before.rawValue) &* Self.classCount &+ Int(base.rawValue)]
                    let allowed: Bool
                    if pair & (spaces ? Pair.specialSpaced : Pair.special) == 0 {
                        allowed = pair & (spaces ? Pair.breaksSpaced : Pair.breaks) != 0
                    } else {
                        guard let number = Self.thenNumber(text, at: i, before: before, base: base, spaces: spaces, low: low) else {
                            return false
                        }
                        allowed = breaksBetween(
                            before, base, spaces: spaces, thenNumber: number, wordStart: wordStart,
                            afterHebrewHyphen: afterHebrewHyphen, inNumber: inNumber, closesNumber: closesNumber,
                            indicators: indicators)
                    }
                    if allowed { out[i] = BreakOpportunity.allowed }
                }
                indicators = base == .ri ? (before == .ri && !spaces ? indicators + 1 : 1) : 0
                afterHebrewHyphen = base == .hy && before == .hl && !spaces
                closesNumber = (base == .cl || base == .cp || base == .cpWide) && inNumber && !spaces
                inNumber = base == .nu || ((base == .sy || base == .infix) && inNumber && !spaces)
                // (Not after OP SP*: ICU's rule for LB14 takes those spaces, and LB20a does not
                // see them.)
                wordStart = i == 0 || (spaces && before != .op && before != .opWide)
                (before, spaces, previous) = (base, false, c)
            }
            return true
        }
    }

    /// The bits of a pair's entry in `pairs`: whether a line breaks between the two with no space
    /// between them, and with spaces; or whether `breaksBetween` must be asked (its answer depends on
    /// more than the pair), with no space and with spaces.
    enum Pair {
        static let breaks: UInt8 = 1
        static let breaksSpaced: UInt8 = 2
        static let special: UInt8 = 4
        static let specialSpaced: UInt8 = 8
    }

    /// The number of classes, the side of `pairs`.
    static let classCount = Int(Class.b2.rawValue) + 1

    /// `breaksBetween` for every pair of classes (`before` × `c`, `classCount` × `classCount`), with
    /// no space and with spaces between them, made once from it: the pairs whose answer is the same
    /// whatever the rest of the state, and `Pair.special` for the others.
    nonisolated(unsafe) static let pairs: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: classCount * classCount)  // never freed: one per process
        for b in 0..<classCount {
            for c in 0..<classCount {
                var entry: UInt8 = 0
                for spaces in [false, true] {
                    // The answer in each of the 64 states of the flags (and 1 or 2 indicators).
                    func answer(_ state: Int) -> Bool {
                        breaksBetween(
                            Class(rawValue: UInt8(b))!, Class(rawValue: UInt8(c))!, spaces: spaces,  // no-trap: b, c < classCount
                            thenNumber: state & 1 != 0, wordStart: state & 2 != 0, afterHebrewHyphen: state & 4 != 0,
                            inNumber: state & 8 != 0, closesNumber: state & 16 != 0, indicators: state & 32 != 0 ? 2 : 1)
                    }
                    let first = answer(0)
                    if (1..<64).contains(where: { answer($0) != first }) {
                        entry |= spaces ? Pair.specialSpaced : Pair.special
                    } else if first {
                        entry |= spaces ? Pair.breaksSpaced : Pair.breaks
                    }
                }
                table[b * classCount + c] = entry
            }
        }
        return UnsafePointer(table)
    }()

    /// What `breaksBetween` reads as `thenNumber` before `base` at `i`: whether a number follows
    /// (`startsNumber`) an IS after spaces (LB15c) or an OP right after PR or PO (LB25); false
    /// otherwise; nil when a mark makes it a case for ICU.
    private static func thenNumber(
        _ text: UnsafeBufferPointer<UInt32>, at i: Int, before: Class, base: Class, spaces: Bool, low: UnsafePointer<Class>
    ) -> Bool? {
        if base == .infix && spaces { return startsNumber(text, at: i + 1, low: low, infix: false) }
        if (before == .pr || before == .po) && (base == .op || base == .opWide) && !spaces {
            return startsNumber(text, at: i + 1, low: low, infix: true)
        }
        return false
    }

    /// Whether a number starts at `i`: NU, or IS NU with `infix`; nil when a mark (CM, ZWJ) comes
    /// in between, or an IS where `infix` is false: cases left to ICU.
    private static func startsNumber(_ text: UnsafeBufferPointer<UInt32>, at i: Int, low: UnsafePointer<Class>, infix: Bool) -> Bool? {
        var j = i
        var c = j < text.count ? lineClass(text[j], low: low) : .other
        if c == .cm || c == .zwj { return nil }
        if c == .infix {
            guard infix else { return nil }
            j += 1
            c = j < text.count ? lineClass(text[j], low: low) : .other
            if c == .cm || c == .zwj { return nil }
        }
        return c == .nu
    }

    /// Whether a line may break between a base of class `before` and one of class `c` (neither SP,
    /// CM nor ZWJ), with `spaces` between them; `thenNumber`: `c` is an IS before a NU; `wordStart`:
    /// `before` is at the start or after spaces; `afterHebrewHyphen`: `before` is HY right after HL;
    /// `indicators`: the regional indicators in a row that `before` ends. The rules in UAX #14's
    /// order, each where it decides.
    private static func breaksBetween(
        _ before: Class, _ c: Class, spaces: Bool, thenNumber: Bool, wordStart: Bool, afterHebrewHyphen: Bool,
        inNumber: Bool, closesNumber: Bool, indicators: Int
    ) -> Bool {
        if before == .op || before == .opWide { return false }  // LB14
        switch c {
        case .infix: return spaces && thenNumber  // LB13, LB15c
        case .cl, .cp, .cpWide, .ex, .sy: return false  // LB13
        default: break
        }
        if before == .qu && (c == .op || c == .opWide) { return false }  // LB15
        if (before == .cl || before == .cp || before == .cpWide) && c == .ns { return false }  // LB16
        if before == .b2 && c == .b2 { return false }  // LB17
        if spaces { return true }  // LB18
        if c == .qu || before == .qu { return false }  // LB19
        if before == .hy && wordStart && c == .al { return false }  // LB20a (ICU 72's: not before HL)
        if c == .hy || c == .ns || c == .inseparable || afterHebrewHyphen { return false }  // LB21, LB21a, LB22
        let letter = c == .al || c == .hl
        let letterBefore = before == .al || before == .hl
        switch (before, c) {
        case (.sy, .hl): return false  // LB21b
        case (.al, .nu), (.hl, .nu), (.nu, .al), (.nu, .hl): return false  // LB23
        case (.pr, .id), (.pr, .eb), (.pr, .em), (.id, .po), (.eb, .po), (.em, .po): return false  // LB23a
        case (.pr, _) where letter, (.po, _) where letter, (_, .pr) where letterBefore, (_, .po) where letterBefore:
            return false  // LB24
        // LB25 as ICU has it, no break inside (PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?
        case (.pr, .nu), (.po, .nu), (.hy, .nu), (.infix, .nu), (.nu, .nu): return false
        case (.pr, .op), (.pr, .opWide), (.po, .op), (.po, .opWide): return !thenNumber
        case (.sy, .nu): return !inNumber
        case (_, .pr), (_, .po): return !(inNumber || closesNumber)
        case (_, _) where letterBefore && letter: return false  // LB28
        case (.infix, _) where letter: return false  // LB29
        case (.al, .op), (.hl, .op), (.nu, .op), (.cp, .al), (.cp, .hl), (.cp, .nu): return false  // LB30
        case (.ri, .ri): return indicators % 2 == 0  // LB30a
        case (.eb, .em): return false  // LB30b
        default: return true  // LB31
        }
    }
}
