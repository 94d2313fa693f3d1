// EntityDetector: one pass over the text that finds every entity of the kinds asked for — mentions,
// URLs, e-mail addresses, phone numbers and hashtags — each by its grammar (one file per grammar).
//
// At each position the character decides which grammars may start there: "h"/"w" a URL, "+" or "0" a
// phone number, "#" a hashtag, "@"/"＠" a mention, and the start of a run of ASCII local-part
// characters an e-mail address. A URL is tried before an e-mail address ("https://ali@x.com" is one
// URL). The first match wins and the scan goes on after it, so entities never overlap. Allocation-free
// once the output array has grown.

/// Finds entities by the grammars of `MentionDetector`, `URLGrammar`, `EmailGrammar`, `PhoneGrammar`
/// and `HashtagGrammar`.
package enum EntityDetector {
    /// The entities of `kinds` in `text`, in order and not overlapping, as (kind, scalar range).
    package static func detect(_ text: String, kinds: EntityKinds = .all) -> [(kind: EntityKind, range: Range<Int>)] {
        let codePoints = text.unicodeScalars.map(\.value)
        var out: [Entity] = []
        codePoints.withUnsafeBufferPointer { detect($0, kinds: kinds, into: &out) }
        return out.map { ($0.kind, $0.range) }
    }

    /// Appends the entities of `kinds` in `s` to `out` (their direction is left to the resolver).
    static func detect(_ s: UnsafeBufferPointer<UInt32>, kinds: EntityKinds, into out: inout [Entity]) {
        guard !kinds.isEmpty else { return }
        let urls = kinds.contains(.urls), emails = kinds.contains(.emails), phones = kinds.contains(.phones)
        let hashtags = kinds.contains(.hashtags), mentions = kinds.contains(.mentions)
        var i = 0
        let n = s.count
        while i < n {
            let v = s[i]
            var found: (EntityKind, Int)?
            switch v {
            case 0x68, 0x48, 0x77, 0x57:  // h H w W
                if urls, let end = URLGrammar.match(s, at: i) { found = (.url, end) }
            case 0x2B, 0x30:  // + 0
                if phones, let end = PhoneGrammar.match(s, at: i) { found = (.phone, end) }
            case 0x23:  // #
                if hashtags, let end = HashtagGrammar.match(s, at: i) { found = (.hashtag, end) }
            case 0x40, 0xFF20:  // @ ＠
                if mentions, let end = MentionDetector.match(s, at: i) { found = (.mention, end) }
            default:
                break
            }
            if found == nil, emails, v < 0x80, EmailGrammar.canStart(s, at: i), let end = EmailGrammar.match(s, at: i) {
                found = (.email, end)
            }
            if let (kind, end) = found {
                out.append(Entity(kind: kind, range: i..<end, direction: .leftToRight))
                i = end
            } else {
                i += 1
            }
        }
    }
}
