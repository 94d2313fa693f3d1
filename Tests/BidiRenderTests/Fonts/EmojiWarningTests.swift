// The missing colour emoji font (issue #39): a layout with an emoji that no colour font covers says
// so in `Layout.warnings`, naming the Debian package. The warning is part of the layout's value: the
// same call gives the same layout whatever ran before (the CLI prints it once per run).
import Testing
@testable import BidiRender

@Suite struct EmojiWarningTests {
    /// No emoji package and no fontconfig: no colour font at all.
    static func bareEngine() throws -> LayoutEngine {
        LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    }

    @Test func aLayoutWithAnEmojiSaysSo() throws {
        let engine = try Self.bareEngine()
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar")
        #expect(try engine.layout("مرحبا @sam", options: options).warnings == [])
        let first = try engine.layout("مرحبا 😀", options: options)
        #expect(first.warnings == [FontRegistry.missingEmojiWarningWithoutSystemFonts])
        #expect(first.warnings.first?.contains("system fonts are off") == true)
        // The text is still laid out: the emoji has a run (a monochrome glyph or .notdef).
        #expect(first.lines.first?.runs.contains { $0.range.contains(6) } == true)
        // Equal calls, equal layouts; a later call without an emoji says nothing.
        #expect(try engine.layout("مرحبا 😀", options: options) == first)
        #expect(try engine.layout("👍", options: options).warnings == [FontRegistry.missingEmojiWarningWithoutSystemFonts])
        #expect(try engine.layout("ok", options: options).warnings == [])
    }

    /// A prepared text keeps what its preparing said, and lays out as the engine does.
    @Test func preparedTextCarriesItsWarning() throws {
        let engine = try Self.bareEngine()
        let options = LayoutOptions(direction: .leftToRight, maxWidth: 40)
        let prepared = try engine.prepare("ok 🎉 fine", options: options)
        for width in [40.0, 400] {
            #expect(try prepared.layout(width: width, maxLines: nil).warnings == [FontRegistry.missingEmojiWarningWithoutSystemFonts])
        }
        #expect(try prepared.layout(width: 40, maxLines: nil) == engine.layout("ok 🎉 fine", options: options))
    }

    /// With fontconfig (fonts-noto-color-emoji is among make's packages) the emoji has its colour font.
    @Test func noWarningWhenAColourFontIsFound() throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded())
        let layout = try engine.layout("ok 😀", options: LayoutOptions(direction: .leftToRight))
        #expect(layout.warnings == [])
        #expect(layout.lines.first?.runs.contains { $0.font.family == "Noto Color Emoji" } == true)
    }

    /// Only what the lines show: an emoji past a truncation's cut says nothing, and a prepared text
    /// laid out with a line limit gives the engine's layout, warnings included.
    @Test func anEmojiPastTheCutSaysNothing() throws {
        let engine = try Self.bareEngine()
        let text = "first paragraph\nsecond 😀\nthird 🎉"
        var options = LayoutOptions(direction: .leftToRight, maxWidth: 300)
        options.maxLines = 1
        let cut = try engine.layout(text, options: options)
        #expect(cut.truncated && cut.warnings == [])
        options.maxLines = 2
        #expect(try engine.layout(text, options: options).warnings == [FontRegistry.missingEmojiWarningWithoutSystemFonts])
        let prepared = try engine.prepare(text, options: options)
        for maxLines in [1, 2, 3] {
            options.maxLines = maxLines
            #expect(try prepared.layout(width: 300, maxLines: maxLines) == engine.layout(text, options: options))
        }
        // Within one paragraph too: "ok 😀" cut before the emoji.
        options.maxLines = 1
        options.maxWidth = 30
        let short = try engine.layout("ok ok ok ok 😀", options: options)
        #expect(short.truncated && short.warnings == [])
    }
}
