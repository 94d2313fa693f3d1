// ClusterFont: the font a layout gives one grapheme cluster, and why — what
// `LayoutEngine.fontChoices(for:spans:options:)` answers, recorded by the itemizer itself.

/// The font of one grapheme cluster, as the itemizer chose it for the layout.
public struct ClusterFont: Sendable, Hashable {
    /// Why a cluster got its font.
    public enum Reason: String, Sendable, Hashable {
        /// The first font of the cluster's fallback chain covers it.
        case primary
        /// A later step of the chain covers it, or none does: a system font (fontconfig) or .notdef
        /// (`source` says which).
        case fallback
        /// The cluster asks for emoji presentation (UTS #51 §4): the colour emoji font.
        case emojiPresentation
        /// A Common or Inherited cluster keeps the font of the cluster before it, which covers it.
        case continuity
    }

    /// The cluster's scalar offsets in the text.
    public var range: Range<Int>
    /// The script the cluster was itemized with (UAX #24, neutrals resolved from their neighbours).
    package var script: ScriptTag
    /// The font, the package it came from and how its weight and style were matched (the CLI's
    /// `fonts --text` prints all of it).
    package var choice: FontChoice
    /// The face that draws the cluster.
    public var font: FontDescriptor { choice.font.descriptor }
    /// The step of the fallback chain that served it (a package, fontconfig or .notdef).
    public var source: FontSource { choice.source }
    /// Why the cluster got this font.
    public var reason: Reason
}
