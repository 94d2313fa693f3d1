// Hostile input: each case must lay out (or fail with a clear, typed error), never crash.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct HostileInputTests {
    static let rtl = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)

    /// Empty and control-only text lays out and renders; every character but the paragraph
    /// separators is placed once, and each
    /// engine's visual order is ICU's (the characters X9 keeps, paragraph separators left out).
    @Test(arguments: [
        ("", [Int]()), ("\u{200E}\u{200F}\u{202B}\u{202C}\u{2067}\u{2069}\u{2066}\u{061C}", [7, 6, 5, 4, 1, 0]),
        ("\u{202E}\u{202D}\u{202A}", []), ("\n\n\r\n", []), ("\u{2029}", []),
    ])
    func emptyAndControlOnlyText(text: String, order: [Int]) throws {
        let layout = try TestLayout.engine.layout(text, options: Self.rtl)
        let scalars = Array(text.unicodeScalars)
        #expect(!layout.lines.isEmpty)
        #expect(TestLayout.visualOrder(layout).sorted() == scalars.indices.filter { BidiClass(scalars[$0]) != .paragraphSeparator })
        #expect(layout.glyphs.allSatisfy { $0.advance >= 0 })
        _ = try TestRender.renderer.png(layout)
        _ = try TestRender.renderer.svg(layout)
        if !scalars.isEmpty, BidiClass(scalars[0]) != .paragraphSeparator {
            let keep = { (i: Int) in !BidiClass(scalars[i]).isRemovedByX9 }
            #expect(ICUBidi.reorder(scalars, paragraphLevel: 1)!.visual.filter(keep) == order)
        }
        for engine in BidiEngine.allCases {
            let got = BidiReorderer(engine: engine).withVisualOrder(of: text, direction: .rightToLeft) { $0.map(Int.init) }
            #expect(got == order, "\(engine)")
        }
    }

    /// A 1 MB single line of mixed chat text lays out, wrapped, with every character on a line.
    @Test func oneMegabyteLine() throws {
        var text = ""
        let words = ["مرحبا", "كيف", "小明", "今天天气", "hello", "@علي", "@小明", "2024", "(test)", "🥰", "，"]
        var i = 0
        while text.utf8.count < 1_000_000 {
            text += words[i % words.count] + " "
            i += 7
        }
        let count = text.unicodeScalars.count
        let layout = try TestLayout.engine.layout(text, options: Self.rtl)
        #expect(layout.paragraphs.count == 1)
        #expect(layout.lines.first?.range.lowerBound == 0 && layout.lines.last?.range.upperBound == count)
        #expect(layout.lines.count > 1_000)
        var reordered = 0
        BidiReorderer().withVisualOrder(of: text, direction: .rightToLeft) { reordered = $0.count }
        #expect(reordered == count)
    }

    /// 10,000 mentions in one text: each is isolated and the output keeps original offsets.
    @Test func tenThousandMentions() throws {
        let text = (0..<10_000).map { "@u\($0) مرحبا" }.joined(separator: " ")
        let layout = try TestLayout.engine.layout(text, options: LayoutOptions(direction: .rightToLeft, size: 12))
        #expect(layout.mentions.count == 10_000)
        #expect(layout.mentions.allSatisfy { $0.direction == .leftToRight })
        let order = TestLayout.visualOrder(layout).sorted()
        #expect(order == Array(0..<text.unicodeScalars.count))
        let isolated = EntityIsolation.isolate(text, direction: .rightToLeft, kinds: .mentions)
        #expect(isolated.unicodeScalars.count == text.unicodeScalars.count + 40_000)
        #expect(EntityIsolation.strip(isolated) == text)
    }

    /// 200 nested embeddings and isolates, beyond the depth limit of 125, and unmatched PDF and PDI,
    /// on both engines (the FriBidi engine's guard hands them to the native one): levels stay
    /// within 0…126 and the order equals ICU's. Generated deep nesting is in ICUDifferentialTests.
    @Test(arguments: [
        String(repeating: "\u{202B}", count: 200) + "abc مرحبا 123" + String(repeating: "\u{202C}", count: 200),
        String(repeating: "\u{2067}", count: 200) + "abc مرحبا 123" + String(repeating: "\u{2069}", count: 200),
        String(repeating: "\u{202A}\u{2067}", count: 100) + "abc مرحبا" + String(repeating: "\u{2069}\u{202C}", count: 100),
        "\u{202C}\u{2069}abc\u{2069}\u{202C} مرحبا\u{202C}\u{2069}",
        String(repeating: "\u{2066}", count: 130) + "x" + String(repeating: "\u{2069}", count: 3),
    ])
    func deepNestingAndUnmatchedPops(text: String) throws {
        let scalars = Array(text.unicodeScalars)
        for level: UInt8 in [0, 1] {
            let direction: ParagraphDirection = level == 1 ? .rightToLeft : .leftToRight
            let icu = ICUBidi.reorder(scalars, paragraphLevel: level)!
            let keep = { (i: Int) in !BidiClass(scalars[i]).isRemovedByX9 }
            for engine in BidiEngine.allCases {
                let line = BidiText(scalars: scalars, direction: direction, engine: engine).paragraphs[0].singleLine
                #expect(line.levels.allSatisfy { $0.rawValue <= 126 })
                #expect(line.visualOrder.filter(keep) == icu.visual.filter(keep))
            }
        }
        let layout = try TestLayout.engine.layout(text, options: Self.rtl)
        #expect(TestLayout.visualOrder(layout).sorted() == Array(0..<scalars.count))
    }

    /// NUL and the other C0 controls lay out (with .notdef or zero-width glyphs) and dump as JSON.
    @Test func nulAndC0Controls() throws {
        let separators: Set<UInt32> = [0x0A, 0x0D, 0x1C, 0x1D, 0x1E]
        var controls = String.UnicodeScalarView()
        for value in UInt32(0)..<32 where !separators.contains(value) { controls.append(Unicode.Scalar(value)!) }
        let text = String(controls) + "a\u{7F}ب"
        let layout = try TestLayout.engine.layout(text, options: Self.rtl)
        let json = layout.jsonDocument()
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        _ = try TestRender.renderer.png(layout)
    }

    @Test(arguments: [
        (LayoutOptions(maxWidth: 0), "width"), (LayoutOptions(maxWidth: -5), "width"), (LayoutOptions(maxWidth: .nan), "width"),
        (LayoutOptions(maxWidth: .infinity), "width"), (LayoutOptions(size: 0), "size"), (LayoutOptions(size: 100_000), "size"),
        (LayoutOptions(size: -1), "size"), (LayoutOptions(size: .nan), "size"),
    ])
    func badNumbersAreTypedErrors(options: LayoutOptions, key: String) {
        do {
            _ = try TestLayout.engine.layout("x", options: options)
            Issue.record("accepted \(options)")
        } catch {
            guard case .invalidValue(let k, _, _) = error else { Issue.record("\(error)"); return }
            #expect(k == key)
        }
        #expect(throws: BidiRenderError.self) { try RenderOptions(padding: -1).validate() }
        #expect(throws: BidiRenderError.self) { try RenderOptions(scale: 9).validate() }
    }

    @Test(arguments: ["xx-Unknown", "", "ar-Latn-ZZ-x-private", "!!!", "zh-Hant-TW"])
    func unknownLocalesFallBackToDefault(locale: String) throws {
        let layout = try TestLayout.engine.layout("hello مرحبا", options: LayoutOptions(direction: .auto, locale: LocaleTag(locale)))
        #expect(layout.fallbacks.isEmpty)
        let fonts = Set(layout.lines.flatMap(\.runs).map { $0.font.family })
        #expect(fonts == ["Noto Sans", "Noto Sans Arabic"])
    }

    /// A truncated font file, cut inside its header, its table directory or its tables (12, 200 and
    /// 4,000 bytes, half the file): the registry fails with a typed `fontLoad` error that names the
    /// file and gives FreeType's reason, every time (no cut is laid out half-loaded).
    @Test func truncatedFont() throws {
        let source = try #require(FontRegistry.defaultManifestPath).replacingOccurrences(of: "fonts.json", with: "NotoSans/NotoSans-Regular.ttf")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        var outcomes: [String] = []
        for length in [12, 200, 4_000, bytes.count / 2] {
            let path = try manifestFile(#"{"packages": [{"locale": "default", "fonts": [{"weight": 400, "file": "cut.ttf"}]}]}"#)
            let font = (path as NSString).deletingLastPathComponent + "/cut.ttf"
            try bytes.prefix(length).write(to: URL(fileURLWithPath: font))
            do {
                let registry = try FontRegistry(manifestPath: path, systemFallback: false)
                let layout = try LayoutEngine(registry: registry).layout("hello world", options: LayoutOptions())
                _ = try Renderer().png(layout)
                outcomes.append("laid out")
            } catch {
                guard case .fontLoad(let file, let reason) = error else {
                    outcomes.append("\(error)")
                    continue
                }
                #expect(file.hasSuffix("cut.ttf"))
                #expect(reason.contains("FreeType error"), "\(reason)")
                outcomes.append("fontLoad")
            }
        }
        #expect(outcomes == ["fontLoad", "fontLoad", "fontLoad", "fontLoad"])
    }

    /// A font that covers no character of the text: .notdef, reported in `fallbacks`.
    @Test func fontThatCoversNothing() throws {
        let sc = try #require(FontRegistry.defaultManifestPath).replacingOccurrences(of: "fonts.json", with: "NotoSansSC/NotoSansSC-Regular.otf")
        let path = try manifestFile(#"{"packages": [{"locale": "default", "fonts": [{"weight": 400, "file": "\#(sc)"}]}]}"#)
        // The manifest names the embedded font by its absolute path: a trusted manifest's choice.
        let registry = try FontRegistry(manifestPath: path, systemFallback: false, allowsPathsOutsideFolder: true)
        let layout = try LayoutEngine(registry: registry).layout("שלום", options: LayoutOptions(direction: .rightToLeft))
        #expect(layout.fallbacks.count == 4)
        #expect(layout.fallbacks.allSatisfy { $0.source == .notdef })
        #expect(Array(layout.glyphs[layout.lines[0].glyphRange]).allSatisfy { $0.id == 0 })
        #expect(layout.textDump().contains("warning: no font covers [0,1)"))
    }

    /// A long text cut to two lines keeps room for the glyphs it shows, not for the whole text
    /// (`Layout.glyphs` is the layout's one array), by both paths.
    @Test func truncatedLongTextKeepsASmallGlyphArray() throws {
        let text = String(repeating: "مرحبا hello ", count: 20_000)
        var options = Self.rtl
        options.maxLines = 2
        let layout = try TestLayout.engine.layout(text, options: options)
        let prepared = try TestLayout.engine.prepare(text, options: options).layout(width: 300, maxLines: 2)
        for l in [layout, prepared] {
            #expect(l.truncated && l.glyphs.count < 200)
            #expect(l.glyphs.capacity < 8_192, "\(l.glyphs.capacity)")
        }
    }
}
