// InputLimit: the one check of a text's size against a call's limit on code points (layout's
// `maxInputCodePoints`, a bounded `BidiText`).

/// The size check every entry point that takes untrusted text makes first.
enum InputLimit {
    /// Throws `.inputTooLarge` when `text` has more than `limit` code points (a layout's
    /// `maxInputCodePoints`, or the limit a `BidiText` is made with). A UTF-8 string has at least as
    /// many bytes as code points, so the scalars are counted only when the bytes (an O(1) count) pass
    /// the limit.
    static func check(_ text: String, limit: Int) throws(BidiRenderError) {
        guard text.utf8.count > limit else { return }
        let count = text.unicodeScalars.count
        if count > limit { throw .inputTooLarge(limit: limit, count: count) }
    }
}
