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
        var w = JSONWriter(capacity: min(64 + 8 * paragraphs.reduce(0) { $0 + $1.range.count }, Layout.drainBytes + 4_096))
        w.raw("{\"paragraphs\":[")
        for (i, p) in paragraphs.enumerated() {
            let line = p.singleLine
            w.comma(unless: i == 0)
            w.range(p.range, p.direction, after: "{")
            w.raw(",\"levels\":[")
            for (k, level) in line.levels.enumerated() {
                w.comma(unless: k == 0)
                w.integer(level.rawValue)
            }
            w.raw("],\"visual\":[")
            for (k, index) in line.visualOrder.enumerated() {
                w.comma(unless: k == 0)
                w.integer(index)
            }
            w.raw("]}")
            // A long text's document is handed on in pieces, never held whole.
            if w.count > Layout.drainBytes {
                out.write(w.string)
                w.removeAll()
            }
        }
        w.raw("]}")
        out.write(w.string)
    }

    /// `writeJSON(to:)` as a string.
    package var jsonDocument: String {
        var out = ""
        writeJSON(to: &out)
        return out
    }
}
