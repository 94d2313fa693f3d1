// LayoutRequest: the layout options of a request, one schema for a `--jsonl` line and a scene's text
// node: "direction", "fallback", "bidi", "locale", "weight", "style", "size", "width", "alignment",
// "digits", "maxLines", "ellipsis", "ellipsisStyle", "truncate", "lineHeight", "isolate", "spans" (SpanRequest) and "inlines"
// (InlineRequest), each over the options the caller starts from. "align", the spelling of `--align`,
// is still taken in a `--jsonl` line for "alignment" (never both); "mentions": "none"|"auto", the
// old spelling of leaving mentions out of "isolate" (or not), in a line and a text node.

import Foundation

/// The decoding of layout options and texts from request objects.
package enum LayoutRequest {
    /// The option keys, one per concept but the old "mentions" (a scene's text node takes them all
    /// but "width", which its frame gives).
    package static let optionKeys: Set<String> = [
        "direction", "fallback", "bidi", "locale", "weight", "style", "size", "width", "alignment", "mentions", "digits",
        "maxLines", "ellipsis", "ellipsisStyle", "truncate", "lineHeight", "isolate", "spans", "inlines",
    ]

    /// Keys accepted in a `--jsonl` line beside the canonical ones, each an older spelling of one.
    package static let oldSpellings = ["align": "alignment"]

    /// The keys of a `layout --jsonl` line: "text", the option keys and their older spellings.
    package static let lineKeys = optionKeys.union(["text"]).union(oldSpellings.keys)

    /// The values of "maxLines".
    package static let maxLinesRange = 1...Int(Int32.max)

    /// A request's "text", which must be there.
    package static func text(_ object: [String: Any]) throws(WireError) -> String {
        guard let text = try WireFields.string(object, "text") else {
            let said = object["text"] is NSNull ? "\"text\" must be a string, not null" : "missing \"text\""
            throw WireError(said, at: [.key("text")])
        }
        return text
    }

    /// The options of a request object: `base`, overridden by the object's fields, with its
    /// direction over `direction`, checked (`LayoutOptions.validate`); and its spans.
    /// `withoutMentions` (the command line's old `--mentions none`) takes `.mentions` out of the
    /// resolved `isolate`, unless the object says "mentions": "auto"; its "mentions": "none" does so
    /// too.
    package static func options(
        _ object: [String: Any], base: LayoutOptions, direction: DirectionRequest, withoutMentions: Bool = false
    ) throws(WireError) -> (options: LayoutOptions, spans: [TextSpan]) {
        var o = base
        o.direction = try direction.overridden(by: object).resolved
        if let engine = try WireFields.choice(object, "bidi", as: BidiEngine.self) { o.bidiEngine = engine }
        if let tag = try WireFields.string(object, "locale") { o.locale = try locale(tag, at: [.key("locale")]) }
        if let weight = try weight(object, "weight") { o.weight = weight }
        if let style = try WireFields.choice(object, "style", as: FontStyle.self) { o.style = style }
        if let size = try WireFields.number(object, "size") { o.size = size }
        if let width = try WireFields.number(object, "width") { o.maxWidth = width }
        try alignment(object, into: &o)
        let mentions = try WireFields.choice(object, "mentions", as: OldMentions.self)
        if let digits = try WireFields.choice(object, "digits", as: DigitSubstitution.self) { o.digits = digits }
        if let maxLines = WireFields.value(object, "maxLines") {
            guard let lines = try WireFields.integer(maxLines, at: [.key("maxLines")], in: maxLinesRange) else {
                throw WireError("\"maxLines\" must be a whole number from 1 to \(maxLinesRange.upperBound)", at: [.key("maxLines")])
            }
            o.maxLines = lines
        }
        if let ellipsis = try WireFields.string(object, "ellipsis") { o.ellipsis = ellipsis }
        if let truncation = try WireFields.choice(object, "truncate", as: TruncationMode.self) { o.truncation = truncation }
        if let style = try WireFields.string(object, "ellipsisStyle") {
            o.ellipsisStyle = try SpanRequest.ellipsisStyle(parsing: style, name: "\"ellipsisStyle\"")
        }
        if let value = WireFields.value(object, "lineHeight") { o.lineHeight = try lineHeight(value) }
        if let isolate = try isolate(object) { o.isolate = isolate }
        if (mentions.map { $0 == .none } ?? withoutMentions) { o.isolate.remove(.mentions) }
        do {
            try o.validate()
        } catch {
            // Named by the object's key, so that a scene error points at its line ("….size").
            let keys = ["size": "size", "width": "width", "max-lines": "maxLines", "line-height": "lineHeight", "ellipsis-style": "ellipsisStyle"]
            guard case .invalidValue(let key, _, _) = error, let wire = keys[key], object[wire] != nil else {
                throw WireError(message: error.description)
            }
            throw WireError(error.description, at: [.key(wire)])
        }
        // "inlines": boxes as spans after the others (the images are the renderer's, not a layout's).
        return (o, try SpanRequest.spans(object) + InlineRequest.inlines(object).map(\.span))
    }

    /// Checks `spans` (from `options(_:…)`: the object's "spans", then its "inlines") against the
    /// text, each named by its place in the object ("spans[1]", "inlines[0]").
    package static func checkSpans(_ spans: [TextSpan], of object: [String: Any], in text: String) throws(WireError) {
        let spanCount = (WireFields.value(object, "spans") as? [Any])?.count ?? 0
        do {
            try SpanRequest.check(
                spans, spanCount: spanCount, in: text, objects: true, name: { "spans[\($0)]" }, inlineName: { "inlines[\($0)]" })
        } catch {
            throw WireError(message: error.description)
        }
    }

    /// The values of the old "mentions": "none" takes `.mentions` out of "isolate".
    enum OldMentions: String, CaseIterable {
        case auto, none
    }

    /// "alignment", or its older spelling "align" (not both).
    private static func alignment(_ object: [String: Any], into o: inout LayoutOptions) throws(WireError) {
        if object["align"] != nil, object["alignment"] != nil {
            throw WireError("give \"align\" or \"alignment\", not both", at: [.key("align")])
        }
        if let align = try WireFields.choice(object, "align", as: TextAlignment.self) { o.alignment = align }
        if let align = try WireFields.choice(object, "alignment", as: TextAlignment.self) { o.alignment = align }
    }

    /// "lineHeight": a number (a multiple of the size) or a string ("normal", "1.4", "24px").
    private static func lineHeight(_ value: Any) throws(WireError) -> LineHeight {
        let text: String
        if let string = value as? String {
            text = string
        } else if let number = WireFields.double(value) {
            text = "\(number)"
        } else {
            throw WireError(
                "\"lineHeight\" must be a number (a multiple of the size) or a string (normal, 24px)", at: [.key("lineHeight")])
        }
        do {
            return try WireNumber.lineHeight(text, key: "lineHeight")
        } catch {
            throw WireError(error.description, at: [.key("lineHeight")])
        }
    }

    /// A locale field: a BCP 47 tag (`LocaleTag(validating:)`), errors naming the key.
    static func locale(_ tag: String, at path: WireFields.Path) throws(WireError) -> LocaleTag {
        // The key's text (a path to spell out) is made only for the error.
        if let valid = try? LocaleTag(validating: tag) { return valid }
        do {
            return try LocaleTag(validating: tag, key: "\"\(path.dotted)\"")
        } catch {
            throw WireError(error.description, at: path)
        }
    }

    /// A weight field: a name, or a whole number from 1 to 1000 (not 500.9, not true).
    static func weight(_ object: [String: Any], _ key: String, in path: WireFields.Path = []) throws(WireError) -> FontWeight? {
        guard let value = WireFields.value(object, key) else { return nil }
        let at = path + [.key(key)]
        if let name = value as? String, let weight = FontWeight(parsing: name) { return weight }
        if let number = try? WireFields.integer(value, at: at, in: 1...1000), let weight = FontWeight(number) { return weight }
        throw WireError("\"\(at.dotted)\" must be a whole number from 1 to 1000 or a weight name", at: at)
    }

    /// An optional "isolate" field: ["urls", "phones"], "urls,phones", "all" or "none"; throws
    /// naming the key (and the bad name) otherwise.
    package static func isolate(_ object: [String: Any], _ key: String = "isolate") throws(WireError) -> EntityKinds? {
        guard let value = WireFields.value(object, key) else { return nil }
        let allowed = "mentions, urls, emails, phones, hashtags, all, none"
        if let list = value as? String {
            guard let kinds = EntityKinds(parsing: list) else {
                throw WireError("\"\(key)\" must list kinds of \(allowed), not \"\(list)\"", at: [.key(key)])
            }
            return kinds
        }
        guard let array = value as? [Any] else {
            throw WireError("\"\(key)\" must be an array of names or a comma-separated string", at: [.key(key)])
        }
        var kinds: EntityKinds = []
        for (i, item) in array.enumerated() {
            guard let name = item as? String, let kind = EntityKinds(parsing: name) else {
                throw WireError("\"\(key)[\(i)]\" must be one of \(allowed)", at: [.key(key), .index(i)])
            }
            kinds.formUnion(kind)
        }
        return kinds
    }
}
