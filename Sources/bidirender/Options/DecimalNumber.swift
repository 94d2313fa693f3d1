// DecimalNumber: the numbers of the command line, in decimal only (the library's `WireNumber`):
// Swift's Double(String) also reads hexadecimal ("0x10" is 16); an option's number is refused rather
// than read that way.
import ArgumentParser
@_spi(Tools) import BidiRender

enum DecimalNumber {
    /// `text` as a Double when it is a decimal number (`WireNumber.isDecimal`), else nil.
    static func double(_ text: some StringProtocol) -> Double? {
        WireNumber.double(text)
    }

    /// A Double option's value (`@Option(transform:)`): a decimal number, which the option's range
    /// check then takes; anything else (hexadecimal included) is a usage error naming the value.
    @Sendable static func option(_ text: String) throws -> Double {
        guard let value = double(text) else { throw ValidationError("not a decimal number") }
        return value
    }

    /// A line height as `LineHeight(parsing:)` reads it, its number in decimal (`WireNumber.lineHeight`).
    static func lineHeight(_ text: String, key: String) throws(BidiRenderError) -> LineHeight {
        try WireNumber.lineHeight(text, key: key)
    }
}
