// ImplicitResolver: the weak, neutral and implicit rules (UAX #9 W1–W7, N0–N2, I1–I2) on one
// isolating run sequence laid out as one array, with its sos and eos. A paragraph without explicit
// formatting — most chat text — is one such sequence at the paragraph level (fast path C); with
// explicit formatting, ExplicitResolver gathers each sequence and hands it here. The paragraph part
// of L1 is LineLevelReset's. Nothing is allocated: it works in the reorderer's buffers.

private typealias Class = BidiClassValue

/// UAX #9 BD14–BD16 in its own terms: a paired bracket's value is its pair identifier (the code
/// point of the opening bracket of its pair, canonical: U+2329/U+232A count as U+3008/U+3009) and
/// whether it opens, packed as `id << 1 | open`; 0 for a character that is not a paired bracket.
enum BidiBracket {
    static let none: UInt32 = 0
    @inline(__always) static func value(id: UInt32, isOpen: Bool) -> UInt32 { id << 1 | (isOpen ? 1 : 0) }
    @inline(__always) static func isOpen(_ value: UInt32) -> Bool { value & 1 != 0 }
    @inline(__always) static func pairID(_ value: UInt32) -> UInt32 { value >> 1 }
}

/// Resolves the levels of one isolating run sequence.
struct ImplicitResolver {
    /// Original classes (BidiClass raw values), `count` of them.
    let classes: UnsafePointer<UInt8>
    /// Bracket values (`BidiBracket`, BD14–BD16).
    let brackets: UnsafePointer<UInt32>
    /// Scratch for the resolved types.
    let types: UnsafeMutablePointer<UInt8>
    /// Scratch for bracket pairs (opener and closer positions, two per pair, at most `count`
    /// entries) followed by the BD16 stack (63 entries).
    let pairs: UnsafeMutablePointer<Int32>
    /// Output levels.
    let levels: UnsafeMutablePointer<UInt8>
    let count: Int
    /// The sequence's embedding level.
    let base: UInt8
    /// The directions (L or R class values) at the sequence's start and end (X10).
    let sos: UInt8
    let eos: UInt8
    /// False when the sequence holds no paired bracket: BD16 and N0 are skipped.
    let pairedBrackets: Bool
    /// When `types` already holds W1–W3's result (the load computed it), a set of types (bit
    /// `1 << type`) that holds ES, ET and CS if the types do, EN if they do, and EN or AN if they
    /// hold AN: the classes' set does (NSM copies a type that is there, W2 turns EN into AN).
    /// nil when `weakTypes` computes the types from `classes`.
    let loadedWeakTypes: UInt32?

    /// A sequence at `base` whose sos and eos are `base`'s direction: a whole paragraph without
    /// explicit formatting.
    init(
        classes: UnsafePointer<UInt8>, brackets: UnsafePointer<UInt32>, types: UnsafeMutablePointer<UInt8>,
        pairs: UnsafeMutablePointer<Int32>, levels: UnsafeMutablePointer<UInt8>, count: Int, base: UInt8,
        sos: UInt8? = nil, eos: UInt8? = nil, pairedBrackets: Bool = true, loadedWeakTypes: UInt32? = nil
    ) {
        (self.classes, self.brackets, self.types, self.pairs, self.levels) = (classes, brackets, types, pairs, levels)
        self.count = count
        self.base = base
        let direction = base & 1 == 1 ? Class.R : Class.L
        self.sos = sos ?? direction
        self.eos = eos ?? direction
        self.pairedBrackets = pairedBrackets
        self.loadedWeakTypes = loadedWeakTypes
    }

    /// The class value of the direction of `level`: L for even, R for odd.
    static func direction(_ level: UInt8) -> UInt8 { level & 1 == 1 ? Class.R : Class.L }

    /// The direction of embedding level `base`, and of sos and eos (X10 for a paragraph-level run).
    private var e: UInt8 { base & 1 == 1 ? Class.R : Class.L }

    /// The previous index that is not BN (removed by X9), or -1.
    @inline(__always) private func previous(_ i: Int) -> Int {
        var j = i - 1
        while j >= 0, classes[j] == Class.BN { j -= 1 }
        return j
    }

