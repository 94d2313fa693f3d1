// OffsetBounds: the library's one rule for an offset or a range outside its text. It is an error,
// `BidiRenderError.invalidValue` naming the parameter, the value and the bounds; nothing is clamped
// silently. Every public API that takes a scalar offset or range checks it here (Docs/Design.md,
// "One index space").

enum OffsetBounds {
    /// Throws `.invalidValue` naming `key` unless `offset` is within `bounds`: "invalid value '99'
    /// for offset: offset out of range 0...15".
    static func check(_ offset: Int, in bounds: ClosedRange<Int>, key: String) throws(BidiRenderError) {
        guard bounds.contains(offset) else {
            throw .invalidValue(key: key, value: "\(offset)", reason: "offset out of range \(bounds.lowerBound)...\(bounds.upperBound)")
        }
    }

    /// Throws `.invalidValue` naming `key` unless both ends of `range` are within `bounds`: "invalid
    /// value '0..<100' for lineRange: not within 0...15".
    static func check(_ range: Range<Int>, in bounds: ClosedRange<Int>, key: String) throws(BidiRenderError) {
        guard bounds.contains(range.lowerBound), bounds.contains(range.upperBound) else {
            throw .invalidValue(
                key: key, value: "\(range.lowerBound)..<\(range.upperBound)",
                reason: "not within \(bounds.lowerBound)...\(bounds.upperBound)")
        }
    }
}
