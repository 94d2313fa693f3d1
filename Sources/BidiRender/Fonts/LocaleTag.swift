// LocaleTag: BCP 47 language tags as the font packages see them: normalized, with the usual script
// inference, and the chain of less specific tags to fall back through.

/// A normalized BCP 47 tag ("zh-Hans-CN", "ar-EG", "en").
public struct LocaleTag: Sendable, Hashable, CustomStringConvertible {
    /// The normalized tag: language lowercase, script title case, region uppercase, "_" read as "-".
    public let normalized: String
    /// The subtags of `normalized`.
    public let subtags: [String]

    /// Normalizes `tag`. Case and separators are fixed ("ZH_hans_cn" → "zh-Hans-CN"); anything else
    /// is kept as given, so an unknown tag is no error: it just matches nothing but "default".
    public init(_ tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        var out: [String] = []
        for (i, part) in parts.enumerated() {
            if i == 0 {
                out.append(part.lowercased())
            } else if part.count == 4, part.allSatisfy(\.isLetter) {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                out.append(part.uppercased())
            } else {
                out.append(part.lowercased())
            }
        }
        subtags = out
        normalized = out.joined(separator: "-")
    }

    public var description: String { normalized }

    /// The language subtag ("zh"), or "" for an empty tag.
    public var language: String { subtags.first ?? "" }

    /// The script subtag, given or inferred ("Hans" for zh-CN), or nil.
    public var script: String? {
        if subtags.count > 1, subtags[1].count == 4 { return subtags[1] }
        return Self.inferredScript(language: language, region: region)
    }

    /// The region subtag ("CN", "419"), or nil.
    public var region: String? {
        subtags.dropFirst().first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
    }

    /// The tags to try in order, most specific first, ending before "default": the tag itself, then
    /// the tag with its inferred script, then each with its last subtag dropped.
    /// zh-CN → zh-CN, zh-Hans-CN, zh-Hans, zh; zh-Hans-CN → zh-Hans-CN, zh-Hans, zh; en-US → en-US, en.
    public var fallbackChain: [String] {
        guard !subtags.isEmpty else { return [] }
        var chain = [normalized]
        var expanded = subtags
        if let script, !subtags.contains(script) { expanded.insert(script, at: 1) }
        while !expanded.isEmpty {
            let tag = expanded.joined(separator: "-")
            if !chain.contains(tag) { chain.append(tag) }
            expanded.removeLast()
        }
        return chain
    }

    /// Script inference for the languages whose script depends on the region (CLDR likely subtags).
    static func inferredScript(language: String, region: String?) -> String? {
        switch language {
        case "zh":
            switch region {
            case "TW", "HK", "MO": return "Hant"
            default: return "Hans"
            }
        case "sr": return region == "ME" || region == "XK" ? "Latn" : "Cyrl"
        default: return nil
        }
    }
}
