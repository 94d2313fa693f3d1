// MessageArgument: the value of one named argument of a localized message: text, a number or a date.
import Foundation

/// The value of a named argument (`{name}`, `{count, plural, …}`) of a catalog message.
///
/// Text is made safe and isolated in the result (`ArgumentIsolation`); a number is formatted by ICU
/// for the locale and is not isolated; so is a date. A plural, `number` or `selectordinal` argument
/// takes a number; a `date` or `time` argument a date (or a number of milliseconds since 1970); a
/// `select` argument takes text; a plain `{name}` takes any. Any `String`, `Double` or `Date` value
/// converts through its case (`.text(name)`, `.number(Double(count))`, `.date(sent)`); an integer
/// beyond 2^53 converts exactly as `.decimal(String(n))` (an integer literal does so itself).
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Text, made safe and isolated in the result.
    case text(String)
    /// A number, formatted by ICU for the locale.
    case number(Double)
    /// A number written in decimal ("99999999999999999999", "-2.5", "1e3"), given to ICU exactly
    /// (no rounding to a Double): at most `maximumDecimalLength` characters and an exponent of at
    /// most `maximumDecimalExponent` either way.
    case decimal(String)
    /// A date and time, formatted by ICU for the locale: `{when, date, short}`, `{when, time}`, or
    /// a plain `{when}` (date and time, short). At most ±275,760 years from 1970.
    case date(Date)

    public init(stringLiteral value: String) { self = .text(value) }
    /// An integer literal: `.number` when a Double holds it exactly (up to 2^53 either way), else
    /// `.decimal` of its digits, which ICU formats exactly (9007199254740993 was formatted …992).
    public init(integerLiteral value: Int) {
        self = value.magnitude <= 1 << 53 ? .number(Double(value)) : .decimal(String(value))
    }

    /// The longest `.decimal`, in characters.
    static let maximumDecimalLength = 100
    /// The largest exponent of a `.decimal` ("1e100"), either way: ICU would write 10^n in full.
    static let maximumDecimalExponent = 100

    /// The CLI's reading of a value: a decimal number ("3", "-2.5", "1e3", "99999999999999999999") is
    /// a `.decimal`, passed to ICU exactly; anything else is text. "nan", "inf" and hexadecimal are
    /// text.
    package init(parsing value: String) {
        self = Self.isDecimal(value) ? .decimal(value) : .text(value)
    }

    /// Whether `text` is a decimal number: an optional sign, digits with an optional fraction (at
    /// least one digit), an optional exponent ("e" or "E", optional sign, digits). Any length.
    static func isDecimal(_ text: String) -> Bool {
        var u = Substring(text).utf8[...]
        func digits() -> Int {
            let n = u.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            u = u.dropFirst(n)
            return n
        }
        if let c = u.first, c == 0x2B || c == 0x2D { u = u.dropFirst() }
        var mantissa = digits()
        if u.first == 0x2E {
            u = u.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let c = u.first, c == 0x65 || c == 0x45 {
            u = u.dropFirst()
            if let c = u.first, c == 0x2B || c == 0x2D { u = u.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return u.isEmpty
    }

    /// Why `text` cannot be passed as a `.decimal`, or nil when it can.
    static func decimalProblem(_ text: String) -> String? {
        guard isDecimal(text) else { return "'\(text.prefix(40))' is not a decimal number" }
        guard text.utf8.count <= maximumDecimalLength else {
            return "a number has at most \(maximumDecimalLength) characters, not \(text.utf8.count)"
        }
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let exponent = text[text.index(after: e)...].drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
            guard exponent.count <= 3, (Int(exponent) ?? 0) <= maximumDecimalExponent else {
                return "a number's exponent is at most \(maximumDecimalExponent) either way"
            }
        }
        return nil
    }
}
