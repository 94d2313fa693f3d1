// SpanRequest: a span of attributes as a request gives it, the one schema of a `--jsonl` line's and
// a scene text node's "spans" entries ({"start", "end", "entity", "spoiler", "id", "weight", "style", "locale",
// "color", "background", "underline", "strikethrough", "size", "features"}), each field of its own
// JSON type, and of the command line's `--span START:END:key=value,…` (the same keys, as text).
// "mention": true (`mention=true`) is still taken as the old spelling of "entity": "mention".

import Foundation

/// The decoding of spans.
package enum SpanRequest {
    /// The attribute keys of a span (without "start" and "end").
    package static let keys = [
        "weight", "style", "locale", "entity", "spoiler", "id", "color", "background", "underline", "strikethrough", "size",
        "features",
    ]

    /// Keys still taken beside `keys`, each an old spelling: "mention" (true: "entity": "mention").
    static let oldKeys = ["mention"]

    /// The keys of an entry of "spans".
    static let objectKeys = Set(["start", "end"] + keys + oldKeys)

    /// Span offsets: code point offsets are whole numbers from 0 to 2^31 - 1.
    static let offsets = 0...Int(Int32.max)

    /// `LayoutEngine.checkSpans` on a request's spans (`spanCount` of its own, then its inline
    /// boxes'), with each named in its errors as the request names it: `name(k)` for its k-th span,
    /// `inlineName(j)` for its j-th box, where the library says "spans[i]" of the joined list. A
    /// range past the text shows as the request wrote it: "2:9" on the command line
    /// (`objects` false), "start 2, end 9" in a JSON request, with the text's length.
    package static func check(
        _ spans: [TextSpan], spanCount: Int, in text: String, objects: Bool = false, name: (Int) -> String,
        inlineName: (Int) -> String
    ) throws(BidiRenderError) {
        do {
            try LayoutEngine.checkSpans(spans, in: text)
        } catch {
            guard case .invalidValue(let key, var value, var reason) = error else { throw error }
            func renamed(_ s: String) -> String { Self.renaming(s) { $0 < spanCount ? name($0) : inlineName($0 - spanCount) } }
            let ends = value.split(separator: "..<", omittingEmptySubsequences: false)
            if ends.count == 2 {
                value = objects ? "start \(ends[0]), end \(ends[1])" : "\(ends[0]):\(ends[1])"
            }
            if reason.hasPrefix("not within"), ends.count == 2 {
                let count = text.unicodeScalars.count
                reason = "past the end of the text (\(count) code point\(count == 1 ? "" : "s"))"
            }
            throw .invalidValue(key: renamed(key), value: value, reason: renamed(reason))
        }
    }

    /// `text` with each "spans[i]" in it replaced by `name(i)`.
    static func renaming(_ text: String, _ name: (Int) -> String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "spans[") {
            let digits = rest[open.upperBound...].prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, let i = Int(digits), rest[digits.endIndex...].first == "]" else {
                out += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            out += rest[..<open.lowerBound] + name(i)
            rest = rest[rest.index(after: digits.endIndex)...]
        }
        return out + rest
    }

    /// A request's "spans": an array of span objects, or nil/absent for none.
    static func spans(_ object: [String: Any], in path: WireFields.Path = []) throws(WireError) -> [TextSpan] {
        guard let list = WireFields.value(object, "spans") else { return [] }
        let at = path + [.key("spans")]
        guard let list = list as? [Any] else { throw WireError("\"spans\" must be an array", at: at) }
        var spans: [TextSpan] = []
        for (i, item) in list.enumerated() {
            spans.append(try span(item, at: at + [.index(i)]))
        }
        return spans
    }

    /// One entry of "spans"; errors name the field's path ("spans[0].style").
    static func span(_ item: Any, at path: WireFields.Path) throws(WireError) -> TextSpan {
        let bounds = "\(path.dotted) needs \"start\" and \"end\" (code point offsets, start ≤ end)"
        if let span = item as? [String: Any] { try WireFields.checkKeys(span, objectKeys, in: path) }
        guard let span = item as? [String: Any], let startValue = span["start"], let endValue = span["end"],
            let start = try WireFields.integer(startValue, at: path + [.key("start")], in: offsets),
            let end = try WireFields.integer(endValue, at: path + [.key("end")], in: offsets),
            start <= end
        else { throw WireError(bounds, at: path) }
        var textSpan = TextSpan(range: start..<end, entity: try entity(span, in: path))
        textSpan.id = try WireFields.string(span, "id", in: path)
        textSpan.weight = try LayoutRequest.weight(span, "weight", in: path)
        textSpan.style = try WireFields.choice(span, "style", as: FontStyle.self, in: path)
        if let tag = try WireFields.string(span, "locale", in: path) {
            textSpan.locale = try LayoutRequest.locale(tag, at: path + [.key("locale")])
        }
        try style(span, to: &textSpan, in: path)
        return textSpan
    }

    /// "entity" (an `EntityKind` name), or its old spelling "mention" (true: a mention), not both; or
    /// "spoiler": true.
    private static func entity(_ object: [String: Any], in path: WireFields.Path) throws(WireError) -> EntityKind? {
        let old = try WireFields.boolean(object, "mention", in: path)
        if old != nil, WireFields.value(object, "entity") != nil {
            throw WireError(
                "\"\(path.dotted)\": give \"entity\" or its old spelling \"mention\", not both", at: path + [.key("mention")])
        }
        let kind = old == true
            ? .mention : try WireFields.choice(object, "entity", as: EntityKind.self, in: path, among: EntityKind.declarable)
        // "spoiler": true is "entity": "spoiler".
        guard try WireFields.boolean(object, "spoiler", in: path) == true else { return kind }
        if let kind, kind != .spoiler {
            throw WireError(
                "\"\(path.dotted)\": a spoiler is an entity of its own, not also \"\(kind.rawValue)\"", at: path + [.key("spoiler")])
        }
        return .spoiler
    }

    /// The style keys of a span object (`color`, `background`, `underline`, `strikethrough`, `size`,
    /// `features`), each of its own JSON type.
    private static func style(_ object: [String: Any], to span: inout TextSpan, in path: WireFields.Path) throws(WireError) {
        for key in ["color", "background"] {
            guard let value = try WireFields.string(object, key, in: path) else { continue }
            try apply(key, value, to: &span, name: path.dotted)
        }
        span.underline = try WireFields.boolean(object, "underline", in: path)
        span.strikethrough = try WireFields.boolean(object, "strikethrough", in: path)
        if let value = WireFields.value(object, "size") {
            guard let size = WireFields.double(value), size.isFinite, size >= 0.1, size <= 10_000 else {
                throw WireError("\"\(path.dotted).size\" must be a number from 0.1 to 10000", at: path + [.key("size")])
            }
            span.size = size
        }
        if let value = WireFields.value(object, "features") {
            guard let list = value as? [Any], let features = list as? [String] else {
                throw WireError(
                    "\"\(path.dotted).features\" must be an array of strings (\"tnum\", \"-liga\", \"ss01=1\")", at: path + [.key("features")])
            }
            span.features = features
        }
    }

    /// One `START:END:key=value,…` (the attribute list may be empty: `3:5`); errors name the span
    /// (`name`, "--span 2") and its key.
    package static func span(parsing argument: String, name: String) throws(WireError) -> TextSpan {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let start = Int(parts[0]), let end = Int(parts[1]),
            offsets.contains(start), offsets.contains(end), start <= end
        else {
            throw WireError(message: "\(name) (\"\(argument)\") must be START:END:key=value,… with code point offsets START ≤ END")
        }
        var span = TextSpan(range: start..<end)
        guard parts.count == 3, !parts[2].isEmpty else { return span }
        var inFeatures = false
        for pair in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0])
            // After features=, an item that is not one of the keys is one more feature ("ss01=1").
            if inFeatures, !keys.contains(key), !oldKeys.contains(key) {
                span.features?.append(String(pair))
                continue
            }
            guard kv.count == 2 else { throw WireError(message: "\(name): \"\(pair)\" must be key=value") }
            inFeatures = key == "features"
            try apply(key, String(kv[1]), to: &span, name: name)
        }
        // The features as HarfBuzz reads them (the library checks them again when it lays out).
        do {
            try span.validate(index: 0)
        } catch {
            guard case .invalidValue(let key, let value, let reason) = error else { throw WireError(message: error.description) }
            throw WireError(message: "\(name): \(key.split(separator: ".").last ?? "") \"\(value)\" \(reason)")
        }
        return span
    }

    /// The keys an ellipsis's style takes (`LayoutOptions.ellipsisStyle`: its paint and its font).
    static let ellipsisKeys = ["weight", "style", "color", "background", "underline", "strikethrough"]

    /// An ellipsis's style, `key=value,…` with `ellipsisKeys` (the command line's `--ellipsis-style`,
    /// a JSON line's "ellipsisStyle"): another span key is named as no attribute of the ellipsis, an
    /// unknown one with the keys it may be.
    package static func ellipsisStyle(parsing style: String, name: String) throws(WireError) -> TextSpan {
        for pair in style.split(separator: ",") {
            let key = String(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0])
            guard !ellipsisKeys.contains(key) else { continue }
            let accepted = ellipsisKeys.joined(separator: ", ")
            guard keys.contains(key) || oldKeys.contains(key) else {
                throw WireError(message: "\(name): unknown key \"\(key)\" (\(accepted))")
            }
            throw WireError(message: "\(name): \(key) is not an attribute of the ellipsis (\(accepted))")
        }
        return try span(parsing: "0:0:" + style, name: name)
    }

    /// Sets `key` of `span` from its text `value`; errors name the span and the key.
    private static func apply(_ key: String, _ value: String, to span: inout TextSpan, name: String) throws(WireError) {
        func bad(_ expected: String) -> WireError {
            WireError(message: "\(name): \(key) \"\(value)\" must be \(expected)")
        }
        switch key {
        case "weight":
            guard let weight = FontWeight(parsing: value) ?? Int(value).flatMap({ FontWeight($0) }) else {
                throw bad("a whole number from 1 to 1000 or a weight name")
            }
            span.weight = weight
        case "style":
            guard let style = FontStyle(rawValue: value) else { throw bad(FontStyle.allCases.map(\.rawValue).joined(separator: " or ")) }
            span.style = style
        case "locale":
            do {
                span.locale = try LocaleTag(validating: value, key: "\(name) locale")
            } catch {
                throw WireError(message: error.description)
            }
        case "entity":
            guard let kind = EntityKind(rawValue: value), EntityKind.declarable.contains(kind) else {
                throw bad("one of " + EntityKind.declarable.map(\.rawValue).joined(separator: ", "))
            }
            span.entity = kind
        case "spoiler":  // entity=spoiler; false takes a spoiler away
            if try boolean(value, bad) {
                span.entity = .spoiler
            } else if span.entity == .spoiler {
                span.entity = nil
            }
        case "mention":  // the old spelling of entity=mention; false takes a mention away
            if try boolean(value, bad) {
                span.entity = .mention
            } else if span.entity == .mention {
                span.entity = nil
            }
        case "id": span.id = value
        case "color": span.color = try color(value, bad)
        case "background": span.background = try color(value, bad)
        case "underline": span.underline = try boolean(value, bad)
        case "strikethrough": span.strikethrough = try boolean(value, bad)
        case "features": span.features = value.isEmpty ? [] : [value]
        case "size":
            guard let size = WireNumber.double(value), size.isFinite, size >= 0.1, size <= 10_000 else {
                throw bad("a size in px from 0.1 to 10000")
            }
            span.size = size
        default:
            throw WireError(message: "\(name): unknown key \"\(key)\" (\(keys.joined(separator: ", ")))")
        }
    }

    private static func boolean(_ value: String, _ bad: (String) -> WireError) throws(WireError) -> Bool {
        switch value {
        case "true": return true
        case "false": return false
        default: throw bad("true or false")
        }
    }

    private static func color(_ value: String, _ bad: (String) -> WireError) throws(WireError) -> RGBAColor {
        guard value.hasPrefix("#"), let color = RGBAColor(parsing: value) else { throw bad("#RRGGBB, #RRGGBBAA, #RGB or #RGBA") }
        return color
    }
}
