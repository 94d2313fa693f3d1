// DefaultIgnorable: the Default_Ignorable_Code_Point property (DerivedCoreProperties.txt, Unicode
// 15.0.0, the version of the generated bidi tables): the code points a face may lack, since HarfBuzz
// hides them (ZWJ, ZWNJ, variation selectors, bidi controls, tags). One home for the itemizer's
// coverage, the registry's and the shaper's word check; a test reads every code point of the file.

/// Default_Ignorable_Code_Point.
enum DefaultIgnorable {
    /// The Unicode version of DerivedCoreProperties.txt the table was written from.
    static let unicodeVersion = "15.0.0"

    /// Whether `c` is Default_Ignorable_Code_Point. A few comparisons: text below U+00AD (ASCII,
    /// Latin-1) leaves at the first, most other text at the second or third.
    @inline(__always)
    static func contains(_ c: UInt32) -> Bool {
        if c < 0xAD { return false }
        if c < 0x2000 {
            return c == 0xAD || c == 0x34F || c == 0x61C || (0x115F...0x1160).contains(c) || (0x17B4...0x17B5).contains(c)
                || (0x180B...0x180F).contains(c)
        }
        if c <= 0x206F { return (0x200B...0x200F).contains(c) || (0x202A...0x202E).contains(c) || c >= 0x2060 }
        if c < 0xFE00 { return c == 0x3164 }
        if c <= 0xFFFF { return c <= 0xFE0F || c == 0xFEFF || c == 0xFFA0 || (0xFFF0...0xFFF8).contains(c) }
        return (0x1BCA0...0x1BCA3).contains(c) || (0x1D173...0x1D17A).contains(c) || (0xE0000...0xE0FFF).contains(c)
    }
}
