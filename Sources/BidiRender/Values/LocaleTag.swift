// LocaleTag: BCP 47 language tags as the font packages see them: normalized, with the usual script
// inference, and the chain of less specific tags to fall back through. Both are linear in the tag's
// length; input from users goes through `init(validating:key:)`, which bounds it.

/// A normalized BCP 47 tag ("zh-Hans-CN", "ar-EG", "en").
public struct LocaleTag: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The normalized tag: language lowercase, script title case, region uppercase, "_" read as "-".
    package let normalized: String
    /// The subtags of `normalized`.
    let subtags: [String]

    /// The longest tag `init(validating:key:)` accepts, in characters. RFC 5646 §4.4.1 asks
    /// implementations to hold at least 35; ICU holds 156 (ULOC_FULLNAME_CAPACITY, 157 with the NUL).
    /// 128 fits every registered tag with room for extensions, and anything accepted fits ICU.
    package static let maximumLength = 128

    /// Normalizes `tag` without checking it. Case and separators are fixed ("ZH_hans_cn" →
    /// "zh-Hans-CN"); anything else is kept as given, so an unknown tag is no error: it just matches
    /// nothing but "default". Never fails and takes time linear in the tag's length; for a tag from
    /// a user, use `init(validating:key:)`.
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

    /// Checks and normalizes a tag from a user: at most `maximumLength` characters, subtags of 1 to 8
    /// ASCII letters and digits separated by "-" or "_", the first one (the language) 2 to 8 letters
    /// or the singleton "x" or "i" (BCP 47's syntax, RFC 5646 §2.1; which subtags are registered is
    /// not checked). "default" is accepted as the default package's name,
    /// and "" as no locale (its chain is empty: straight to "default"), as `init(_:)` reads them.
    /// - Throws: `.invalidValue` naming `key` (an option like "--locale" or a JSON key like
    ///   "locale") and what is wrong; a long value is shown cut short.
    package init(validating tag: String, key: String = "locale") throws(BidiRenderError) {
        let length = tag.utf8.count
        let shown = length <= 40 ? tag : String(tag.prefix(40)) + "…"
        guard length <= Self.maximumLength else {
            throw .invalidValue(
                key: key, value: shown,
                reason: "a BCP 47 tag is at most \(Self.maximumLength) characters, not \(length)")
        }
        var subtagLength = 0
        for byte in tag.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                subtagLength += 1
                guard subtagLength <= 8 else {
                    throw .invalidValue(key: key, value: shown, reason: "not a BCP 47 tag: a subtag has more than 8 characters")
                }
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                guard subtagLength > 0 else {
                    throw .invalidValue(key: key, value: shown, reason: "not a BCP 47 tag: an empty subtag")
                }
                subtagLength = 0
            default:
                throw .invalidValue(
                    key: key, value: shown,
                    reason: "not a BCP 47 tag: subtags are 1 to 8 ASCII letters and digits separated by '-' or '_'")
            }
        }
        guard subtagLength > 0 || length == 0 else {
            throw .invalidValue(key: key, value: shown, reason: "not a BCP 47 tag: an empty subtag")
        }
        // RFC 5646 §2.1: the language subtag is 2 to 8 letters, or a tag starts with the singleton
        // "x" (private use) or "i" (grandfathered).
        let language = tag.utf8.prefix { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_") }
        let letters = language.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        let singleton = language.count == 1 && (language.first! | 0x20 == UInt8(ascii: "x") || language.first! | 0x20 == UInt8(ascii: "i"))  // no-trap: count == 1 is checked first
        guard length == 0 || (letters && ((2...8).contains(language.count) || singleton)) else {
            throw .invalidValue(
                key: key, value: shown, reason: "not a BCP 47 tag: the language subtag is 2 to 8 letters (ar, zh, fil)")
        }
        self.init(tag)
    }

    /// A tag from a user's text, as `init(validating:key:)` checks it; nil when it is not a BCP 47
    /// tag (the library's parsing rule: `init?(parsing:)` quiet, `init(validating:key:)` with an
    /// error naming the key).
    package init?(parsing tag: String) {
        guard let checked = try? LocaleTag(validating: tag) else { return nil }
        self = checked
    }

    /// A tag written in code (`"ar-EG"`), normalized as `init(_:)` does it, unchecked.
    public init(stringLiteral value: StaticString) {
        self.init("\(value)")
    }

    public var description: String { normalized }

    /// The language subtag ("zh"), or "" for an empty tag.
    package var language: String { subtags.first ?? "" }

    /// The script subtag, given or inferred ("Hans" for zh-CN), or nil.
    package var script: ScriptTag? {
        if subtags.count > 1, subtags[1].count == 4 { return ScriptTag(parsing: subtags[1]) }
        return Self.inferredScript(language: language, region: region).flatMap(ScriptTag.init(parsing:))
    }

    /// The region subtag ("CN", "419"), or nil.
    package var region: String? {
        subtags.dropFirst().first { ($0.count == 2 && $0.allSatisfy(\.isLetter)) || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
    }

    /// The tags to try in order, most specific first, ending before "default": the tag itself, then
    /// the tag with its inferred script, then each with its last subtag dropped.
    /// zh-CN → zh-CN, zh-Hans-CN, zh-Hans, zh; zh-Hans-CN → zh-Hans-CN, zh-Hans, zh; en-US → en-US, en.
    /// Shorter tags longer than `maximumLength` are left out: no package can have one (a manifest's
    /// locales are validated), and leaving them out keeps the chain linear in the tag's length.
    package var fallbackChain: [String] {
        guard !subtags.isEmpty else { return [] }
        var expanded = subtags
        if let script = script?.string, !subtags.contains(script) { expanded.insert(script, at: 1) }
        // One joined string and the UTF-8 length of each prefix; each tag is a prefix of it.
        let joined = expanded.joined(separator: "-")
        var prefixLengths: [Int] = []
        prefixLengths.reserveCapacity(expanded.count)
        var length = -1
        for subtag in expanded {
            length += 1 + subtag.utf8.count
            prefixLengths.append(length)
        }
        var chain = [normalized]
        var seen: Set<String> = [normalized]
        for length in prefixLengths.reversed() where length <= Self.maximumLength {
            let tag = String(decoding: joined.utf8.prefix(length), as: UTF8.self)
            if seen.insert(tag).inserted { chain.append(tag) }
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
