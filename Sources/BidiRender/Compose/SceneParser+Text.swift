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

    /// A weight: a number 1–1000 or a name (thin … black), as `FontWeight(parsing:)` reads them.
    private func weight(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> FontWeight? {
        guard case .key(let key) = at.last, let value = object[key] else { return nil }
        let name = value as? String ?? jsonNumber(value).map { $0 == $0.rounded() && abs($0) < 1e6 ? String(Int($0)) : "\($0)" }
        guard let name, let weight = FontWeight(parsing: name) else { throw error(at, "expected 1–1000 or a weight name") }
        return weight
    }

    /// `spans: [{"start", "end", "weight", "style", "locale", "mention"}]`, offsets in code points.
    private func spans(_ object: [String: Any], _ at: Path, count: Int) throws(BidiRenderError) -> [TextSpan] {
        guard let value = object["spans"] else { return [] }
        guard let list = value as? [Any] else { throw error(at, "expected an array of spans") }
        var out: [TextSpan] = []
        for (i, item) in list.enumerated() {
            let path = at + [.index(i)]
            guard let span = item as? [String: Any] else { throw error(path, "expected a span object") }
            try known(span, path, ["start", "end", "weight", "style", "locale", "mention"])
            let start = Int(try number(span, path + [.key("start")], in: 0...Double(count))!)
            let end = Int(try number(span, path + [.key("end")], in: Double(start)...Double(count))!)
            var result = TextSpan(range: start..<end, locale: try localeTag(span, path + [.key("locale")]))
            result.weight = try weight(span, path + [.key("weight")])
            if let name = try text(span, path + [.key("style")]) {
                guard let style = FontStyle(rawValue: name) else { throw error(path + [.key("style")], "expected \"normal\" or \"italic\"") }
                result.style = style
            }
            if let mention = span["mention"] {
                guard let flag = mention as? Bool, type(of: mention as AnyObject) != NSNumber.self || jsonNumber(mention) == nil else {
                    throw error(path + [.key("mention")], "expected true or false")
                }
                result.isMention = flag
            }
            out.append(result)
        }
        return out
    }
}
