// BidiControlScan: the guard's bidi-override findings — an override anywhere, an embedding or isolate
// its paragraph leaves open, a PDF or PDI that closes nothing — from each paragraph's explicit
// formatting characters paired as UAX #9 pairs them (`ExplicitFormattingBalance`, the one home of
// that rule). Linear in the text.

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

    static func isOverride(_ value: UInt32) -> Bool { value == 0x202D || value == 0x202E }

    /// The bidi-override findings of `scalars`, in text order.
    static func findings(_ scalars: [Unicode.Scalar]) -> [TextFinding] {
        var found: [TextFinding] = []
        var start = 0
        for end in 0...scalars.count {
            // Paragraphs end at Bidi_Class B (UAX #9 P1), where X8 ends every embedding and isolate.
            guard end == scalars.count || isParagraphSeparator(scalars[end].value) else { continue }
            defer { start = end + 1 }
            let paragraph = scalars[start..<end]
            guard paragraph.contains(where: isExplicit) else { continue }
            let balance = ExplicitFormattingBalance(paragraph.lazy.map(\.value)) { opener, closer in
                guard isOverride(opener.value) else { return }
                let by = scalars[start + closer].value == ExplicitFormattingBalance.pdf ? "its PDF" : "the PDI after it"
                found.append(TextFinding(.bidiOverride, (start + opener.offset)..<(start + closer + 1), "\(name(opener.value)) reorders the text up to \(by)"))
            }
            for opener in balance.unmatchedOpeners {
                let detail = isOverride(opener.value)
                    ? "\(name(opener.value)) reorders the text after it and is not closed by the end of its paragraph"
                    : "\(name(opener.value)) is not closed by the end of its paragraph: joined to other text, it spills into it"
                found.append(TextFinding(.bidiOverride, (start + opener.offset)..<end, detail))
            }
            for closer in balance.unmatchedClosers {
                let detail = scalars[start + closer].value == ExplicitFormattingBalance.pdf ? "PDF closes no embedding or override" : "PDI closes no isolate"
                found.append(TextFinding(.bidiOverride, (start + closer)..<(start + closer + 1), detail))
            }
        }
        return found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// Bidi_Class B: LF, CR, FS, GS, RS, NEL, PARAGRAPH SEPARATOR.
    static func isParagraphSeparator(_ v: UInt32) -> Bool {
        v == 0x0A || v == 0x0D || (0x1C...0x1E).contains(v) || v == 0x85 || v == 0x2029
    }

    /// Whether `s` is an explicit bidi formatting character that reorders or closes (LRE…RLO, LRI…PDI).
    static func isExplicit(_ s: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value)
    }
}