    /// The next index that is not BN, or `count`.
    @inline(__always) private func next(_ i: Int) -> Int {
        var j = i + 1
        while j < count, classes[j] == Class.BN { j += 1 }
        return j
    }

    /// L, or R for R, EN and AN (N0, N1); nil for anything else.
    @inline(__always) private func strongForNeutrals(_ t: UInt8) -> UInt8? {
        if t == Class.L { return Class.L }
        if t == Class.R || t == Class.EN || t == Class.AN { return Class.R }
        return nil
    }

    /// The whole paragraph: the sequence rules, then the paragraph part of L1. `segmentSeparators`
    /// is false when the paragraph holds no segment separator (class S).
    func resolve(segmentSeparators: Bool = true) {
        resolveSequence()
        LineLevelReset.apply(
            classes: classes, levels: levels, lineStart: 0, lineEnd: count, baseLevel: base,
            segmentSeparators: segmentSeparators)
    }

    /// W1–I2 on the sequence. Without bracket pairs, W6–W7 are applied in the pass of N1–I2; with
    /// them, before N0, which needs their result.
    func resolveSequence() {
        let w6w7 = weakTypes()
        let pairCount = pairedBrackets ? findBracketPairs() : 0
        if pairCount > 0 {
            if w6w7 { separatorsAndNumbersAfterL() }
            resolveBracketPairs(pairCount)
            neutralsAndLevels(applyingW6W7: false)
        } else if w6w7 {
            // Constant arguments: each call is compiled with its own branch on W6-W7 folded away.
            neutralsAndLevels(applyingW6W7: true)
        } else {
            neutralsAndLevels(applyingW6W7: false)
        }
    }

    /// W1–W3 on one character of class `c`, as a pass from the sequence's start carries them:
    /// NSM takes the type before it (W1; BN is skipped), EN after AL is AN (W2), AL is R (W3).
    /// `previousType` and `lastStrong` start as sos. Selects, not branches: the class changes every
    /// few characters in mixed text, and a branch on it would be mispredicted at every change. BN
    /// goes through every select unchanged and leaves `previousType` alone.
    @inline(__always)
    static func w1to3(_ c: UInt8, previousType: inout UInt8, lastStrong: inout UInt8) -> UInt8 {
        var t = c == Class.NSM ? previousType : c
        previousType = c == Class.BN ? previousType : t
        lastStrong = t <= Class.AL ? t : lastStrong  // L, R or AL
        t = t == Class.AL ? Class.R : t
        return t == Class.EN && lastStrong == Class.AL ? Class.AN : t
    }

    /// W1–W5. Returns whether W6–W7 have anything to change (an ES, ET, CS or EN is left).
    private func weakTypes() -> Bool {
        // W1–W3 in one pass that also notes which types occur, so the later passes run only when
        // their rule can apply (unless the load did it). Locals, not `self.`: a store through
        // `types` could alias `self`, and would reload it.
        let (classes, types, count) = (self.classes, self.types, self.count)
        var seen: UInt32 = 0
        if let loaded = loadedWeakTypes {
            seen = loaded
        } else {
            var previousType = sos
            var lastStrong = sos
            for i in 0..<count {
                let t = Self.w1to3(classes[i], previousType: &previousType, lastStrong: &lastStrong)
                seen |= Self.bit(t)
                types[i] = t
            }
        }
        let separators = Self.bit(Class.ES) | Self.bit(Class.CS)
        let numbers = Self.bit(Class.EN) | Self.bit(Class.AN)
        let terminators = Self.bit(Class.ET)
        guard seen & (separators | terminators | Self.bit(Class.EN)) != 0 else { return false }
        // W4: a single ES between ENs is EN; a single CS between numbers of one type is that type.
        if seen & separators != 0, seen & numbers != 0 {
            w4()
        }
        // W5: a sequence of ETs next to an EN is EN.
        if seen & terminators != 0 {
            w5()
        }
        return true
    }

    /// W6: the remaining separators and terminators are ON. W7: EN after L (or sos L) is L.
    private func separatorsAndNumbersAfterL() {
        let separators = Self.bit(Class.ES) | Self.bit(Class.ET) | Self.bit(Class.CS)
        var strong = sos
        for k in 0..<count {  // selects, not branches, as in W1–W3
            let t = types[k]
            strong = t <= Class.R ? t : strong  // L or R
            let w7 = t == Class.EN && strong == Class.L ? Class.L : t
            types[k] = separators & Self.bit(t) != 0 ? Class.ON : w7
        }
    }

