// LayoutScratch: the reusable working state of one layout call at a time — the sum of each stage's own
// scratch (text, bidi, itemize, shape, line break, lines), so that a warm call creates none of it.
//
// Thread-safety: one layout call owns a scratch at a time. LayoutEngine keeps idle scratches in a
// locked pool, takes one out for each call and puts it back after.

/// The working state of one layout call at a time.
///
/// A value the call works on in place (`inout`, one exclusive access a call): each stage's functions
/// take their own part `inout` and borrow the others', so the compiler checks exclusivity statically
/// and nothing needs `@exclusivity(unchecked)`. The classes inside (the bidi reorderer, the shaper
/// and its cache) document their own.
struct LayoutScratch {
    /// The decoded text.
    var text = TextBuffer()
    /// The entities and paragraph levels of the text.
    var entities = EntityResolver()
    /// The entity-isolated text the bidi stage resolves.
    var isolated = IsolatedText.empty
    /// The bidi stage (its buffers are its own: reached through `resolveParagraph`,
    /// `withParagraphLevels` and `withLineOrder` only).
    let bidi = BidiReorderer()
    /// The levels of the paragraph being laid out, one per original code point.
    var levels: [UInt8] = []
    var itemize = ItemizeScratch()
    var shape: ShapeScratch
    var lineBreak = LineBreakScratch()
    /// Word and sentence breakers for `boundaries(_:by:locale:)`.
    var segmenter = TextSegmenter()
    var lines = LineBuilder()
    /// The ellipsis of truncated lines, shaped once for a run of calls with the same options.
    var ellipsisMemo = EllipsisMemo()
    /// The one-entry attribute table of the last call without spans (`plainAttributes`).
    var plainAttributeTable: [Attributes] = []

    init(cacheLimits: ShapeCache.Limits?) {
        shape = ShapeScratch(cache: cacheLimits.map { ShapeCache(limits: $0) })
    }

    /// Readies the per-call tables for a call.
    mutating func startCall() {
        shape.startCall()
        lines.startCall()
        itemize.missedColorEmoji = nil
    }

    /// Lets go of storage a very long text grew, so that an idle scratch keeps only a chat message's
    /// worth; the font tables and chain memos are cleared once full.
    mutating func endCall() {
        text.trim()
        entities.trim()
        if isolated.scalars.capacity > TextBuffer.keepLimit { isolated = .empty }
        if levels.capacity > TextBuffer.keepLimit { levels = [] }
        itemize.trim()
        lineBreak.trim()
        segmenter.trim()
        lines.trim()
    }

    /// Sets `levels` to the levels the bidi stage resolved for original paragraph `range`, whose
    /// isolated text starts at `transformedStart`.
    mutating func takeLevels(_ range: Range<Int>, transformedStart: Int) {
        levels.removeAll(keepingCapacity: true)
        bidi.withParagraphLevels { bidiLevels in
            for i in range { levels.append(bidiLevels[isolated.transformedIndex[i] - transformedStart]) }
        }
    }
}
