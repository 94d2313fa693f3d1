// The missing colour emoji font (issue #39): the first layout of a registry that meets an emoji no
// colour font covers says so in `Layout.warnings`, naming the Debian package; later ones do not.
import Testing
@testable import BidiRender

@Suite struct EmojiWarningTests {
    /// No emoji package and no fontconfig: no colour font at all.
    static func bareEngine() throws -> LayoutEngine {
        LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
    }

    @Test func firstLayoutWithAnEmojiSaysSoOnce() throws {
        let engine = try Self.bareEngine()
        let options = LayoutOptions(direction: .rightToLeft, locale: "ar")
        // Text with no emoji says nothing and does not use the warning up.
        #expect(try engine.layout("مرحبا @sam", options: options).warnings == [])
        let first = try engine.layout("مرحبا 😀", options: options)
        #expect(first.warnings == [FontRegistry.missingEmojiWarning])
        #expect(first.warnings.first?.contains("fonts-noto-color-emoji") == true)
        // The text is still laid out: the emoji has a run (a monochrome glyph or .notdef).
        #expect(first.lines.first?.runs.contains { $0.range.contains(6) } == true)
        #expect(try engine.layout("👍", options: options).warnings == [])
        #expect(try engine.prepare("👍 ok", options: options).layout(width: 100, maxLines: nil).warnings == [])
    }

    /// A prepared text keeps what its preparing said: each of its layouts carries the warning.
    @Test func preparedTextCarriesItsWarning() throws {
        let engine = try Self.bareEngine()
        let prepared = try engine.prepare("ok 🎉", options: LayoutOptions(direction: .leftToRight))
        for width in [40.0, 400] {
            #expect(try prepared.layout(width: width, maxLines: nil).warnings == [FontRegistry.missingEmojiWarning])
        }
    }

    /// With fontconfig (fonts-noto-color-emoji is among make's packages) the emoji has its colour font.
    @Test func noWarningWhenAColourFontIsFound() throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded())
        let layout = try engine.layout("ok 😀", options: LayoutOptions(direction: .leftToRight))
        #expect(layout.warnings == [])
        #expect(layout.lines.first?.runs.contains { $0.font.family == "Noto Color Emoji" } == true)
    }
}
