// Rendering: golden PNGs of the seed strings, ink checks that need no golden, SVG structure, colour
// emoji and the debug overlay.
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@_spi(Tools) @testable import BidiRender

enum TestRender {
    static let renderer = try! Renderer()

    static func image(
        _ text: String, _ direction: ParagraphDirection, locale: String = "ar", width: Double? = nil,
        weight: FontWeight = .regular, size: Double = 24, options: RenderOptions = RenderOptions(),
        engine: LayoutEngine = TestLayout.engine
    ) -> (Layout, RGBAImage) {
        let layout = try! engine.layout(
            text, options: LayoutOptions(direction: direction, locale: LocaleTag(locale), weight: weight, size: size, maxWidth: width))
        return (layout, try! renderer.rgba(layout, options: options))
    }

    /// Pixels whose alpha is not zero (on a transparent background): the ink.
    static func ink(_ image: RGBAImage) -> [(x: Int, y: Int, alpha: UInt8)] {
        var out: [(Int, Int, UInt8)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 0 {
                out.append((x, y, image.pixels[(y * image.width + x) * 4 + 3]))
            }
        }
        return out
    }
}

@Suite struct GoldenImageTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static let update = ProcessInfo.processInfo.environment["BIDIRENDER_UPDATE_GOLDENS"] == "1"

    /// The seed strings, forced RTL and LTR, compared with the committed PNGs within a small
    /// tolerance (a channel may differ by 16 on at most 0.5 % of the pixels: FreeType or libpng
    /// updates). Regenerate with BIDIRENDER_UPDATE_GOLDENS=1 swift test.
    @Test(arguments: [
        ("follow-rtl", "小明بدأ في متابعتك", ParagraphDirection.rightToLeft),
        ("follow-ltr", "小明بدأ في متابعتك", .leftToRight),
        ("mention-rtl", "مرحبا@我, 今天天气好吗", .rightToLeft),
        ("mention-ltr", "مرحبا@我, 今天天气好吗", .leftToRight),
    ])
    func seedGolden(name: String, text: String, direction: ParagraphDirection) throws {
        let (_, image) = TestRender.image(text, direction, width: 320)
        try Self.check(image, name: name)
    }

    /// Compares `image` with the golden `name`.png, or writes it when `update` is set.
    static func check(_ image: RGBAImage, name: String) throws {
        let url = directory.appendingPathComponent("\(name).png")
        if update {
            try Data(try image.pngData()).write(to: url)
            print("updated golden \(url.path)")
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden \(url.path): run BIDIRENDER_UPDATE_GOLDENS=1 swift test and review it")
            return
        }
        let golden = try RGBAImage(pngData: [UInt8](data))
        #expect(golden.width == image.width && golden.height == image.height)
        guard golden.pixels.count == image.pixels.count else { return }
        var off = 0
        for i in stride(from: 0, to: golden.pixels.count, by: 4) {
            if (0..<4).contains(where: { abs(Int(golden.pixels[i + $0]) - Int(image.pixels[i + $0])) > 16 }) { off += 1 }
        }
        #expect(Double(off) <= 0.005 * Double(golden.width * golden.height), "\(name): \(off) pixels differ")
    }
}

@Suite struct InkTests {
    static let transparent = RenderOptions(background: .transparent, padding: 10)

    /// Every inked pixel lies inside a line box (with the padding, one pixel of slack).
    @Test(arguments: ["مرحبا@我, 今天天气好吗 وهذا سطر طويل ينكسر", "Hello, World! Tiếng Việt Ελληνικά", "小明بدأ في متابعتك\nسطر ثان"])
    func inkInsideLineBoxes(text: String) {
        let (layout, image) = TestRender.image(text, .rightToLeft, width: 200, options: Self.transparent)
        let ink = TestRender.ink(image)
        #expect(!ink.isEmpty)
        let p = Self.transparent.padding
        let outside = ink.filter { pixel in
            !layout.lines.contains { line in
                Double(pixel.x) >= line.x + p - 1 && Double(pixel.x) <= line.x + line.width + p + 1
                    && Double(pixel.y) >= line.top + p - 1 && Double(pixel.y) <= line.top + line.height + p + 1
            }
        }
        #expect(outside.isEmpty, "\(outside.count) inked pixels outside the line boxes")
    }

    /// Natural alignment: an RTL paragraph's ink ends at the right padding edge, an LTR one's starts at
    /// the left.
    @Test func naturalAlignmentPutsInkAtTheLeadingEdge() {
        let options = Self.transparent
        let (_, rtl) = TestRender.image("مرحبا بالعالم", .rightToLeft, width: 400, options: options)
        let rtlRight = TestRender.ink(rtl).map(\.x).max()!
        #expect(abs(Double(rtlRight) - (Double(rtl.width) - options.padding)) <= 3)
        let (_, ltr) = TestRender.image("Hello world", .leftToRight, locale: "en", width: 400, options: options)
        let ltrLeft = TestRender.ink(ltr).map(\.x).min()!
        #expect(abs(Double(ltrLeft) - options.padding) <= 3)
    }

