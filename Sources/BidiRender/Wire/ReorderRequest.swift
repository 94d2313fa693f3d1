// ReorderRequest: a `reorder --jsonl` line ({"text", "direction", "fallback", "bidi", "isolate"})
// read over the command line's defaults, and the JSON document `reorder` writes for a text.

/// One reorder request: the text, its direction, the bidi engine and the entities to isolate.
package struct ReorderRequest: Sendable {
    /// The text.
    package var text: String
    /// Its paragraphs' direction.
    package var direction: ParagraphDirection
    /// The bidi engine.
    package var engine: BidiEngine
    /// The entities to isolate.
    package var isolate: EntityKinds

    /// The keys of a `reorder --jsonl` line.
    package static let lineKeys: Set<String> = ["text", "direction", "fallback", "bidi", "isolate"]

    /// One line's request: its fields over `direction`, `engine` and `isolate`.
    package init(
        _ object: [String: Any], direction: DirectionRequest, engine: BidiEngine, isolate: EntityKinds = []
    ) throws(WireError) {
        text = try LayoutRequest.text(object)
        self.direction = try direction.overridden(by: object).resolved
        self.engine = try WireFields.choice(object, "bidi", as: BidiEngine.self) ?? engine
        self.isolate = try LayoutRequest.isolate(object) ?? isolate
    }
}

extension BidiText {
    /// The reorder document: {"paragraphs":[{"start","end","direction","levels","visual"}]}, each
    /// paragraph as one line after rule L1, written to `out`.
    package func writeJSON(to out: inout some TextOutputStream) {
        out.write("{\"paragraphs\":[")
        for (i, p) in paragraphs.enumerated() {
            let line = p.singleLine
            if i > 0 { out.write(",") }
            out.write("{\"start\":\(p.range.lowerBound),\"end\":\(p.range.upperBound),\"direction\":\"\(p.direction.rawValue)\",")
            out.write("\"levels\":\(JSONText.array(line.levels.map(\.rawValue))),\"visual\":\(JSONText.array(line.visualOrder))}")
        }
        out.write("]}")
    }

    /// `writeJSON(to:)` as a string.
    package var jsonDocument: String {
        var out = ""
        writeJSON(to: &out)
        return out
    }
}
