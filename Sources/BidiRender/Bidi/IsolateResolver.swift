// IsolateResolver: fast path D, for paragraphs whose only explicit formatting is isolates (LRI, RLI,
// FSI, PDI) — chat text with isolated @-mentions. It applies the explicit rules for isolates (UAX #9
// X5a–X5c, X6a, X8), finds the isolating run sequences (BD13) and their sos and eos (X10), and
// resolves each sequence with ImplicitResolver on a gathered copy, then the paragraph part of L1.
// A paragraph that would overflow the depth limit (125) is left to FriBidi. Nothing is allocated:
// it works in the reorderer's buffers. Tests prove it agrees with ICU's ubidi and FriBidi on
// BidiTest.txt, BidiCharacterTest.txt and the chat corpus with its mentions isolated.

/// Resolves the levels of one paragraph whose explicit formatting characters are all isolates.
struct IsolateResolver {
    /// The paragraph: original classes (BidiClass raw values) and FriBidi bracket values.
    let classes: UnsafePointer<UInt8>
    let brackets: UnsafePointer<UInt32>
    /// Output levels.
    let levels: UnsafeMutablePointer<UInt8>
    let count: Int
    /// The paragraph level.
    let base: UInt8
    /// Scratch, each of `count` entries: the embedding level of each character (X rules), the
    /// matching PDI or initiator of each isolate control (-1: none), the indices of one sequence, and
    /// its gathered classes, brackets and levels.
    let embedding: UnsafeMutablePointer<UInt8>
    let match: UnsafeMutablePointer<Int32>
    let sequence: UnsafeMutablePointer<Int32>
    let gatheredClasses: UnsafeMutablePointer<UInt8>
    let gatheredBrackets: UnsafeMutablePointer<UInt32>
    let gatheredLevels: UnsafeMutablePointer<UInt8>
    /// ImplicitResolver's scratch.
    let types: UnsafeMutablePointer<UInt8>
    let pairs: UnsafeMutablePointer<Int32>
    /// The open isolates (initiator index), at most `maxDepth` + 2 entries.
    let stack: UnsafeMutablePointer<Int32>

    static let maxDepth: UInt8 = 125
    private static let LRI = BidiClass.leftToRightIsolate.rawValue
    private static let RLI = BidiClass.rightToLeftIsolate.rawValue
    private static let FSI = BidiClass.firstStrongIsolate.rawValue
    private static let PDI = BidiClass.popDirectionalIsolate.rawValue
    private static let BN = BidiClass.boundaryNeutral.rawValue
    private static let B = BidiClass.paragraphSeparator.rawValue
    private static let ON = BidiClass.otherNeutral.rawValue

    @inline(__always) private static func isInitiator(_ c: UInt8) -> Bool { c >= LRI && c <= FSI }

    /// P2–P3 from `start`: the level of the first L, R or AL that is not inside an isolate, or nil.
    /// With `insideIsolate` (an FSI's content), the search ends at the PDI that closes it; else an
    /// unmatched PDI is skipped.
    static func firstStrongLevel(
        _ classes: UnsafePointer<UInt8>, from start: Int, count: Int, insideIsolate: Bool
    ) -> UInt8? {
        var depth = 0
        for i in start..<count {
            switch classes[i] {
            case LRI, RLI, FSI: depth += 1
            case PDI:
                if depth == 0 {
                    if insideIsolate { return nil }
                } else {
                    depth -= 1
                }
            case BidiClass.leftToRight.rawValue where depth == 0: return 0
            case BidiClass.rightToLeft.rawValue where depth == 0, BidiClass.arabicLetter.rawValue where depth == 0: return 1
            default: break
            }
        }
        return nil
    }

    /// Resolves the paragraph into `levels`. Returns false, with `levels` undefined, when an isolate
    /// would pass the depth limit: the caller then uses the full algorithm. `segmentSeparators` is
    /// false when the paragraph holds no segment separator (class S).
    func resolve(segmentSeparators: Bool = true) -> Bool {
        guard explicitLevels() else { return false }
        resolveSequences()
        // BN (removed by X9) takes the level of the character before it in the paragraph, as FriBidi
        // gives it, whichever sequence it fell in.
        for i in 0..<count where classes[i] == Self.BN { levels[i] = i > 0 ? levels[i - 1] : base }
        ImplicitResolver.paragraphL1(
            classes: classes, levels: levels, count: count, base: base, segmentSeparators: segmentSeparators)
        return true
    }

