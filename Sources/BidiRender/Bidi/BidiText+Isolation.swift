// BidiText+Isolation: the bidi analysis of a text with its entities isolated, as layout resolves it,
// in the original text's offsets (what `bidirender reorder --isolate` shows).

extension BidiText {
    /// Runs the algorithm on `text` with the entities of `kinds` isolated (M + I + S + PDI + M, the
    /// rules of `EntityIsolation`), each paragraph at the level layout gives it (auto: P2–P3 outside
    /// the entities). The inserted controls are resolved, then dropped: every offset, level and
    /// line order is the original text's. With no kinds this is `init(_:direction:engine:)`.
    public init(_ text: String, direction: ParagraphDirection, engine: BidiEngine = .native, isolating kinds: EntityKinds) {
        guard !kinds.isEmpty else {
            self.init(text, direction: direction, engine: engine)
            return
        }
        let scalars = Array(text.unicodeScalars)
        let classes = scalars.map { BidiClass($0) }
        var resolver = EntityResolver()
        resolver.resolve(scalars, classes: classes, direction: direction, kinds: kinds, spans: [])
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
            let levels = reorderer.withParagraphLevels { resolved in
                span.range.map { resolved[isolated.transformedIndex[$0] - transformed.lowerBound] }
            }
            paragraphs.append(
                BidiParagraph(
                    range: span.range, separatorRange: span.separator, baseLevel: base, levels: levels,
                    classes: Array(classes[span.range]), engine: engine))
        }
        self.init(scalars: scalars, paragraphs: paragraphs)
    }
}

extension BidiParagraph {
    /// A paragraph from levels resolved elsewhere (on the isolated text), in original offsets.
    init(
        range: Range<Int>, separatorRange: Range<Int>, baseLevel: UInt8, levels: [UInt8], classes: [BidiClass],
        engine: BidiEngine
    ) {
        self.range = range
        self.separatorRange = separatorRange
        self.baseLevel = baseLevel
        self.levels = levels
        self.classes = classes
        self.engine = engine
    }
}
