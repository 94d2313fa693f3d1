// BidiText+Isolation: the bidi analysis of a text with its entities isolated, as layout resolves and
// reorders it, in the original text's offsets (what `bidirender reorder --isolate` shows).

extension BidiText {
    /// Runs the algorithm on `text` with the entities of `kinds` isolated (M + I + S + PDI + M, the
    /// rules of `EntityIsolation`), each paragraph at the level layout gives it (auto: P2–P3 outside
    /// the entities). The inserted controls are resolved and lines reordered with them, then they are
    /// dropped: every offset, level and line order is the original text's. With no kinds, or no entity found, this is `init(_:direction:engine:)`.
    package init(_ text: String, direction: ParagraphDirection, engine: BidiEngine = .native, isolating kinds: EntityKinds) {
        guard !kinds.isEmpty else {
            self.init(text, direction: direction, engine: engine)
            return
        }
        let scalars = Array(text.unicodeScalars)
        let classes = scalars.map { BidiClass($0) }
        var resolver = EntityResolver()
        resolver.resolve(scalars, classes: classes, direction: direction, kinds: kinds, spans: [])
        guard !resolver.entities.isEmpty else {
            self.init(scalars: scalars, direction: direction, engine: engine)
            return
        }
        let isolated = IsolatedText(scalars, entities: resolver.entities)
        let reorderer = BidiReorderer(initialCapacity: isolated.scalars.count, engine: engine)
        var spans: [(range: Range<Int>, separator: Range<Int>)] = []
        Paragraphs.split(count: scalars.count, classAt: { classes[$0].rawValue }, scalarAt: { scalars[$0].value }) {
            start, contentEnd, end in spans.append((start..<contentEnd, contentEnd..<end))
        }
        var paragraphs: [BidiParagraph] = []
        for (p, span) in spans.enumerated() {
            let base = resolver.paragraphLevels[p]
            let transformed = isolated.transformedRange(span.range)
            _ = reorderer.resolveParagraph(
                codePoints: isolated.scalars[transformed], direction: base == 1 ? .rightToLeft : .leftToRight)
            let isolatedLevels = reorderer.withParagraphLevels { Array($0) }
            let isolation = ParagraphIsolation(
                levels: isolatedLevels,
                classes: isolated.scalars[transformed].map { BidiClass(Unicode.Scalar($0)!) },  // no-trap: scalars of a String and inserted controls
                originalOffsets: isolated.originalIndex[transformed].map { $0 },
                transformedIndex: span.range.map { isolated.transformedIndex[$0] - transformed.lowerBound },
                slotStarts: span.range.map { isolated.transformedRange($0..<($0 + 1)).lowerBound - transformed.lowerBound }
                    + [transformed.count])
            paragraphs.append(
                BidiParagraph(
                    range: span.range, separatorRange: span.separator, baseLevel: BidiLevel(base),
                    levels: isolation.transformedIndex.map { BidiLevel(isolatedLevels[$0]) }, classes: Array(classes[span.range]),
                    engine: engine, isolation: isolation))
        }
        self.init(scalars: scalars, paragraphs: paragraphs)
    }
}

/// A paragraph resolved with its entities isolated: the isolated text's levels and classes, and the
/// maps to the original. Its lines are reordered (L1–L2) on the isolated text, as layout does, and the
/// inserted controls dropped after: dropping them before would merge level runs they separate.
struct ParagraphIsolation: Sendable, Hashable {
    /// The levels (before L1) and classes of the isolated paragraph.
    var levels: [UInt8]
    var classes: [BidiClass]
    /// For each isolated position, its original offset in the whole text, or -1 for a control.
    var originalOffsets: [Int]
    /// For each original code point of the paragraph, its isolated position.
    var transformedIndex: [Int]
    /// For each original code point of the paragraph, where its slot starts in the isolated text (an
    /// entity's opening controls go with its first character), and the isolated length after them.
    var slotStarts: [Int]

    /// Line `lineRange` (within `paragraph`'s range, in original offsets) reordered on the
    /// isolated text, in original offsets.
    func line(_ lineRange: Range<Int>, of paragraph: BidiParagraph) -> BidiLine {
        let inner = BidiParagraph(
            range: 0..<levels.count, separatorRange: levels.count..<levels.count, baseLevel: paragraph.baseLevel,
            levels: levels.map { BidiLevel($0) }, classes: classes, engine: paragraph.engine, isolation: nil)
        let base = paragraph.range.lowerBound
        let isolatedLine = inner.reorderedLine(slotStarts[lineRange.lowerBound - base]..<slotStarts[lineRange.upperBound - base])
        let visual = isolatedLine.visualOrder.compactMap { originalOffsets[$0] >= 0 ? originalOffsets[$0] : nil }
        let lineLevels = lineRange.map { isolatedLine.levels[transformedIndex[$0 - base] - isolatedLine.range.lowerBound] }
        return BidiLine(range: lineRange, levels: lineLevels, visualOrder: visual)
    }
}

extension BidiParagraph {
    /// A paragraph from levels resolved elsewhere, in original offsets.
    init(
        range: Range<Int>, separatorRange: Range<Int>, baseLevel: BidiLevel, levels: [BidiLevel], classes: [BidiClass],
        engine: BidiEngine, isolation: ParagraphIsolation?
    ) {
        self.range = range
        self.separatorRange = separatorRange
        self.baseLevel = baseLevel
        self.levels = levels
        self.classes = classes
        self.engine = engine
        self.isolation = isolation
    }
}
