// TextBuffer+Graphemes: where extended grapheme clusters start (UAX #29), with a fast path for the
// plain letters chat text is mostly made of.

extension TextBuffer {
    /// Whether each scalar starts an extended grapheme cluster (UAX #29), by the standard library's
    /// own grapheme breaking (the rules `String` iterates Characters by), scalar by scalar, with
    /// GB11 mended where the standard library misses it (`joinsByGB11`).
    static func graphemeStarts(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var starts: [Bool] = []
        graphemeStarts(scalars, into: &starts)
        return starts
    }

    /// `graphemeStarts` into `starts` (replaced).
    ///
    /// Between two scalars that are both `isPlainBase`, no rule of UAX #29 but GB999 applies, so a
    /// cluster starts there without asking the standard library. Its recognizer is fed again, from
    /// the scalar before, only where a scalar that is not plain follows: after a break before a plain
    /// scalar, its state is that of a fresh recognizer that has seen that scalar alone.
    static func graphemeStarts(_ scalars: [Unicode.Scalar], into starts: inout [Bool]) {
        starts.removeAll(keepingCapacity: true)
        guard let first = scalars.first else { return }
        starts.reserveCapacity(scalars.count)
        starts.append(true)
        var recognizer = Unicode._CharacterRecognizer()
        _ = recognizer.hasBreak(before: first)
        var recognizerCurrent = true
        var previousPlain = isPlainBase(first.value)
        for i in 1..<scalars.count {
            let scalar = scalars[i]
            let plain = isPlainBase(scalar.value)
            if plain, previousPlain {
                starts.append(true)
                recognizerCurrent = false
            } else {
                if !recognizerCurrent {
                    recognizer = Unicode._CharacterRecognizer()
                    _ = recognizer.hasBreak(before: scalars[i - 1])
                    recognizerCurrent = true
                }
                var start = recognizer.hasBreak(before: scalar)
                if start, scalars[i - 1].value == 0x200D, joinsByGB11(scalars, at: i) { start = false }
                starts.append(start)
            }
            previousPlain = plain
        }
    }

    /// UAX #29's GB11 (ExtPict Extend* ZWJ × ExtPict) at `i`, a scalar after a ZWJ, by ICU's
    /// Extended_Pictographic and Grapheme_Cluster_Break: the standard library's recognizer misses
    /// it for 689 of the 3,537 Extended_Pictographic scalars ("★", "✁", most of U+2600–U+27BF that
    /// are not emoji), which GraphemeBreakTest.txt catches on "✁‍✁". Asked only where the
    /// recognizer breaks after a ZWJ.
    static func joinsByGB11(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        guard ICUUnicode.isExtendedPictographic(scalars[i].value) else { return false }
        var j = i - 2
        while j >= 0, ICUUnicode.isGraphemeExtend(scalars[j].value) { j -= 1 }
        return j >= 0 && ICUUnicode.isExtendedPictographic(scalars[j].value)
    }

    /// Scalars whose Grapheme_Cluster_Break is Other, that are not Extended_Pictographic and have no
    /// Indic_Conjunct_Break, in the blocks chat text is made of: printable ASCII, Arabic letters and
    /// digits, CJK ideographs, and full-width ASCII.
    @inline(__always) static func isPlainBase(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0x0621...0x064A, 0x0660...0x0669, 0x4E00...0x9FFF, 0xFF01...0xFF5E: return true
        default: return false
        }
    }
}
