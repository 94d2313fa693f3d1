// BidiText+Limit: the bidi analysis of a text bounded as layout bounds it, refusing a text of more
// code points than a limit (what `bidirender reorder` uses: LayoutEngine's default limit).

extension BidiText {
    /// Runs the algorithm on `text` as `init(_:direction:engine:isolating:)` does, after checking its
    /// size: a server that reorders untrusted text bounds the work and memory of one call (both grow
    /// linearly with the text) as `LayoutEngine` does.
    ///
    /// - Parameter maxInputCodePoints: the most code points taken, for example
    ///   a layout engine's default limit (4,194,304).
    /// - Throws: `.inputTooLarge(limit:count:)` when `text` has more than `maxInputCodePoints` code
    ///   points, the error `LayoutEngine.layout` throws.
    package init(
        _ text: String, direction: ParagraphDirection, engine: BidiEngine = .native, isolating kinds: EntityKinds = [],
        maxInputCodePoints: Int
    ) throws(BidiRenderError) {
        try InputLimit.check(text, limit: maxInputCodePoints)
        self.init(text, direction: direction, engine: engine, isolating: kinds)
    }
}
