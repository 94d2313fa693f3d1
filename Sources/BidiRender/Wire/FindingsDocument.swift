// FindingsDocument: the text guard's findings as JSON — `inspect --format json`'s document and the
// `"warnings"` array of a layout's — each {"kind","start","end","detail"} in code point offsets.

package enum FindingsDocument {
    /// `findings` as a JSON array, appended to `w`.
    package static func write(_ findings: [TextFinding], to w: inout JSONWriter) {
        w.byte(UInt8(ascii: "["))
        for (i, f) in findings.enumerated() {
            w.comma(unless: i == 0)
            w.string("{\"kind\":", f.kind.rawValue)
            w.integer(",\"start\":", f.range.lowerBound)
            w.integer(",\"end\":", f.range.upperBound)
            w.string(",\"detail\":", f.detail)
            w.byte(UInt8(ascii: "}"))
        }
        w.byte(UInt8(ascii: "]"))
    }

    /// `inspect`'s document: {"as": role, "warnings": [...]} and, when a fix was asked for,
    /// "repaired": the fixed text.
    package static func document(_ findings: [TextFinding], role: TextRole, repaired: String?) -> String {
        var w = JSONWriter()
        w.string("{\"as\":", role.rawValue)
        w.raw(",\"warnings\":")
        write(findings, to: &w)
        if let repaired {
            w.string(",\"repaired\":", repaired)
        }
        w.byte(UInt8(ascii: "}"))
        return w.string
    }
}
