// MessageArgument: the value of one named argument of a localized message, text or a number.

/// The value of a named argument (`{name}`, `{count, plural, …}`) of a catalog message.
///
/// Text is isolated in the result (`ArgumentIsolation`); a number is formatted by ICU for the
/// locale and is not isolated. A plural, `number`, `selectordinal` or `date` argument takes a number;
/// a `select` argument takes text; a plain `{name}` takes either.
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// Text, isolated in the result.
    case text(String)
    /// A number, formatted by ICU for the locale.
    case number(Double)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }

    /// The CLI's reading of a value: a decimal number ("3", "-2.5", "1e3") is a number, anything else
    /// text. "nan", "inf" and hexadecimal are text.
    public init(parsing value: String) {
        let isDecimal = !value.isEmpty && value.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
            && value.contains(where: \.isNumber)
        if isDecimal, let number = Double(value), number.isFinite {
            self = .number(number)
        } else {
            self = .text(value)
        }
    }
}
