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
        #expect(first.warnings == [FontRegistry.missingEmojiWarning])
        #expect(first.warnings.first?.contains("fonts-noto-color-emoji") == true)
        // The text is still laid out: the emoji has a run (a monochrome glyph or .notdef).
        #expect(first.lines.first?.runs.contains { $0.range.contains(6) } == true)
        // Equal calls, equal layouts; a later call without an emoji says nothing.
        #expect(try engine.layout("مرحبا 😀", options: options) == first)
        #expect(try engine.layout("👍", options: options).warnings == [FontRegistry.missingEmojiWarning])
        #expect(try engine.layout("ok", options: options).warnings == [])
    }

    /// A prepared text keeps what its preparing said, and lays out as the engine does.
    @Test func preparedTextCarriesItsWarning() throws {
        let engine = try Self.bareEngine()
        let options = LayoutOptions(direction: .leftToRight, maxWidth: 40)
        let prepared = try engine.prepare("ok 🎉 fine", options: options)
        for width in [40.0, 400] {
            #expect(try prepared.layout(width: width, maxLines: nil).warnings == [FontRegistry.missingEmojiWarning])
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
}
