// SpanOptions: the repeatable `--span START:END:key=value,…` of `layout` and `render`, and the span
// style keys of a JSON line's "spans" (colour, background, underline, strikethrough, size, features).
import ArgumentParser
@_spi(CLI) import BidiRender
import Foundation

struct SpanOptions: ParsableArguments {
    @Option(
        name: .customLong("span"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Attributes over code points [START, END): key=value pairs, comma-separated; repeatable, a later span wins.",
            discussion: """
                Keys: weight (100…900 or a name), style (normal|italic), locale (BCP 47), mention (true|false), \
                id (the mention's user id), color and background (#RRGGBB[AA]), underline and strikethrough \
                (true|false), size (px, 0.1…10000), features (OpenType features in HarfBuzz's syntax; \
                the items after features= that are not key=value pairs of the keys above are more features: \
                features=tnum,-liga,ss01=1).
                """,
            valueName: "START:END:key=value,…"))
    var spanArguments: [String] = []

    func validate() throws {
        _ = try spans
    }

    /// The spans, in order; a bad one throws a ValidationError naming it (`--span 2`) and its key.
    var spans: [TextSpan] {
        get throws {
            var spans: [TextSpan] = []
            for (i, argument) in spanArguments.enumerated() {
                do {
                    spans.append(try Self.span(parsing: argument, name: "--span \(i + 1)"))
                } catch {
                    throw ValidationError(error.message)
                }
            }
            return spans
        }
    }

    /// One `START:END:key=value,…` (the attribute list may be empty: `3:5`).
    static func span(parsing argument: String, name: String) throws(LineError) -> TextSpan {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let start = Int(parts[0]), let end = Int(parts[1]),
            LayoutOptionsGroup.spanOffsets.contains(start), LayoutOptionsGroup.spanOffsets.contains(end), start <= end
        else {
            throw LineError(message: "\(name) (\"\(argument)\") must be START:END:key=value,… with code point offsets START ≤ END")
        }
        var span = TextSpan(range: start..<end)
        guard parts.count == 3, !parts[2].isEmpty else { return span }
        var inFeatures = false
        for pair in parts[2].split(separator: ",", omittingEmptySubsequences: false) {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(kv[0])
            // After features=, an item that is not one of the keys is one more feature ("ss01=1").
            if inFeatures, !keys.contains(key) {
                span.features?.append(String(pair))
                continue
            }
            guard kv.count == 2 else { throw LineError(message: "\(name): \"\(pair)\" must be key=value") }
            inFeatures = key == "features"
            try apply(key, String(kv[1]), to: &span, name: name)
        }
        // The features as HarfBuzz reads them (the library checks them again when it lays out).
        do {
            try span.validate(index: 0)
        } catch {
            guard case .invalidValue(let key, let value, let reason) = error else { throw LineError(message: error.description) }
            throw LineError(message: "\(name): \(key.split(separator: ".").last ?? "") \"\(value)\" \(reason)")
        }
        return span
    }

    /// Sets `key` of `span` from its text `value`; errors name the span and the key.
    static func apply(_ key: String, _ value: String, to span: inout TextSpan, name: String) throws(LineError) {
        func bad(_ expected: String) -> LineError {
            LineError(message: "\(name): \(key) \"\(value)\" must be \(expected)")
        }
        switch key {
        case "weight":
            guard let weight = FontWeight(parsing: value) ?? Int(value).flatMap({ FontWeight($0) }) else {
                throw bad("a whole number from 1 to 1000 or a weight name")
            }
            span.weight = weight
        case "style":
            guard let style = FontStyle(rawValue: value) else {
                throw bad(FontStyle.allCases.map(\.rawValue).joined(separator: " or "))
            }
            span.style = style
        case "locale":
            do {
                span.locale = try LocaleTag(validating: value, key: "\(name) locale")
            } catch {
                throw LineError(message: error.description)
            }
        case "mention": span.isMention = try boolean(value, bad)
        case "id": span.mentionID = value
        case "color": span.color = try color(value, bad)
        case "background": span.background = try color(value, bad)
        case "underline": span.underline = try boolean(value, bad)
        case "strikethrough": span.strikethrough = try boolean(value, bad)
        case "features": span.features = value.isEmpty ? [] : [value]
        case "size":
            guard let size = DecimalNumber.double(value), size.isFinite, size >= 0.1, size <= 10_000 else {
                throw bad("a size in px from 0.1 to 10000")
            }
            span.size = size
        default:
            throw LineError(
                message: "\(name): unknown key \"\(key)\" (\(keys.joined(separator: ", ")))")
        }
    }

    /// The keys of a span.
    static let keys = [
        "weight", "style", "locale", "mention", "id", "color", "background", "underline", "strikethrough", "size", "features",
    ]

    private static func boolean(_ value: String, _ bad: (String) -> LineError) throws(LineError) -> Bool {
        switch value {
        case "true": return true
        case "false": return false
        default: throw bad("true or false")
        }
    }

    private static func color(_ value: String, _ bad: (String) -> LineError) throws(LineError) -> RGBAColor {
        guard value.hasPrefix("#"), let color = RGBAColor(parsing: value) else { throw bad("#RRGGBB or #RRGGBBAA") }
        return color
    }

    /// The style keys of a JSON line's span (`color`, `background`, `underline`, `strikethrough`,
    /// `size`), each of its own JSON type; errors name the field's path (`spans[0].color`).
    static func applyStyle(_ object: [String: Any], to span: inout TextSpan, path: String) throws(LineError) {
        for key in ["color", "background"] {
            guard let value = try JSONLines.string(object, key, path: "\(path).\(key)") else { continue }
            try apply(key, value, to: &span, name: path)
        }
        span.underline = try JSONLines.boolean(object, "underline", path: "\(path).underline")
        span.strikethrough = try JSONLines.boolean(object, "strikethrough", path: "\(path).strikethrough")
        if let value = object["size"], !(value is NSNull) {
            guard let size = JSONFields.double(value), size.isFinite, size >= 0.1, size <= 10_000 else {
                throw LineError(message: "\"\(path).size\" must be a number from 0.1 to 10000")
            }
            span.size = size
        }
        if let value = object["features"], !(value is NSNull) {
            guard let list = value as? [Any], let features = list as? [String] else {
                throw LineError(message: "\"\(path).features\" must be an array of strings (\"tnum\", \"-liga\", \"ss01=1\")")
            }
            span.features = features
        }
    }
}
