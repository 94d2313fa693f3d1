// Jumbomoji: whether a message is nothing but 1 to N emoji (white space around and between them
// allowed), and how many — the emoji-only messages a chat shows large — by UTS #51's RGI emoji
// sequences as ICU knows them (RGI_Emoji), never by a table of our own.

/// The emoji-only test of chat messages (UTS #51).
///
/// The text is split into extended grapheme clusters (UAX #29) by the standard library's grapheme
/// breaking, the rules `TextBuffer.graphemeStarts` follows, walked lazily so that the work stops
/// at the first cluster that decides. A cluster whose every scalar is White_Space is skipped; every
/// other cluster must be exactly one RGI emoji sequence (ED-27, ICU's `RGI_Emoji`: a basic emoji,
/// keycap, flag, tag, modifier or ZWJ sequence), and counts one. So:
/// - a text-presentation character without VS16 (©, ™, ☺, a digit, #) is not an emoji, while its
///   emoji form with U+FE0F is (©️); "1" U+20E3 is not a keycap, "1" U+FE0F U+20E3 is;
/// - minimally-qualified and unqualified forms (emoji-test.txt) are not emoji: only RGI sequences
///   are; a ZWJ sequence outside the RGI set is not one either, even when a font draws it;
/// - the components of emoji-test.txt (the five skin tones, the four hair styles) alone are emoji:
///   ICU counts them as Basic_Emoji (emoji-sequences.txt). But a skin tone is Extend to UAX #29, so
///   it joins the cluster before it: "👍🏻" is one emoji, "😀🏻" none, and a skin tone after white
///   space (" 🏻") takes the white space into a cluster that is no emoji;
/// - a lone regional indicator and a pair that is not an RGI flag are not emoji.
package enum Jumbomoji {
    /// The most scalars in an RGI emoji sequence that this test asks ICU about: the longest in
    /// Unicode 15's emoji-test.txt has 10 (a kiss or couple with two skin tones); a longer cluster
    /// is not one, whatever it holds (a test checks the file against this bound).
    static let longestSequence = 16

    /// The number of emoji in `text` when it is 1 to `max` RGI emoji sequences, with nothing else
    /// but white space (White_Space: spaces, tabs, newlines) around and between them; nil for any
    /// other text, an empty or all-white text, more than `max` emoji, and `max` below 1.
    ///
    /// Linear in the text, at most `max` + 1 questions to ICU: the walk stops at the first cluster
    /// that is not an emoji or that passes `max`.
    package static func count(in text: String, max: Int) -> Int? {
        guard max >= 1 else { return nil }
        var count = 0
        for cluster in text {
            let scalars = cluster.unicodeScalars
            if scalars.allSatisfy(\.properties.isWhitespace) { continue }
            guard count < max, isEmoji(cluster) else { return nil }
            count += 1
        }
        return count == 0 ? nil : count
    }

    /// Whether `cluster` is exactly one RGI emoji sequence (ICU's RGI_Emoji).
    static func isEmoji(_ cluster: Character) -> Bool {
        guard cluster.unicodeScalars.prefix(longestSequence + 1).count <= longestSequence else { return false }
        return ICUUnicode.isRGIEmoji(Array(cluster.utf16))
    }
}
