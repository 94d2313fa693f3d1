// Font faces: weight ranges (CSS Fonts 4 §5.2), the package italic rule, variable instances (Debian's
// fonts-inter-variable) and synthetic obliques, checked against hb-shape and in pixels and SVG paths.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

enum TestFaces {
    /// Debian's Inter, a variable font with a wght axis 100–900 (fonts-inter-variable).
    static let interPath = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"

    /// A manifest with Inter as one variable face of `weights`, in a fresh folder.
    static func interRegistry(weights: String = "100 900") throws -> FontRegistry {
        let path = try manifestFile(
            "{\"packages\": [{\"locale\": \"default\", \"fonts\": [{\"weight\": \"\(weights)\", \"file\": \"\(interPath)\"}]}]}")
        return try FontRegistry(manifestPath: path, systemFallback: false, allowsPathsOutsideFolder: true)
    }

    static let inter: FontRegistry = try! interRegistry()

    /// Ink on a transparent background.
    static let transparent = RenderOptions(background: .transparent, padding: 10)

    static func layout(
        _ text: String, registry: FontRegistry = TestFonts.registry, locale: String = "en", weight: Int = 400,
        style: FontStyle = .normal, size: Double = 32, digits: DigitSubstitution = .western
    ) throws -> Layout {
        try LayoutEngine(registry: registry).layout(
            text,
            options: LayoutOptions(
                direction: .auto, locale: LocaleTag(locale), weight: FontWeight(weight)!, style: style, size: size,
                digits: digits))
    }

    /// The ink's mean x in the top and in the bottom third of its rows.
    static func inkLean(_ image: RGBAImage) -> (top: Double, bottom: Double) {
        let ink = TestRender.ink(image)
        let rows = ink.map(\.y)
        let (low, high) = (rows.min()!, rows.max()!)
        let third = max(1, (high - low) / 3)
        func meanX(_ band: ClosedRange<Int>) -> Double {
            let xs = ink.filter { band.contains($0.y) }.map { Double($0.x) }
            return xs.reduce(0, +) / Double(xs.count)
        }
        return (meanX(low...(low + third)), meanX((high - third)...high))
    }
}

@Suite struct FontWeightRangeTests {
    /// A range that holds the weight matches it exactly; otherwise the nearest end by §5.2's order.
    @Test(arguments: [
        (350, [100...900], 0, 350), (50, [100...900], 0, 100), (950, [100...900], 0, 900),
        (600, [300...300, 400...500], 1, 500), (450, [200...300, 600...700], 0, 300),
        (450, [200...300, 480...700], 1, 480), (300, [400...400, 100...200], 1, 200), (700, [300...300, 400...700], 1, 700),
    ])
    func rangesMatch(asked: Int, ranges: [ClosedRange<Int>], index: Int, weight: Int) {
        let available = ranges.map { FontWeight($0.lowerBound)!...FontWeight($0.upperBound)! }
        let match = FontWeight(asked)!.match(in: available)
        #expect(match?.index == index)
        #expect(match?.weight.value == weight)
    }

    /// Static faces through `match` agree with `nearest(in:)` on every weight.
    @Test func staticFacesAgreeWithNearest() {
        let weights: [FontWeight] = [.light, .regular, .medium, .bold]
        for asked in stride(from: 1, through: 1000, by: 1) {
            let w = FontWeight(asked)!
            #expect(w.match(in: weights.map { $0...$0 })?.weight == w.nearest(in: weights))
        }
    }
}

@Suite struct ItalicPolicyTests {
    @Test(arguments: [
        ("", ItalicPolicy.synthesize), (",\"italic\": \"synthesize\"", .synthesize), (",\"italic\": \"upright\"", .upright),
        (",\"italic\": {\"weight\": 500}", .weight(.medium)), (",\"italic\": {\"weight\": \"bold\"}", .weight(.bold)),
    ])
    func policiesParse(key: String, policy: ItalicPolicy) throws {
        let path = try manifestFile("{\"packages\": [{\"locale\": \"en\"\(key), \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}")
        #expect(try FontManifest(contentsOf: path).package("en")?.italic == policy)
    }

