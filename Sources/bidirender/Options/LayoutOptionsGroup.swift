// LayoutOptionsGroup: every layout option of the CLI (direction, fonts, size, width, alignment,
// mentions, digits, max lines, ellipsis), shared by `layout` and `render`, and the same options read
// from a JSON line.
import ArgumentParser
import BidiRender
import Foundation

extension TextAlignment: ExpressibleByArgument {}
extension MentionMode: ExpressibleByArgument {}
extension DigitSubstitution: ExpressibleByArgument {}

struct LayoutOptionsGroup: ParsableArguments {
    @OptionGroup var directionOptions: DirectionOptions
    @OptionGroup var fontOptions: FontOptions
    /// `--span`, for the text given on the command line (a JSON line brings its own "spans").
    @OptionGroup var spanOptions: SpanOptions

    @Option(parsing: .unconditional, help: "Font size in px, from 0.1 to 10000.", transform: DecimalNumber.option)
    var size: Double = 16

    @Option(
        parsing: .unconditional, help: "Line width in px, above 0 and at most 1000000; without it each paragraph is one line.",
        transform: DecimalNumber.option)
    var width: Double?

    @Option(name: .customLong("align"), help: "natural, leading, trailing, left, right or center.")
    var alignment: TextAlignment = .natural

    @Option(help: "auto detects @-mentions; none detects nothing.")
    var mentions: MentionMode = .auto

    @Option(help: "western, arabic-indic, persian, or locale (by --locale).")
    var digits: DigitSubstitution = .western

    @Option(parsing: .unconditional, help: "The most lines, at least 1, over all paragraphs; the last kept line is truncated and ends in --ellipsis.")
    var maxLines: Int?

    @Option(help: "The mark a truncated line ends in, at its paragraph's end edge; \"\" clips with no mark.")
    var ellipsis: String = "\u{2026}"

    @Option(parsing: .unconditional, help: "normal (the locale's first font as a strut), a multiple of --size (1.4) or px (24px).")
    var lineHeight: String = "normal"

    @Option(help: ArgumentHelp(EntityKinds.help + " --mentions none takes mentions out."))
    var isolate: EntityKinds = .all

