// Emoji presentation (UTS #51 §4) and font continuity: emoji-presentation clusters in the colour emoji
// font (fontconfig's, or the manifest's "emoji" package), U+FE0E in a text font, one cluster one font;
// a Common cluster kept in the font before it.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct EmojiFontTests {
    static let emojiFile = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    static let engine = LayoutEngine(registry: TestFonts.withSystem)

    /// A registry with no system fonts whose manifest has a default package and an "emoji" package.
    static let manifestEmoji: FontRegistry = {
        let dir = try! TestDirectory.fresh("emoji-manifest")
        let sans = try! #require(FontRegistry.defaultManifestPath).replacingOccurrences(
            of: "fonts.json", with: "NotoSans/NotoSans-Regular.ttf")
        let json = """
            {"packages": [{"locale": "default", "fonts": [{"weight": 400, "file": "\(sans)"}]},
                          {"locale": "emoji", "fonts": [{"weight": 400, "file": "\(emojiFile)"}]}]}
            """
        let path = dir.appendingPathComponent("fonts.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return try! FontRegistry(manifestPath: path, systemFallback: false, allowsPathsOutsideFolder: true)
    }()

    static func runs(_ text: String, engine: LayoutEngine = engine, locale: String = "default") throws -> [LayoutRun] {
        try laidOut(text, engine: engine, locale: locale).lines.flatMap(\.runs)
    }

    static func laidOut(_ text: String, engine: LayoutEngine = engine, locale: String = "default") throws -> Layout {
        try engine.layout(text, options: LayoutOptions(direction: .leftToRight, locale: LocaleTag(locale)))
    }

    static func font(of offset: Int, in runs: [LayoutRun]) -> String? {
        runs.first { $0.range.contains(offset) }.map { $0.font.family }
    }

    /// The cases: text-default pictographs with U+FE0F, Emoji_Presentation ones, a ZWJ family, a
    /// keycap, a flag, a tag sequence (England) and a skin tone: each one cluster in Noto Color Emoji.
    @Test(arguments: ["😂", "😍", "❤️", "☺️", "👍", "🥰", "👨‍👩‍👧‍👦", "1️⃣", "🇫🇷", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "👋🏽"])
    func emojiPresentationTakesTheColourFont(emoji: String) throws {
        let layout = try Self.laidOut("a " + emoji + " b")
        let runs = layout.lines.flatMap(\.runs)
        let count = emoji.unicodeScalars.count
        let emojiRuns = runs.filter { $0.range.overlaps(2..<(2 + count)) }
        #expect(emojiRuns.count == 1 && emojiRuns[0].range == 2..<(2 + count), "\(runs.map(\.range))")
        #expect(emojiRuns.first?.font.file == Self.emojiFile, "\(emojiRuns.map(\.font.family))")
        // One cluster: every glyph of the run has the cluster's first offset.
        #expect(emojiRuns.first.map { layout.glyphs(of: $0) }?.allSatisfy { $0.cluster == 2 } == true)
        // The spaces around it stay in the text font.
        #expect(Self.font(of: 1, in: runs) == "Noto Sans" && Self.font(of: 2 + count, in: runs) == "Noto Sans")
    }

    /// U+FE0E asks for text presentation: a font that is not a colour one.
    @Test func textPresentationSelectorTakesATextFont() throws {
        let layout = try Self.laidOut("❤︎")
        let runs = layout.lines.flatMap(\.runs)
        #expect(runs.count == 1)
        #expect(runs[0].font.file != Self.emojiFile)
        #expect(!layout.glyphs.isEmpty && layout.glyphs[0].id != 0)
    }

    /// U+FE0E on an emoji no text font has: the colour glyph rather than .notdef.
    @Test func textPresentationWithoutATextFontKeepsTheColourGlyph() throws {
        let layout = try Self.laidOut("🥰\u{FE0E}")
        let runs = layout.lines.flatMap(\.runs)
        #expect(runs.count == 1 && layout.glyphs.first?.id != 0, "\(runs.map(\.font.family))")
    }

    @Test func classification() {
        func of(_ s: String) -> EmojiPresentation? {
            s.unicodeScalars.map(\.value).withUnsafeBufferPointer { EmojiPresentation.of($0) }
        }
        #expect(of("a") == nil && of("☺") == nil && of("1") == nil && of("中") == nil && of("é") == nil)
        #expect(of("☺️") == .emoji && of("😂") == .emoji && of("1⃣") == .emoji && of("🇫🇷") == .emoji)
        #expect(of("❤︎") == .text && of("😂︎") == .text)
    }

    /// The manifest's "emoji" package serves emoji without fontconfig.
    @Test func manifestEmojiPackage() throws {
        let engine = LayoutEngine(registry: Self.manifestEmoji)
        let layout = try engine.layout("ok 😂", options: LayoutOptions(direction: .leftToRight))
        let runs = layout.lines.flatMap(\.runs)
        #expect(runs.map(\.font.file).last == Self.emojiFile)
        #expect(layout.fallbacks.isEmpty)
    }

    /// Without an "emoji" package and without fontconfig no font can serve emoji: the registry says
    /// so (layout then skips asking it per emoji), and the emoji takes the text chain with the same
    /// glyphs as when it is asked.
    @Test func noEmojiSourceLeavesEmojiToTheChain() throws {
        let bare = try FontRegistry.embedded(systemFallback: false)
        #expect(!bare.hasEmojiSource)
        #expect(Self.manifestEmoji.hasEmojiSource && TestFonts.withSystem.hasEmojiSource)
        #expect(bare.emojiFont(for: "😂".unicodeScalars) == nil)
        let layout = try LayoutEngine(registry: bare).layout("ok 😂 ☀️", options: LayoutOptions(direction: .leftToRight))
        let runs = layout.lines.flatMap(\.runs)
        #expect(runs.allSatisfy { $0.font.file != Self.emojiFile })
        // The chain's font, .notdef (nothing covers them) for 😂 (offset 3) and ☀ (offset 5, its
        // U+FE0F hidden in the same cluster), the spaces and letters in Noto Sans.
        let glyphs = layout.glyphs
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 5], "\(glyphs)")
        #expect(glyphs.filter { $0.id == 0 }.map(\.cluster) == [3, 5], "\(glyphs)")
        #expect(layout.lines[0].runs.allSatisfy { $0.font.family == "Noto Sans" })
    }

    /// An emoji-only line has the height of its emoji: the CBDT strike's ascender and descender,
    /// scaled by size / ppem (not 0, as FreeType's outline metrics of a bitmap-only face are).
    @Test(arguments: [16.0, 32.0])
    func emojiLineHasItsStrikeHeight(size: Double) throws {
        let layout = try Self.engine.layout("👍", options: LayoutOptions(size: size))
        let line = try #require(layout.lines.first)
        let run = try #require(line.runs.first)
        #expect(run.font.file == Self.emojiFile)
        // Noto Color Emoji's 109 ppem strike: ascender 101 px, descender 27 px (FreeType gives the
        // face 0 for both as outline metrics); the line holds them.
        let emoji = try #require(TestFonts.withSystem.emojiFont(for: "👍".unicodeScalars))
        let m = emoji.font.metrics(size: size)
        #expect(abs(m.ascent - 101 * size / 109) < 1e-9 && abs(m.descent - 27 * size / 109) < 1e-9, "\(m)")
        #expect(line.ascent >= m.ascent && line.descent >= m.descent)
        // Through the manifest's "emoji" package too.
        let alone = try LayoutEngine(registry: Self.manifestEmoji).layout("👍", options: LayoutOptions(size: size))
        #expect(alone.lines[0].runs.first?.font.file == Self.emojiFile)
        #expect(alone.lines[0].ascent + alone.lines[0].descent >= m.ascent + m.descent)
        #expect(layout.height >= line.ascent + line.descent)
        // The glyph's bitmap top (its y offset) lies inside the line box.
        #expect(line.top >= 0 && line.baseline <= layout.height)
    }

    /// Font continuity: a Common or Inherited cluster stays in the font before it when it covers it.
    @Test func emailInArabicUIIsOneRun() throws {
        let runs = try TestLayout.engine.layout(
            "ali@example.com", options: LayoutOptions(direction: .leftToRight, locale: LocaleTag("ar"))
        ).lines.flatMap(\.runs)
        #expect(runs.count == 1 && runs[0].font.family == "Noto Sans", "\(runs.map { ($0.range, $0.font.family) })")
    }

    @Test func bracketsAfterHanStayInTheCJKFont() throws {
        let runs = try TestLayout.engine.layout(
            "小明（你好）(ok)", options: LayoutOptions(direction: .leftToRight, locale: LocaleTag("ar"))
        ).lines.flatMap(\.runs)
        let cjk = try #require(runs.first).font.family
        #expect(cjk.contains("CJK") || cjk.contains("SC"))
        for offset in [2, 5, 6] { #expect(Self.font(of: offset, in: runs) == cjk, "\(offset)") }
    }
}
