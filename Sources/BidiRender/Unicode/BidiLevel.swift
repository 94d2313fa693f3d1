// BidiLevel: what a level is, named where the public API hands one out.

/// A bidi embedding level (UAX #9 BD2): 0…126 (max_depth 125, plus one for an RTL paragraph at the
/// deepest embedding); even is left-to-right, odd right-to-left. One byte, as FriBidi's FriBidiLevel
/// and ICU's UBiDiLevel. Write one as a number (`let level: BidiLevel = 1`); it prints, and the CLI's
/// JSON writes it, as its number.
public struct BidiLevel: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The level's number.
    public let rawValue: UInt8

    /// The level `rawValue`.
    init(_ rawValue: UInt8) { self.rawValue = rawValue }

    /// The level written as a number literal.
    public init(integerLiteral value: UInt8) { rawValue = value }

    /// True for an odd level: its text runs right to left.
    public var isRightToLeft: Bool { rawValue & 1 == 1 }

    /// Lower levels first (a level nests inside the lower ones around it).
    static func < (a: BidiLevel, b: BidiLevel) -> Bool { a.rawValue < b.rawValue }

    /// The level's number ("2").
    public var description: String { String(rawValue) }
}
