// ArgumentIsolation: wraps a text argument of a message in a directional isolate, so that whatever
// its direction and whatever controls it holds it cannot reorder the words around it (UAX #9 §6.3 and
// the W3C's "Inline markup and bidirectional text in HTML": isolate every inserted string).

/// Isolation of text inserted into a message.
enum ArgumentIsolation {
    static let LRI: Unicode.Scalar = "\u{2066}"
    static let RLI: Unicode.Scalar = "\u{2067}"
    static let FSI: Unicode.Scalar = "\u{2068}"
    static let PDI: Unicode.Scalar = "\u{2069}"

    /// `text` made safe (`ExplicitFormattingBalance.sanitized`: its separators replaced by a space,
    /// its unmatched closers dropped, the openers it leaves open closed; U+FDD0–U+FDEF, which mark
    /// arguments, replaced by U+FFFD), then between LRI and PDI when
    /// its first strong character (UAX #9 P2, outside any isolate of its own) is L, RLI and PDI when
    /// it is R or AL, FSI and PDI when it has none ("123", "!").
    static func isolate(_ text: String) -> String {
        // The noncharacters a message's argument marks are made of become U+FFFD (ArgumentMarks).
        let scalars = ExplicitFormattingBalance.sanitized(Array(text.unicodeScalars)).map {
            ArgumentMarks.isMark($0.value) ? "\u{FFFD}" : $0
        }
        let level = Paragraphs.firstStrongLevel(from: 0, to: scalars.count) { BidiClass(scalars[$0]).rawValue }
        var out = String.UnicodeScalarView()
        out.append(level == 0 ? LRI : level == 1 ? RLI : FSI)
        out.append(contentsOf: scalars)
        out.append(PDI)
        return String(out)
    }

    /// `text` without isolate controls (U+2066–U+2069).
    static func removingIsolates(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.lazy.filter { !(LRI.value...PDI.value).contains($0.value) })
        return String(out)
    }
}
