// BidiReorderer+Line: line reordering, UAX #9 L1 (the line-based reset of separators and trailing
// white space and isolate controls) and L2 (reversing runs), natively or through the FriBidi engine,
// and the whole-text visual order of the hot path.

extension BidiReorderer {
    private static let S = BidiClass.segmentSeparator.rawValue
    private static let B = BidiClass.paragraphSeparator.rawValue
    private static let WS = BidiClass.whiteSpace.rawValue
    private static let BN = BidiClass.boundaryNeutral.rawValue
    private static let LRE = BidiClass.leftToRightEmbedding.rawValue
    static let x9RemovedMask: UInt32 = BidiClass.allCases.filter(\.isRemovedByX9).reduce(0) { $0 | 1 << UInt32($1.rawValue) }

    /// Reorders `lineStart..<lineEnd` of paragraph `index` (L1–L2) into `map`, after `resolve`, and
    /// writes the line's L1 into `levels`. Returns false when FriBidi could not allocate.
    func reorder(paragraph index: Int, baseLevel: UInt8, lineStart: Int, lineEnd: Int) -> Bool {
        if lineEnd == lineStart { return true }
        let p = paragraphs[index]
        let separators = p.classSet & (1 << UInt32(Self.S)) != 0
        if engine == .fribidi {
            for i in lineStart..<lineEnd { map[i] = Int32(i) }
            return fribidi.reorderLine(
                classes: classes + p.start, lineStart: lineStart - p.start, lineCount: lineEnd - lineStart,
                baseLevel: baseLevel, levels: levels + p.start, map: map + p.start)
        }
        Self.reorderLine(
            classes: classes, levels: levels, map: map + lineStart, lineStart: lineStart, lineEnd: lineEnd,
            baseLevel: baseLevel, segmentSeparators: separators, runStarts: workPairs, runLevels: workLevels,
            runOrder: workSequence)
        return true
    }

    /// UAX #9 L1 on one line: segment separators (S), paragraph separators (B), and every sequence
    /// of white space (WS) and isolate formatting characters (LRI, RLI, FSI, PDI) before one of them
    /// or at the end of the line, take the paragraph level. Characters removed by X9 (BN, and LRE,
    /// RLE, LRO, RLO, PDF) inside such a sequence go with it (UAX #9 5.2). Without a segment
    /// separator in the line, only its end can change (its only possible B is its last character).
    static func lineL1(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, lineStart: Int, lineEnd: Int,
        baseLevel: UInt8, segmentSeparators: Bool
    ) {
        var resetting = true
        var j = lineEnd - 1
        while j >= lineStart {
            let c = classes[j]
            if c == S || c == B {
                resetting = true
                levels[j] = baseLevel
            } else if resetting, c == WS || c == BN || c >= LRE {
                levels[j] = baseLevel
            } else {
                if !segmentSeparators { return }
                resetting = false
            }
            j -= 1
        }
    }

    /// L1 at the end of the line (`lineL1`), then L2: from the highest level down to the lowest odd
    /// one, reverse every maximal stretch at that level or above.
    ///
    /// L2 works on level runs, not characters: the runs are reordered, then written out, each
    /// backwards when its level is odd. Stretches are found on logical run indices: the stretches of
    /// a higher level nest inside those of a lower one, so reversing one in place keeps each lower
    /// stretch on the same positions. The line's visual order goes to `map[0..<lineEnd - lineStart]`.
    /// `runStarts` needs room for the line's length plus one, `runLevels` and `runOrder` for its length.
    static func reorderLine(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, map: UnsafeMutablePointer<Int32>,
        lineStart: Int, lineEnd: Int, baseLevel: UInt8, segmentSeparators: Bool,
        runStarts: UnsafeMutablePointer<Int32>, runLevels: UnsafeMutablePointer<UInt8>, runOrder: UnsafeMutablePointer<Int32>
    ) {
        lineL1(
            classes: classes, levels: levels, lineStart: lineStart, lineEnd: lineEnd, baseLevel: baseLevel,
            segmentSeparators: segmentSeparators)
        var runs = 0
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        var i = lineStart
        while i < lineEnd {
            let level = levels[i]
            runStarts[runs] = Int32(truncatingIfNeeded: i)
            runLevels[runs] = level
            runOrder[runs] = Int32(truncatingIfNeeded: runs)
            runs += 1
            highest = max(highest, level)
            if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
            i += 1
            while i < lineEnd, levels[i] == level { i += 1 }
        }
        runStarts[runs] = Int32(lineEnd)
        // All even: every stretch is reversed an even number of times.
        if lowestOdd <= highest, runs > 1 {
            var level = highest
            while level >= lowestOdd {
                var k = 0
                while k < runs {
                    guard runLevels[k] >= level else {
                        k += 1
                        continue
                    }
                    var end = k + 1
                    while end < runs, runLevels[end] >= level { end += 1 }
                    var (a, b) = (k, end - 1)
                    while a < b {
                        (runOrder[a], runOrder[b]) = (runOrder[b], runOrder[a])
                        a += 1
                        b -= 1
                    }
                    k = end
                }
                level -= 1
            }
        }
        // Wrapping arithmetic: the offsets fit in Int32 (a text's length does), so no overflow check.
        var out = map
        for position in 0..<runs {
            let k = Int(runOrder[position])
            let (start, end) = (runStarts[k], runStarts[k &+ 1])
            if runLevels[k] & 1 == 1 {
                var x = end
                while x > start {
                    x &-= 1
                    out.pointee = x
                    out += 1
                }
            } else {
                var x = start
                while x < end {
                    out.pointee = x
                    out += 1
                    x &+= 1
                }
            }
        }
    }

    /// Resolves and reorders every paragraph as one line, and writes the visual order into `visual`
    /// without X9-removed characters (and without separators unless `includeSeparators`). Returns the
    /// number of entries. A line FriBidi cannot reorder keeps logical order.
    func reorderAll(direction: ParagraphDirection, includeSeparators: Bool) -> Int {
        var out = 0
        let removed = Self.x9RemovedMask
        let (map, classes, visual) = (self.map, self.classes, self.visual)
        for index in paragraphs.indices {
            let p = paragraphs[index]
            let base = resolve(paragraph: index, direction: direction)
            let end = includeSeparators ? p.end : p.contentEnd
            if engine == .native, end == p.end, p.classSet & removed == 0 {
                // Nothing to leave out (most chat text): the line's order goes straight to `visual`.
                Self.reorderLine(
                    classes: classes, levels: levels, map: visual + out, lineStart: p.start, lineEnd: p.end,
                    baseLevel: base, segmentSeparators: p.classSet & (1 << UInt32(Self.S)) != 0, runStarts: workPairs,
                    runLevels: workLevels, runOrder: workSequence)
                out += p.end - p.start
                continue
            }
            if !reorder(paragraph: index, baseLevel: base, lineStart: p.start, lineEnd: p.end) {
                for i in p.start..<p.end { map[i] = Int32(i) }
            }
            for i in p.start..<p.end {
                let logical = Int(map[i])
                if logical >= end || removed & (1 << UInt32(classes[logical])) != 0 { continue }
                visual[out] = Int32(logical)
                out += 1
            }
        }
        return out
    }
}
