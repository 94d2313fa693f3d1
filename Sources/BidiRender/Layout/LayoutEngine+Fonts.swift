// LayoutEngine+Fonts: the font each grapheme cluster of a text gets in its layout, and why — the
// itemizer's own choice (emoji presentation and font continuity included), without shaping.

extension LayoutEngine {
    /// The font `layout(text, spans:, options:)` gives each grapheme cluster of `text`, in logical
    /// order, and why: the itemizer records its own choice, so the answer is the font of the
    /// cluster's run in the layout. Each cluster's `range` is in scalar offsets, as the layout's.
    ///
    /// - Throws: what `layout(_:spans:options:)` throws for the same arguments (a text too long,
    ///   options or spans out of range); never for the text itself.
    public func fontChoices(
        for text: String, spans: [TextSpan] = [], options: LayoutOptions
    ) throws(BidiRenderError) -> [ClusterFont] {
        for (i, span) in spans.enumerated() where span.needsValidation { try span.validate(index: i) }
        try TextSpan.checkRanges(spans, in: text)
        return try withScratch(text, options: options) { (scratch) throws(BidiRenderError) in
            scratch.startCall()
            let (resolved, attributes) = scratch.loadText(text, spans: spans, options: options)
            var clusters: [ClusterFont] = []
            var fallbacks: [FontFallback] = []
            for (p, range) in resolved.paragraphs.enumerated() {
                withUnsafeMutablePointer(to: &clusters) { record in
                    _ = scratch.itemizeParagraph(
                        range, baseLevel: resolved.paragraphLevels[p], entities: resolved.entities,
                        attributes: attributes, registry: registry, fallbacks: &fallbacks, record: record)
                }
            }
            return clusters
        }
    }
}
