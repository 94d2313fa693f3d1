// PreviewDocument: the JSON document and text dump `bidirender preview` writes — the layout's, with
// the sentence, each field's place and whether it was cut, and the plain notification string.

extension Preview {
    /// The layout's JSON document (`Layout.writeJSON`) with, before its closing brace,
    /// "text" (the sentence the offsets index), "direction" (its first paragraph's, as laid out), "fields":[{"name","range":[start,end],
    /// "truncated"}] in the sentence's order (a field the sentence does not show has no range), and
    /// "plain" (`plainText`).
    package func writeJSON(to out: inout some TextOutputStream, fontDirectory: String? = nil, order: [String]) {
        var w = JSONWriter(capacity: 4_096)
        layout.writeJSON(into: &w, fontDirectory: fontDirectory) { w in
            out.write(w.string)
            w.removeAll()
        }
        var tail = JSONWriter(capacity: 256 + 2 * message.text.utf8.count)
        tail.string(",\"text\":", message.text)
        // The direction the sentence was laid out in (its first paragraph's, resolved): the
        // template's was "ltr" for a sentence laid out RTL by `--fallback rtl` or a Hebrew template.
        tail.string(",\"direction\":", (layout.paragraphs.first?.direction ?? message.direction).rawValue)
        tail.raw(",\"fields\":[")
        for (i, name) in fieldOrder(order).enumerated() {
            tail.comma(unless: i == 0)
            tail.string("{\"name\":", name)
            if let range = message.argumentRanges[name] {
                tail.integer(",\"range\":[", range.lowerBound)
                tail.integer(",", range.upperBound)
                tail.raw("]")
            }
            tail.raw(",\"truncated\":")
            tail.boolean(truncatedFields.contains(name))
            tail.raw("}")
        }
        tail.string("],\"plain\":", plainText)
        tail.raw("}")
        var document = w.string
        if document.hasSuffix("}") { document.removeLast() }
        out.write(document)
        out.write(tail.string)
    }

    /// The text dump: one line a field ("field NAME [start,end) truncated"), "plain: …", then the
    /// layout's (`Layout.writeText`).
    package func writeText(to out: inout some TextOutputStream, fontDirectory: String? = nil, order: [String]) {
        for name in fieldOrder(order) {
            let range = message.argumentRanges[name].map { "[\($0.lowerBound),\($0.upperBound))" } ?? "not shown"
            out.write("field \(name) \(range)\(truncatedFields.contains(name) ? " truncated" : "")\n")
        }
        out.write("plain: \(plainText)\n")
        layout.writeText(to: &out, fontDirectory: fontDirectory)
    }

    /// `names` (the fields as given) in the order the sentence shows them, those it does not show last.
    private func fieldOrder(_ names: [String]) -> [String] {
        names.enumerated().sorted {
            (message.argumentRanges[$0.element]?.lowerBound ?? Int.max, $0.offset)
                < (message.argumentRanges[$1.element]?.lowerBound ?? Int.max, $1.offset)
        }.map(\.element)
    }
}
