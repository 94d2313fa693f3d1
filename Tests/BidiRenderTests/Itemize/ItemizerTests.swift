// Itemizer: items of one level, script, font and language that partition a paragraph, with a
// mention resolved as one unit.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ItemizerTests {
    /// Each case: the text, its levels ("0"/"1"/"2" per code point), the mentions, and the expected
    /// stretches of one script and level (items may split them further by font: with the ar locale a
    /// space between Latin words takes the locale's font).
    @Test(arguments: [
        ("abc", "000", [Range<Int>](), [0..<3], ["Latn"]),
        ("ab مر", "00011", [], [0..<3, 3..<5], ["Latn", "Arab"]),
        ("中文abc", "00000", [], [0..<2, 2..<5], ["Hani", "Latn"]),
        ("x @小明", "00000", [2..<5], [0..<2, 2..<5], ["Latn", "Hani"]),
        ("مر 12", "11122", [], [0..<3, 3..<5], ["Arab", "Arab"]),  // split by level
    ])
    func items(text: String, levels: String, mentions: [Range<Int>], ranges: [Range<Int>], scripts: [String]) {
        var buffer = TextBuffer()
        buffer.load(text, digits: .western)
        var scratch = ItemizeScratch()
        var fallbacks: [FontFallback] = []
        let items = Itemizer.itemize(
            0..<buffer.count, text: buffer, levels: levels.map { $0 == "0" ? 0 : $0 == "1" ? 1 : 2 },
            attributes: AttributeMap(spans: [], options: LayoutOptions(locale: LocaleTag("ar")), count: buffer.count),
            entities: mentions.map { Entity(kind: .mention, range: $0, direction: .leftToRight) },
            registry: TestFonts.registry,
            languages: nil, scratch: &scratch, fallbacks: &fallbacks)
        // The items partition the paragraph.
        #expect(items.first?.range.lowerBound == 0 && items.last?.range.upperBound == buffer.count)
        for (a, b) in zip(items, items.dropFirst()) { #expect(a.range.upperBound == b.range.lowerBound) }
        // Merged by script and level.
        var stretches: [(range: Range<Int>, script: String, level: UInt8)] = []
        for item in items {
            if let last = stretches.last, last.script == item.script.string, last.level == item.level {
                stretches[stretches.count - 1].range = last.range.lowerBound..<item.range.upperBound
            } else {
                stretches.append((item.range, item.script.string, item.level))
            }
        }
        #expect(stretches.map(\.range) == ranges)
        #expect(stretches.map(\.script) == scripts)
        #expect(fallbacks.isEmpty)
        for item in items {
            #expect(scratch.tables.fonts.indices.contains(Int(item.font)))
            #expect(scratch.tables.languages.indices.contains(Int(item.language)))
        }
    }
}

/// The chains a paragraph switches between are found again by script and attributes id within one
/// call; when a paragraph uses more chains than `ItemizeScratch.memoLimit`, the memos are cleared
/// mid-call and none of the indices found before may be used after.
@Suite struct ItemizerChainTests {
    /// Each code point's font and language, itemized with `attributes` and one scratch.
    static func fonts(_ buffer: TextBuffer, _ attributes: AttributeMap, scratch: inout ItemizeScratch) -> [String] {
        var fallbacks: [FontFallback] = []
        let items = Itemizer.itemize(
            0..<buffer.count, text: buffer, levels: Array(repeating: 1, count: buffer.count), attributes: attributes,
            entities: [], registry: TestFonts.registry, languages: nil, scratch: &scratch, fallbacks: &fallbacks)
        var out: [String] = []
        for item in items {
            let font = scratch.tables.font(item).descriptor
            let label = "\(font.family) \(font.weight.value) \(scratch.tables.languageTag(item)?.normalized ?? "-") \(item.size)"
            out.append(contentsOf: repeatElement(label, count: item.range.count))
        }
        return out
    }

    /// A Latin word, then 40 spans of alternating weight and growing size over Arabic, Latin and
    /// Arabic words (81 chains, past the memo's 64; the 65th is span 31's Latin one, so its Arabic
    /// chain comes back after the clear): every code point of a span gets the font, language and size
    /// it gets in its span alone.
    @Test func moreChainsThanTheMemoHolds() {
        let piece = "عربي abc عربي "
        let count = piece.unicodeScalars.count
        var spans: [TextSpan] = []
        for j in 0..<40 {
            var span = TextSpan(range: (4 + j * count)..<(4 + (j + 1) * count), weight: j % 2 == 0 ? .regular : .bold)
            span.size = Double(10 + j)
            spans.append(span)
        }
        var whole = TextBuffer()
        whole.load("abc " + String(repeating: piece, count: 40), digits: .western)
        let options = LayoutOptions(locale: LocaleTag("ar"))
        var scratch = ItemizeScratch()
        let together = Self.fonts(whole, AttributeMap(spans: spans, options: options, count: whole.count), scratch: &scratch)
        #expect(scratch.memos.count < 81)  // cleared on the way
        var alone = TextBuffer()
        alone.load(piece, digits: .western)
        for (j, span) in spans.enumerated() {
            var one = span
            one.range = 0..<count
            var fresh = ItemizeScratch()
            let expected = Self.fonts(alone, AttributeMap(spans: [one], options: options, count: count), scratch: &fresh)
            #expect(Array(together[(4 + j * count)..<(4 + (j + 1) * count)]) == expected, "span \(j)")
        }
        #expect(Set(together.dropFirst(4).map { $0.split(separator: " ").dropLast(2).joined(separator: " ") }).count == 4)
    }
}
