// BidiLevel: what a level is, named where the public API hands one out.

/// A bidi embedding level (UAX #9 BD2): 0…126 (max_depth 125, plus one for an RTL paragraph at
/// the deepest embedding); even is left-to-right, odd right-to-left. One byte, as FriBidi's
/// FriBidiLevel and ICU's UBiDiLevel; the CLI's JSON writes it as a number.
public typealias BidiLevel = UInt8
