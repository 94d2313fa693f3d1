// ValueText: a number as an error message echoes it. Swift writes 0 as "0.0"; a user who typed
// `"maxLines": 0` or `--size 0` should read "0" back.

extension Double {
    /// This number as an error shows the value given: a whole number without a fraction ("0", "-3",
    /// "250"), any other as Swift writes it ("1.5", "1e-05", "inf", "nan").
    package var valueText: String {
        if self == rounded(), abs(self) < 1e15, let whole = Int(checking: self) { return "\(whole)" }
        return description
    }
}
