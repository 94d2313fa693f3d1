// LineBreakScratch: a paragraph's lines to a width — advance prefix sums from its shaping, break
// opportunities from the scratch's BreakOpportunitySource, then LineBreaker.fill, which measures a
// candidate line with the pieces its edges cut reshaped. Truncation and intrinsic widths measure with
// the same prefix sums and reshaping.

/// The line break stage's source of opportunities and its storage reused across calls.
struct LineBreakScratch {
    /// Where lines may break: UAX #14, by a pass of its own for the common classes and by ICU for the
    /// rest (swap the implementation here).
    var source: any BreakOpportunitySource = CommonBreakOpportunities()
    /// prefix[k] is the width of the first k code points of the paragraph, which starts at `base`.
    private var prefix: [Double] = []
    /// The running maximum of `prefix` when it differs from it (else empty): what line filling
    /// searches to skip the opportunities that surely fit.
    private var peak: [Double] = []
    /// The one-line answer of `lines`, one array kept and rewritten: a caller done with the last
    /// answer leaves it unshared, so a paragraph that fits allocates no array of lines.
    private var single: [Range<Int>] = [0..<0]
    private var base = 0
    /// A `BreakOpportunity` kind per code point of the paragraph.
    private(set) var breaks: [UInt8] = []

    /// Marks the break opportunities inside the entities of `entities` (sorted) that lie in
    /// paragraph `range`; `breaks` has one entry per code point of the paragraph. A phone number
    /// keeps none: it breaks only as a word longer than the line does. Those of a URL, a mention, a
    /// hashtag and an e-mail address become `withinEntity`: the entity moves whole to the next line
    /// when it fits there ("@王芳" is not cut between its ideographs, nor "@Alexander the Great" at
    /// its spaces), and breaks at its own opportunities (after "https://", "/", at a name's spaces)
    /// only when it is longer than a line.
    static func markEntityBreaks(inside entities: [Entity], of range: Range<Int>, in breaks: inout [UInt8]) {
        var e = entities.partitioningIndex { $0.range.upperBound > range.lowerBound }
        while e < entities.count, entities[e].range.lowerBound < range.upperBound {
            let entity = entities[e]
            e += 1
            let kept: UInt8
            switch entity.kind {
            case .phone: kept = BreakOpportunity.none
            case .url, .mention, .hashtag, .email: kept = BreakOpportunity.withinEntity
            case .inlineBox, .ellipsis, .spoiler: continue
            }
            let inside = entity.range.clamped(to: range)
            for k in inside.dropFirst() where breaks[k - range.lowerBound] == BreakOpportunity.allowed {
                breaks[k - range.lowerBound] = kept
            }
        }
    }

    /// Lets go of storage a very long text grew.
    mutating func trim() {
        if prefix.capacity > TextBuffer.keepLimit { (prefix, peak, breaks) = ([], [], []) }
    }

    /// The line ranges of paragraph `range`, shaped as `items`: UAX #14 opportunities, filled greedily
    /// to `maxWidth` (nil: break only where a line must). They partition the paragraph (one empty line
    /// for an empty one). With `lineLimit`, filling stops after that many lines and the rest of the
    /// paragraph, if any, is returned as one more line (what truncation needs to know: more text).
    /// There is no opportunity inside a phone number among `entities`: a line breaks inside one only
    /// when it is longer than the line (between grapheme clusters, as any word). A URL among them
    /// breaks at its own opportunities only when it is longer than a line (`BreakOpportunity.withinEntity`),
    /// and so do a mention, a hashtag and an e-mail address.
    ///
    /// `breaks`, when given, are the paragraph's opportunities as `opportunities` found them before
    /// (a prepared text keeps them); else they are asked for.
    ///
    /// Afterwards `estimate`, `advance` and `measure` answer for this paragraph.
    mutating func lines(
        _ range: Range<Int>, items: [Item], text: TextBuffer, entities: [Entity] = [], maxWidth: Double?,
        locale: LocaleTag, shape: inout ShapeScratch, tables: ItemTables, size: Double, lineLimit: Int? = nil,
        breaks known: [UInt8]? = nil, prefix knownPrefix: [Double]? = nil
    ) -> [Range<Int>] {
        guard !range.isEmpty else { return [range] }
        if let knownPrefix {
            (base, prefix) = (range.lowerBound, knownPrefix)
        } else {
            loadPrefix(range, items: items, shape: shape)
        }
        // A paragraph that fits and holds no mandatory break (UAX #14 LB4–LB5: after BK, CR, LF or
        // NL; CR, LF and NL end paragraphs, so only BK — VT, FF, LS — can be inside one) is one line,
        // as the fill below would find: there is no need to ask for opportunities.
        if estimate(range.lowerBound, range.upperBound, text: text) <= (maxWidth ?? .infinity) + 1e-6,
            !text.scalars[range].contains(where: { Self.isMandatoryBreak($0.value) })
        {
            return oneLine(range)
        }
        let breaks: [UInt8]
        if let known {
            breaks = known
        } else {
            loadBreaks(range, text: text, locale: locale, entities: entities)
            breaks = self.breaks
        }
        // The closures read the prefix sums through a pointer: capturing `self` would copy the whole
        // scratch (its arrays retained and released) on every call.
        let base = base
        loadPeak()
        let peakSource = peak.isEmpty ? prefix : peak
        return text.graphemeStarts.withUnsafeBufferPointer { starts in
            prefix.withUnsafeBufferPointer { prefix in peakSource.withUnsafeBufferPointer { peak in
                LineBreaker.fill(
                    range: range, maxWidth: maxWidth, breaks: breaks,
                    graphemeStarts: UnsafeBufferPointer(rebasing: starts[range]),
                    isHangingSpace: { text.isHangingSpace($0) },
                    estimate: { a, b in Self.estimate(a, b, prefix: prefix, base: base, text: text) },
                    measure: { a, b in
                        Self.measure(
                            a, b, prefix: prefix, base: base, items: items, text: text, shape: &shape, tables: tables,
                            size: size)
                    },
                    maxLines: lineLimit, slack: Self.slack(items, size: size),
                    fitsBefore: { a, reach in Self.fitsBefore(a, reach: reach, prefix: prefix, peak: peak, base: base) })
            } }
        }
    }