    @Test(arguments: [
        ("{\"packages\": [{\"locale\": \"en\",\n \"italic\": \"slanted\", \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].italic", "not \"slanted\""),
        ("{\"packages\": [{\"locale\": \"en\",\n \"italic\": {\"wheight\": 500}, \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].italic.wheight", "unknown key"),
        ("{\"packages\": [{\"locale\": \"en\", \"italic\": {\n \"weight\": 5000}, \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].italic.weight", "1 to 1000"),
        ("{\"packages\": [{\"locale\": \"en\", \"italic\": 3,\n \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 1, "packages[0].italic", "must be"),
        ("{\"packages\": [{\"locale\": \"en\", \"fonts\": [\n {\"weight\": \"100 x\", \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].weight", "each end"),
        ("{\"packages\": [{\"locale\": \"en\", \"fonts\": [\n {\"weight\": \"900 100\", \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].weight", "above its second"),
        ("{\"packages\": [{\"locale\": \"en\", \"fonts\": [\n {\"weight\": \"100 500 900\", \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[0].weight", "two weights"),
        ("{\"packages\": [{\"locale\": \"en\", \"fonts\": [{\"weight\": \"100 500\", \"file\": \"a.ttf\"},\n {\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].fonts[1]", "a second normal"),
        ("{\"packages\": [{\"locale\": \"ur\",\n \"scripts\": [\"Arabic\"], \"fonts\": [{\"weight\": 400, \"file\": \"a.ttf\"}]}]}", 2, "packages[0].scripts[0]", "ISO 15924"),
    ])
    func badValuesSayWhereAndWhat(text: String, line: Int, key: String, reason: String) throws {
        let path = try manifestFile(text)
        #expect {
            _ = try FontManifest(contentsOf: path)
        } throws: { error in
            guard case .manifest(let file, let gotLine, let gotKey, let gotReason) = error as? BidiRenderError else { return false }
            return file == path && gotLine == line && gotKey == key && gotReason.contains(reason)
        }
    }

    /// A range on a static font is refused where the manifest names it.
    @Test func rangeOnAStaticFontIsRefused() throws {
        let dir = try TestDirectory.fresh("static-range")
        let regular = try #require(TestFonts.registry.manifest.package("default")?.fonts.first { $0.weight == .regular })
        try FileManager.default.copyItem(atPath: regular.file, toPath: dir.appendingPathComponent("r.ttf").path)
        let path = dir.appendingPathComponent("fonts.json").path
        try Data("{\"packages\": [{\"locale\": \"en\", \"fonts\": [\n {\"weight\": \"300 700\", \"file\": \"r.ttf\"}]}]}".utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try FontRegistry(manifestPath: path, systemFallback: false)
        } throws: { error in
            guard case .manifest(_, let line, let key, let reason) = error as? BidiRenderError else { return false }
            return line == 2 && key == "packages[0].fonts[0].weight" && reason.contains("no wght axis")
        }
    }

