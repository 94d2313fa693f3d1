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
        try checkSpans(spans, of: object, in: string, at)
        // The scene's direction, forced, unless the node asks for its own.
        let direction = object["direction"] != nil || object["fallback"] != nil ? options.direction : nil
        return .text(string, spans: spans, options: options, direction: direction, color: color)
    }

    /// Checks, as the scene is read rather than when it is drawn, that each span and inline box
    /// (`spans`: the node's "spans", then its "inlines") lies within the text, that HarfBuzz reads
    /// its features and that no two boxes overlap; errors name the span's key ("spans[1].end") or
    /// the box ("inlines[0]").
    private func checkSpans(_ spans: [TextSpan], of object: [String: Any], in string: String, _ at: Path) throws(BidiRenderError) {
        let spanCount = (object["spans"] as? [Any])?.count ?? 0
        let count = string.unicodeScalars.count
        for (i, span) in spans.enumerated() {
            let place = i < spanCount ? at + [.key("spans"), .index(i)] : at + [.key("inlines"), .index(i - spanCount)]
            guard span.range.upperBound <= count else {
                throw error(i < spanCount ? place + [.key("end")] : place, "\(span.range.upperBound) is past the text's end, \(count) code points")
            }
            do {
                try span.validate(index: i)
            } catch {
                guard case .invalidValue(let key, _, _) = error, let name = key.split(separator: ".").last else {
                    throw self.error(place, error.description)
                }
                throw self.error(place + [.key(String(name))], error.description)
            }
        }
        // The spans together (boxes that overlap, a box inside an entity), named as the node names them.
        do {
            try SpanRequest.check(
                spans, spanCount: spanCount, in: string, objects: true, name: { "spans[\($0)]" }, inlineName: { "inlines[\($0)]" })
        } catch {
            throw self.error(at + [.key(spans.count > spanCount ? "inlines" : "spans")], error.description)
        }
    }
}