    /// Loads `peak`, the running maximum of the prefix sums (`runningMaximum`).
    private mutating func loadPeak() {
        prefix.withUnsafeBufferPointer { Self.runningMaximum(of: $0, into: &peak) }
    }

    /// Writes into `peak` (replaced) the running maximum of `prefix` when the prefix sums ever fall
    /// (a negative advance); else empties it, the prefix sums being their own running maximum.
    static func runningMaximum(of prefix: UnsafeBufferPointer<Double>, into peak: inout [Double]) {
        peak.removeAll(keepingCapacity: true)
        var k = 1
        while k < prefix.count, prefix[k] >= prefix[k - 1] { k += 1 }
        guard k < prefix.count else { return }
        var highest = -Double.infinity
        for width in prefix {
            highest = max(highest, width)
            peak.append(highest)
        }
    }

    /// The first offset after `a` where the running maximum of the prefix sums (`peak`) is more than
    /// `reach` past `a`'s prefix sum: before it `estimate(a, b)`, which reads a prefix sum at or
    /// before `b`, is within `reach` (`LineBreaker.fill`'s `fitsBefore`). One past the paragraph's
    /// end when none is.
    static func fitsBefore(
        _ a: Int, reach: Double, prefix: UnsafeBufferPointer<Double>, peak: UnsafeBufferPointer<Double>, base: Int
    ) -> Int {
        let from = prefix[a - base]
        // Binary search over the nondecreasing `peak` for its first entry past `from + reach`.
        var (lo, hi) = (a - base + 1, peak.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if peak[mid] - from > reach { hi = mid } else { lo = mid + 1 }
        }
        return base + lo
    }

    /// `[range]`, in `single`.
    private mutating func oneLine(_ range: Range<Int>) -> [Range<Int>] {
        single[0] = range
        return single
    }

    /// How much wider the paragraph's shaping of a piece may be than the piece shaped as a line (a word
    /// cut at its edge reshaped: another form of its last letter, a ligature split): an em of the
    /// largest size among `items`. Line filling and truncation measure the candidates up to this far
    /// past the width.
    static func slack(_ items: [Item], size: Double) -> Double {
        items.reduce(size) { max($0, $1.size) }
    }

    /// Whether a line must break after code point `c` inside a paragraph: UAX #14 class BK (VT, FF,
    /// LS; CR, LF and NL end paragraphs).
    static func isMandatoryBreak(_ c: UInt32) -> Bool { c == 0x0B || c == 0x0C || c == 0x2028 }

    /// Loads a prepared paragraph's prefix sums (`prefix(_:items:shape:)`) from `start`, for the
    /// measures and cuts that read them without filling lines.
    mutating func load(prefix known: [Double], from start: Int) {
        (base, prefix) = (start, known)
    }

    /// The prefix sums of the advances of paragraph `range`, shaped as `items`: what `lines` takes
    /// as `prefix` (a prepared paragraph's).
    mutating func prefix(_ range: Range<Int>, items: [Item], shape: ShapeScratch) -> [Double] {
        loadPrefix(range, items: items, shape: shape)
        return Array(prefix)
    }