    /// Bold ink is heavier than light ink for the same text.
    @Test(arguments: ["مرحبا بالعالم", "Hello world", "今天天气好吗"])
    func boldIsHeavierThanLight(text: String) {
        func weightOfInk(_ weight: FontWeight) -> Int {
            let (_, image) = TestRender.image(text, .rightToLeft, weight: weight, options: Self.transparent)
            return TestRender.ink(image).reduce(0) { $0 + Int($1.alpha) }
        }
        let light = weightOfInk(.light)
        let bold = weightOfInk(.bold)
        #expect(Double(bold) > 1.2 * Double(light), "bold \(bold) light \(light)")
    }

    /// The scale factor multiplies the canvas and the ink.
    @Test func scaleDoublesTheCanvas() {
        let (_, one) = TestRender.image("مرحبا", .rightToLeft, options: RenderOptions(scale: 1))
        let (_, two) = TestRender.image("مرحبا", .rightToLeft, options: RenderOptions(scale: 2))
        #expect(two.width == 2 * one.width || two.width == 2 * one.width - 1)
        #expect(two.height == 2 * one.height || two.height == 2 * one.height - 1)
    }

    /// Colour emoji from a CBDT font (Noto Color Emoji, through fontconfig) draw in colour.
    @Test func colourEmoji() {
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        let (layout, image) = TestRender.image("🥰", .leftToRight, locale: "en", size: 48, options: Self.transparent, engine: engine)
        #expect(layout.fallbacks.first?.font.family == "Noto Color Emoji")
        let colourful = TestRender.ink(image).filter { pixel in
            let i = (pixel.y * image.width + pixel.x) * 4
            let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
            return pixel.alpha > 128 && max(abs(r - g), abs(g - b), abs(r - b)) > 60
        }
        #expect(colourful.count > 200)
    }

    /// A colour bitmap emoji (a strike, rasterized without the pen's subpixel offset) is placed at
    /// its exact pen position rounded to the nearest pixel: moved right by three quarters of a
    /// pixel, it moves one pixel. (It was placed at the pixel the pen falls in, up to a pixel left
    /// of and above its ink box, and did not move.)
    @Test func colourEmojiRoundsItsPenPosition() throws {
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        func leftColumn(padding: Double) throws -> Int {
            var options = Self.transparent
            options.padding = padding
            let (_, image) = TestRender.image("🥰", .leftToRight, locale: "en", size: 48, options: options, engine: engine)
            return try #require(TestRender.ink(image).filter { $0.alpha > 0 }.map(\.x).min())
        }
        let at = try leftColumn(padding: 10)
        #expect(try leftColumn(padding: 10.25) == at)
        #expect(try leftColumn(padding: 10.75) == at + 1)
        #expect(try leftColumn(padding: 11) == at + 1)
    }

    /// The debug overlay draws run boxes coloured by direction.
    @Test func debugOverlay() {
        let plain = TestRender.image("مرحبا@我", .rightToLeft).1
        let debug = TestRender.image("مرحبا@我", .rightToLeft, options: RenderOptions(debug: true)).1
        #expect(plain.pixels != debug.pixels)
        func has(_ test: (Int, Int, Int) -> Bool) -> Bool {
            stride(from: 0, to: debug.pixels.count, by: 4).contains { i in
                test(Int(debug.pixels[i]), Int(debug.pixels[i + 1]), Int(debug.pixels[i + 2]))
            }
        }
        #expect(has { r, g, b in b > r + 40 })  // an LTR run box (blue)
        #expect(has { r, g, b in r > b + 40 })  // an RTL run box (red)
    }

    @Test func pngRoundTrip() throws {
        let (_, image) = TestRender.image("小明", .leftToRight, options: Self.transparent)
        let png = try image.pngData()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try RGBAImage(pngData: png) == image)
        #expect(throws: BidiRenderError.self) { try RGBAImage(pngData: [1, 2, 3]) }
    }
}

@Suite struct SVGTests {
    final class Counter: NSObject, XMLParserDelegate {
        var uses = 0
        var paths = 0
        var runs = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if name == "use" { uses += 1 }
            if name == "path" { paths += 1 }
            if name == "g", attributes["class"] == "run" { runs += 1 }
        }
    }

    /// The SVG parses as XML, has one <g> per run, defines each glyph once, and places one <use> per
    /// visible glyph of the layout.
    @Test(arguments: ["مرحبا@我, 今天天气好吗", "小明بدأ في متابعتك", "aaa bbb"])
    func structure(text: String) throws {
        let layout = try TestLayout.engine.layout(text, options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 24))
        let svg = try TestRender.renderer.svg(layout)
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let runs = layout.lines.flatMap(\.runs)
        #expect(counter.runs == runs.count)
        var visible = 0
        var distinct = Set<String>()
        for run in runs {
            let face = TestRender.renderer.face(run.font)!
            for glyph in layout.glyphs(of: run) where face.outlinePath(glyph.id) != nil {
                visible += 1
                distinct.insert("\(run.font.file)#\(glyph.id)")
            }
        }
        #expect(counter.uses == visible)
        #expect(counter.paths == distinct.count)
        #expect(svg.contains("viewBox=\"0 0 \(JSONText.number(layout.width + 16)) \(JSONText.number(layout.height + 16))\""))
    }
}
