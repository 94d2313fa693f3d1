// JSONText: compact, key-ordered JSON text for the documented output contracts. Foundation's
// JSONEncoder does not keep key order, and these documents list keys in a fixed order.

import Foundation

/// Building blocks of compact JSON text.
package enum JSONText {
    /// A JSON string literal for `s` (RFC 8259 escaping: `JSONWriter.string`).
    package static func quote(_ s: String) -> String {
        var w = JSONWriter(capacity: s.utf8.count + 2)
        w.string(s)
        return w.string
    }

    /// A number in px, rounded to 1/1000 and without trailing zeros ("12.5", "0", "-3.125"); a
    /// whole number past ±9.2e15, and "0" for NaN and infinities (`JSONWriter.number`). Never traps.
    package static func number(_ value: Double) -> String {
        var w = JSONWriter(capacity: 24)
        w.number(value)
        return w.string
    }
}
