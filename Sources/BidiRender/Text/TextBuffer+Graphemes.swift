// TextBuffer+Graphemes: where extended grapheme clusters start (UAX #29), with a fast path for the
// plain letters chat text is mostly made of.

extension TextBuffer {
    /// Whether each scalar starts an extended grapheme cluster (UAX #29), by the standard library's
    /// own grapheme breaking (the rules `String` iterates Characters by), scalar by scalar.
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
                starts.append(recognizer.hasBreak(before: scalar))
            }
            previousPlain = plain
        }
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
