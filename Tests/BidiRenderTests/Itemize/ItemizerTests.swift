// Itemizer: items of one level, script, font and language that partition a paragraph, with a
// mention resolved as one unit.
import Testing
@testable import BidiRender

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
            cache: nil, scratch: &scratch, fallbacks: &fallbacks)
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
