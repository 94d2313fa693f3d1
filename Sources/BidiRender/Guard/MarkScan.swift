// MarkScan: combining marks per base — the guard's marks findings (a base carrying more nonspacing
// marks than its script uses: Zalgo) and the clamp that keeps at most that many. The allowance is the
// script's, read from the marks' own blocks, so real text keeps every mark: Arabic harakat with
// shadda and the Quran's small high marks, Hebrew nikud with cantillation, Vietnamese tone and vowel
// marks, Thai and Brahmic vowel signs, Tibetan stacks.

enum MarkScan {
    /// The most nonspacing marks one base carries in the script of `mark`.
    static func allowance(_ mark: UInt32) -> Int {
        switch mark {
        case 0x0591...0x05C7: 6  // Hebrew: dagesh, a vowel, a shin dot, meteg, two accents
        case 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06ED, 0x0897...0x08FF: 5  // Arabic, with Quranic marks
        case 0x0700...0x074F, 0x07EB...0x07F3: 4  // Syriac, N'Ko
        case 0x0900...0x0DFF, 0x1000...0x109F, 0x1780...0x17FF, 0xA8E0...0xA8FF: 4  // Brahmic vowel signs with nukta and nasal marks
        case 0x0E31...0x0E4E, 0x0EB1...0x0ECE: 3  // Thai, Lao: a vowel, a tone mark, one more
        case 0x0F00...0x0FFF: 8  // Tibetan stacks subjoined letters
        default: 3  // Latin, Greek, Cyrillic (Vietnamese uses two), symbols
        }
    }

    /// Whether `s` counts as a mark on the base before it: Bidi_Class NSM (General_Category Mn or
    /// Me) but not a variation selector or a Mongolian free variation selector, which InvisibleScan
    /// judges.
    @inline(__always)
    static func isCountedMark(_ s: Unicode.Scalar, _ cls: BidiClass) -> Bool {
        guard cls == .nonspacingMark else { return false }
        switch s.value {
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x180B...0x180F: return false
        default: return true
        }
    }

    /// Each run of counted marks after a base, with how many it has and its allowance.
    static func runs(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> [(range: Range<Int>, count: Int, allowance: Int)] {
        var out: [(range: Range<Int>, count: Int, allowance: Int)] = []
        var i = 0
        let n = scalars.count
        while i < n {
            guard scalars[i].value >= 0x300, isCountedMark(scalars[i], classes[i]) else {
                i += 1
                continue
            }
            let start = i
            var count = 0
            var allowed = 0
            // Selectors inside the run do not end it.
            while i < n, scalars[i].value >= 0x300, classes[i] == .nonspacingMark {
                if isCountedMark(scalars[i], classes[i]) {
                    count += 1
                    allowed = max(allowed, allowance(scalars[i].value))
                }
                i += 1
            }
            out.append((max(0, start - 1)..<i, count, allowed))
        }
        return out
    }

    /// The marks findings of `scalars`.
    static func findings(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> [TextFinding] {
        runs(scalars, classes: classes).compactMap { run in
            run.count > run.allowance
                ? TextFinding(.marks, run.range, "\(run.count) marks on one base (its script uses at most \(run.allowance))") : nil
        }
    }

    /// `scalars` keeping, on each base, at most its allowance plus `extra` counted marks (the first
    /// ones); everything else unchanged.
    static func clamped(_ scalars: [Unicode.Scalar], extra: Int) -> [Unicode.Scalar] {
        let classes = scalars.map { BidiClass($0) }
        let over = runs(scalars, classes: classes).filter { $0.count > $0.allowance + extra }
        guard !over.isEmpty else { return scalars }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var copied = 0
        for run in over {
            out += scalars[copied..<run.range.lowerBound]
            var kept = 0
            for k in run.range {
                let counted = isCountedMark(scalars[k], classes[k])
                if counted { kept += 1 }
                if !counted || kept <= run.allowance + extra { out.append(scalars[k]) }
            }
            copied = run.range.upperBound
        }
        out += scalars[copied...]
        return out
    }
}
