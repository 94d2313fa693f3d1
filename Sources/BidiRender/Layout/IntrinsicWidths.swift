// IntrinsicWidths: the min-content and max-content widths of a text (CSS Sizing 3 §5.1, SkParagraph's
// getMinIntrinsicWidth and getMaxIntrinsicWidth), what a chat bubble or a table column is sized from,
// found without building a layout: the stages up to shaping, then the line break stage's measures.

/// The intrinsic widths of a text, in px (`LayoutEngine.intrinsicWidths` returns them as a
/// `(min:max:)` pair).
package struct IntrinsicWidths: Sendable, Hashable {
    /// The min-content width: the widest piece between two line break opportunities (UAX #14),
    /// without its trailing white space. Laid out to this width, no line breaks inside a piece.
    package internal(set) var min: Double
    /// The max-content width: the widest paragraph laid out on one line (its lines, when it holds
    /// mandatory breaks), without trailing white space: the `contentWidth` of the layout with no
    /// width.
    package internal(set) var max: Double

    /// The min-content and max-content widths, in px.
    package init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }
}

extension LayoutEngine {
    /// The min-content and max-content widths of `text` with `options` (whose `maxWidth` and
    /// `maxLines` are ignored) and `spans`, in px. Each paragraph is decoded, resolved, itemized and
    /// shaped as `layout` does it, and measured as line filling measures a line; no line is built.
    ///
    /// - `min`, the min-content width: the widest piece between two line break opportunities
    ///   (UAX #14), without its trailing white space. Laid out to this width, no line breaks inside
    ///   a piece.
    /// - `max`, the max-content width: the widest paragraph laid out on one line (its lines, when it
    ///   holds mandatory breaks), without trailing white space: the `contentWidth` of the layout
    ///   with no width.
    ///
    /// - Throws: as `layout(_:spans:options:)`: `.invalidValue` for a size out of range or a span
    ///   not within the text, `.inputTooLarge`, `.cancelled` (checked between paragraphs).
    public func intrinsicWidths(
        _ text: String, spans: [TextSpan] = [], options: LayoutOptions
    ) throws(BidiRenderError) -> (min: Double, max: Double) {
        let widths = try measureIntrinsicWidths(text, spans: spans, options: options)
        return (widths.min, widths.max)
    }

    /// `intrinsicWidths(_:spans:options:)` as the package's own value.
    package func measureIntrinsicWidths(
        _ text: String, spans: [TextSpan] = [], options: LayoutOptions
    ) throws(BidiRenderError) -> IntrinsicWidths {
        var options = options
        options.maxWidth = nil
        options.maxLines = nil
        try Self.checkSpans(spans, in: text)
        return try withScratch(text, options: options) { (scratch) throws(BidiRenderError) in
            try Self.intrinsicWidths(text, spans: spans, options: options, registry: registry, scratch: &scratch)
        }
    }

    /// One `intrinsicWidths` call on `scratch` (one exclusive access for the call, as `layout`).
    static func intrinsicWidths(
        _ text: String, spans: [TextSpan], options: LayoutOptions, registry: FontRegistry, scratch: inout LayoutScratch
    ) throws(BidiRenderError) -> IntrinsicWidths {
        if Task.isCancelled { throw .cancelled }
        scratch.startCall()
        let (resolved, attributes) = scratch.loadText(text, spans: spans, options: options)
        var fallbacks: [FontFallback] = []
        var widths = IntrinsicWidths(min: 0, max: 0)
        for (p, range) in resolved.paragraphs.enumerated() {
            if Task.isCancelled { throw .cancelled }
            let (items, _) = scratch.shapeParagraph(
                range, baseLevel: resolved.paragraphLevels[p], entities: resolved.entities, attributes: attributes,
                registry: registry, size: options.size, fallbacks: &fallbacks)
            let paragraph = scratch.lineBreak.intrinsicWidths(
                range, items: items, text: scratch.text, entities: resolved.entities, locale: options.locale, shape: &scratch.shape,
                tables: scratch.itemize.tables, size: options.size)
            widths.min = Swift.max(widths.min, paragraph.min)
            widths.max = Swift.max(widths.max, paragraph.max)
        }
        // Shaping stops early when the task is cancelled: its output is then partial, never used.
        if Task.isCancelled { throw .cancelled }
        return widths
    }
}