    /// The embedded Latin package synthesizes an oblique: the upright face, slanted by 0.2.
    @Test func latinItalicIsSynthesized() {
        let choice = TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .bold, style: .italic)
        #expect(TestFonts.file(choice) == "NotoSans-Bold.ttf")
        #expect(choice.italicRule == .synthesize)
        #expect(choice.font.descriptor.syntheticSlant == FontInstance.syntheticSlant)
        #expect(choice.font.descriptor.style == .normal)
        // One instance per face and slant: asked twice, the same font (shaping caches key on it).
        let again = TestFonts.registry.choice(for: "b", locale: LocaleTag("en"), weight: .bold, style: .italic)
        #expect(again.font === choice.font)
        #expect(TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .bold).font !== choice.font)
    }

    /// The embedded Arabic package takes the seed's rule: italic is Medium, upright.
    @Test func arabicItalicIsMedium() throws {
        let choice = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular, style: .italic)
        #expect(TestFonts.file(choice) == "NotoSansArabic-Medium.ttf")
        #expect(choice.italicRule == .weight(.medium))
        #expect(choice.font.descriptor.syntheticSlant == 0)
        let layout = try TestFaces.layout("مرحبا", locale: "ar", style: .italic)
        #expect(layout.lines[0].runs[0].font.weight == .medium)
    }

    /// HarfBuzz's synthetic slant moves a mark above a capital right by 0.2 of its height: our
    /// positions equal `hb-shape --font-slant=0.2`, and differ from the upright ones.
    @Test func slantedShapingEqualsHBShape() throws {
        let text = "Q\u{301}A\u{308}"
        let italic = TestFonts.registry.choice(for: "Q", locale: LocaleTag("en"), weight: .regular, style: .italic).font
        let upright = TestFonts.registry.choice(for: "Q", locale: LocaleTag("en"), weight: .regular).font
        func shape(_ font: Font) -> [HBShapeGlyph] {
            let scalars = Array(text.unicodeScalars)
            let size = Double(font.hbFont.unitsPerEm)
            return Shaper().shape(
                scalars, range: 0..<scalars.count, font: font, direction: .leftToRight, script: "Latn", language: "en", size: size
            ).glyphs.map {
                HBShapeGlyph(id: $0.id, cluster: $0.cluster, xOffset: Int($0.xOffset), yOffset: Int($0.yOffset), xAdvance: Int($0.xAdvance))
            }
        }
        let reference = try HBShape.run(
            font: italic.descriptor.file, text: text, fontSize: Int(italic.hbFont.unitsPerEm), direction: "ltr", script: "Latn",
            language: "en", extra: ["--font-slant=0.2"])
        #expect(shape(italic) == reference)
        #expect(shape(italic) != shape(upright))
    }

    /// The PNG of an italic word leans right: its top third's ink sits right of its bottom third's,
    /// by about 0.2 of the height apart; the upright word's does not.
    @Test func italicPixelsLean() throws {
        let upright = try TestRender.renderer.rgba(TestFaces.layout("lIl", size: 48), options: TestFaces.transparent)
        let italic = try TestRender.renderer.rgba(TestFaces.layout("lIl", style: .italic, size: 48), options: TestFaces.transparent)
        let (ut, ub) = TestFaces.inkLean(upright)
        let (it, ib) = TestFaces.inkLean(italic)
        #expect(abs(ut - ub) < 1)
        #expect(it - ib > 4)
    }

    /// The SVG draws the slanted outline: the italic glyph's path differs from the upright one.
    @Test func italicSVGOutlinesAreSheared() throws {
        let upright = try TestRender.renderer.svg(TestFaces.layout("l"))
        let italic = try TestRender.renderer.svg(TestFaces.layout("l", style: .italic))
        func path(_ svg: String) -> String? {
            svg.range(of: #"<path id="[^"]*" d="[^"]*""#, options: .regularExpression).map { String(svg[$0]) }
        }
        #expect(path(upright) != nil)
        #expect(path(italic) != nil)
        #expect(path(upright) != path(italic))
    }
}

@Suite struct VariableFontTests {
    func advance(_ weight: Int) throws -> Double {
        try TestFaces.layout("Hamburgefonstiv", registry: TestFaces.inter, weight: weight).lines[0].width
    }

    /// A weight inside the range is used exactly: 350 lies strictly between 300 and 400.
    @Test func instanceAdvancesLieBetween() throws {
        let (a, b, c) = (try advance(300), try advance(350), try advance(400))
        #expect(a < b && b < c)
        let run = try TestFaces.layout("H", registry: TestFaces.inter, weight: 350).lines[0].runs[0]
        #expect(run.font.weight.value == 350)
        #expect(run.font.variationWeight == 350)
    }

