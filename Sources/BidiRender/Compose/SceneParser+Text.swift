// SceneParser+Text: a text node's keys, each one of today's `LayoutOptions` or `TextSpan` fields
// (a new layout option becomes a new key here).

import Foundation

extension SceneParser {
    func textContent(_ object: [String: Any], _ at: Path, locale: LocaleTag) throws(BidiRenderError) -> SceneNode.Content {
        guard let string = try text(object, at + [.key("text")]) else { throw error(at + [.key("text")], "missing: the text") }
        var options = LayoutOptions(locale: try localeTag(object, at + [.key("locale")]) ?? locale)
        options.size = try number(object, at + [.key("size")], in: 0.1...10_000, required: false) ?? 16
        if let weight = try weight(object, at + [.key("weight")]) { options.weight = weight }
        if let name = try text(object, at + [.key("style")]) {
            guard let style = FontStyle(rawValue: name) else { throw error(at + [.key("style")], "expected \"normal\" or \"italic\"") }
            options.style = style
        }
        if let name = try text(object, at + [.key("alignment")]) {
            guard let alignment = TextAlignment(rawValue: name) else {
                throw error(at + [.key("alignment")], "expected one of \(TextAlignment.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.alignment = alignment
        }
        if let lines = try number(object, at + [.key("maxLines")], in: 1...1_000_000, required: false) {
            guard lines == lines.rounded() else { throw error(at + [.key("maxLines")], "expected a whole number of lines") }
            options.maxLines = Int(lines)
        }
        if let ellipsis = try text(object, at + [.key("ellipsis")]) { options.ellipsis = ellipsis }
        if let value = object["lineHeight"] {
            // A multiple of the size (1.4), or "normal", "1.4" or "24px" as `--line-height` reads them.
            let written = jsonNumber(value).map { JSONText.number($0) } ?? value as? String
            guard let written else { throw error(at + [.key("lineHeight")], "expected a number or a string such as \"24px\"") }
            do {
                options.lineHeight = try LineHeight(parsing: written)
            } catch {
                throw self.error(at + [.key("lineHeight")], error.description)
            }
        }
        var direction: ParagraphDirection?
        if let name = try text(object, at + [.key("direction")]) {
            switch name {
            case "ltr": direction = .leftToRight
            case "rtl": direction = .rightToLeft
            case "auto": direction = .auto
            default: throw error(at + [.key("direction")], "expected \"ltr\", \"rtl\" or \"auto\"")
            }
        }
        let color = try self.color(object, at + [.key("color")]) ?? .black
        return .text(string, spans: try spans(object, at + [.key("spans")], count: string.unicodeScalars.count), options: options, direction: direction, color: color)
    }

    /// A JSON boolean, or nil when the key is absent.
    private func flag(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> Bool? {
        guard case .key(let key) = at.last, let value = object[key] else { return nil }
        guard let flag = value as? Bool, type(of: value as AnyObject) != NSNumber.self || jsonNumber(value) == nil else {
            throw error(at, "expected true or false")
        }
        return flag
    }

    /// A weight: a number 1–1000 or a name (thin … black), as `FontWeight(parsing:)` reads them.
    private func weight(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> FontWeight? {
        guard case .key(let key) = at.last, let value = object[key] else { return nil }
        let name = value as? String ?? jsonNumber(value).map { $0 == $0.rounded() && abs($0) < 1e6 ? String(Int($0)) : "\($0)" }
        guard let name, let weight = FontWeight(parsing: name) else { throw error(at, "expected 1–1000 or a weight name") }
        return weight
    }

    /// `spans: [{"start", "end", "weight", "style", "locale", "mention", "id", "color", "background",
    /// "underline", "strikethrough", "size", "features"}]`, offsets in code points.
    private func spans(_ object: [String: Any], _ at: Path, count: Int) throws(BidiRenderError) -> [TextSpan] {
        guard let value = object["spans"] else { return [] }
        guard let list = value as? [Any] else { throw error(at, "expected an array of spans") }
        var out: [TextSpan] = []
        for (i, item) in list.enumerated() {
            let path = at + [.index(i)]
            guard let span = item as? [String: Any] else { throw error(path, "expected a span object") }
            try known(span, path, [
                "start", "end", "weight", "style", "locale", "mention", "id", "color", "background", "underline",
                "strikethrough", "size", "features",
            ])
            let start = Int(try number(span, path + [.key("start")], in: 0...Double(count))!)
            let end = Int(try number(span, path + [.key("end")], in: Double(start)...Double(count))!)
            var result = TextSpan(range: start..<end, locale: try localeTag(span, path + [.key("locale")]))
            result.weight = try weight(span, path + [.key("weight")])
            if let name = try text(span, path + [.key("style")]) {
                guard let style = FontStyle(rawValue: name) else { throw error(path + [.key("style")], "expected \"normal\" or \"italic\"") }
                result.style = style
            }
            if let mention = try flag(span, path + [.key("mention")]) { result.isMention = mention }
            result.mentionID = try text(span, path + [.key("id")])
            result.color = try color(span, path + [.key("color")])
            result.background = try color(span, path + [.key("background")])
            result.underline = try flag(span, path + [.key("underline")])
            result.strikethrough = try flag(span, path + [.key("strikethrough")])
            result.size = try number(span, path + [.key("size")], in: 0.1...10_000, required: false)
            if let features = span["features"] {
                guard let list = features as? [String] else { throw error(path + [.key("features")], "expected an array of strings") }
                result.features = list
                do {
                    try result.validate(index: i)
                } catch {
                    throw self.error(path + [.key("features")], "\(list.joined(separator: ",")) is not a list of OpenType features in HarfBuzz's syntax (tnum, -liga, ss01=1)")
                }
            }
            out.append(result)
        }
        return out
    }
}