    /// Loads the prefix sums of the advances of paragraph `range`, shaped as `items`.
    mutating func loadPrefix(_ range: Range<Int>, items: [Item], shape: ShapeScratch) {
        base = range.lowerBound
        prefix.removeAll(keepingCapacity: true)
        prefix.append(contentsOf: repeatElement(0, count: range.count + 1))
        shape.glyphs.withUnsafeBufferPointer { glyphs in
            for item in items {
                for g in glyphs[item.glyphs] { prefix[g.cluster - base + 1] += g.xAdvance }
            }
        }
        for k in 0..<range.count { prefix[k + 1] += prefix[k] }
    }

    /// Loads the break opportunities of paragraph `range` into `breaks` (none but between grapheme
    /// clusters when the source cannot answer), without those inside the phone numbers of `entities`.
    mutating func loadBreaks(_ range: Range<Int>, text: TextBuffer, locale: LocaleTag, entities: [Entity] = []) {
        let ok = text.withCodePoints { codePoints in
            source.opportunities(for: UnsafeBufferPointer(rebasing: codePoints[range]), locale: locale, into: &breaks)
        }
        if !ok {
            breaks.removeAll(keepingCapacity: true)
            breaks.append(contentsOf: repeatElement(0, count: range.count))
        }
        Self.markEntityBreaks(inside: entities, of: range, in: &breaks)
    }

    /// The break opportunities of paragraph `range` as `lines` uses them (`loadBreaks`), in an array
    /// of their own.
    mutating func opportunities(_ range: Range<Int>, text: TextBuffer, locale: LocaleTag, entities: [Entity]) -> [UInt8] {
        guard !range.isEmpty else { return [] }
        loadBreaks(range, text: text, locale: locale, entities: entities)
        return breaks.withUnsafeBufferPointer { Array($0) }
    }

    /// The sum of the advances of [a, b) (absolute offsets in the loaded paragraph), trailing white
    /// space included, as the paragraph's shaping has them.
    func advance(_ a: Int, _ b: Int) -> Double { prefix[b - base] - prefix[a - base] }

    /// The width of [a, b) without its trailing white space, as the paragraph's shaping has it.
    func estimate(_ a: Int, _ b: Int, text: TextBuffer) -> Double {
        prefix.withUnsafeBufferPointer { Self.estimate(a, b, prefix: $0, base: base, text: text) }
    }

    @inline(__always)
    private static func estimate(_ a: Int, _ b: Int, prefix: UnsafeBufferPointer<Double>, base: Int, text: TextBuffer) -> Double {
        prefix[text.visibleEnd(a, b) - base] - prefix[a - base]
    }

    /// How many of `lines` (of the paragraph last filled by `lines`) are wider than `maxWidth`:
    /// those of one grapheme cluster (or inline box) wider than the width, the only lines line
    /// filling lets overflow. Each is measured as a line; the others are skipped unmeasured.
    func overflowing(
        _ lines: ArraySlice<Range<Int>>, maxWidth: Double?, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double
    ) -> Int {
        guard let maxWidth else { return 0 }
        var count = 0
        for line in lines where !line.isEmpty {
            let end = text.visibleEnd(line.lowerBound, line.upperBound)
            var next = line.lowerBound + 1
            while next < end, !text.graphemeStarts[next] { next += 1 }
            guard next >= end else { continue }
            let width = measure(
                line.lowerBound, line.upperBound, items: items, text: text, shape: &shape, tables: tables, size: size)
            if width > maxWidth + 1e-6 { count += 1 }
        }
        return count
    }

    /// The width of [a, b) without its trailing white space, shaped as a line: the items inside it as
    /// the prefix sums have them, those its edges cut reshaped as `LineBuilder.build` reshapes them
    /// (with the `cuts` of a truncated line).
    func measure(
        _ a: Int, _ b: Int, cuts: LineCuts = [], items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double
    ) -> Double {
        prefix.withUnsafeBufferPointer {
            Self.measure(
                a, b, cuts: cuts, prefix: $0, base: base, items: items, text: text, shape: &shape, tables: tables,
                size: size)
        }
    }

    private static func measure(
        _ a: Int, _ b: Int, cuts: LineCuts = [], prefix: UnsafeBufferPointer<Double>, base: Int, items: [Item],
        text: TextBuffer, shape: inout ShapeScratch, tables: ItemTables, size: Double
    ) -> Double {
        let end = text.visibleEnd(a, b)
        var width = 0.0
        var index = Item.first(endingAfter: a, in: items)
        while index < items.count, items[index].range.lowerBound < b {
            let item = items[index]
            let clipped = item.range.clamped(to: a..<b)
            if clipped == item.range {
                let upper = max(item.range.lowerBound, min(item.range.upperBound, end))
                width += prefix[upper - base] - prefix[item.range.lowerBound - base]
            } else {
                let piece = shape.reshapedPiece(
                    of: item, index: index, clipped, line: a..<b, cuts: cuts, text: text, tables: tables, size: size)
                for g in shape.glyphs[piece] where g.cluster < end { width += g.xAdvance }
            }
            index += 1
        }
        return width
    }
}