    /// The wght axis is set: our glyphs equal `hb-shape --variations=wght=350` on the same file.
    @Test(arguments: [250, 350, 777])
    func glyphsEqualHBShape(weight: Int) throws {
        let text = "Variable fonts, wght!"
        let font = TestFaces.inter.choice(for: "V", locale: LocaleTag("en"), weight: FontWeight(weight)!).font
        let upem = Int(font.hbFont.unitsPerEm)
        let scalars = Array(text.unicodeScalars)
        let ours = Shaper().shape(
            scalars, range: 0..<scalars.count, font: font, direction: .leftToRight, script: "Latn", language: "en",
            size: Double(upem)
        ).glyphs.map {
            HBShapeGlyph(id: $0.id, cluster: $0.cluster, xOffset: Int($0.xOffset), yOffset: Int($0.yOffset), xAdvance: Int($0.xAdvance))
        }
        let reference = try HBShape.run(
            font: TestFaces.interPath, text: text, fontSize: upem, direction: "ltr", script: "Latn", language: "en",
            extra: ["--variations=wght=\(weight)"])
        #expect(ours == reference)
    }

    /// Outside the manifest's range CSS Fonts 4 §5.2 clamps to its nearest end.
    @Test func outsideTheRangeClamps() throws {
        let registry = try TestFaces.interRegistry(weights: "300 600")
        let heavy = registry.choice(for: "a", locale: LocaleTag("en"), weight: .black)
        #expect(heavy.font.descriptor.variationWeight == 600)
        #expect(heavy.weightReason.contains("300–600"))
        let thin = registry.choice(for: "a", locale: LocaleTag("en"), weight: .thin)
        #expect(thin.font.descriptor.variationWeight == 300)
    }

    /// The PNG draws the instance: more ink at 350 than at 300, less than at 400; the SVG paths differ.
    @Test func instancesAreDrawn() throws {
        func ink(_ weight: Int) throws -> Int {
            let image = try TestRender.renderer.rgba(
                TestFaces.layout("Ink", registry: TestFaces.inter, weight: weight, size: 40), options: TestFaces.transparent)
            return TestRender.ink(image).reduce(0) { $0 + Int($1.alpha) }
        }
        let (a, b, c) = (try ink(300), try ink(350), try ink(400))
        #expect(a < b && b < c)
        let svg350 = try TestRender.renderer.svg(TestFaces.layout("I", registry: TestFaces.inter, weight: 350))
        let svg400 = try TestRender.renderer.svg(TestFaces.layout("I", registry: TestFaces.inter, weight: 400))
        #expect(svg350.contains("<path id="))
        #expect(svg350 != svg400)
    }

    /// JSON names the instance.
    @Test func jsonShowsTheInstance() throws {
        let json = try TestFaces.layout("a", registry: TestFaces.inter, weight: 350).jsonDocument()
        #expect(json.contains("\"weight\":350,\"style\":\"normal\""))
        #expect(json.contains("\"variation\":{\"wght\":350}"))
        let italic = try TestFaces.layout("a", style: .italic).jsonDocument()
        #expect(italic.contains("\"synthetic\":\"slant\",\"slant\":0.2"))
    }
}

@Suite struct ArabicSeparatorTests {
    /// "1,250.50" with Arabic-Indic digits reads ١٬٢٥٠٫٥٠: the glyphs of shaping that string
    /// directly, with the original offsets as clusters.
    @Test(arguments: [("ar-EG", "١٬٢٥٠٫٥٠"), ("fa", "۱٬۲۵۰٫۵۰")])
    func separatorsBetweenDigits(locale: String, expected: String) throws {
        let ours = try TestFaces.layout("1,250.50", locale: locale, digits: .locale).glyphs
        let direct = try TestFaces.layout(expected, locale: locale).glyphs
        #expect(ours.map(\.id) == direct.map(\.id))
        #expect(ours.map(\.cluster) == Array(0..<8))
        #expect(Set(ours.map(\.id)).count == 6)  // 1 2 5 0 and the two separators, no .notdef
        #expect(!ours.contains { $0.id == 0 })
    }

