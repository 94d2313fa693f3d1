// Preview: what `LayoutEngine.preview` returns — the laid-out line(s), the sentence and where each
// field is in it, which fields were cut, and the plain string for an OS notification.

/// A preview of several fields in one or two lines: a chat list's "sender: message", a reply quote,
/// a push notification.
public struct Preview: Sendable, Hashable {
    /// The preview laid out: its fields cut to fit, spoilers masked, at most the lines asked for.
    public internal(set) var layout: Layout
    /// The sentence laid out (`text`, which the layout's offsets index; a spoiler's code points in
    /// it are "█"), its direction, and where each field's shown text is in it (`argumentRanges`, by
    /// field name).
    public internal(set) var message: LocalizedMessage
    /// The fields the layout shows cut (by their own truncation, or by the layout's at the last
    /// line). `plainText` is cut on its own, by `maxGraphemes`: a field cut only there is not named.
    public internal(set) var truncatedFields: Set<String>
    /// The preview as a plain string for an OS notification: the same sentence, each field
    /// isolated, spoilers replaced by a word, cut to `maxGraphemes` grapheme clusters by the same
    /// rules (whole when no limit was given).
    public internal(set) var plainText: String
}
