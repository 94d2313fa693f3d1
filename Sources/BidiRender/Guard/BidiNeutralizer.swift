// BidiNeutralizer: a name or a field made safe to put into other text — line breaks as spaces,
// overrides and embeddings (LRE, RLE, LRO, RLO, PDF) removed, a PDI that closes nothing removed and
// the isolates left open closed at its end — with the map from its offsets to the result's. The
// guard's `neutralizing` fix and a preview's fields use it.

enum BidiNeutralizer {
    /// `source` made safe, and for each of its offsets (and its end) the offset in the result of
    /// what follows it.
    static func neutralized(_ source: [Unicode.Scalar]) -> (scalars: [Unicode.Scalar], map: [Int]) {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(source.count + 2)
        var map = [Int](repeating: 0, count: source.count + 1)
        var unclosed = 0
        for (i, s) in source.enumerated() {
            map[i] = out.count
            if ExplicitFormattingBalance.isSeparator(s.value) {
                out.append(" ")
                continue
            }
            switch s.value {
            case 0x202A...0x202E: continue
            case 0x2066...0x2068:
                unclosed += 1
                out.append(s)
            case 0x2069:
                guard unclosed > 0 else { continue }
                unclosed -= 1
                out.append(s)
            default: out.append(s)
            }
        }
        map[source.count] = out.count
        out += Array(repeating: "\u{2069}", count: unclosed)
        return (out, map)
    }
}
