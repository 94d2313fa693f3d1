// JSONText: compact, key-ordered JSON text for the documented output contracts. Foundation's
// JSONEncoder does not keep key order, and these documents list keys in a fixed order.

import Foundation

/// Building blocks of compact JSON text.
package enum JSONText {
    /// A JSON string literal for `s` (RFC 8259 escaping).
    package static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON array of integers.
    package static func array<S: Sequence>(_ values: S) -> String where S.Element: BinaryInteger {
        "[" + values.map { String($0) }.joined(separator: ",") + "]"
    }

    /// A number in px, rounded to 1/1000 and without trailing zeros ("12.5", "0", "-3.125"); a
    /// whole number past ±9.2e15, and "0" for NaN and infinities. Never traps.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        if thousandths == 0 { return "0" }
        let negative = thousandths < 0
        // Past Int64's range (|value| ≥ 9.2e15 px) thousandths mean nothing: a whole number.
        guard let magnitude = Int64(exactly: abs(thousandths)) else {
            return (negative ? "-" : "") + String(format: "%.0f", abs(value).rounded())
        }
        var text = String(magnitude / 1000)
        let fraction = magnitude % 1000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }
}
