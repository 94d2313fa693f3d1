// The preview composer (issue #35): fields made safe and isolated in a template, each cut to its share
// by priority and its own truncation, spoilers masked and never drawn, the plain string cut to a
// number of grapheme clusters; Arabic and Chinese templates from the example catalog.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct PreviewTests {
    static let engine = TestLayout.engine
    static let catalog = ArgumentRangeTests.catalog

    static func options(_ direction: ParagraphDirection = .leftToRight, width: Double? = 260, locale: String = "ar", lines: Int? = nil) -> LayoutOptions {
        LayoutOptions(direction: direction, locale: LocaleTag(locale), maxWidth: width, maxLines: lines)
    }

    /// The text of `range` of the preview's sentence.
    static func text(_ preview: Preview, _ name: String) -> String? {
        guard let range = preview.message.argumentRanges[name] else { return nil }
        return String(String.UnicodeScalarView(Array(preview.message.text.unicodeScalars)[range]))
    }

    /// The x extent of the runs inside a field's range.
    static func extent(_ preview: Preview, _ name: String) throws -> ClosedRange<Double> {
        let range = try #require(preview.message.argumentRanges[name])
        let runs = preview.layout.lines[0].runs.filter { !$0.isEllipsis && $0.range.lowerBound >= range.lowerBound && $0.range.upperBound <= range.upperBound && !$0.range.isEmpty }
        let lo = try #require(runs.map(\.x).min()), hi = try #require(runs.map { $0.x + $0.advance }.max())
        return lo...hi
    }

    @Test func fitsWholeWhenThereIsRoom() throws {
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: "Sara"), PreviewField(name: "message", text: "see you soon")], options: Self.options())
        #expect(preview.message.text == "\u{2068}Sara\u{2069}: \u{2068}see you soon\u{2069}")
        #expect(preview.truncatedFields.isEmpty && !preview.layout.truncated)
        #expect(Self.text(preview, "sender") == "Sara" && Self.text(preview, "message") == "see you soon")
        #expect(preview.plainText == preview.message.text)
    }

    /// A name of the other direction cannot move the separator: in an RTL UI the sender is at the
    /// right, the ":" left of it, the message left of that; in an LTR UI the mirror image.
    @Test(arguments: [ParagraphDirection.rightToLeft, .leftToRight])
    func theSeparatorStaysBetweenTheFields(direction: ParagraphDirection) throws {
        let fields = [
            PreviewField(name: "sender", text: direction == .rightToLeft ? "David 2" : "سارة ٢"),
            PreviewField(name: "message", text: direction == .rightToLeft ? "مرحبا كيف حالك" : "hello there"),
        ]
        let preview = try Self.engine.preview(fields, template: "{sender}: {message}", options: Self.options(direction, width: 400))
        let sender = try Self.extent(preview, "sender"), message = try Self.extent(preview, "message")
        let senderRange = try #require(preview.message.argumentRanges["sender"])
        let colonRun = preview.layout.lines[0].runs.first { $0.range.contains(senderRange.upperBound + 1) }
        let colon = try #require(colonRun)
        if direction == .rightToLeft {
            #expect(sender.lowerBound >= colon.x + colon.advance - 1e-6 || sender.lowerBound >= colon.x)
            #expect(message.upperBound <= sender.lowerBound)
        } else {
            #expect(sender.upperBound <= message.lowerBound)
        }
    }

    /// Overrides and embeddings in a name are removed, isolates balanced, line breaks spaces.
    @Test func namesAreNeutralized() throws {
        let fields = [
            PreviewField(name: "sender", text: "\u{202E}evil\u{202C} \u{2067}x"),
            PreviewField(name: "message", text: "line one\nline two\u{1E}3\u{2069}"),
        ]
        let preview = try Self.engine.preview(fields, options: Self.options(width: nil))
        #expect(Self.text(preview, "sender") == "evil \u{2067}x\u{2069}")
        #expect(Self.text(preview, "message") == "line one line two 3")
        #expect(preview.layout.paragraphs.count == 1)
        #expect(!preview.message.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        // "evil" is laid out left to right: no override reverses it.
        let evil = try #require(preview.layout.lines[0].runs.first { $0.range.contains(1) })
        #expect(!evil.level.isRightToLeft)
    }

    /// A tab in a field is a space: it split the message into two runs at the paragraph's level (L1),
    /// so "first⇥second" under an Arabic sender showed "second first", and drew as .notdef.
    @Test func tabsAreSpaces() throws {
        let fields = [PreviewField(name: "sender", text: "محمد"), PreviewField(name: "message", text: "first\tsecond")]
        let preview = try Self.engine.preview(fields, options: Self.options(.rightToLeft, width: nil))
        #expect(Self.text(preview, "message") == "first second")
        // "first" stays left of "second".
        let line = try #require(preview.layout.lines.first)
        let x = { (word: String) -> Double? in
            let scalars = preview.message.text.unicodeScalars
            guard let offset = scalars.firstRange(of: word.unicodeScalars) else { return nil }
            let start = scalars.distance(from: scalars.startIndex, to: offset.lowerBound)
            return line.runs.first { $0.range.contains(start) }.map { run in
                preview.layout.glyphs[run.glyphRange].first { $0.cluster == start }?.x ?? run.x
            }
        }
        let first = try #require(x("first")), second = try #require(x("second"))
        #expect(first < second)
    }

    @Test func emptyFields() throws {
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: ""), PreviewField(name: "message", text: "")], options: Self.options(width: 100))
        #expect(preview.message.argumentRanges["sender"] == 1..<1)
        #expect(preview.truncatedFields.isEmpty)
    }

    /// A sender longer than the width keeps its first grapheme cluster and an ellipsis at least; the
    /// message keeps its share; the line fits.
    @Test(arguments: [80.0, 140, 200, 300])
    func aSenderLongerThanTheWidth(width: Double) throws {
        let sender = String(repeating: "Alexander the Great ", count: 6)
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: sender), PreviewField(name: "message", text: "are you coming tonight?")],
            options: Self.options(width: width))
        #expect(preview.truncatedFields.contains("sender"))
        let shown = try #require(Self.text(preview, "sender"))
        #expect(shown.hasPrefix("A") && shown.hasSuffix("\u{2026}"))
        #expect(try #require(Self.text(preview, "message")).count >= 2)
        #expect(preview.layout.lines.count == 1)
        #expect(preview.layout.contentWidth <= width + 1e-6)
    }

    /// With the message's priority higher, the sender keeps only its minimum; with equal priorities
    /// both give way.
    @Test func priorityDecides() throws {
        let sender = "Alexander the Great of Macedonia", message = "hey, did you see the photos from the trip yesterday?"
        let equal = try Self.engine.preview(
            [PreviewField(name: "sender", text: sender), PreviewField(name: "message", text: message)], options: Self.options())
        let messageFirst = try Self.engine.preview(
            [PreviewField(name: "sender", text: sender, minShare: 0), PreviewField(name: "message", text: message, priority: 1)],
            options: Self.options())
        #expect(equal.truncatedFields == ["sender", "message"])
        let sender1 = try #require(Self.text(messageFirst, "sender")), sender0 = try #require(Self.text(equal, "sender"))
        #expect(sender1.count < sender0.count)
        #expect(sender1 == "A\u{2026}")
    }

    /// Each field cut by its own mode, never inside an entity; a file name keeps its extension.
    @Test func fieldsAreCutByTheirMode() throws {
        let preview = try Self.engine.preview(
            [
                PreviewField(name: "sender", text: "Sara"),
                PreviewField(name: "message", text: "sent report-final-version-with-all-changes-v3.pdf", truncation: .middle),
            ], options: Self.options(width: 200))
        let message = try #require(Self.text(preview, "message"))
        #expect(message.hasPrefix("sent ") && message.hasSuffix(".pdf") && message.contains("\u{2026}"))
        let start = try Self.engine.preview(
            [PreviewField(name: "sender", text: "Sara"), PreviewField(name: "message", text: "call +966 55 123 4567 and ask for the keys", truncation: .start)],
            options: Self.options(width: 160))
        let kept = try #require(Self.text(start, "message"))
        #expect(kept.hasPrefix("\u{2026}") && kept.hasSuffix("keys") && !kept.contains("55"))
    }

    /// Spoilers at the start, middle and end: a masked block in the layout with no glyph of the
    /// hidden text, a word in the plain string.
    @Test(arguments: [0..<7, 12..<20, 25..<32])
    func spoilersAreNeverShown(spoiler: Range<Int>) throws {
        let text = "the butler did it in the library"
        let secret = String(String.UnicodeScalarView(Array(text.unicodeScalars)[spoiler]))
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: "Sara"), PreviewField(name: "message", text: text, spans: [TextSpan(range: spoiler, entity: .spoiler)])],
            options: Self.options(width: 400), maxGraphemes: 100)
        let range = try #require(preview.message.argumentRanges["message"])
        let hidden = (range.lowerBound + spoiler.lowerBound)..<(range.lowerBound + spoiler.upperBound)
        let glyphs = preview.layout.glyphs
        #expect(!glyphs.contains { hidden.contains($0.cluster) })
        let masks = preview.layout.lines[0].runs.filter { hidden.overlaps($0.range) }
        #expect(!masks.isEmpty && masks.allSatisfy { $0.glyphRange.isEmpty && $0.advance > 0 && $0.style.background != nil })
        #expect(preview.layout.entities.contains { $0.kind == .spoiler && $0.range == hidden && !$0.rects.isEmpty })
        #expect(!preview.plainText.contains(secret.trimmingCharacters(in: .whitespaces)))
        #expect(!preview.message.text.contains(secret.trimmingCharacters(in: .whitespaces)))
        #expect(String(String.UnicodeScalarView(Array(preview.message.text.unicodeScalars)[hidden])) == String(repeating: "\u{2588}", count: hidden.count))
        #expect(preview.plainText.contains("[محتوى مخفي]"))
        // The JSON has no glyph there either.
        var json = ""
        preview.layout.writeJSON(to: &json)
        #expect(json.contains("\"spoiler\""))
    }

    /// A cut may fall inside a spoiler: its block shows no text, so the room left goes to it rather
    /// than to nothing.
    @Test func aCutMayFallInsideASpoiler() throws {
        let text = "the answer: the butler did it in the library last night"
        let layout = try Self.engine.layout(
            text, spans: [TextSpan(range: 12..<44, entity: .spoiler)],
            options: LayoutOptions(direction: .leftToRight, locale: "en", maxWidth: 160, maxLines: 1))
        let ellipsisRun = layout.lines[0].runs.first(where: \.isEllipsis)
        let cut = try #require(ellipsisRun).range.lowerBound
        #expect(cut > 12 && cut < 44)
        let masked = layout.lines[0].runs.filter { !$0.isEllipsis && $0.range.lowerBound >= 12 && !$0.range.isEmpty }
        #expect(!masked.isEmpty && masked.allSatisfy { $0.glyphRange.isEmpty })
    }

    /// The catalog's template puts the fields in the language's order with its punctuation.
    @Test(arguments: [("zh-Hans", "\u{2066}小明\u{2069}：\u{2066}"), ("en", "\u{2066}小明\u{2069}: \u{2066}"), ("ar", "\u{2066}小明\u{2069}: \u{2067}")])
    func catalogTemplates(locale: String, prefix: String) throws {
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: "小明"), PreviewField(name: "message", text: locale == "ar" ? "بدأ في متابعتك" : "hello")],
            template: "preview", catalog: Self.catalog, options: Self.options(width: 300, locale: locale))
        #expect(preview.message.text.hasPrefix(prefix), "\(preview.message.text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(preview.layout.paragraphs[0].direction == (locale == "ar" ? .rightToLeft : .leftToRight))
    }

    /// The plain string is cut to the grapheme clusters asked for, isolates not counted.
    /// An entity that starts (or, at a start cut, ends) the field is not cut either: a mention cut to
    /// "@moha" would be another user's, tappable. It goes whole and the field keeps its first
    /// cluster ("@…"), in the layout and in the plain string; a phone number and an e-mail too.
    @Test(arguments: [
        ("@mohammed_alrashid hi", TruncationMode.end, "@\u{2026}"), ("+966 55 123 4567 8", .end, "+\u{2026}"),
        ("ali@averylongdomain.example.com hi", .end, "a\u{2026}"), ("hi @mohammed_alrashid", .start, "\u{2026}d"),
    ])
    func anEntityAtTheFieldsEdgeGoesWhole(message: String, mode: TruncationMode, shown: String) throws {
        let fields = [PreviewField(name: "sender", text: "Bob"), PreviewField(name: "message", text: message, truncation: mode)]
        let preview = try Self.engine.preview(fields, options: Self.options(width: 90, locale: "en"), maxGraphemes: 8)
        #expect(Self.text(preview, "message") == shown, "\(preview.message.text.debugDescription)")
        #expect(!preview.layout.entities.contains { [.mention, .phone, .email].contains($0.kind) })
        #expect(preview.plainText.hasSuffix(shown + "\u{2069}"), "\(preview.plainText.debugDescription)")
    }

    /// A field is never cut inside a URL, not even after its host: the kept "https://example.com/abc…"
    /// was laid out again as a link to another page (a line may cut a URL's path; a field may not).
    @Test(arguments: ["en", "ar"])
    func aURLInAFieldGoesWhole(locale: String) throws {
        let text = locale == "en" ? "hi https://example.com/abc/def/ghi there" : "شاهد https://example.com/abc/def/ghi الآن"
        let fields = [PreviewField(name: "sender", text: "Bob"), PreviewField(name: "message", text: text)]
        for width in stride(from: 200.0, through: 300, by: 10) {
            let preview = try Self.engine.preview(fields, options: Self.options(width: width, locale: locale))
            let shown = try #require(Self.text(preview, "message"))
            #expect(!shown.contains("https:") || shown.contains("https://example.com/abc/def/ghi"), "\(width): \(shown)")
            for url in preview.layout.entities where url.kind == .url {
                let scalars = Array(preview.message.text.unicodeScalars)[url.range]
                #expect(String(String.UnicodeScalarView(scalars)) == "https://example.com/abc/def/ghi", "\(width)")
            }
        }
    }

    /// The room an entity kept whole leaves goes to the other fields: at 100 and 120 px "Bob" is
    /// shown whole beside "@…" (it was cut to "B…", the room the mention left unused), and a long
    /// sender beside "hi @mohammed_alrashid ok" keeps more of itself than it did; the line still fits.
    @Test(arguments: [(100.0, "Bob", "Bob"), (120, "Bob", "Bob"), (120, "Alexander the Great", "Alexande\u{2026}")])
    func roomAnEntityLeavesGoesToTheOthers(width: Double, sender: String, shown: String) throws {
        let message = sender == "Bob" ? "@mohammed_alrashid hi" : "hi @mohammed_alrashid ok"
        let fields = [PreviewField(name: "sender", text: sender), PreviewField(name: "message", text: message)]
        let preview = try Self.engine.preview(fields, options: Self.options(width: width, locale: "en"))
        #expect(Self.text(preview, "sender") == shown, "\(preview.message.text.debugDescription)")
        #expect(Self.text(preview, "message") == (sender == "Bob" ? "@\u{2026}" : "hi\u{2026}"))
        #expect(!preview.layout.truncated)
        #expect(preview.layout.lines.count == 1 && preview.layout.contentWidth <= width)
    }

    /// When every field's cut was stopped by an entity, the room they leave goes back to them: the
    /// mention is shown whole when it fits beside the other field's cut ("@…: see…" used 74 of
    /// 320 px; "@mohammed_alrashid: see…" is 220).
    @Test func roomEveryStoppedFieldLeavesGoesBackToThem() throws {
        let fields = [
            PreviewField(name: "sender", text: "@mohammed_alrashid"),
            PreviewField(name: "message", text: "see https://example.com/path/to/page?q=1 and more"),
        ]
        let preview = try Self.engine.preview(fields, options: Self.options(width: 320, locale: "en"))
        #expect(Self.text(preview, "sender") == "@mohammed_alrashid")
        #expect(Self.text(preview, "message") == "see\u{2026}")
        #expect(preview.layout.lines.count == 1 && preview.layout.contentWidth <= 320)
        // Where it does not fit, the cut stays.
        let narrow = try Self.engine.preview(fields, options: Self.options(width: 120, locale: "en"))
        #expect(Self.text(narrow, "sender") == "@\u{2026}")
    }

    /// With two lines, the layout's last guard keeps an entity that starts a line whole or shows its
    /// first cluster alone ("@…", as a field's cut does): it showed "@mohammed_alrashid_the_thi…"
    /// and "https://example.com/some/rea…", another user and another page.
    @Test(arguments: [
        ("hello there friend, ping @mohammed_alrashid_the_third_account and https://example.com/some/really/long/path/name", "@"),
        ("hello there friend, look https://example.com/some/really/long/path/name/and/more", "h"),
    ])
    func aLineNeverCutsAnEntityThatStartsIt(message: String, kept: String) throws {
        let fields = [PreviewField(name: "sender", text: "Bob"), PreviewField(name: "message", text: message)]
        let preview = try Self.engine.preview(fields, options: Self.options(width: 250, locale: "en", lines: 2))
        #expect(preview.layout.truncated && preview.layout.lines.count == 2)
        let last = try #require(preview.layout.lines.last)
        let scalars = Array(preview.message.text.unicodeScalars)
        let shown = String(String.UnicodeScalarView(scalars[last.range].filter { !(0x2066...0x2069).contains($0.value) }))
        #expect(shown == kept, "\(shown.debugDescription)")
        #expect(last.runs.contains { $0.isEllipsis })
    }

    /// With every field isolated, `.auto` sees only the template's words: ": " has none strong, so
    /// the sentence takes the locale's direction (it fell back to left to right, the sender on the
    /// left of an Arabic UI).
    @Test func autoDirectionFallsBackToTheLocale() throws {
        let fields = [PreviewField(name: "sender", text: "محمد"), PreviewField(name: "message", text: "مرحبا")]
        let arabic = try Self.engine.preview(fields, options: Self.options(.auto, width: nil, locale: "ar"))
        #expect(arabic.layout.paragraphs.map(\.direction) == [.rightToLeft])
        let english = try Self.engine.preview(fields, options: Self.options(.auto, width: nil, locale: "en"))
        #expect(english.layout.paragraphs.map(\.direction) == [.leftToRight])
        let from = try Self.engine.preview(fields, template: "From {sender}: {message}", options: Self.options(.auto, width: nil, locale: "ar"))
        #expect(from.layout.paragraphs.map(\.direction) == [.leftToRight])
    }

    @Test(arguments: [10, 20, 30])
    func plainStringIsCut(maxGraphemes: Int) throws {
        let preview = try Self.engine.preview(
            [PreviewField(name: "sender", text: "Alexander the Great"), PreviewField(name: "message", text: "are you coming to the party tonight or not?")],
            options: Self.options(width: nil), maxGraphemes: maxGraphemes)
        // The grapheme clusters allowed are used but for the space a cut drops before "…".
        #expect((maxGraphemes - 1...maxGraphemes).contains(PlainPreview.visibleGraphemes(preview.plainText)), "\(preview.plainText.debugDescription)")
        #expect(preview.plainText.contains("\u{2026}"))
        #expect(preview.plainText.hasPrefix("\u{2068}A"))
    }

    /// What the shares' rounding leaves makes a field whole before it lengthens another: "Bob: he…"
    /// (8 clusters) where "B…: he…" (7) left one unused; a field the template places twice costs
    /// twice ("{a} and {a}" kept within the limit, each place cut alike).
    @Test(arguments: [(8, "\u{2068}Bob\u{2069}: \u{2068}he\u{2026}\u{2069}"), (9, "\u{2068}Bob\u{2069}: \u{2068}hel\u{2026}\u{2069}")])
    func plainStringUsesWhatRoundingLeaves(maxGraphemes: Int, plain: String) throws {
        let fields = [PreviewField(name: "sender", text: "Bob"), PreviewField(name: "message", text: "hello there friend")]
        let preview = try Self.engine.preview(fields, options: Self.options(width: 400, locale: "en"), maxGraphemes: maxGraphemes)
        #expect(preview.plainText == plain)
    }

    @Test(arguments: [20, 30, 40])
    func aFieldPlacedTwiceCountsTwice(maxGraphemes: Int) throws {
        let fields = [PreviewField(name: "a", text: "Alexander_the_Great"), PreviewField(name: "b", text: "hello_there_my_friend")]
        let preview = try Self.engine.preview(
            fields, template: "{a} and {a} said {b}", options: Self.options(width: 2000, locale: "en"), maxGraphemes: maxGraphemes)
        #expect(PlainPreview.visibleGraphemes(preview.plainText) == maxGraphemes, "\(preview.plainText.debugDescription)")
        let places = preview.plainText.split(separator: " and ")
        #expect(places.count == 2 && places[1].hasPrefix(places[0]), "\(preview.plainText.debugDescription)")
    }

    @Test(arguments: [
        ([PreviewField](), nil as String?, "a preview has 1 to 16 fields"),
        ([PreviewField(name: "a b", text: "")], nil, "a field name is 1 to 64 letters, digits or _"),
        ([PreviewField(name: "a", text: ""), PreviewField(name: "a", text: "")], nil, "names two fields"),
        ([PreviewField(name: "a", text: "", minShare: 2)], nil, "must be a share of the width from 0 to 1"),
        ([PreviewField(name: "a", text: "")], "{b}", "places {b}, which no field is"),
        ([PreviewField(name: "a", text: ""), PreviewField(name: "b", text: "")], "{a}", "does not place the field b"),
        ([PreviewField(name: "a", text: "")], "{a", "opens no {name}"),
        ([PreviewField(name: "a", text: "x", spans: [TextSpan(range: 0..<5)])], nil, "fields.a.spans"),
    ])
    func badInputIsNamed(fields: [PreviewField], template: String?, message: String) {
        do {
            _ = try Self.engine.preview(fields, template: template, options: Self.options())
            Issue.record("no error")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    /// Over the corpus, at widths 80–300 and one or two lines: the preview fits, every field's range
    /// is in the text, a cut is never inside an entity the field shows, and the queries answer.
    @Test func overTheCorpus() throws {
        let messages = TruncationEntityTests.messagesWithEntities(count: 40)
        let senders = ["小明", "Alexander the Great of Macedonia", "سارة العلي", "@nora_k", ""]
        var cut = 0
        for (i, message) in messages.enumerated() {
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                for width in stride(from: 80.0, through: 300, by: 55) {
                    for lines in [1, 2] {
                        let preview = try Self.engine.preview(
                            [PreviewField(name: "sender", text: senders[i % senders.count]), PreviewField(name: "message", text: message)],
                            options: Self.options(direction, width: width, lines: lines), maxGraphemes: 40)
                        let count = preview.message.text.unicodeScalars.count
                        #expect(preview.message.argumentRanges.values.allSatisfy { $0.upperBound <= count })
                        #expect(preview.layout.lines.count <= lines)
                        #expect(preview.layout.lines.allSatisfy { $0.contentWidth <= width + 1e-6 || $0.runs.count <= 2 })
                        #expect(PlainPreview.visibleGraphemes(preview.plainText) <= 40)
                        if !preview.truncatedFields.isEmpty { cut += 1 }
                        _ = try preview.layout.caret(at: count / 2)
                        _ = try preview.layout.selectionRects(for: 0..<count)
                    }
                }
            }
        }
        #expect(cut > 100)
    }
}
