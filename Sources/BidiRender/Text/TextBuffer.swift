// TextBuffer: the decoded text of one layout call — code points, the scalars to shape (digits
// substituted), bidi classes and grapheme cluster starts — in storage reused from call to call.

/// The text of a layout call, one entry per Unicode scalar in every array (the library's one index
/// space). A layout scratch keeps one and `load`s each call's text into it, reusing its storage.
struct TextBuffer {
    /// The code points as decoded.
    private(set) var scalars: [Unicode.Scalar] = []
    /// The code point to shape at each offset: the original, or its substituted digit.
    private(set) var display: [UInt32] = []
    /// The original Bidi_Class of each code point (digit substitution does not change it).
    private(set) var classes: [BidiClass] = []
    /// Whether an extended grapheme cluster (UAX #29) starts at each code point.
    private(set) var graphemeStarts: [Bool] = []

    /// The number of code points.
    var count: Int { scalars.count }

    /// Arrays of more code points than this are let go after a call rather than kept for the next.
    static let keepLimit = 65_536

    /// Replaces the buffer's text with `text`, showing ASCII digits as `digits` says.
    ///
    /// The arrays are sized to the UTF-8 length (at least one byte a scalar), written through
    /// pointers in one pass that decodes, substitutes digits and classifies, then cut to the scalar
    /// count.
    mutating func load(_ text: String, digits: DigitSubstitution) {
        let bound = text.utf8.count
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: repeatElement("\0", count: bound))
        display.removeAll(keepingCapacity: true)
        display.append(contentsOf: repeatElement(0, count: bound))
        classes.removeAll(keepingCapacity: true)
        classes.append(contentsOf: repeatElement(.leftToRight, count: bound))
        let n = scalars.withUnsafeMutableBufferPointer { scalars in
            display.withUnsafeMutableBufferPointer { display in
                classes.withUnsafeMutableBufferPointer { classes in
                    var n = 0
                    func put(_ scalar: Unicode.Scalar) {
                        scalars[n] = scalar
                        display[n] = digits.apply(scalar.value)
                        classes[n] = BidiClass(scalar)
                        n += 1
                    }
                    let contiguous: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                        guard let base = bytes.baseAddress else { return }
                        var k = 0
                        while k < bytes.count {
                            let value = UTF8Decoding.next(base, &k)
                            put(unsafeBitCast(value, to: Unicode.Scalar.self))  // valid: decoded from a String
                        }
                    }
                    if contiguous == nil { for scalar in text.unicodeScalars { put(scalar) } }
                    return n
                }
            }
        }
        scalars.removeLast(bound - n)
        display.removeLast(bound - n)
        classes.removeLast(bound - n)
        digits.substituteSeparators(&display)
        Self.graphemeStarts(scalars, into: &graphemeStarts)
    }

    /// Replaces the text of each box of `boxes` (sorted, not overlapping, within the text) with one
    /// unit, as U+FFFC OBJECT REPLACEMENT CHARACTER: U+FFFC, then U+034F COMBINING GRAPHEME JOINER
    /// for each further code point. The stages then see what a box is without knowing boxes: bidi
    /// class ON, then NSM (one neutral at the level around it), one grapheme cluster, UAX #14 CB
    /// then CM (no break inside, CB's rules at its edges). Offsets stay those of the original text.
    mutating func replace(_ boxes: [InlineSpan]) {
        for box in boxes {
            for i in box.range {
                let scalar: Unicode.Scalar = i == box.range.lowerBound ? "\u{FFFC}" : "\u{034F}"
                scalars[i] = scalar
                display[i] = scalar.value
                classes[i] = BidiClass(scalar)
                graphemeStarts[i] = i == box.range.lowerBound
            }
            if box.range.upperBound < count { graphemeStarts[box.range.upperBound] = true }
        }
    }

    /// A copy whose arrays have storage of their own, sized to the text (a scratch's buffer may be
    /// far larger): what a prepared text keeps.
    func compacted() -> TextBuffer {
        var copy = self
        (copy.scalars, copy.display) = (scalars.compacted(), display.compacted())
        (copy.classes, copy.graphemeStarts) = (classes.compacted(), graphemeStarts.compacted())
        return copy
    }

    /// Lets the storage go when a very long text grew it past `keepLimit`.
    mutating func trim() {
        if scalars.capacity > Self.keepLimit { self = TextBuffer() }
    }

    /// Calls `body` with the code points as `UInt32`s (the form ICU and the script resolver read).
    func withCodePoints<R>(_ body: (UnsafeBufferPointer<UInt32>) -> R) -> R {
        scalars.withUnsafeBufferPointer { all in all.withMemoryRebound(to: UInt32.self, body) }
    }

    /// White space that hangs at a line end: bidi classes WS and S, and BN (zero width).
    func isHangingSpace(_ i: Int) -> Bool {
        switch classes[i] {
        case .whiteSpace, .segmentSeparator, .boundaryNeutral: return true
        default: return false
        }
    }

    /// The end of [a, b) without its trailing hanging white space.
    func visibleEnd(_ a: Int, _ b: Int) -> Int {
        var end = b
        while end > a, isHangingSpace(end - 1) { end -= 1 }
        return end
    }
}
