// SceneParser+Text: a scene's text node: "text", "color" and the layout request's option keys
// (LayoutRequest, the schema a `--jsonl` line uses) but "width", which the node's frame gives.

import Foundation

extension SceneParser {
    /// The keys of a text node besides the frame's.
    static let textKeys = ["text", "color"] + LayoutRequest.optionKeys.subtracting(["width"]).sorted()

    func textContent(_ object: [String: Any], _ at: Path, locale: LocaleTag) throws(BidiRenderError) -> SceneNode.Content {
        guard let string = try text(object, at + [.key("text")]) else { throw error(at + [.key("text")], "missing: the text") }
        let color = try self.color(object, at + [.key("color")]) ?? .black
        var request = object
        request["text"] = nil
        request["color"] = nil
        // The node's locale is the scene's unless it sets one ("default" included).
        var base = LayoutOptions(locale: locale)
        if let tag = object["locale"] as? String, tag == "default" {
            base.locale = LocaleTag(tag)
            request["locale"] = nil
        }
        let options: LayoutOptions
        let spans: [TextSpan]
        do {
            (options, spans) = try LayoutRequest.options(request, base: base, direction: DirectionRequest())
        } catch {
            throw self.error(at + error.path, error.message)
        }
        try checkSpans(spans, in: string, at + [.key("spans")])
        // The scene's direction, forced, unless the node asks for its own.
        let direction = object["direction"] != nil || object["fallback"] != nil ? options.direction : nil
        return .text(string, spans: spans, options: options, direction: direction, color: color)
    }

    /// Checks, as the scene is read rather than when it is drawn, that each span lies within the
    /// text and that HarfBuzz reads its features; errors name the span's key.
    private func checkSpans(_ spans: [TextSpan], in string: String, _ at: Path) throws(BidiRenderError) {
        let count = string.unicodeScalars.count
        for (i, span) in spans.enumerated() {
            guard span.range.upperBound <= count else {
                throw error(at + [.index(i), .key("end")], "\(span.range.upperBound) is past the text's end, \(count) code points")
            }
            do {
                try span.validate(index: i)
            } catch {
                guard case .invalidValue(let key, _, _) = error, let name = key.split(separator: ".").last else {
                    throw self.error(at + [.index(i)], error.description)
                }
                throw self.error(at + [.index(i), .key(String(name))], error.description)
            }
        }
    }
}
