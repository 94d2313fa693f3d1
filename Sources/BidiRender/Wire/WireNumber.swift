// WireNumber: the numbers of a request written as text (a command-line value, a `--span` value, a
// JSON line's "lineHeight" string), in decimal only. Swift's Double(String) also reads hexadecimal
// ("0x10" is 16, "0x1p4" too); a request's number is refused rather than read that way.

/// Decimal numbers in text.
package enum WireNumber {
    /// Whether `text` is a decimal number ("12", "-1.5", "+1e3", ".5", "5.") or one of the words
    /// inf, infinity and nan (any case), which the range checks then refuse by name. Hexadecimal
    /// ("0x10", "0x1p4") is not.
    package static func isDecimal(_ text: some StringProtocol) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if ["inf", "infinity", "nan"].contains(String(decoding: bytes, as: UTF8.self).lowercased()) { return true }
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// `text` as a Double when it is a decimal number (`isDecimal`), else nil.
    package static func double(_ text: some StringProtocol) -> Double? {
        isDecimal(text) ? Double(String(text)) : nil
    }

    /// A line height as `LineHeight(parsing:)` reads it ("normal", "1.4", "24px"), its number in
    /// decimal. Throws `.invalidValue` naming `key` otherwise.
    package static func lineHeight(_ text: String, key: String) throws(BidiRenderError) -> LineHeight {
        let t = String(text.lowercased().filter { !$0.isWhitespace })
        let number = t.hasSuffix("px") ? t.dropLast(2) : t[...]
        guard t == "normal" || isDecimal(number) else {
            throw .invalidValue(key: key, value: text, reason: "must be normal, a multiple of the size (1.4) or a number of px (24px)")
        }
        return try LineHeight(parsing: text, key: key)
    }
}
