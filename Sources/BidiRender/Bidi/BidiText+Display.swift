// BidiText+Display: a reordered line as a display string — what `bidirender reorder` prints. Grapheme
// clusters (UAX #29) stay whole and in logical order inside themselves, so a cluster in an RTL run moves
// as one piece: ZWJ and ZWNJ, variation selectors and combining marks stay with their base
// ("👨‍👩‍👧" stays one family, "بَ" keeps its fatha after its letter). `BidiLine.visualOrder` keeps its
// per-code-point meaning.

extension BidiText {
    /// `line` (of this text) as a display string: its grapheme clusters from left to right, each in
    /// logical order inside, bidi formatting characters removed and rule L4 applied (a character at
    /// an odd level is mirrored).
    ///
    /// A cluster goes where the first of its characters in `line.visualOrder` is. A cluster all of
    /// whose characters rule X9 removes (a lone ZWJ at the start of a line) goes after the cluster
    /// logically before it, so no character but the bidi controls is dropped.
    package func displayString(_ line: BidiLine) -> String {
        let range = line.range
        guard !range.isEmpty else { return "" }
        let starts = TextBuffer.graphemeStarts(Array(scalars[range]))
        // The cluster of each code point, and each cluster's start.
        var clusterOf = [Int](repeating: 0, count: range.count)
        var clusterStarts: [Int] = []
        for k in 0..<range.count {
            if starts[k] { clusterStarts.append(k) }
            clusterOf[k] = clusterStarts.count - 1
        }
        // Each cluster's visual key: the first visual position of one of its characters.
        var key = [Int](repeating: Int.max, count: clusterStarts.count)
        for (position, offset) in line.visualOrder.enumerated() {
            let c = clusterOf[offset - range.lowerBound]
            key[c] = min(key[c], position)
        }
        for c in key.indices where key[c] == Int.max { key[c] = c == 0 ? -1 : key[c - 1] }
        let order = key.indices.sorted { key[$0] != key[$1] ? key[$0] < key[$1] : $0 < $1 }
        var out = String.UnicodeScalarView()
        for c in order {
            let end = c + 1 < clusterStarts.count ? clusterStarts[c + 1] : range.count
            for k in clusterStarts[c]..<end {
                let scalar = scalars[range.lowerBound + k]
                if UnicodeBidiData.isBidiControl(scalar) { continue }
                out.append(UnicodeBidiData.mirrored(scalar, atLevel: line.levels[k].rawValue))
            }
        }
        return String(out)
    }
}