    func validate() throws {
        do {
            _ = try DecimalNumber.lineHeight(lineHeight, key: "line-height")
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    var options: LayoutOptions {
        LayoutOptions(
            direction: directionOptions.paragraphDirection, locale: fontOptions.localeTag, weight: fontOptions.weight,
            style: fontOptions.style, size: size, maxWidth: width, alignment: alignment, mentions: mentions,
            digits: digits, bidiEngine: directionOptions.bidiEngine, maxLines: maxLines, ellipsis: ellipsis,
            isolate: isolate, lineHeight: (try? DecimalNumber.lineHeight(lineHeight, key: "line-height")) ?? .normal)
    }

    /// The options of one JSON line: these options, overridden by the line's fields. Spans come from
    /// "spans": [{"start", "end", "mention", "id", "weight", "style", "locale", "color", "background",
    /// "underline", "strikethrough", "size", "features"}].
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
        if let engine = try JSONLines.choice(object, "bidi", as: BidiEngine.self) { o.bidiEngine = engine }
        if let locale = try JSONLines.string(object, "locale") { o.locale = try Self.locale(locale, key: "locale") }
        if let weight = try Self.weight(object["weight"], key: "weight") { o.weight = weight }
        if let style = try JSONLines.choice(object, "style", as: FontStyle.self) { o.style = style }
        if let size = try JSONLines.number(object, "size") { o.size = size }
        if let width = try JSONLines.number(object, "width") { o.maxWidth = width }
        // "align" as the option is spelt, or "alignment" as a scene's text node and LayoutOptions spell it.
        if object["align"] != nil, object["alignment"] != nil {
            throw LineError(message: "give \"align\" or \"alignment\", not both")
        }
        if let align = try JSONLines.choice(object, "align", as: TextAlignment.self) { o.alignment = align }
        if let align = try JSONLines.choice(object, "alignment", as: TextAlignment.self) { o.alignment = align }
        if let mentions = try JSONLines.choice(object, "mentions", as: MentionMode.self) { o.mentions = mentions }
        if let digits = try JSONLines.choice(object, "digits", as: DigitSubstitution.self) { o.digits = digits }
        if let maxLines = object["maxLines"], !(maxLines is NSNull) {
            guard let lines = try JSONFields.integer(maxLines, key: "maxLines", in: Self.maxLinesRange) else {
                throw LineError(message: "\"maxLines\" must be a whole number from 1 to \(Self.maxLinesRange.upperBound)")
            }
            o.maxLines = lines
        }
        if let ellipsis = try JSONLines.string(object, "ellipsis") { o.ellipsis = ellipsis }
        if let value = object["lineHeight"], !(value is NSNull) {
            o.lineHeight = try Self.lineHeight(value)
        }
        if let isolate = try EntityKinds.field(object) { o.isolate = isolate }
        do {
            try o.validate()
        } catch {
            throw LineError(message: error.description)
        }
        var spans: [TextSpan] = []
        if let list = object["spans"], !(list is NSNull) {
            guard let list = list as? [Any] else { throw LineError(message: "\"spans\" must be an array") }
            for (i, item) in list.enumerated() {
                spans.append(try Self.span(item, path: "spans[\(i)]"))
            }
        }
        return (o, spans)
    }

    /// A JSON line's "lineHeight": a number (a multiple of the size) or a string ("normal", "1.4",
    /// "24px").
    private static func lineHeight(_ value: Any) throws(LineError) -> LineHeight {
        let text: String
        if let string = value as? String {
            text = string
        } else if let number = JSONFields.double(value) {
            text = "\(number)"
        } else {
            throw LineError(message: "\"lineHeight\" must be a number (a multiple of the size) or a string (normal, 24px)")
        }
        do {
            return try DecimalNumber.lineHeight(text, key: "lineHeight")
        } catch {
            throw LineError(message: error.description)
        }
    }

    /// The keys of a `layout --jsonl` line: "text" and an option each.
    static let jsonlKeys: Set<String> = [
        "text", "direction", "fallback", "bidi", "locale", "weight", "style", "size", "width", "align", "alignment",
        "mentions", "digits", "maxLines", "ellipsis", "lineHeight", "isolate", "spans",
    ]

    /// The keys of an entry of a JSON line's "spans".
    static let spanKeys = Set(["start", "end"] + SpanOptions.keys)

    /// The values of a JSON line's "maxLines".
    static let maxLinesRange = 1...Int(Int32.max)

    /// The largest span offset: code point offsets are whole numbers from 0 to 2^31 - 1.
    static let spanOffsets = 0...Int(Int32.max)

    /// One entry of "spans": {"start", "end", "mention", "id", "weight", "style", "locale"}, each field
    /// of its own type (a boolean is not a number, nor a number a boolean); errors name the field's path.
    private static func span(_ item: Any, path: String) throws(LineError) -> TextSpan {
        let bounds = "\(path) needs \"start\" and \"end\" (code point offsets, start ≤ end)"
        if let span = item as? [String: Any] { try JSONLines.checkKeys(span, spanKeys, path: path) }
        guard let span = item as? [String: Any], let startValue = span["start"], let endValue = span["end"],
            let start = try JSONFields.integer(startValue, key: "\(path).start", in: spanOffsets),
            let end = try JSONFields.integer(endValue, key: "\(path).end", in: spanOffsets),
            start <= end
        else { throw LineError(message: bounds) }
        var textSpan = TextSpan(range: start..<end, isMention: try JSONLines.boolean(span, "mention", path: "\(path).mention") ?? false)
        textSpan.mentionID = try JSONLines.string(span, "id", path: "\(path).id")
        textSpan.weight = try weight(span["weight"], key: "\(path).weight")
        textSpan.style = try JSONLines.choice(span, "style", as: FontStyle.self, path: "\(path).style")
        if let tag = try JSONLines.string(span, "locale", path: "\(path).locale") {
            textSpan.locale = try locale(tag, key: "\(path).locale")
        }
        try SpanOptions.applyStyle(span, to: &textSpan, path: path)
        return textSpan
    }

    /// A locale field: a BCP 47 tag (LocaleTag(validating:)), errors naming the key.
    private static func locale(_ tag: String, key: String) throws(LineError) -> LocaleTag {
        do {
            return try LocaleTag(validating: tag, key: "\"\(key)\"")
        } catch {
            throw LineError(message: error.description)
        }
    }

    /// A weight: a name, or a whole number from 1 to 1000 (not 500.9, not true).
    private static func weight(_ value: Any?, key: String) throws(LineError) -> FontWeight? {
        guard let value, !(value is NSNull) else { return nil }
        if let name = value as? String, let weight = FontWeight(parsing: name) { return weight }
        if let number = try? JSONFields.integer(value, key: key, in: 1...1000), let weight = FontWeight(number) {
            return weight
        }
        throw LineError(message: "\"\(key)\" must be a whole number from 1 to 1000 or a weight name")
    }
}
