// ByteScan: finds the next byte of one of two values in a buffer eight bytes at a time (SWAR), for
// the resolvers' passes that look for a rare class (W4's separators, W5's terminators, BD16's
// brackets) in a sequence of class bytes.

/// Searches class buffers a word at a time.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The first index in `start..<end` whose byte is `a` or `b`, or `end` when there is none.
    ///
    /// Each word is XORed with the value repeated, which makes a matching byte zero; `(y - 1s) & ~y
    /// & 0x80s` then flags the lowest zero byte exactly (borrows can only flag bytes above a real
    /// zero), so the lowest flag of either test is the first match.
    @inline(__always)
    static func next(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int, _ a: UInt8, _ b: UInt8) -> Int {
        let pa = ones &* UInt64(a)
        let pb = ones &* UInt64(b)
        var i = start
        while i &+ 8 <= end {
            let x = UInt64(littleEndian: UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
            let ya = x ^ pa
            let yb = x ^ pb
            let z = ((ya &- ones) & ~ya | (yb &- ones) & ~yb) & highs
            if z != 0 { return i &+ z.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < end, p[i] != a, p[i] != b { i &+= 1 }
        return i
    }
}
