// ExplicitResolver: the native engine's general path, UAX #9 X1–X10 on one paragraph. It runs the
// explicit rules with the directional status stack (X1–X8: embeddings, overrides, isolates, PDF,
// PDI, max_depth 125, the overflow isolate and overflow embedding counters, the valid isolate count),
// removes the X9 characters (they are read as BN), finds the isolating run sequences (BD13) with
// their sos and eos (X10), and resolves each sequence with ImplicitResolver (W1–I2) on a gathered
// copy, then applies the paragraph part of L1. Paragraphs whose only explicit formatting is isolates
// (chat text with isolated @-mentions) come here too: for them this is fast path D. Nothing is
// allocated: it works in the reorderer's buffers.

private typealias Class = BidiClassValue

/// Resolves the levels of one paragraph with explicit formatting characters.
struct ExplicitResolver {
    /// The paragraph: original classes (BidiClass raw values) and bracket values (`BidiBracket`).
    let classes: UnsafePointer<UInt8>
    let brackets: UnsafePointer<UInt32>
    /// Output levels.
    let levels: UnsafeMutablePointer<UInt8>
    let count: Int
    /// The paragraph level.
    let base: UInt8
    /// Scratch, each of `count` entries: the embedding level of each character (X1–X8), its class
    /// after X6's override and X9 (removed characters are BN), the matching PDI or initiator of each
    /// valid isolate control (-1: none), the indices of one sequence, and its gathered classes,
    /// brackets and levels.
    let embedding: UnsafeMutablePointer<UInt8>
    let effective: UnsafeMutablePointer<UInt8>
    let match: UnsafeMutablePointer<Int32>
    let sequence: UnsafeMutablePointer<Int32>
    let gatheredClasses: UnsafeMutablePointer<UInt8>
    let gatheredBrackets: UnsafeMutablePointer<UInt32>
    let gatheredLevels: UnsafeMutablePointer<UInt8>
    /// ImplicitResolver's scratch.
    let types: UnsafeMutablePointer<UInt8>
    let pairs: UnsafeMutablePointer<Int32>
    /// The directional status stack: two entries per level, at most `maxDepth` + 2 levels.
    let stack: UnsafeMutablePointer<Int32>
    /// False when the paragraph holds no paired bracket: the sequences skip BD16 and N0.
    var pairedBrackets = true

    /// UAX #9 BD2: max_depth.
    static let maxDepth: UInt8 = 125
    /// Room `stack` needs, in Int32.
    static let stackCapacity = 2 * (Int(maxDepth) + 2)

    @inline(__always) private static func isInitiator(_ c: UInt8) -> Bool { c >= Class.LRI && c <= Class.FSI }

    /// Resolves the paragraph into `levels`. `segmentSeparators` is false when the paragraph holds
    /// no segment separator (class S).
    func resolve(segmentSeparators: Bool = true) {
        explicitLevels()
        resolveSequences()
        // Locals, not `self.`, in the loops: a store through a buffer could alias `self`, which would
        // be reloaded every character.
        let (effective, levels, count, base) = (self.effective, self.levels, self.count, self.base)
        // X9: a removed character takes the level of the character before it (the paragraph level
        // at the start), whichever sequence it fell in.
        for i in 0..<count where effective[i] == Class.BN { levels[i] = i > 0 ? levels[i - 1] : base }
        LineLevelReset.apply(
            classes: classes, levels: levels, lineStart: 0, lineEnd: count, baseLevel: base,
            segmentSeparators: segmentSeparators)
    }

    // MARK: X1–X9

    /// A stack entry: the embedding level, the directional override status (0 neutral, else L + 1
    /// or R + 1) and the directional isolate status, packed in one Int32 beside the initiator index.
    @inline(__always) private static func entry(level: UInt8, override: UInt8, isolate: Bool) -> Int32 {
        Int32(level) | Int32(override) << 8 | (isolate ? 1 << 16 : 0)
    }

