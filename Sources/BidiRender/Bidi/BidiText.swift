// BidiText, BidiParagraph, BidiLine: the value-typed result of the Unicode Bidirectional Algorithm on
// a whole text: paragraphs (P1), resolved levels (P2–I2), per-line reordering (L1–L2) and mirroring (L4).
//
// Index convention: every offset is a Unicode scalar (code point) offset into the whole text, and
// every range is half-open. `String.Index` conversions are offered at the edges.

/// The bidi analysis of a text: its paragraphs with their levels.
public struct BidiText: Sendable, Hashable {
    /// The text's Unicode scalars.
    package let scalars: [Unicode.Scalar]
    /// The paragraphs, in logical order (UAX #9 P1).
    public let paragraphs: [BidiParagraph]

    /// Runs the algorithm on `text` with `engine`, resolving each paragraph with `direction`.
    public init(_ text: String, direction: ParagraphDirection, engine: BidiEngine = .native) {
        self.init(scalars: Array(text.unicodeScalars), direction: direction, engine: engine)
    }

    /// Runs the algorithm on a scalar array.
    package init(scalars: [Unicode.Scalar], direction: ParagraphDirection, engine: BidiEngine = .native) {
        self.init(scalars: scalars, direction: direction, reorderer: BidiReorderer(initialCapacity: scalars.count, engine: engine))
    }

    /// Runs the algorithm with `reorderer` (tests use one without fast paths).
    init(scalars: [Unicode.Scalar], direction: ParagraphDirection, reorderer engine: BidiReorderer) {
        engine.load(scalars: scalars)
        self.scalars = scalars
        self.paragraphs = engine.paragraphs.indices.map { index in
            BidiParagraph(engine: engine, index: index, direction: direction)
        }
    }

    /// A text whose paragraphs were resolved elsewhere (`init(_:direction:engine:isolating:)`).
    init(scalars: [Unicode.Scalar], paragraphs: [BidiParagraph]) {
        self.scalars = scalars
        self.paragraphs = paragraphs
    }

    /// The paragraph that contains scalar offset `offset` (its separator included).
    package func paragraph(containing offset: Int) -> BidiParagraph? {
        paragraphs.first { $0.range.lowerBound <= offset && offset < $0.separatorRange.upperBound }
    }

    /// The text's scalars with rule L4 applied: each character at an odd (RTL) level that has a
    /// Bidi_Mirroring_Glyph is replaced by it ("(" becomes ")" in RTL runs). (HarfBuzz mirrors RTL
    /// runs itself; the tests check the tables with it.)
    var mirroredScalars: [Unicode.Scalar] {
        var out = scalars
        for paragraph in paragraphs {
            for (k, level) in paragraph.levels.enumerated() where level.isRightToLeft {
                let offset = paragraph.range.lowerBound + k
                out[offset] = UnicodeBidiData.mirrored(out[offset], atLevel: level.rawValue)
            }
        }
        return out
    }
}

/// One paragraph: its range, direction and resolved levels.
public struct BidiParagraph: Sendable, Hashable {
    /// The paragraph's text, its separator excluded.
    public let range: Range<Int>
    /// The separator that ends it (one code point, or two for CR LF); empty for a last paragraph
    /// without one.
    package let separatorRange: Range<Int>
    /// The paragraph embedding level: 0 or 1.
    public let baseLevel: BidiLevel
    /// The resolved embedding level of each code point of `range` (rules up to I2, before the
    /// line-based rule L1). Characters removed by X9 carry the level of the character before them.
    public let levels: [BidiLevel]
    /// The original bidi class of each code point of `range`.
    let classes: [BidiClass]
    /// The engine that resolved the levels; it also reorders the lines.
    let engine: BidiEngine
    /// For a paragraph resolved with its entities isolated, the isolated paragraph its lines are
    /// reordered on (`BidiText+Isolation.swift`); nil otherwise.
    let isolation: ParagraphIsolation?

    /// The paragraph's direction.
    package var direction: TextDirection { TextDirection(level: baseLevel) }

