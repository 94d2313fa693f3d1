// StreamSafe: the Stream-Safe Text Format of UAX #15 §13 applied to shaping — where a run handed to
// HarfBuzz must be cut so that no piece holds more than 30 non-starters in a row.
//
// HarfBuzz's cost grows with the square of a cluster's length (mark attachment searches back over
// the marks before it), so one base followed by 100,000 combining marks took 26 s. UAX #15 bounds a
// run of non-starters at 30 (it inserts U+034F CGJ before the 31st); the shaper does the same by
// cutting the run there and shaping the pieces apart, each with the others as HarfBuzz context.
// The text and its offsets are unchanged: nothing is inserted, and clusters stay offsets into it.

/// UAX #15 §13's bound on non-starters in a row, and where a run must be cut to keep it.
enum StreamSafe {
    /// At most this many non-starters in a row go to HarfBuzz in one piece (UAX #15 §13).
    static let maxNonStarters = 30

    /// Whether `c` is a non-starter for the Stream-Safe Text Format.
    ///
    /// UAX #15 counts a character whose canonical combining class is not 0, or whose NFKD starts
    /// with one (U+0F73, U+FF9E…). This approximates the second part with Grapheme_Extend, which
    /// holds those and also the marks of class 0 (U+200C ZWNJ, variation selectors, Indic vowel
    /// signs) that would otherwise make the same one huge cluster. Below U+0300, and among the
    /// Arabic letters and CJK ideographs chat text is made of, nothing is one.
    @inline(__always)
    static func isNonStarter(_ c: UInt32) -> Bool {
        if c < 0x300 || (0x0621...0x064A).contains(c) || (0x4E00...0x9FFF).contains(c) { return false }
        guard let scalar = Unicode.Scalar(c) else { return false }
        let properties = scalar.properties
        return properties.canonicalCombiningClass != .notReordered || properties.isGraphemeExtend
    }

    /// The offset in `range` of the first non-starter past `maxNonStarters` in a row (where the
    /// piece must end), or nil when none is; and the longest run of non-starters before that point.
    static func cut(_ text: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> (at: Int?, longest: Int) {
        var run = 0
        var longest = 0
        for i in range {
            guard isNonStarter(text[i]) else {
                run = 0
                continue
            }
            run += 1
            if run > maxNonStarters { return (i, longest) }
            if run > longest { longest = run }
        }
        return (nil, longest)
    }
}
