// PreviewTemplate: the sentence a preview's fields go into — a pattern with "{name}" places, or a
// catalog message whose text arguments are the fields — and the text composed from it, each field
// isolated, with its range and its spans moved into the sentence.

/// Where a preview's fields go.
enum PreviewTemplate {
    /// Literal text and fields, in order.
    enum Segment: Equatable {
        case literal(String)
        case field(String)
    }
    case pattern([Segment])
    case message(key: String, catalog: MessageCatalog)

    /// The template of `preview`'s arguments: `template` read as a pattern ("{sender}: {message}";
    /// nil: the fields in order, ": " between them), or with a catalog the key of its pattern.
    static func make(_ template: String?, catalog: MessageCatalog?, fields: [NeutralField]) throws(BidiRenderError) -> PreviewTemplate {
        if let catalog {
            guard let key = template else {
                throw .invalidValue(key: "template", value: "nil", reason: "with a catalog, the template is the key of its pattern")
            }
            return .message(key: key, catalog: catalog)
        }
        guard let template else {
            var segments: [Segment] = []
            for (i, field) in fields.enumerated() {
                if i > 0 { segments.append(.literal(": ")) }
                segments.append(.field(field.name))
            }
            return .pattern(segments)
        }
        let segments = try parse(template)
        let placed = segments.compactMap { if case .field(let name) = $0 { name } else { nil } }
        for name in placed where !fields.contains(where: { $0.name == name }) {
            throw .invalidValue(key: "template", value: template, reason: "places {\(name)}, which no field is")
        }
        for field in fields where !placed.contains(field.name) {
            throw .invalidValue(key: "template", value: template, reason: "does not place the field \(field.name)")
        }
        return .pattern(segments)
    }

    /// `pattern` as literal text and "{name}" places (a name of letters, digits and "_"); "{{" and
    /// "}}" are a literal brace. A brace that opens no name is an error naming its offset.
    static func parse(_ pattern: String) throws(BidiRenderError) -> [Segment] {
        let s = Array(pattern.unicodeScalars)
        var segments: [Segment] = []
        var literal = String.UnicodeScalarView()
        var i = 0
        func flush() {
            if !literal.isEmpty { segments.append(.literal(String(literal))) }
            literal = String.UnicodeScalarView()
        }
        while i < s.count {
            if (s[i] == "{" || s[i] == "}"), i + 1 < s.count, s[i + 1] == s[i] {
                literal.append(s[i])
                i += 2
                continue
            }
            if s[i] == "{" {
                var j = i + 1
                while j < s.count, isNameScalar(s[j]) { j += 1 }
                guard j > i + 1, j < s.count, s[j] == "}" else {
                    throw .invalidValue(
                        key: "template", value: pattern, reason: "the \"{\" at code point \(i) opens no {name} (write {{ for a brace)")
                }
                flush()
                segments.append(.field(String(scalars: s[(i + 1)..<j])))
                i = j + 1
                continue
            }
            if s[i] == "}" {
                throw .invalidValue(key: "template", value: pattern, reason: "the \"}\" at code point \(i) closes nothing (write }} for a brace)")
            }
            literal.append(s[i])
            i += 1
        }
        flush()
        return segments
    }

    /// Whether `s` may be in a field's name: an ASCII letter or digit, or "_".
    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        switch s {
        case "a"..."z", "A"..."Z", "0"..."9", "_": true
        default: false
        }
    }

    /// The sentence with `fields` (each with its shown text) in place: each field between FSI and
    /// PDI (a pattern's, in `direction`) or isolated by the catalog (in its language's direction),
    /// with its range inside them.
    func compose(_ fields: [NeutralField], locale: LocaleTag, direction: TextDirection) throws(BidiRenderError) -> LocalizedMessage {
        switch self {
        case .pattern(let segments):
            var text: [Unicode.Scalar] = []
            var ranges: [String: Range<Int>] = [:]
            for segment in segments {
                switch segment {
                case .literal(let string): text += string.unicodeScalars
                case .field(let name):
                    guard let field = fields.first(where: { $0.name == name }) else { continue }
                    text.append("\u{2068}")
                    if ranges[name] == nil { ranges[name] = text.count..<(text.count + field.scalars.count) }
                    text += field.scalars
                    text.append("\u{2069}")
                }
            }
            return LocalizedMessage(
                key: "", locale: locale, served: locale.normalized, direction: direction,
                text: String(scalars: text), argumentRanges: ranges)
        case .message(let key, let catalog):
            var arguments: [String: MessageArgument] = [:]
            for field in fields { arguments[field.name] = .text(field.string) }
            return try catalog.format(key, locale: locale, arguments: arguments)
        }
    }
}

extension LocalizedMessage {
    /// `fields`' spans moved to where each field is in the text (those of a field the text shows
    /// otherwise than given, or not at all, are left out).
    func spans(of fields: [NeutralField]) -> [TextSpan] {
        var spans: [TextSpan] = []
        for field in fields {
            guard let range = argumentRanges[field.name], range.count == field.scalars.count else { continue }
            for var span in field.spans {
                span.range = (span.range.lowerBound + range.lowerBound)..<(span.range.upperBound + range.lowerBound)
                spans.append(span)
            }
        }
        return spans
    }
}
