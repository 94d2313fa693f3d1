// MessageDocument: the JSON document `bidirender format --format json` writes for a formatted
// message: {"key","locale","served","direction","text","plain"}.

extension LocalizedMessage {
    /// Writes {"key","locale","served","direction","text","plain"} ("plain" without the isolates).
    package func writeJSON(to out: inout some TextOutputStream) {
        let fields = [
            ("key", key), ("locale", locale.normalized), ("served", served), ("direction", direction.rawValue), ("text", text),
            ("plain", plainText),
        ]
        out.write("{" + fields.map { "\(JSONText.quote($0.0)):\(JSONText.quote($0.1))" }.joined(separator: ",") + "}")
    }
}
