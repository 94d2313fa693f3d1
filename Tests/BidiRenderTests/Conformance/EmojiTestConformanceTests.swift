// UTS #51 against its own test file, emoji-test.txt (Debian's unicode-data, Emoji 15.0), through the
// whole layout (issue #37): every fully-qualified sequence and every component is one grapheme
// cluster, one cluster in the layout and, in Noto Color Emoji (Debian's fonts-noto-color-emoji, the
// colour font fontconfig gives), one glyph; the sequences the font draws with more than one glyph
// are listed, so a new font version that changes them fails here.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EmojiTestConformanceTests {
    static let engine = LayoutEngine(registry: try! FontRegistry.embedded())

    /// What the layout makes of one sequence alone: its grapheme count, whether every glyph belongs
    /// to the cluster at 0, the families of its runs and its glyph count.
    static func shape(_ sequence: String) throws -> (graphemes: Int, oneCluster: Bool, families: Set<String>, glyphs: Int) {
        let layout = try engine.layout(sequence, options: LayoutOptions(direction: .leftToRight))
        let runs = layout.lines.flatMap(\.runs)
        let glyphs = layout.glyphs
        let graphemes = (0..<layout.graphemes.count).filter { layout.graphemes.isBoundary($0) }.count
        return (graphemes, glyphs.allSatisfy { $0.cluster == 0 }, Set(runs.map(\.font.family)), glyphs.count)
    }

    /// The fully-qualified sequences Noto Color Emoji (Debian 12's) draws with more than one glyph,
    /// as hex: none today, every one of the 3,655 is one glyph. A font that lacks some (an older one,
    /// or a newer emoji version) lists them here, each still one cluster in the colour font.
    static let drawnInPieces: Set<String> = []

    @Test(arguments: ["fully-qualified", "component"])
    func everySequenceIsOneClusterAndOneGlyph(status: String) throws {
        let list = try JumbomojiTests.sequences(status)
        var pieces: [String] = []
        for sequence in list {
            let result = try Self.shape(sequence)
            #expect(result.graphemes == 1, "\(JumbomojiTests.hex(sequence)): \(result.graphemes) grapheme clusters")
            #expect(result.oneCluster, "\(JumbomojiTests.hex(sequence)): glyphs of more than one cluster")
            #expect(result.families == ["Noto Color Emoji"], "\(JumbomojiTests.hex(sequence)): \(result.families)")
            if result.glyphs != 1 { pieces.append(JumbomojiTests.hex(sequence)) }
        }
        #expect(Set(pieces) == Self.drawnInPieces, "drawn with more than one glyph: \(pieces)")
    }

    /// UTS #51 §4's presentation of a sequence, from the standard library's Unicode properties (not
    /// ICU, which the engine asks): emoji when it holds U+FE0F, a ZWJ, a keycap, a flag, a tag or a
    /// modifier after its base, or when its base is Emoji_Presentation; text otherwise.
    static func hasEmojiPresentation(_ sequence: String) -> Bool {
        let scalars = Array(sequence.unicodeScalars)
        guard let base = scalars.first else { return false }
        if base.properties.isEmojiPresentation { return true }
        for (k, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0xFE0F, 0x200D, 0x20E3, 0xE0020...0xE007F, 0x1F1E6...0x1F1FF: return true
            default: if k > 0 && scalar.properties.isEmojiModifier { return true }
            }
        }
        return false
    }

    /// The minimally-qualified and unqualified sequences are one grapheme cluster and one cluster in
    /// the layout too; those with emoji presentation (all 827 minimally-qualified ones, 35 of the
    /// 242 unqualified) take the colour font. The others (a text-default base without U+FE0F: "☺",
    /// "✌") take the usual chain, whose first font that has the character may still be the colour
    /// one when no text font of the manifest or of fontconfig has it.
    @Test(arguments: [("minimally-qualified", 827, 827), ("unqualified", 242, 35)])
    func otherSequencesFollowTheirPresentation(status: String, count: Int, emoji: Int) throws {
        let list = try JumbomojiTests.sequences(status)
        #expect(list.count == count)
        #expect(list.filter(Self.hasEmojiPresentation).count == emoji)
        for sequence in list {
            let result = try Self.shape(sequence)
            #expect(result.graphemes == 1 && result.oneCluster, "\(JumbomojiTests.hex(sequence))")
            if Self.hasEmojiPresentation(sequence) {
                #expect(result.families == ["Noto Color Emoji"], "\(JumbomojiTests.hex(sequence)): \(result.families)")
            }
        }
    }
}