    init(engine: BidiReorderer, index: Int, direction: ParagraphDirection) {
        let span = engine.paragraphs[index]
        let base = engine.resolve(paragraph: index, direction: direction)
        self.engine = engine.engine
        isolation = nil
        range = span.start..<span.contentEnd
        separatorRange = span.contentEnd..<span.end
        baseLevel = BidiLevel(base)
        levels = UnsafeBufferPointer(start: engine.levels + span.start, count: range.count).map { BidiLevel($0) }
        classes = (span.start..<span.contentEnd).map { BidiClass(rawValue: engine.classes[$0])! }  // no-trap: the engine wrote classes from the tables
    }

    /// The whole paragraph laid out as one line.
    package var singleLine: BidiLine { reorderedLine(range) }

    /// Reorders one line of this paragraph (rules L1–L2) with the engine that resolved it.
    ///
    /// - Parameter lineRange: a range within `range`, in scalar offsets of the whole text.
    /// - Throws: `.invalidValue` naming `lineRange` when it is not within the paragraph's `range`
    ///   (an offset outside its text is an error everywhere in the library, never clamped).
    public func line(_ lineRange: Range<Int>) throws(BidiRenderError) -> BidiLine {
        try OffsetBounds.check(lineRange, in: range.lowerBound...range.upperBound, key: "lineRange")
        return reorderedLine(lineRange)
    }

    /// `line(_:)` for a range known to be within the paragraph.
    func reorderedLine(_ lineRange: Range<Int>) -> BidiLine {
        let (lo, hi) = (lineRange.lowerBound, lineRange.upperBound)
        if let isolation { return isolation.line(lo..<hi, of: self) }
        let slice = (lo - range.lowerBound)..<(hi - range.lowerBound)
        guard !slice.isEmpty else { return BidiLine(range: lo..<hi, levels: [], visualOrder: []) }
        var lineLevels = levels.map(\.rawValue)
        var map = [Int32](repeating: 0, count: range.count)
        var backend = engine.makeBackend(capacity: range.count)
        let classValues = classes.map(\.rawValue)
        let reordered = classValues.withUnsafeBufferPointer { classes in
            lineLevels.withUnsafeMutableBufferPointer { levels in
                map.withUnsafeMutableBufferPointer { map in
                    backend.reorderLine(
                        classes: classes.baseAddress!, levels: levels.baseAddress!, lineStart: slice.lowerBound,  // no-trap: non-empty (guard above)
                        lineEnd: slice.upperBound, baseLevel: baseLevel.rawValue, segmentSeparators: true,
                        map: map.baseAddress! + slice.lowerBound)  // no-trap: non-empty (guard above)
                }
            }
        }
        if !reordered { for k in slice { map[k] = Int32(k) } }
        let visual = map[slice].compactMap { local -> Int? in
            classes[Int(local)].isRemovedByX9 ? nil : range.lowerBound + Int(local)
        }
        return BidiLine(range: lo..<hi, levels: lineLevels[slice].map { BidiLevel($0) }, visualOrder: visual)
    }
}

/// One reordered line: its levels after rule L1 and its visual order.
public struct BidiLine: Sendable, Hashable {
    /// The line's code points, in scalar offsets of the whole text.
    public let range: Range<Int>
    /// The embedding level of each code point of `range` after rule L1 (trailing whitespace,
    /// separators and isolate controls at the paragraph level).
    public let levels: [BidiLevel]
    /// Visual → logical: the scalar offsets of the line's characters from left to right (rule L2).
    /// Characters removed by X9 are left out; isolate controls and marks stay.
    public let visualOrder: [Int]

    /// Logical → visual: for each code point of `range`, its position in `visualOrder`, or nil for a
    /// character removed by X9.
    package var logicalToVisual: [Int?] {
        var out = [Int?](repeating: nil, count: range.count)
        for (v, logical) in visualOrder.enumerated() { out[logical - range.lowerBound] = v }
        return out
    }
}
