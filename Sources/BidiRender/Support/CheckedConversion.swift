// CheckedConversion: Double → integer conversions that never trap. Swift's `Int(_: Double)` traps on
// NaN, infinity and values out of range; every conversion of a computed or user-given Double goes
// through these instead.

extension Int {
    /// `value` rounded toward zero, or nil when it is NaN, infinite or outside `Int`'s range.
    init?(checking value: Double) {
        // 2^63 is exactly representable; every Double below it (and ≥ -2^63) fits in an Int.
        guard value.isFinite, value >= -9_223_372_036_854_775_808.0, value < 9_223_372_036_854_775_808.0 else {
            return nil
        }
        self.init(value)
    }

    /// `value` rounded toward zero and clamped to `range`; NaN gives `range.lowerBound`.
    init(clamping value: Double, to range: ClosedRange<Int>) {
        if value.isNaN {
            self = range.lowerBound
        } else if value <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self.init(value)
        }
    }
}