    @inline(__always) private static func bit(_ t: UInt8) -> UInt32 { 1 &<< UInt32(t) }

    /// W4 on the whole sequence.
    private func w4() {
        let (types, count) = (self.types, self.count)
        var i = ByteScan.next(types, from: 0, to: count, Class.ES, Class.CS)
        while i < count {
            let p = previous(i)
            let n = next(i)
            if p >= 0, n < count {
                let before = types[p]
                let after = types[n]
                if before == after, before == Class.EN || (before == Class.AN && types[i] == Class.CS) {
                    types[i] = before
                }
            }
            i = ByteScan.next(types, from: i + 1, to: count, Class.ES, Class.CS)
        }
    }

    /// W5 on the whole sequence.
    private func w5() {
        let (types, count) = (self.types, self.count)
        var i = 0
        while true {
            i = ByteScan.next(types, from: i, to: count, Class.ET, Class.ET)
            guard i < count else { return }
            var end = i
            while end < count, types[end] == Class.ET || types[end] == Class.BN { end += 1 }
            let p = previous(i)
            let touches = (p >= 0 && types[p] == Class.EN) || (end < count && types[end] == Class.EN)
            if touches { for k in i..<end where types[k] == Class.ET { types[k] = Class.EN } }
            i = end
        }
    }

    /// BD16: the bracket pairs, in the order of their openers, into `pairs`. Returns their number.
    /// (A bracket is ON, and W1–W7 leave ON alone: the pairs are the same before W6–W7 and after.)
    private func findBracketPairs() -> Int {
        // BD16: a stack of at most 63 openers (kept after the pairs in the scratch); on overflow,
        // stop looking for pairs.
        let (types, brackets, pairs, count) = (self.types, self.brackets, self.pairs, self.count)
        var pairCount = 0
        var depth = 0
        let stackStorage = pairs + count
        var i = -1
        scan: while true {
            // The next ON (a bracket is ON) that is a bracket.
            i = ByteScan.next(types, from: i + 1, to: count, Class.ON, Class.ON)
            guard i < count else { break }
            let value = brackets[i]
            if value == BidiBracket.none { continue }
            if BidiBracket.isOpen(value) {
                if depth == 63 { break scan }
                stackStorage[depth] = Int32(i)
                depth += 1
            } else {
                var d = depth - 1
                while d >= 0 {
                    let opener = Int(stackStorage[d])
                    if BidiBracket.pairID(brackets[opener]) == BidiBracket.pairID(value) {
                        pairs[2 * pairCount] = Int32(opener)
                        pairs[2 * pairCount + 1] = Int32(i)
                        pairCount += 1
                        depth = d
                        break
                    }
                    d -= 1
                }
            }
        }
        guard pairCount > 1 else { return pairCount }
        // Pairs in the order of their openers (insertion sort: pairs are few and nearly sorted).
        for a in 1..<pairCount {
            let o = pairs[2 * a], c = pairs[2 * a + 1]
            var b = a - 1
            while b >= 0, pairs[2 * b] > o {
                pairs[2 * b + 2] = pairs[2 * b]
                pairs[2 * b + 3] = pairs[2 * b + 1]
                b -= 1
            }
            pairs[2 * b + 2] = o
            pairs[2 * b + 3] = c
        }
        return pairCount
    }

    /// N0: paired brackets take the direction their content and context give.
    private func resolveBracketPairs(_ pairCount: Int) {
        let embedding = e
        for p in 0..<pairCount {
            let opener = Int(pairs[2 * p]), closer = Int(pairs[2 * p + 1])
            var foundEmbedding = false
            var foundOpposite = false
            for k in (opener + 1)..<closer {
                guard let s = strongForNeutrals(types[k]) else { continue }
                if s == embedding {
                    foundEmbedding = true
                    break
                }
                foundOpposite = true
            }
            var resolved: UInt8?
            if foundEmbedding {
                resolved = embedding
            } else if foundOpposite {
                var context = sos
                var k = opener - 1
                while k >= 0 {
                    if let s = strongForNeutrals(types[k]) {
                        context = s
                        break
                    }
                    k -= 1
                }
                resolved = context != embedding ? context : embedding
            }
            guard let direction = resolved else { continue }
            for bracket in [opener, closer] {
                types[bracket] = direction
                // NSMs right after a bracket take its new type.
                var k = next(bracket)
                while k < count, classes[k] == Class.NSM {
                    types[k] = direction
                    k = next(k)
                }
            }
        }
    }

