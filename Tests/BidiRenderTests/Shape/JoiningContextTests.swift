// The joining context at a run's edge passes over combining marks, as HarfBuzz's joining does: a run
// that starts right after "كِ" (kaf, kasra) still joins to the kaf (HarfBuzz's item-context case,
// as a layout meets it at a span boundary inside a word).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct JoiningContextTests {
    static let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

    /// The glyph ids of the layout's runs, in visual order, with their clusters.
    static func glyphs(_ layout: Layout) -> [(id: UInt32, cluster: Int)] {
        layout.glyphs.map { ($0.id, $0.cluster) }
    }

    /// A bold span from the letter after the mark: the letters after the cut take the forms they
    /// have when the whole word is bold (the cut changes the font of the letters, not their joining).
    @Test(arguments: [("كِتاب", 2), ("مُحَمَّد", 2), ("مُحَمَّد", 4), ("بِسْمِ", 4)])
    func runAfterAMarkJoinsToTheLetterBeforeIt(word: String, cut: Int) throws {
        let count = word.unicodeScalars.count
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar", size: 20)
        let split = try Self.engine.layout(word, spans: [TextSpan(range: cut..<count, weight: .bold)], options: options)
        let whole = try Self.engine.layout(word, spans: [TextSpan(range: 0..<count, weight: .bold)], options: options)
        #expect(split.lines[0].runs.count == 2)
        let after = { (layout: Layout) in Self.glyphs(layout).filter { $0.cluster >= cut }.map(\.id) }
        #expect(after(split) == after(whole), "\(word) cut at \(cut)")
    }
}