    /// X1–X8: each character's embedding level and its class after X6 (an override resets it to L
    /// or R) and X9 (removed characters become BN), and the matching pairs of valid isolate
    /// initiators and PDIs (BD9).
    private func explicitLevels() {
        let (classes, embedding, effective, match, stack) = (self.classes, self.embedding, self.effective, self.match, self.stack)
        let (count, base) = (self.count, self.base)
        // X1: the stack starts with the paragraph level, neutral, not an isolate.
        stack[0] = -1
        stack[1] = Self.entry(level: base, override: 0, isolate: false)
        var depth = 1  // entries on the stack
        var overflowIsolates = 0
        var overflowEmbeddings = 0
        var validIsolates = 0
        var top = stack[1]
        @inline(__always) func push(_ e: Int32, initiator: Int) {
            stack[2 * depth] = Int32(initiator)
            stack[2 * depth + 1] = e
            depth += 1
            top = e
        }
        for i in 0..<count {
            match[i] = -1
            let c = classes[i]
            var level = UInt8(truncatingIfNeeded: top)
            var override = UInt8(truncatingIfNeeded: top >> 8)
            switch c {
            case Class.RLE, Class.LRE, Class.RLO, Class.LRO:
                // X2–X5: push when the new level is valid and nothing overflowed; else count the
                // overflow (only when no isolate overflowed).
                let rtl = c == Class.RLE || c == Class.RLO
                let next = rtl ? (level + 1) | 1 : (level + 2) & ~1
                if next <= Self.maxDepth, overflowIsolates == 0, overflowEmbeddings == 0 {
                    let o: UInt8 = c == Class.RLO ? Class.R + 1 : c == Class.LRO ? Class.L + 1 : 0
                    push(Self.entry(level: next, override: o, isolate: false), initiator: -1)
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
                effective[i] = Class.BN
            case Class.RLI, Class.LRI, Class.FSI:
                // X5a–X5c: the initiator itself takes the current level and override.
                embedding[i] = level
                effective[i] = override == 0 ? Class.ON : override - 1
                let overflowed = overflowIsolates > 0 || overflowEmbeddings > 0 || level >= Self.maxDepth
                var rtl = c == Class.RLI
                // An FSI's content is searched only when it can be pushed: past max_depth nested FSIs
                // would make the searches quadratic.
                if c == Class.FSI, !overflowed {
                    rtl = Paragraphs.firstStrongLevel(from: i + 1, to: count, endsAtUnmatchedPDI: true) { classes[$0] } == 1
                }
                let next = rtl ? (level + 1) | 1 : (level + 2) & ~1
                if next <= Self.maxDepth, !overflowed {
                    validIsolates += 1
                    push(Self.entry(level: next, override: 0, isolate: true), initiator: i)
                } else {
                    overflowIsolates += 1
                }
                continue
            case Class.PDI:
                // X6a.
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while stack[2 * depth - 1] & (1 << 16) == 0 { depth -= 1 }
                    depth -= 1
                    let opener = Int(stack[2 * depth])
                    match[opener] = Int32(i)
                    match[i] = Int32(opener)
                    validIsolates -= 1
                    top = stack[2 * depth - 1]
                    level = UInt8(truncatingIfNeeded: top)
                    override = UInt8(truncatingIfNeeded: top >> 8)
                }
                embedding[i] = level
                effective[i] = override == 0 ? Class.ON : override - 1
                continue
            case Class.PDF:
                // X7.
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if top & (1 << 16) == 0, depth >= 2 {
                    depth -= 1
                    top = stack[2 * depth - 1]
                }
                effective[i] = Class.BN
            case Class.B:
                // X8: the paragraph separator is at the paragraph level.
                embedding[i] = base
                effective[i] = c
                continue
            case Class.BN:
                effective[i] = c
            default:
                // X6.
                effective[i] = override == 0 ? c : override - 1
            }
            // Removed characters (X9) join the level run of the character before them.
            embedding[i] = i > 0 ? embedding[i - 1] : base
            if effective[i] != Class.BN { embedding[i] = level }
        }
    }

    // MARK: BD13, X10

    /// BD13 and X10: each isolating run sequence, gathered, resolved by W1–I2 and scattered back.
    private func resolveSequences() {
        let (classes, match, sequence, count) = (self.classes, self.match, self.sequence, self.count)
        var runStart = 0
        while runStart < count {
            let runEnd = levelRunEnd(runStart)
            defer { runStart = runEnd }
            // A run that starts with a matched PDI continues its initiator's sequence.
            if classes[runStart] == Class.PDI, match[runStart] >= 0 { continue }
            var m = 0
            var start = runStart
            var end = runEnd
            while true {
                for i in start..<end {
                    sequence[m] = Int32(i)
                    m += 1
                }
                let last = lastKept(before: end, from: start)
                guard last >= 0, Self.isInitiator(classes[last]), match[last] >= 0 else { break }
                start = Int(match[last])
                end = levelRunEnd(start)
            }
            resolve(sequenceOf: m)
        }
    }

    /// The last index in `start..<end` not removed by X9, or -1.
    @inline(__always) private func lastKept(before end: Int, from start: Int) -> Int {
        var i = end - 1
        while i >= start, effective[i] == Class.BN { i -= 1 }
        return i >= start ? i : -1
    }

    /// The end of the level run that starts at `start`.
    private func levelRunEnd(_ start: Int) -> Int {
        let (embedding, count) = (self.embedding, self.count)
        var end = start + 1
        while end < count, embedding[end] == embedding[start] { end += 1 }
        return end
    }

    /// X10 and W1–I2 on the `m` indices in `sequence`.
    private func resolve(sequenceOf m: Int) {
        let (classes, effective, embedding, sequence, count, base) = (
            self.classes, self.effective, self.embedding, self.sequence, self.count, self.base
        )
        let (brackets, levels, gatheredClasses, gatheredBrackets, gatheredLevels) = (
            self.brackets, self.levels, self.gatheredClasses, self.gatheredBrackets, self.gatheredLevels
        )
        let first = Int(sequence[0])
        let level = embedding[first]
        // sos: against the character before the sequence not removed by X9, else the paragraph level.
        var before = first - 1
        while before >= 0, effective[before] == Class.BN { before -= 1 }
        let sosLevel = max(level, before >= 0 ? embedding[before] : base)
        // eos: against the character after it, or the paragraph level after an isolate initiator
        // (one with a matching PDI never ends a sequence).
        var k = m - 1
        while k > 0, effective[Int(sequence[k])] == Class.BN { k -= 1 }
        let last = Int(sequence[k])
        var eosLevel = base
        if !Self.isInitiator(classes[last]) {
            var after = Int(sequence[m - 1]) + 1
            while after < count, effective[after] == Class.BN { after += 1 }
            if after < count { eosLevel = embedding[after] }
        }
        eosLevel = max(level, eosLevel)
        for k in 0..<m {
            let i = Int(sequence[k])
            gatheredClasses[k] = effective[i]
            gatheredBrackets[k] = brackets[i]
        }
        ImplicitResolver(
            classes: gatheredClasses, brackets: gatheredBrackets, types: types, pairs: pairs, levels: gatheredLevels,
            count: m, base: level, sos: ImplicitResolver.direction(sosLevel), eos: ImplicitResolver.direction(eosLevel),
            pairedBrackets: pairedBrackets
        ).resolveSequence()
        for k in 0..<m { levels[Int(sequence[k])] = gatheredLevels[k] }
    }
}
