// NativeEngine+Line: the native engine's line reordering, UAX #9 L1 (LineLevelReset) then L2 (reversing
// level runs from the highest level down to the lowest odd one).

extension NativeEngine {
    /// L1 at the end of the line (`LineLevelReset`), then L2: from the highest level down to the lowest odd
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
        LineLevelReset.apply(
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
}
