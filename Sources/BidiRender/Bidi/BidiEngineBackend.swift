// BidiEngineBackend: the one internal interface every bidi engine implements — resolve one paragraph's
// levels (UAX #9 P2–I2) from its classes and bracket values, and order one line (L1–L2) — each engine
// in scratch it owns. The native engine is NativeEngine.swift, FriBidi's FriBidiEngine.swift (with all
// of its work-arounds); BidiReorderer and BidiText reach them only through this interface.

/// One paragraph as an engine reads it.
struct BidiParagraphInput {
    /// BidiClass raw values, `count` of them.
    let classes: UnsafePointer<UInt8>
    /// Bracket values (`BidiBracket`, BD14–BD16), `count` of them.
    let brackets: UnsafePointer<UInt32>
    let count: Int
    /// Bit `1 << BidiClass.rawValue` set for each class present, and
    /// `BidiReorderer.ParagraphSpan.bracketBit` when a paired bracket is there.
    let classSet: UInt32
}

/// A UAX #9 implementation: what `BidiEngine` chooses between.
///
/// An engine is scratch space for one caller at a time (it is not Sendable).
protocol BidiEngineBackend {
    /// Resolves `paragraph`'s levels (P2–I2) with `direction` into `levels` (`paragraph.count` of
    /// them) and returns the paragraph level, 0 or 1; nil when this engine leaves the paragraph to the
    /// native engine (FriBidi's guard, or an allocation FriBidi could not make).
    mutating func resolve(
        _ paragraph: BidiParagraphInput, direction: ParagraphDirection, levels: UnsafeMutablePointer<UInt8>
    ) -> UInt8?

    /// Applies L1 to line `lineStart..<lineEnd` and L2: `classes` and `levels` start at the line's
    /// paragraph (or earlier in the same text), offsets are relative to them, and `levels` gets the
    /// line's L1. Writes the line's visual order (offsets relative to `classes`, left to right, X9
    /// characters included) into `map[0..<lineEnd - lineStart]`. `segmentSeparators` is false when the
    /// line holds no segment separator. Returns false when the engine cannot (the caller keeps logical
    /// order).
    mutating func reorderLine(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, lineStart: Int, lineEnd: Int,
        baseLevel: UInt8, segmentSeparators: Bool, map: UnsafeMutablePointer<Int32>
    ) -> Bool
}

extension BidiEngine {
    /// A fresh engine of this kind with room for `capacity` code points (for one-off lines).
    func makeBackend(capacity: Int) -> any BidiEngineBackend {
        switch self {
        case .native: return NativeEngine(capacity: capacity, fastPaths: true)
        case .fribidi: return FriBidiEngine()
        }
    }
}