    /// N1–N2 and I1–I2 in one pass: runs of neutrals take the direction around them when both sides
    /// agree, else the embedding direction; then every character its level. A BN (removed by X9)
    /// takes the level of the character before it, or the paragraph's.
    ///
    /// With `applyingW6W7`, W6–W7 are applied on the way: ES, ET and CS count as the ON they become,
    /// and an EN whose last strong type before it (not counting neutrals, which W7 precedes) is L
    /// is L. Across a run of neutrals that last strong type does not change, so the type after the
    /// run is read through W7 too.
    @inline(__always)
    private func neutralsAndLevels(applyingW6W7: Bool) {
        let (types, levels, count, base) = (self.types, self.levels, self.count, self.base)
        let embedding = e
        var neutral = Self.bit(Class.ON) | Self.bit(Class.WS) | Self.bit(Class.S) | Self.bit(Class.B) | Self.bit(Class.BN)
        if applyingW6W7 { neutral |= Self.bit(Class.ES) | Self.bit(Class.ET) | Self.bit(Class.CS) }
        var w7Strong = sos
        // What each resolved type adds to `base`, two bits per type: I1 on an even level (R +1,
        // AN and EN +2), I2 on an odd one (L, EN and AN +1).
        func add(_ t: UInt8, _ n: UInt64) -> UInt64 { n &<< (2 &* UInt64(t)) }
        let table = base & 1 == 0
            ? add(Class.R, 1) | add(Class.AN, 2) | add(Class.EN, 2)
            : add(Class.L, 1) | add(Class.EN, 1) | add(Class.AN, 1)
        @inline(__always) func level(_ t: UInt8) -> UInt8 {
            base &+ UInt8(truncatingIfNeeded: (table &>> (2 &* UInt64(t))) & 3)
        }
        let rTypes = Self.bit(Class.R) | Self.bit(Class.EN) | Self.bit(Class.AN)
        /// The direction N1 reads in a type that is not neutral: L, R for R, EN and AN, else the
        /// embedding direction. A select, not a branch (so are the others in this loop where
        /// they can be): the type changes every few characters in mixed text.
        @inline(__always) func strong(_ t: UInt8) -> UInt8 {
            t == Class.L ? Class.L : (rTypes & Self.bit(t) != 0 ? Class.R : embedding)
        }
        var previousLevel = base
        var before = sos  // the direction of the last character that is not neutral
        var i = 0
        while i < count {
            var t = types[i]
            guard neutral & Self.bit(t) != 0 else {
                if applyingW6W7 {
                    w7Strong = t <= Class.R ? t : w7Strong  // L or R
                    t = t == Class.EN && w7Strong == Class.L ? Class.L : t
                    types[i] = t
                }
                previousLevel = level(t)
                levels[i] = previousLevel
                before = strong(t)
                i += 1
                continue
            }
            var end = i + 1
            while end < count, neutral & Self.bit(types[end]) != 0 { end += 1 }
            // eos after the last run (W7 leaves it alone: it is L or R).
            var next = end < count ? types[end] : eos
            if applyingW6W7 { next = next == Class.EN && w7Strong == Class.L ? Class.L : next }
            let after = strong(next)
            let resolved = level(before == after ? before : embedding)
            // The neutrals' types are not read after this: only their levels are written; a BN
            // takes the level before it. Most runs are one character (a space): a plain loop,
            // which the compiler would otherwise unroll behind a remainder loop and its branches.
            repeat {
                let isBN = types[i] == Class.BN
                levels[i] = isBN ? previousLevel : resolved
                previousLevel = isBN ? previousLevel : resolved
                i &+= 1
            } while i < end
        }
    }
}
