// ItalicPolicy: what a font package does when italic is asked for and it has no italic face — slant
// the upright face (synthesize), stay upright, or use another weight upright (the seed's rule) — and
// the manifest keys that say it ("italic") and that make a face variable ("weight": "100 900").

import Foundation

/// What a package gives for italic when it has no italic face (the manifest's `"italic"` key).
package enum ItalicPolicy: Sendable, Hashable, CustomStringConvertible {
    /// An oblique: the upright face of the matched weight, slanted by `FontInstance.syntheticSlant`
    /// in shaping (HarfBuzz's synthetic slant) and in the PNG and SVG outlines. The default.
    case synthesize
    /// The upright face of the matched weight, unchanged.
    case upright
    /// The upright face of this weight (matched by CSS Fonts 4 §5.2), unslanted: the seed's rule,
    /// where italic is shown as medium (`{"weight": 500}`).
    case weight(FontWeight)

    /// "synthesize", "upright", "weight 500".
    package var description: String {
        switch self {
        case .synthesize: return "synthesize"
        case .upright: return "upright"
        case .weight(let weight): return "weight \(weight)"
        }
    }
}

extension ManifestParser {
    /// A package's `"italic"`: "synthesize" (also the default when absent), "upright", or
    /// `{"weight": W}` with W a number 1–1000 or a weight name.
    func italic(_ object: [String: Any], _ at: [JSONPathComponent]) throws(BidiRenderError) -> ItalicPolicy {
        guard case .key(let key)? = at.last, let value = object[key], !(value is NSNull) else { return .synthesize }
        let expected = "must be \"synthesize\", \"upright\" or {\"weight\": 500}"
        if let name = value as? String {
            switch name.lowercased() {
            case "synthesize": return .synthesize
            case "upright": return .upright
            default: throw error(at, "\(expected), not \"\(name)\"")
            }
        }
        guard let rule = value as? [String: Any] else { throw error(at, expected) }
        if let other = rule.keys.sorted().first(where: { $0 != "weight" }) {
            throw error(at + [.key(other)], "unknown key (\(expected))")
        }
        return .weight(try weight(rule, at + [.key("weight")]))
    }

    /// A font's `"weight"`: one weight (a number or a name) for a static face, or two separated by
    /// spaces (`"100 900"`, as CSS's `@font-face` font-weight descriptor) for a variable face that
    /// serves every weight of the range through its `wght` axis.
    func weights(_ object: [String: Any], _ at: [JSONPathComponent]) throws(BidiRenderError) -> ClosedRange<FontWeight> {
        guard case .key(let key)? = at.last, let text = object[key] as? String,
            text.contains(where: \.isWhitespace)
        else {
            let single = try weight(object, at)
            return single...single
        }
        let parts = text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count == 2 else {
            throw error(at, "a weight range is two weights separated by a space (\"100 900\"), not \"\(text)\"")
        }
        guard let low = FontWeight(parsing: parts[0]), let high = FontWeight(parsing: parts[1]) else {
            throw error(at, "\"\(text)\": each end of a weight range must be a number from 1 to 1000 or a weight name")
        }
        guard low <= high else { throw error(at, "\"\(text)\": the range's first weight is above its second") }
        return low...high
    }
}

extension ManifestParser {
    /// A package's own `"scripts"`: an array of ISO 15924 tags ("Arab"), normalized to title case.
    func scriptList(_ object: [String: Any], _ at: [JSONPathComponent]) throws(BidiRenderError) -> [String] {
        guard let list = try array(object, at, required: false) else { return [] }
        var scripts: [String] = []
        for (i, item) in list.enumerated() {
            guard let script = item as? String, script.count == 4, script.allSatisfy(\.isLetter) else {
                throw error(at + [.index(i)], "must be an ISO 15924 script tag (like \"Arab\")")
            }
            scripts.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
        }
        return scripts
    }
}
