// TextGuardScan: the guard's scans of a whole text — bidi controls, invisibles and marks in one call —
// and where a message's identifiers are (its mentions, URL hosts and e-mail domains).

/// The guard's scans of a whole text: those that need no identifier (bidi controls, invisibles,
/// marks), and where a message's identifiers are.
enum TextGuardScan {
    /// The bidi-override, invisible and marks findings of `scalars` (with their Bidi_Class).
    static func findings(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> [TextFinding] {
        guard mayFind(scalars, classes: classes) else { return [] }
        return BidiControlScan.findings(scalars) + InvisibleScan.findings(scalars) + MarkScan.findings(scalars, classes: classes)
    }

    /// Whether the scans may find anything in `scalars`: one tight pass that stops at the first
    /// explicit bidi control, default-ignorable character the scans judge (ZWJ, ZWNJ and variation
    /// selectors only where they do not belong), or fourth mark in a row (no script's allowance is
    /// below 3). Most texts have none, and a layout runs this on every text.
    static func mayFind(_ scalars: [Unicode.Scalar], classes: [BidiClass]) -> Bool {
        scalars.withUnsafeBufferPointer { s in
            classes.withUnsafeBufferPointer { c in
                var marks = 0
                for i in 0..<min(s.count, c.count) {
                    let v = s[i].value
                    if v < 0x300 {
                        marks = 0
                        continue
                    }
                    if c[i] == .nonspacingMark {
                        marks += 1
                        if marks > 3 || v >= 0xE0000 || (0x180B...0x180F).contains(v) { return true }
                        // VS16 after an emoji is how emoji are written.
                        if (0xFE00...0xFE0F).contains(v), !InvisibleScan.selectorBelongs(scalars, at: i) { return true }
                        continue
                    }
                    marks = 0
                    switch v {
                    case 0x200C, 0x200D:
                        if !InvisibleScan.joinerBelongs(scalars, at: i) { return true }
                    case 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x202A...0x202E, 0x2060...0x2069, 0x3164, 0xFEFF,
                        0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0xE0000...0xE007F:
                        return true
                    default: continue
                    }
                }
                return false
            }
        }
    }

    /// A message's identifiers: each mention (without its "@"), URL host and e-mail domain, with
    /// the role it is checked in.
    static func identifiers(_ scalars: [Unicode.Scalar]) -> [(Range<Int>, TextRole)] {
        let entities = EntityIsolation.resolved(scalars, direction: .auto, kinds: [.mentions, .urls, .emails], spans: []).entities
        return identifiers(scalars, entities: entities)
    }

    /// The identifiers of `entities` in `scalars`.
    static func identifiers(_ scalars: [Unicode.Scalar], entities: [Entity]) -> [(Range<Int>, TextRole)] {
        entities.compactMap { identifier($0, in: scalars) }
    }

    /// The identifier `entity` holds in `scalars` (a mention's name, a URL's host, an e-mail's
    /// domain) with its role; nil for any other entity.
    static func identifier(_ entity: Entity, in scalars: [Unicode.Scalar]) -> (Range<Int>, TextRole)? {
        let r = entity.range
        switch entity.kind {
        case .mention:
            let start = r.lowerBound + (scalars[r.lowerBound] == "@" || scalars[r.lowerBound] == "\u{FF20}" ? 1 : 0)
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
            while end < r.upperBound, !Self.endsHost(scalars[end]) { end += 1 }
            return (start..<end, .url)
        default: return nil
        }
    }

    /// Whether `c` ends a URL's host: "/", "?", "#" or ":".
    private static func endsHost(_ c: Unicode.Scalar) -> Bool {
        c == "/" || c == "?" || c == "#" || c == ":"
    }
}
