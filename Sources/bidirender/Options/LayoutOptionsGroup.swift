// LayoutOptionsGroup: every layout option of the CLI (direction, fonts, size, width, alignment,
// mentions, digits), shared by `layout` and `render`, and the same options read from a JSON line.
import ArgumentParser
import BidiRender
import Foundation

extension TextAlignment: ExpressibleByArgument {}
extension MentionMode: ExpressibleByArgument {}
extension DigitSubstitution: ExpressibleByArgument {}

struct LayoutOptionsGroup: ParsableArguments {
    @OptionGroup var directionOptions: DirectionOptions
    @OptionGroup var fontOptions: FontOptions

    @Option(help: "Font size in px, from 0.1 to 10000.")
    var size: Double = 16

    @Option(help: "Line width in px, above 0 and at most 1000000; without it each paragraph is one line.")
    var width: Double?

    @Option(name: .customLong("align"), help: "natural, leading, trailing, left, right or center.")
    var alignment: TextAlignment = .natural

    @Option(help: "auto detects @-mentions; none detects nothing.")
    var mentions: MentionMode = .auto

    @Option(help: "western, arabic-indic, persian, or locale (by --locale).")
    var digits: DigitSubstitution = .western

    func validate() throws {
        do {
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    var options: LayoutOptions {
        LayoutOptions(
            direction: directionOptions.paragraphDirection, locale: fontOptions.localeTag, weight: fontOptions.weight,
            style: fontOptions.style, size: size, maxWidth: width, alignment: alignment, mentions: mentions,
            digits: digits)
    }

    /// The options of one JSON line: these options, overridden by the line's fields. Spans come from
    /// "spans": [{"start", "end", "mention", "weight", "style", "locale"}].
    func options(from object: [String: Any]) throws(LineError) -> (LayoutOptions, [TextSpan]) {
        var o = options
        let direction = try JSONLines.choice(object, "direction", as: DirectionArgument.self) ?? directionOptions.direction
        let fallback = try JSONLines.choice(object, "fallback", as: FallbackArgument.self) ?? directionOptions.fallback
        do {
            try DirectionOptions.check(direction, fallback)
        } catch {
            throw LineError(message: "\(error)")
        }
        o.direction = DirectionOptions.resolve(direction, fallback)
        if let locale = try JSONLines.string(object, "locale") { o.locale = LocaleTag(locale) }
        if let weight = try Self.weight(object["weight"], key: "weight") { o.weight = weight }
        if let style = try JSONLines.choice(object, "style", as: FontStyle.self) { o.style = style }
        if let size = try JSONLines.number(object, "size") { o.size = size }
        if let width = try JSONLines.number(object, "width") { o.maxWidth = width }
        if let align = try JSONLines.choice(object, "align", as: TextAlignment.self) { o.alignment = align }
        if let mentions = try JSONLines.choice(object, "mentions", as: MentionMode.self) { o.mentions = mentions }
        if let digits = try JSONLines.choice(object, "digits", as: DigitSubstitution.self) { o.digits = digits }
        do {
            try o.validate()
        } catch {
            throw LineError(message: error.description)
        }
        var spans: [TextSpan] = []
        if let list = object["spans"] {
            guard let list = list as? [Any] else { throw LineError(message: "\"spans\" must be an array") }
            for (i, item) in list.enumerated() {
                guard let span = item as? [String: Any],
                    let start = (span["start"] as? NSNumber)?.intValue, let end = (span["end"] as? NSNumber)?.intValue,
                    start >= 0, end >= start
                else { throw LineError(message: "spans[\(i)] needs \"start\" and \"end\" (code point offsets, start ≤ end)") }
                var textSpan = TextSpan(range: start..<end, isMention: span["mention"] as? Bool ?? false)
                textSpan.mentionID = span["id"] as? String
                textSpan.weight = try Self.weight(span["weight"], key: "spans[\(i)].weight")
                if let style = span["style"] as? String {
                    guard let s = FontStyle(rawValue: style) else { throw LineError(message: "spans[\(i)].style must be normal or italic") }
                    textSpan.style = s
                }
                if let locale = span["locale"] as? String { textSpan.locale = LocaleTag(locale) }
                spans.append(textSpan)
            }
        }
        return (o, spans)
    }

    private static func weight(_ value: Any?, key: String) throws(LineError) -> FontWeight? {
        guard let value, !(value is NSNull) else { return nil }
        if let name = value as? String, let weight = FontWeight(parsing: name) { return weight }
        if let number = value as? NSNumber, let weight = FontWeight(number.intValue) { return weight }
        throw LineError(message: "\"\(key)\" must be 1–1000 or a weight name")
    }
}
