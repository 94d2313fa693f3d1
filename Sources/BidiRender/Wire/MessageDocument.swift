// MessageDocument: the JSON document `bidirender format --format json` writes for a formatted
// message: {"key","locale","served","direction","text","plain","arguments"}.

extension LocalizedMessage {
    /// Writes {"key","locale","served","direction","text","plain","arguments"} ("plain" without the
    /// isolates; "arguments": {"name":[start,end],…}, each text argument's range in `text` in code
    /// points, in the order they appear).
    package func writeJSON(to out: inout some TextOutputStream) {
        var w = JSONWriter(capacity: 256 + 2 * text.utf8.count)
        w.string("{\"key\":", key)
        w.string(",\"locale\":", locale.normalized)
        w.string(",\"served\":", served)
        w.string(",\"direction\":", direction.rawValue)
        w.string(",\"text\":", text)
        w.string(",\"plain\":", plainText)
        w.raw(",\"arguments\":{")
        for (i, (name, range)) in argumentRanges.sorted(by: { ($0.value.lowerBound, $0.key) < ($1.value.lowerBound, $1.key) }).enumerated() {
            w.comma(unless: i == 0)
            w.string(name)
            w.raw(":[")
            w.integer(range.lowerBound)
            w.raw(",")
            w.integer(range.upperBound)
            w.raw("]")
        }
        w.raw("}}")
        out.write(w.string)
    }
}