    /// Only between two digits; Western digits keep their separators.
    @Test func separatorsElsewhereStay() throws {
        var buffer = TextBuffer()
        buffer.load("1. a,2 3,x 4.5", digits: .arabicIndic)
        #expect(buffer.display.map { String($0, radix: 16) }.joined(separator: " ")
            == "661 2e 20 61 2c 662 20 663 2c 78 20 664 66b 665")
        buffer.load("1,250.50", digits: .western)
        #expect(buffer.display == Array("1,250.50".unicodeScalars.map(\.value)))
    }
}

@Suite struct HebrewUrduPackageTests {
    @Test(arguments: [
        ("ש", "he", 400, "NotoSansHebrew-Regular.ttf"), ("ש", "he", 700, "NotoSansHebrew-Bold.ttf"),
        ("ש", "iw", 700, "NotoSansHebrew-Bold.ttf"), ("ש", "en", 400, "NotoSansHebrew-Regular.ttf"),
        ("ی", "ur", 400, "NotoNastaliqUrdu-Regular.ttf"), ("ی", "ur-PK", 700, "NotoNastaliqUrdu-Regular.ttf"),
        ("ی", "ar", 400, "NotoSansArabic-Regular.ttf"), ("ی", "en", 400, "NotoSansArabic-Regular.ttf"),
        ("小", "ur", 400, "NotoSansSC-Regular.otf"),
    ])
    func packagesServeTheirText(text: String, locale: String, weight: Int, file: String) {
        let choice = TestFonts.registry.choice(for: text, locale: LocaleTag(locale), weight: FontWeight(weight)!)
        #expect(TestFonts.file(choice) == file)
    }

    /// Whole words shape without .notdef, and Urdu text takes Nastaliq for its digits too.
    @Test(arguments: [("שָׁלוֹם עוֹלָם", "he"), ("اردو زبان ۱۲۳", "ur")])
    func wordsHaveNoNotdef(text: String, locale: String) throws {
        let layout = try TestFaces.layout(text, locale: locale)
        #expect(layout.fallbacks.isEmpty)
        #expect(layout.glyphs.allSatisfy { $0.id != 0 })
    }
}

@Suite struct FontInstanceFailureTests {
    /// A variable instance that cannot be opened (its file deleted after the registry loaded it)
    /// gives way to the loaded face: the text lays out, and the weight reason says so.
    @Test func deletedVariableFontFallsBackToTheLoadedFace() throws {
        let folder = try TestDirectory.fresh("deleted-variable")
        let copy = folder.appendingPathComponent("Inter.ttf")
        try FileManager.default.copyItem(atPath: TestFaces.interPath, toPath: copy.path)
        let manifest = folder.appendingPathComponent("fonts.json")
        try Data(#"{"packages": [{"locale": "default", "fonts": [{"weight": "100 900", "file": "Inter.ttf"}]}]}"#.utf8)
            .write(to: manifest)
        let registry = try FontRegistry(manifestPath: manifest.path, systemFallback: false)
        try FileManager.default.removeItem(at: copy)
        let engine = LayoutEngine(registry: registry)
        let options = LayoutOptions(direction: .leftToRight, weight: (650 as FontWeight))
        let layout = try engine.layout("Weight", options: options)
        #expect(layout.lines.count == 1)
        #expect(layout.glyphs.allSatisfy { $0.id != 0 })
        #expect(layout.lines[0].runs.first?.font.variationWeight == nil)
        let choice = try #require(
            registry.pick(in: registry.manifest.packages[0], source: .defaultPackage, weight: (650 as FontWeight), style: .normal))
        #expect(choice.weightReason.hasSuffix("; its instance could not be opened, the loaded face instead"), "\(choice.weightReason)")
    }
}
