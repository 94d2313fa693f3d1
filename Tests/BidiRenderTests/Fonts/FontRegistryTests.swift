// The fallback chain over the embedded fonts: script overrides, locale packages, weights, italic,
// whole clusters, fontconfig and .notdef.
import Testing
@_spi(Tools) @testable import BidiRender

/// The embedded registry, loaded once for the whole test run: without system fonts (reproducible),
/// and with them.
enum TestFonts {
    static let registry: FontRegistry = try! FontRegistry.embedded(systemFallback: false)
    static let withSystem: FontRegistry = try! FontRegistry.embedded(systemFallback: true)

    static func file(_ choice: FontChoice) -> String {
        String(choice.font.descriptor.file.split(separator: "/").last ?? "")
    }
}

@Suite struct FontRegistryTests {
    /// Chinese inside Arabic text gets the Chinese font whatever the locale (the `scripts` override).
    @Test(arguments: ["ar", "ar-EG", "en-US", "fa", "zh-CN", "zh-TW", "ja", "xx-unknown", "default"])
    func chineseAlwaysGetsTheChineseFont(locale: String) {
        let scalars = Array("小明بدأ".unicodeScalars)
        let scripts = ScriptResolver.resolve(scalars)
        #expect(scripts == ["Hani", "Hani", "Arab", "Arab", "Arab"])
        let choice = TestFonts.registry.font(
            for: [scalars[0]], script: scripts[0], locale: LocaleTag(locale), weight: .regular)
        #expect(TestFonts.file(choice) == "NotoSansSC-Regular.otf")
        #expect(choice.source == .scriptPackage(script: "Hani", locale: "zh-Hans"))
    }

    @Test(arguments: [
        // (text, locale, weight, expected file, expected source)
        ("م", "ar", 300, "NotoSansArabic-Light.ttf", FontSource.scriptPackage(script: "Arab", locale: "ar")),
        ("م", "ar-EG", 500, "NotoSansArabic-Medium.ttf", .scriptPackage(script: "Arab", locale: "ar")),
        ("م", "ar", 600, "NotoSansArabic-Bold.ttf", .scriptPackage(script: "Arab", locale: "ar")),
        ("我", "ar", 500, "NotoSansSC-Regular.otf", .scriptPackage(script: "Hani", locale: "zh-Hans")),  // medium → Regular
        ("我", "ar", 600, "NotoSansSC-Bold.otf", .scriptPackage(script: "Hani", locale: "zh-Hans")),  // semibold → Bold
        ("a", "ar", 400, "NotoSans-Regular.ttf", .defaultPackage),  // the Arabic font has no Latin letters
        ("1", "ar", 400, "NotoSansArabic-Regular.ttf", .localePackage(locale: "ar")),  // but has digits
        ("a", "en-US", 700, "NotoSans-Bold.ttf", .defaultPackage),
        ("ж", "ru", 300, "NotoSans-Light.ttf", .defaultPackage),
        ("ế", "vi-VN", 400, "NotoSans-Regular.ttf", .defaultPackage),
    ])
    func chainPicksPackageAndWeight(text: String, locale: String, weight: Int, file: String, source: FontSource) {
        let choice = TestFonts.registry.choice(for: text, locale: LocaleTag(locale), weight: FontWeight(weight)!)
        #expect(TestFonts.file(choice) == file)
        #expect(choice.source == source)
    }

    /// The explain chain lists the packages in order with the weight asked and given.
    @Test func chainSteps() {
        let chain = TestFonts.registry.chain(script: "Hani", locale: LocaleTag("ar-EG"), weight: .medium, style: .normal)
        #expect(chain.map(\.source) == [
            .scriptPackage(script: "Hani", locale: "zh-Hans"), .localePackage(locale: "ar"), .defaultPackage,
        ])
        #expect(chain.map(\.font.descriptor.weight.value) == [400, 500, 500])
        #expect(chain[0].weightReason.contains("CSS Fonts 4"))
        #expect(chain[1].weightReason == "exact")
    }

    /// Italic asked for, none in the package: the upright face of the matched weight, flagged.
    @Test func italicFallsBackToUpright() {
        let choice = TestFonts.registry.choice(for: "ש", locale: LocaleTag("he"), weight: .bold, style: .italic)
        #expect(TestFonts.file(choice) == "NotoSansHebrew-Bold.ttf")
        #expect(choice.italicMissing)
        #expect(choice.font.descriptor.style == .normal)
        #expect(choice.italicRule == .synthesize)
    }

    /// A cluster is never split: the font must cover the base and all its marks.
    @Test func clustersStayInOneFont() {
        let harakat = TestFonts.registry.choice(for: "بَّ", locale: LocaleTag("en"), weight: .regular)
        #expect(TestFonts.file(harakat) == "NotoSansArabic-Regular.ttf")
        let accented = TestFonts.registry.choice(for: "e\u{301}", locale: LocaleTag("ar"), weight: .regular)
        #expect(accented.font.covers("e\u{301}"))
        // A Latin base with an Arabic mark: no embedded font has both, and the cluster is not split
        // between two fonts: it is reported as .notdef in the chain's first font.
        let mixed = TestFonts.registry.choice(for: "a\u{64E}", script: "Latn", locale: LocaleTag("en"), weight: .regular)
        #expect(mixed.source == .notdef)
        #expect(TestFonts.file(mixed) == "NotoSans-Regular.ttf")
    }

    /// No embedded font covers Armenian: fontconfig finds a system font (DejaVu Sans has it), or
    /// without it, .notdef.
    @Test func uncoveredCharactersGoToFontconfigOrNotdef() {
        let offline = TestFonts.registry.choice(for: "Ա", locale: LocaleTag("hy"), weight: .regular)
        #expect(offline.source == .notdef)
        #expect(!offline.font.covers("Ա"))
        let system = TestFonts.withSystem.choice(for: "Ա", locale: LocaleTag("hy"), weight: .regular)
        #expect(system.source == .system)
        #expect(system.font.covers("Ա"))
        // An unassigned code point is in no font at all.
        let unassigned = TestFonts.withSystem.choice(for: "\u{378}", locale: LocaleTag("el"), weight: .regular)
        #expect(unassigned.source == .notdef)
    }

    /// Faces are loaded once: the same choice twice gives the same Font object.
    @Test func facesAreShared() {
        let a = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular)
        let b = TestFonts.registry.choice(for: "ب", locale: LocaleTag("fa"), weight: .regular)
        #expect(a.font === b.font)
    }

    @Test func metricsComeFromTheFont() {
        let font = TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .regular).font
        let metrics = font.metrics(size: 20)
        #expect(metrics.unitsPerEm == 1000)
        #expect(metrics.ascent > 15 && metrics.ascent < 25)
        #expect(metrics.descent > 3 && metrics.descent < 8)
        #expect(metrics.lineGap >= 0)
    }
}

@Suite struct CoverageTests {
    @Test func coverageBitmapEqualsTheCmap() {
        // Each face's bitmap against FreeType's own cmap lookup.
        for font in [TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font,
                     TestFonts.registry.choice(for: "我", locale: LocaleTag("ar"), weight: .regular).font] {
            var mismatches = 0
            for value in UInt32(0)...0x2FFFF where font.hbFont.hasGlyph(value) != (font.face.glyphIndex(value) != 0) {
                mismatches += 1
            }
            #expect(mismatches == 0, "\(font.descriptor.file)")
        }
    }
}
