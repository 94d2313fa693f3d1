// PreparedText: a text prepared once and laid out at many widths gives exactly the layouts of
// `LayoutEngine.layout` — over the chat corpus in both forced directions and auto, at several widths
// and line limits; with spans, entities, several paragraphs, truncation, the other bidi engine and
// no shaping cache; from another scratch and from concurrent tasks; and the same errors.
import ChatCorpus
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct PreparedTextTests {
    static let widths: [Double?] = [80, 120, 173.5, 260, 400, nil]
    static let lineLimits: [Int?] = [nil, 1, 2, 3]

    /// Every width and line limit of `prepared` against `engine.layout` of the same text; returns the
    /// number of truncated layouts compared.
    @discardableResult
    static func expectEqualLayouts(
        _ text: String, spans: [TextSpan] = [], options: LayoutOptions, engine: LayoutEngine = TestLayout.engine
    ) throws -> Int {
        let prepared = try engine.prepare(text, spans: spans, options: options)
        var truncated = 0
        for width in widths {
            for maxLines in lineLimits {
                var o = options
                o.maxWidth = width
                o.maxLines = maxLines
                let expected = try engine.layout(text, spans: spans, options: o)
                let layout = try prepared.layout(width: width, maxLines: maxLines)
                let context = "\(text.debugDescription) \(options.direction) \(String(describing: width)) \(String(describing: maxLines))"
                #expect(layout == expected, "\(context)")
                // The line ranges without building the lines: the layout's, the truncated one as filled.
                let (ranges, cut, _, _) = try prepared.lineRanges(width: width, maxLines: maxLines)
                #expect(cut == expected.truncated && ranges.count == expected.lines.count, "\(context)")
                #expect(ranges.dropLast(cut ? 1 : 0) == expected.lines.map(\.range).dropLast(cut ? 1 : 0), "\(context)")
                #expect(ranges.last?.lowerBound == expected.lines.last?.range.lowerBound, "\(context)")
                if expected.truncated { truncated += 1 }
            }
        }
        return truncated
    }

    /// The property over the corpus: 150 messages, RTL, LTR and auto, six widths, four line limits.
    /// Many of the layouts are truncated (the comparison covers the ellipsis and the cut). (A
    /// sanitizer build takes a quarter of the messages.)
    @Test(arguments: [ParagraphDirection.leftToRight, .rightToLeft, .auto])
    func corpusLayoutsEqualEngineLayouts(direction: ParagraphDirection) throws {
        var truncated = 0
        for text in ChatCorpus.messages(count: TestScale.sample(150), seed: 34) {
            truncated += try Self.expectEqualLayouts(text, options: LayoutOptions(direction: direction, locale: LocaleTag("ar"), size: 15))
        }
        #expect(truncated > TestScale.sample(300))
    }

    /// The FriBidi engine, an engine without a shaping cache, a size, alignment and the other line
    /// heights: the same equality.
    @Test func otherEnginesAndOptions() throws {
        let noCache = LayoutEngine(registry: TestFonts.registry, shapeCacheEntries: 0)
        let messages = ChatCorpus.messages(count: 30, seed: 35)
        for text in messages {
            try Self.expectEqualLayouts(text, options: LayoutOptions(direction: .rightToLeft, bidiEngine: .fribidi))
            try Self.expectEqualLayouts(text, options: LayoutOptions(direction: .auto, size: 22, alignment: .center), engine: noCache)
            try Self.expectEqualLayouts(
                text, options: LayoutOptions(direction: .leftToRight, locale: LocaleTag("he"), alignment: .trailing, ellipsis: "..."))
        }
    }

    /// Several paragraphs (the line limit counts over them), an empty one among them, spans with
    /// sizes, weights, locales and a caller's entity, detected entities (a URL, a mention, a phone
    /// number), and the empty string.
    @Test func paragraphsSpansAndEntities() throws {
        let text = "مرحبا @sara كيف حالك؟ see https://example.com/a/b\n\nsecond paragraph with عربي inside it\u{2028}and a line separator\nاتصل على +1 555 123 4567 غدا"
        let spans = [
            TextSpan(range: 0..<5, size: 28), TextSpan(range: 22..<25, weight: .bold),
            TextSpan(range: 52..<58, locale: LocaleTag("en"), size: 11), TextSpan(range: 59..<69, entity: .hashtag, id: "h1"),
        ]
        for direction in [ParagraphDirection.rightToLeft, .leftToRight, .auto] {
            let options = LayoutOptions(direction: direction, locale: LocaleTag("ar"))
            try Self.expectEqualLayouts(text, spans: spans, options: options)
            try Self.expectEqualLayouts(text, options: options)
            try Self.expectEqualLayouts("", options: options)
        }
        let prepared = try TestLayout.engine.prepare(text, spans: spans, options: LayoutOptions(direction: .auto))
        let whole = try prepared.layout(width: 150, maxLines: nil)
        #expect(whole.paragraphs.count == 4 && !whole.truncated)
        // A limit two lines past the first paragraph's: the cut is in a later paragraph.
        let limit = whole.lines.filter { $0.paragraph == 0 }.count + 2
        let cut = try prepared.layout(width: 150, maxLines: limit)
        #expect(cut.paragraphs.count >= 2 && cut.lines.count == limit && cut.truncated)
        #expect(whole.lines.count > limit)
        #expect(Set(whole.entities.map(\.kind)).isSuperset(of: [.mention, .url, .hashtag, .phone]))
        #expect(whole.entities.contains { $0.kind == .hashtag && $0.id == "h1" && !$0.rects.isEmpty })
    }

    /// `layout(width:)` takes the line limit of the options; the options' width and limit are only
    /// defaults: a layout at another width has that width.
    @Test func defaultsComeFromTheOptions() throws {
        let text = ChatCorpus.messages(count: 40, seed: 1).max { $0.count < $1.count }!
        let options = LayoutOptions(direction: .rightToLeft, maxWidth: 120, maxLines: 2)
        let prepared = try TestLayout.engine.prepare(text, options: options)
        #expect(prepared.options == options)
        #expect(try prepared.layout(width: 120) == TestLayout.engine.layout(text, options: options))
        let wide = try prepared.layout(width: 300)
        #expect(wide.width == 300 && wide.options.maxLines == 2 && wide.lines.count <= 2)
    }

    /// A snapshot prepared on one scratch and laid out on another whose shaping cache numbered its
    /// languages otherwise (another locale first) gives the layout a fresh scratch gives: the items'
    /// cache ids are taken from the scratch that lays out.
    @Test func anotherScratchWithOtherLanguageIDs() throws {
        let registry = TestFonts.registry
        let limits = ShapeCache.Limits(entries: 4_096, codePoints: 32_768, glyphs: 32_768)
        var preparing = LayoutScratch(cacheLimits: limits)
        var other = LayoutScratch(cacheLimits: limits)
        var fresh = LayoutScratch(cacheLimits: limits)
        let hebrew = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("he"))
        _ = try LayoutEngine.layout("שלום עולם hello", spans: [], options: hebrew, registry: registry, scratch: &other)
        let text = "مرحبا بكم في hello world example and more text after it to wrap"
        let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"))
        let spans = [TextSpan(range: 13..<24, features: ["-liga"])]
        let snapshot = try preparing.prepare(text, spans: spans, options: options, registry: registry)
        for width in [60.0, 100, 173.5] {
            var o = options
            o.maxWidth = width
            o.maxLines = 2
            let expected = try LayoutEngine.layout(text, spans: spans, options: o, registry: registry, scratch: &fresh)
            #expect(try other.layout(snapshot, options: o, registry: registry) == expected)
        }
    }

    /// One PreparedText laid out from 8 concurrent tasks at many widths equals the serial layouts.
    @Test func concurrentLayoutsOfOnePreparedText() async throws {
        let text = ChatCorpus.messages(count: 12, seed: 5).joined(separator: " ")
        let prepared = try TestLayout.engine.prepare(text, options: LayoutOptions(direction: .auto, locale: LocaleTag("ar")))
        let widths = (0..<64).map { 80 + Double($0) * 7.25 }
        let serial = try widths.map { try prepared.layout(width: $0, maxLines: nil) }
        let concurrent = try await withThrowingTaskGroup(of: [(Int, Layout)].self) { group in
            for task in 0..<8 {
                group.addTask {
                    try stride(from: task, to: widths.count, by: 8).map { ($0, try prepared.layout(width: widths[$0], maxLines: nil)) }
                }
            }
            var all = [Layout?](repeating: nil, count: widths.count)
            for try await part in group { for (i, layout) in part { all[i] = layout } }
            return all
        }
        #expect(concurrent == serial.map { Optional($0) })
        #expect(Set(serial.map(\.lines.count)).count > 2)
    }

    /// The errors of `layout`: a width or line limit out of range, a span out of the text, a text over
    /// the engine's limit, a cancelled task.
    @Test func errors() async throws {
        let engine = TestLayout.engine
        let prepared = try engine.prepare("hello عالم", options: LayoutOptions())
        for width in [0, -3, .nan, .infinity, 2_000_000.0] {
            let expected = try #require(
                #expect(throws: BidiRenderError.self) { try engine.layout("hello عالم", options: LayoutOptions(maxWidth: width)) })
            #expect(throws: expected) { try prepared.layout(width: width, maxLines: nil) }
            if case .invalidValue(let key, _, _) = expected { #expect(key == "width") } else { Issue.record("\(String(describing: expected))") }
        }
        #expect(throws: BidiRenderError.invalidValue(key: "max-lines", value: "0", reason: "must be a whole number of lines, at least 1")) {
            try prepared.layout(width: 100, maxLines: 0)
        }
        let span = [TextSpan(range: 3..<40, weight: .bold)]
        let spanError = try #require(
            #expect(throws: BidiRenderError.self) { try engine.layout("hello", spans: span, options: LayoutOptions()) })
        #expect(throws: spanError) { try engine.prepare("hello", spans: span, options: LayoutOptions()) }
        let small = LayoutEngine(registry: TestFonts.registry, maxInputCodePoints: 8)
        #expect(throws: BidiRenderError.inputTooLarge(limit: 8, count: 9)) { try small.prepare("123456789", options: LayoutOptions()) }
        let cancelledPrepare = await CancellationTests.inCancelledTask { () throws(BidiRenderError) in
            try engine.prepare("hello عالم", options: LayoutOptions())
        }
        #expect(throws: BidiRenderError.cancelled) { try cancelledPrepare.get() }
        let cancelledLayout = await CancellationTests.inCancelledTask { () throws(BidiRenderError) in
            try prepared.layout(width: 100)
        }
        #expect(throws: BidiRenderError.cancelled) { try cancelledLayout.get() }
    }
}
