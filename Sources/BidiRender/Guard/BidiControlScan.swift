// BidiControlScan: the guard's bidi-override findings — an override anywhere, an embedding or isolate
// its paragraph leaves opened, a PDF or PDI that closes nothing — in one pass with a stack per paragraph
// (UAX #9's X rules in outline: a PDI closes the nearest opened isolate and what is opened inside it, a
// PDF the nearest embedding or override inside the innermost opened isolate).

enum BidiControlScan {
    /// The controls' short names, for the findings' words.
    static func name(_ value: UInt32) -> String {
        switch value {
        case 0x202A: "LRE"
        case 0x202B: "RLE"
        case 0x202C: "PDF"
        case 0x202D: "LRO"
        case 0x202E: "RLO"
        case 0x2066: "LRI"
        case 0x2067: "RLI"
        case 0x2068: "FSI"
        default: "PDI"
        }
    }

    /// The bidi-override findings of `scalars`, in text order of their openers.
    static func findings(_ scalars: [Unicode.Scalar]) -> [TextFinding] {
        var found: [TextFinding] = []
        // Open controls of the current paragraph: (offset, value).
        var opened: [(offset: Int, value: UInt32)] = []
        func closeParagraph(at end: Int) {
            for opener in opened {
                let isOverride = opener.value == 0x202D || opener.value == 0x202E
                let detail = isOverride
                    ? "\(name(opener.value)) reorders the text after it and is not closed by the end of its paragraph"
                    : "\(name(opener.value)) is not closed by the end of its paragraph: joined to other text, it spills into it"
                found.append(TextFinding(.bidiOverride, opener.offset..<end, detail))
            }
            opened.removeAll(keepingCapacity: true)
        }
        for (i, s) in scalars.enumerated() {
            let v = s.value
            // Fast path: nothing below U+0085 but the paragraph separators matters.
            if v < 0x85 {
                if v == 0x0A || v == 0x0D || (0x1C...0x1E).contains(v) { closeParagraph(at: i) }
                continue
            }
            switch v {
            case 0x85, 0x2029: closeParagraph(at: i)
            case 0x202A...0x202B, 0x202D...0x202E, 0x2066...0x2068: opened.append((i, v))
            case 0x202C:
                // The nearest embedding or override above the innermost opened isolate.
                if let k = opened.lastIndex(where: { !(0x2066...0x2068).contains($0.value) }),
                    !opened[k...].contains(where: { (0x2066...0x2068).contains($0.value) })
                {
                    let opener = opened[k]
                    if opener.value == 0x202D || opener.value == 0x202E {
                        found.append(TextFinding(.bidiOverride, opener.offset..<(i + 1), "\(name(opener.value)) reorders the text up to its PDF"))
                    }
                    opened.remove(at: k)
                } else {
                    found.append(TextFinding(.bidiOverride, i..<(i + 1), "PDF closes no embedding or override"))
                }
            case 0x2069:
                if let k = opened.lastIndex(where: { (0x2066...0x2068).contains($0.value) }) {
                    // What is opened inside the isolate closes with it; an override there was still one.
                    for inner in opened[(k + 1)...] where inner.value == 0x202D || inner.value == 0x202E {
                        found.append(TextFinding(.bidiOverride, inner.offset..<(i + 1), "\(name(inner.value)) reorders the text up to the PDI after it"))
                    }
                    opened.removeSubrange(k...)
                } else {
                    found.append(TextFinding(.bidiOverride, i..<(i + 1), "PDI closes no isolate"))
                }
            default: continue
            }
        }
        closeParagraph(at: scalars.count)
        return found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// Whether `s` is an explicit bidi formatting character that reorders or closes (LRE…RLO, LRI…PDI).
    static func isExplicit(_ s: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }
}