    /// X5a–X5c, X6a, X8: each character's embedding level, and the matching pairs of isolate
    /// initiators and PDIs (BD9).
    private func explicitLevels() -> Bool {
        var level = base
        var depth = 0
        for i in 0..<count {
            match[i] = -1
            let c = classes[i]
            if Self.isInitiator(c) {
                embedding[i] = level
                var rtl = c == Self.RLI
                if c == Self.FSI { rtl = Self.firstStrongLevel(classes, from: i + 1, count: count, insideIsolate: true) == 1 }
                let next = rtl ? (level + 1) | 1 : (level + 2) & ~1
                guard next <= Self.maxDepth else { return false }
                stack[2 * depth] = Int32(i)
                stack[2 * depth + 1] = Int32(level)
                depth += 1
                level = next
            } else if c == Self.PDI {
                if depth > 0 {
                    depth -= 1
                    let opener = Int(stack[2 * depth])
                    match[opener] = Int32(i)
                    match[i] = Int32(opener)
                    level = UInt8(stack[2 * depth + 1])
                }
                embedding[i] = level
            } else if c == Self.B {
                embedding[i] = base
            } else {
                embedding[i] = level
            }
        }
        return true
    }

    /// BD13 and X10: each isolating run sequence, gathered, resolved by W1–I2 and scattered back.
    private func resolveSequences() {
        var runStart = 0
        while runStart < count {
            let runEnd = levelRunEnd(runStart)
            defer { runStart = runEnd }
            // A run that starts with a matched PDI continues its initiator's sequence.
            if classes[runStart] == Self.PDI, match[runStart] >= 0 { continue }
            var m = 0
            var start = runStart
            var end = runEnd
            while true {
                for i in start..<end {
                    sequence[m] = Int32(i)
                    m += 1
                }
                let last = end - 1
                guard Self.isInitiator(classes[last]), match[last] >= 0 else { break }
                start = Int(match[last])
                end = levelRunEnd(start)
            }
            resolve(sequenceOf: m)
        }
    }

    /// The end of the level run that starts at `start`.
    private func levelRunEnd(_ start: Int) -> Int {
        var end = start + 1
        while end < count, embedding[end] == embedding[start] { end += 1 }
        return end
    }

    /// X10 and W1–I2 on the `m` indices in `sequence`.
    private func resolve(sequenceOf m: Int) {
        let first = Int(sequence[0])
        let last = Int(sequence[m - 1])
        let level = embedding[first]
        // sos: against the character before the sequence (not counting BN, removed by X9).
        var before = first - 1
        while before >= 0, classes[before] == Self.BN { before -= 1 }
        let sosLevel = max(level, before >= 0 ? embedding[before] : base)
        // eos: against the character after it, or the paragraph level after an unmatched initiator.
        var eosLevel = base
        if !Self.isInitiator(classes[last]) {
            var after = last + 1
            while after < count, classes[after] == Self.BN { after += 1 }
            if after < count { eosLevel = embedding[after] }
        }
        eosLevel = max(level, eosLevel)
        for k in 0..<m {
            let i = Int(sequence[k])
            let c = classes[i]
            // Isolate controls are neutrals (NI) inside the sequence; W1 then makes an NSM after one ON.
            gatheredClasses[k] = c >= Self.LRI && c <= Self.PDI ? Self.ON : c
            gatheredBrackets[k] = brackets[i]
        }
        ImplicitResolver(
            classes: gatheredClasses, brackets: gatheredBrackets, types: types, pairs: pairs, levels: gatheredLevels,
            count: m, base: level, sos: ImplicitResolver.direction(sosLevel), eos: ImplicitResolver.direction(eosLevel)
        ).resolveSequence()
        for k in 0..<m { levels[Int(sequence[k])] = gatheredLevels[k] }
    }
}
