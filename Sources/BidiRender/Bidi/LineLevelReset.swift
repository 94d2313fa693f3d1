// LineLevelReset: the one home of UAX #9 L1, the reset of separators and of trailing white space and
// isolate controls to the paragraph level. The native resolvers apply it to a paragraph laid out as one
// line, the line reorderer to each line, and the FriBidi engine where FriBidi's own L1 falls short.

private typealias Class = BidiClassValue

/// UAX #9 L1.
enum LineLevelReset {
    /// UAX #9 L1 on line `lineStart..<lineEnd`: segment separators (S), paragraph separators (B), and
    /// every sequence of white space (WS) and isolate formatting characters (LRI, RLI, FSI, PDI)
    /// before one of them or at the end of the line, take the paragraph level `baseLevel`.
    /// Characters removed by X9 (BN, and LRE, RLE, LRO, RLO, PDF) inside such a sequence go with it
    /// (UAX #9 5.2, retaining explicit formatting characters). `segmentSeparators` is false when the
    /// line holds no segment separator: then only its end can change (its only possible B is its last
    /// character).
    static func apply(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, lineStart: Int, lineEnd: Int,
        baseLevel: UInt8, segmentSeparators: Bool = true
    ) {
        var resetting = true
        var j = lineEnd - 1
        while j >= lineStart {
            let c = classes[j]
            if c == Class.S || c == Class.B {
                resetting = true
                levels[j] = baseLevel
            } else if resetting, c == Class.WS || c == Class.BN || c >= Class.LRE {
                levels[j] = baseLevel
            } else {
                if !segmentSeparators { return }
                resetting = false
            }
            j -= 1
        }
    }
}
