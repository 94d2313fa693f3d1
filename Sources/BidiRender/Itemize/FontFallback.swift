// FontFallback: a cluster that the itemizer gave a font from outside the manifest (a system font,
// or none), as the layout reports it.

/// A cluster that fell past the manifest's fonts.
package struct FontFallback: Sendable, Hashable {
    /// The cluster's scalar offsets.
    package var range: Range<Int>
    /// Where its font came from: a system font through fontconfig, or none (.notdef).
    package var source: FontSource
    /// The font that drew it.
    package var font: FontDescriptor
}
