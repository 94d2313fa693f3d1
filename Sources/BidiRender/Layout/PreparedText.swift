// PreparedText: a text shaped once and laid out at many widths — `LayoutEngine.prepare` runs the stages
// that do not depend on the width, `PreparedText.layout(width:maxLines:)` the line phase alone.
//
// Thread-safety: a PreparedText is immutable and Sendable; any number of threads or tasks may lay one
// out at once. Each `layout` call takes a scratch from its engine's pool, as `LayoutEngine.layout`
// does, and loads the prepared state into it for the call.
//
// Memory: it keeps the decoded text, its isolated copy, the items and every shaped glyph with its
// ink box, the bidi classes and levels, the break opportunities, the advances' prefix sums and the
// grapheme starts (a bit a code point, none when each is a grapheme) — about 150 bytes a code point
// (a 200-character message: some 30 KB), for as long as it is kept. It also keeps its engine alive.

/// A text prepared for layout at many widths: decoded, its entities isolated, its bidi levels
/// resolved, itemized, shaped, and its line break opportunities found, once.
///
/// `layout(width:maxLines:)` lays it out at any width without shaping again; the result equals
/// `LayoutEngine.layout` of the same text, spans and options at that width and line limit. Sendable:
/// share one between threads or tasks freely. Made by `LayoutEngine.prepare(_:spans:options:)`.
public final class PreparedText: Sendable {
    /// The options it was prepared with; their `maxWidth` and `maxLines` are the defaults of `layout`.
    package let options: LayoutOptions
    private let engine: LayoutEngine
    private let snapshot: PreparedSnapshot

    init(engine: LayoutEngine, snapshot: PreparedSnapshot, options: LayoutOptions) {
        (self.engine, self.snapshot, self.options) = (engine, snapshot, options)
    }

    /// Lays the text out to `width` px (nil: no width, lines break only where they must) in at most
    /// `maxLines` lines (nil: no limit), with the other options it was prepared with.
    ///
    /// Equal to `engine.layout(text, spans: spans, options: options)` with `options.maxWidth = width`
    /// and `options.maxLines = maxLines`, without the cost of decoding, bidi resolution, itemization,
    /// shaping and asking for break opportunities again.
    ///
    /// - Throws: `.invalidValue` for a width or a line limit out of range, as `LayoutEngine.layout`
    ///   does; `.cancelled` when the task is cancelled (checked as `LayoutEngine.layout` checks it).
    public func layout(width: Double?, maxLines: Int?) throws(BidiRenderError) -> Layout {
        let options = try options(width: width, maxLines: maxLines)
        return try engine.withPooledScratch { (scratch) throws(BidiRenderError) in
            try scratch.layout(snapshot, options: options, registry: engine.registry)
        }
    }

    /// The line ranges of `layout(width:maxLines:)` without building the lines, for a search over
    /// widths (a bubble's balanced width): the same ranges, but for the last when `truncated` (then
    /// the range line filling gave it, before truncation cut it). `forced` counts the lines that end
    /// where no UAX #14 opportunity outside a URL is: inside a URL, or inside a word wider than the
    /// line. `overflowing` counts the lines wider than `width`: one grapheme cluster or inline box
    /// each, wider than the width.
    package func lineRanges(
        width: Double?, maxLines: Int?
    ) throws(BidiRenderError) -> (ranges: [Range<Int>], truncated: Bool, forced: Int, overflowing: Int) {
        let options = try options(width: width, maxLines: maxLines)
        return try engine.withPooledScratch { (scratch) throws(BidiRenderError) in
            try scratch.lineRanges(snapshot, maxWidth: width, maxLines: maxLines, options: options)
        }
    }

    /// How many of `lines` (a layout's of this text) end inside a URL or a word, as `lineRanges`
    /// counts its `forced`: read from the prepared break opportunities, no line filled.
    package func forcedBreaks(_ lines: [LayoutLine]) -> Int {
        var forced = 0
        for line in lines where snapshot.paragraphs.indices.contains(line.paragraph) {
            forced += snapshot.paragraphs[line.paragraph].forcedBreaks([line.range][...])
        }
        return forced
    }

    /// The prepared options with `width` and `maxLines`, checked as `LayoutEngine.layout` checks them.
    private func options(width: Double?, maxLines: Int?) throws(BidiRenderError) -> LayoutOptions {
        var options = options
        options.maxWidth = width
        options.maxLines = maxLines
        try options.validate()
        return options
    }

    /// Lays the text out to `width` px (nil: no width) with the line limit it was prepared with:
    /// `layout(width: width, maxLines: options.maxLines)`.
    package func layout(width: Double?) throws(BidiRenderError) -> Layout {
        try layout(width: width, maxLines: options.maxLines)
    }
}

extension LayoutEngine {
    /// Prepares `text` with attributed `spans` for layout at many widths: everything
    /// `layout(_:spans:options:)` does that does not depend on the width, done once.
    ///
    /// `options.maxWidth` and `options.maxLines` are only the defaults of the prepared text's
    /// `layout(width:)`. Every paragraph is shaped, whatever the line limit.
    ///
    /// - Throws: what `layout(_:spans:options:)` throws for these arguments: `.invalidValue`,
    ///   `.inputTooLarge` (more than `maxInputCodePoints` code points), `.cancelled`.
    public func prepare(_ text: String, spans: [TextSpan] = [], options: LayoutOptions) throws(BidiRenderError) -> PreparedText {
        try Self.checkSpans(spans, in: text)
        let snapshot = try withScratch(text, options: options) { (scratch) throws(BidiRenderError) in
            try scratch.prepare(text, spans: spans, options: options, registry: registry)
        }
        return PreparedText(engine: self, snapshot: snapshot, options: options)
    }
}
