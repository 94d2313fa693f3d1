// TextGuardScan: the guard's scans of a whole text — bidi controls, invisibles and marks in one call —
// and where a message's identifiers are (its mentions, URL hosts and e-mail domains).

/// The guard's scans of a whole text: those that need no identifier (bidi controls, invisibles,
/// marks), and where a message's identifiers are.
enum TextGuardScan {
    /// The bidi-override, invisible and marks findings of `scalars` (with their Bidi_Class).
    static func findings(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> [TextFinding] {
        BidiControlScan.findings(scalars) + InvisibleScan.findings(scalars) + MarkScan.findings(scalars, classes: classes)
    }

    /// A message's identifiers: each mention (without its "@"), URL host and e-mail domain, with
    /// the role it is checked in.
    static func identifiers(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> [(Range<Int>, TextRole)] {
        let entities = EntityIsolation.resolved(scalars, direction: .auto, kinds: [.mentions, .urls, .emails], spans: []).entities
        return identifiers(scalars, entities: entities)
    }

    /// The identifiers of `entities` in `scalars`.
    static func identifiers(_ scalars: [Unicode.Scalar], entities: [Entity]) -> [(Range<Int>, TextRole)] {
        entities.compactMap { entity -> (Range<Int>, TextRole)? in
            let r = entity.range
            switch entity.kind {
            case .mention:
                let start = r.lowerBound + (scalars[r.lowerBound] == "@" ? 1 : 0)
                return (start..<r.upperBound, .name)
            case .email:
                guard let at = scalars[r].lastIndex(of: "@") else { return nil }
                return ((at + 1)..<r.upperBound, .url)
            case .url:
                var start = r.lowerBound
                if let scheme = (r.lowerBound..<max(r.lowerBound, r.upperBound - 2)).first(where: {
                    scalars[$0] == ":" && scalars[$0 + 1] == "/" && scalars[$0 + 2] == "/"
                }) {
                    start = scheme + 3
                }
                var end = start
                while end < r.upperBound, !["/", "?", "#", ":"].contains(scalars[end]) { end += 1 }
                return (start..<end, .url)
            default: return nil
            }
        }
    }
}
