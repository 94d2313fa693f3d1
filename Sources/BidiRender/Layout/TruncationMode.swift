// TruncationMode: where a truncated layout shows its ellipsis — at the end of the last kept line, at
// the start of the first, or inside the last (`LayoutOptions.truncation`).

/// Where a layout that needs more than `LayoutOptions.maxLines` lines cuts its text and shows the
/// ellipsis. Each mode puts the ellipsis at the edge of the paragraph's direction the mode names,
/// whatever the direction of the text it replaces, and never cuts inside an entity (a mention, a
/// phone number, an e-mail address, a hashtag, a URL's host).
public enum TruncationMode: String, Sendable, Hashable, CaseIterable {
    /// The first lines are kept and the last kept line ends in the ellipsis, at the paragraph's end
    /// edge: "Hello wor…" (the default; Pango's and CoreText's `end`).
    case end
    /// The last lines are kept and the first kept line starts with the ellipsis, at the paragraph's
    /// start edge: "…o world". A chat's latest lines, a path's tail.
    case start
    /// The first lines are kept and the last kept line shows its start and its paragraph's end with
    /// the ellipsis between them: "report-fin…n3.pdf". The end keeps a file name's extension. With
    /// text after that paragraph, the cut is `end`'s (one ellipsis, one stretch of hidden text).
    case middle
}
