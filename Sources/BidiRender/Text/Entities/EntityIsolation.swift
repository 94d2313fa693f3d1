// EntityIsolation: entity isolation on strings, for handing text to another renderer (UILabel, a
// TextView, a browser): the controls inserted as layout inserts them, stripped again, and offsets
// mapped both ways between the original and the isolated text.

/// Entity isolation on strings. Offsets are Unicode scalar offsets, as everywhere in the library.
public enum EntityIsolation {
    /// The entities of `kinds` in `text` with their isolation directions (`EntityResolver`'s rules),
    /// merged with the caller's entity spans among `spans` (those whose `TextSpan.entity` is set, as
    /// in a layout), which are always honoured, whatever `kinds` says, and win; each carries its
    /// span's `id`. A span's range past the text is clipped to it: the one exception to the library's
    /// offset rule (Docs/Design.md), kept because these string functions do not throw; the same holds
    /// for `isolate` and `isolated`.
    ///
    /// - Parameters:
    ///   - text: the original text.
    ///   - direction: the paragraph direction; a mention or hashtag with no strong character takes
    ///     its paragraph's (for auto, computed from the text outside the entities).
    ///   - kinds: the kinds to detect (all by default).
    ///   - spans: entities known to the caller (`TextSpan(range:entity:id:)`, scalar offsets); spans
    ///     without an entity are ignored.
    /// - Returns: the entities sorted by offset, none overlapping.
    package static func entities(
        in text: String, direction: ParagraphDirection, kinds: EntityKinds = .all, spans: [TextSpan] = []
    ) -> [Entity] {
        resolved(Array(text.unicodeScalars), direction: direction, kinds: kinds, spans: spans).entities
    }

    /// `text` with every entity of `kinds`, and every entity span of the caller's, wrapped as M + I + S + PDI + M (I: LRI or RLI, M: LRM or
    /// RLM, after the entity's direction). A control inside S that would reach past the isolate is
    /// made inert by an inserted one: I before a PDI that S never opened, PDI after an isolate
    /// initiator S leaves open (an embedding or override left open is closed by the PDI), so a
    /// caller's span over "Bob\u{2067}" or "Bob\u{2069}\u{202E}" cannot reorder the text after it.
    static func isolate(
        _ text: String, direction: ParagraphDirection, kinds: EntityKinds = .all, spans: [TextSpan] = []
    ) -> String {
        isolated(text, direction: direction, kinds: kinds, spans: spans).text
    }

    /// `text` with every entity of `kinds`, and every entity span of the caller's, isolated as
    /// `isolate` says; with the entities and the maps between original and isolated offsets. The
    /// isolated string is its `text`.
    public static func isolated(
        _ text: String, direction: ParagraphDirection, kinds: EntityKinds = .all, spans: [TextSpan] = []
    ) -> IsolatedString {
        let scalars = Array(text.unicodeScalars)
        let entities = resolved(scalars, direction: direction, kinds: kinds, spans: spans).entities
        return IsolatedString(IsolatedText(scalars, entities: entities), entities: entities)
    }

    /// `text` without bidi formatting characters: LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI,
    /// FSI and PDI (`UnicodeBidiData.isBidiControl`). `strip(isolated(t).text) == t` when `t` has none.
    public static func strip(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.filter { !UnicodeBidiData.isBidiControl($0) })
        return String(out)
    }

    static func resolved(
        _ scalars: [Unicode.Scalar], direction: ParagraphDirection, kinds: EntityKinds, spans: [TextSpan]
    ) -> EntityResolver {
        var resolver = EntityResolver()
        resolver.resolve(
            scalars, classes: scalars.map { BidiClass($0) }, direction: direction, kinds: kinds,
            spans: spans)
        return resolver
    }
}

/// An isolated string: the text with its entities' controls inserted, and the maps between its
/// offsets and the original's.
public struct IsolatedString: Sendable, Hashable {
    /// The isolated text.
    public let text: String
    /// The entities, in original offsets.
    public let entities: [Entity]
    /// The number of scalars of the original text.
    package let originalCount: Int
    private let transformedIndex: [Int]
    /// For each isolated offset (and the end), the original offset of the first original character at
    /// or after it.
    private let originalAtOrAfter: [Int]
    private let isolated: IsolatedText

    init(_ isolated: IsolatedText, entities: [Entity]) {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: isolated.scalars.compactMap(Unicode.Scalar.init))
        text = String(view)
        self.entities = entities
        originalCount = isolated.transformedIndex.count
        transformedIndex = isolated.transformedIndex
        var next = Array(repeating: originalCount, count: isolated.scalars.count + 1)
        for t in stride(from: isolated.scalars.count - 1, through: 0, by: -1) {
            next[t] = isolated.originalIndex[t] >= 0 ? isolated.originalIndex[t] : next[t + 1]
        }
        originalAtOrAfter = next
        self.isolated = isolated
    }

    /// The isolated offset of the original character at `offset` (the isolated text's end for the
    /// original's end).
    /// - Throws: `.invalidValue` for an offset outside `0...originalCount` (never clamped).
    public func isolatedOffset(ofOriginal offset: Int) throws(BidiRenderError) -> Int {
        try OffsetBounds.check(offset, in: 0...originalCount, key: "original offset")
        return offset == originalCount ? originalAtOrAfter.count - 1 : transformedIndex[offset]
    }

    /// The original offset of the character at isolated `offset`; for an inserted control, that of the
    /// first original character after it (the original's end past the last one).
    /// - Throws: `.invalidValue` for an offset outside the isolated text, `0...text.unicodeScalars.count`.
    public func originalOffset(ofIsolated offset: Int) throws(BidiRenderError) -> Int {
        try OffsetBounds.check(offset, in: 0...(originalAtOrAfter.count - 1), key: "isolated offset")
        return originalAtOrAfter[offset]
    }

    /// The isolated range that holds original `range`, with the controls inserted at its edges (an
    /// entity's range maps to the entity with its M + I and PDI + M).
    /// - Throws: `.invalidValue` for a range not within `0...originalCount`.
    package func isolatedRange(ofOriginal range: Range<Int>) throws(BidiRenderError) -> Range<Int> {
        try OffsetBounds.check(range, in: 0...originalCount, key: "original range")
        return isolated.transformedRange(range)
    }

    /// The original range of isolated `range` (inserted controls map as `originalOffset` says).
    /// - Throws: `.invalidValue` for a range not within the isolated text.
    package func originalRange(ofIsolated range: Range<Int>) throws(BidiRenderError) -> Range<Int> {
        try OffsetBounds.check(range, in: 0...(originalAtOrAfter.count - 1), key: "isolated range")
        return originalAtOrAfter[range.lowerBound]..<originalAtOrAfter[range.upperBound]
    }
}
