// LineBreakScratch: a paragraph's lines to a width — advance prefix sums from its shaping, break
// opportunities from the scratch's BreakOpportunitySource, then LineBreaker.fill, which measures a
// candidate line with the pieces its edges cut reshaped.

/// The line break stage's source of opportunities and its storage reused across calls.
struct LineBreakScratch {
    /// Where lines may break: ICU's UAX #14 (swap the implementation here).
    var source: any BreakOpportunitySource = ICUBreakOpportunities()
    /// prefix[k] is the width of the first k code points of the paragraph.
    private var prefix: [Double] = []
    /// A `BreakOpportunity` kind per code point of the paragraph.
    private var breaks: [UInt8] = []

    /// Removes the break opportunities inside the phone numbers of `entities` (sorted) that lie in
    /// paragraph `range`; `breaks` has one entry per code point of the paragraph.
    static func suppressBreaks(inside entities: [Entity], of range: Range<Int>, in breaks: inout [UInt8]) {
        var e = entities.partitioningIndex { $0.range.upperBound > range.lowerBound }
        while e < entities.count, entities[e].range.lowerBound < range.upperBound {
            let entity = entities[e]
            e += 1
            guard entity.kind == .phone else { continue }
            let inside = entity.range.clamped(to: range)
            for k in inside.dropFirst() where breaks[k - range.lowerBound] == BreakOpportunity.allowed {
                breaks[k - range.lowerBound] = BreakOpportunity.none
            }
        }
    }

    /// Lets go of storage a very long text grew.
    mutating func trim() {
        if prefix.capacity > TextBuffer.keepLimit { (prefix, breaks) = ([], []) }
    }

    /// The line ranges of paragraph `range`, shaped as `items`: UAX #14 opportunities, filled greedily
    /// to `maxWidth` (nil: break only where a line must). They partition the paragraph (one empty line
    /// for an empty one). There is no opportunity inside a phone number among `entities`: a line
    /// breaks inside one only when it is longer than the line (between grapheme clusters, as any word).
    mutating func lines(
        _ range: Range<Int>, items: [Item], text: TextBuffer, entities: [Entity] = [], maxWidth: Double?,
        locale: LocaleTag,
        shape: inout ShapeScratch, tables: ItemTables, size: Double
    ) -> [Range<Int>] {
        guard !range.isEmpty else { return [range] }
        let base = range.lowerBound
        // Prefix sums of the advances by code point: prefix[k] is the width of [base, base + k).
        prefix.removeAll(keepingCapacity: true)
        prefix.append(contentsOf: repeatElement(0, count: range.count + 1))
        shape.glyphs.withUnsafeBufferPointer { glyphs in
            for item in items {
                for g in glyphs[item.glyphs] { prefix[g.cluster - base + 1] += g.xAdvance }
            }
        }
        for k in 0..<range.count { prefix[k + 1] += prefix[k] }
        // A paragraph that fits and holds no mandatory break (UAX #14 LB4–LB5: after BK, CR, LF or
        // NL; CR, LF and NL end paragraphs, so only BK — VT, FF, LS — can be inside one) is one line,
        // as the fill below would find: there is no need to ask for opportunities.
        let width = prefix[text.visibleEnd(range.lowerBound, range.upperBound) - base]
        if width <= (maxWidth ?? .infinity) + 1e-6,
            !text.scalars[range].contains(where: { $0.value == 0x0B || $0.value == 0x0C || $0.value == 0x2028 })
        {
            return [range]
        }
        let ok = text.withCodePoints { codePoints in
            source.opportunities(for: UnsafeBufferPointer(rebasing: codePoints[range]), locale: locale, into: &breaks)
        }
        if !ok {
            breaks.removeAll(keepingCapacity: true)
            breaks.append(contentsOf: repeatElement(0, count: range.count))
        }
        Self.suppressBreaks(inside: entities, of: range, in: &breaks)
        return text.graphemeStarts.withUnsafeBufferPointer { starts in
            LineBreaker.fill(
                range: range, maxWidth: maxWidth, breaks: breaks,
                graphemeStarts: UnsafeBufferPointer(rebasing: starts[range]),
                isHangingSpace: { text.isHangingSpace($0) },
                estimate: { a, b in prefix[text.visibleEnd(a, b) - base] - prefix[a - base] },
                measure: { a, b in
                    // Items inside the line as the prefix sums have them; those its edges cut, reshaped.
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
                                of: item, index: index, clipped, line: a..<b, text: text, tables: tables, size: size)
                            for g in shape.glyphs[piece] where g.cluster < end { width += g.xAdvance }
                        }
                        index += 1
                    }
                    return width
                })
        }
    }
}
