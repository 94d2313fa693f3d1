// Tests of MessageCatalog: the fallback chain key by key, ICU's plural rules (Arabic's six
// categories), locale digits, argument isolation, direction, and every error naming file and key.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

/// A catalog folder written from `files` (file name → contents).
func writeCatalog(_ files: [String: String]) throws -> String {
    let dir = try TestDirectory.fresh("catalog")
    for (name, text) in files {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }
    return dir.path
}

@Suite struct MessageCatalogTests {
    static let catalog: MessageCatalog = {
        let dir = try! writeCatalog([
            "default.json": #"""
            {
              "follow": "{name} started following you",
              "liked": "{name} liked your photo",
              "unread": "{count, plural, one {# message} other {# messages}}"
            }
            """#,
            "ar.json": #"""
            {
              "follow": "{name} بدأ في متابعتك",
              "unread": "{count, plural, zero {ZERO} one {ONE #} two {TWO #} few {FEW #} many {MANY #} other {OTHER #}}",
              "gift": "{gender, select, female {هي {giver}} other {هو {giver}}}"
            }
            """#,
            "ar-EG.json": #"{"only_egypt": "مصر {n}"}"#,
            "zh_hans.json": #"{"follow": "{name}关注了你"}"#,
        ])
        return try! MessageCatalog(directory: dir)
    }()

    @Test func languagesAreNormalizedFileNames() {
        #expect(Self.catalog.languages == ["ar", "ar-EG", "default", "zh-Hans"])
    }

    /// Key by key: ar-EG serves its own key, ar serves "follow", default serves "liked".
    @Test(arguments: [
        ("ar-EG", "only_egypt", "ar-EG"), ("ar-EG", "follow", "ar"), ("ar-EG", "liked", "default"), ("ar", "follow", "ar"),
        ("zh-Hans-CN", "follow", "zh-Hans"), ("zh-CN", "follow", "zh-Hans"), ("zh", "follow", "zh-Hans"), ("ja", "follow", "default"),
        ("fr", "follow", "default"), ("ar", "only_egypt", nil),
    ] as [(String, String, String?)])
    func fallbackChainKeyByKey(locale: String, key: String, served: String?) throws {
        let arguments: [String: MessageArgument] = ["name": "x", "n": 1]
        if let served {
            let message = try Self.catalog.format(key, locale: LocaleTag(locale), arguments: arguments)
            #expect(message.served == served)
            #expect(message.direction == (served.hasPrefix("ar") ? .rightToLeft : .leftToRight))
        } else {
            #expect(throws: BidiRenderError.self) { try Self.catalog.format(key, locale: LocaleTag(locale), arguments: arguments) }
        }
    }

    /// CLDR's Arabic plural categories, through ICU: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100 other.
    @Test(arguments: [(0, "ZERO"), (1, "ONE ١"), (2, "TWO ٢"), (3, "FEW ٣"), (11, "MANY ١١"), (100, "OTHER ١٠٠")])
    func arabicPluralForms(count: Int, expected: String) throws {
        let message = try Self.catalog.format("unread", locale: LocaleTag("ar"), arguments: ["count": .number(Double(count))])
        #expect(message.text == expected)
    }

    /// 1234 is "many" in Arabic (n % 100 in 11...99). ICU 72 formats numbers in Arabic-Indic digits for ar and ar-EG, with the Arabic grouping
    /// separator (U+066C); English gets Western digits and a comma.
    @Test func localeDigits() throws {
        let ar = try Self.catalog.format("unread", locale: LocaleTag("ar-EG"), arguments: ["count": 1234])
        #expect(ar.text == "MANY ١٬٢٣٤")  // 1234 ends in 34: many
        let en = try Self.catalog.format("unread", locale: LocaleTag("en"), arguments: ["count": 1234])
        #expect(en.text == "1,234 messages")
        let one = try Self.catalog.format("unread", locale: LocaleTag("en"), arguments: ["count": 1])
        #expect(one.text == "1 message")
    }

    @Test(arguments: [
        ("小明", "\u{2066}小明\u{2069}"), ("@محمد", "\u{2067}@محمد\u{2069}"), ("iPhone 15", "\u{2066}iPhone 15\u{2069}"),
        ("123", "\u{2068}123\u{2069}"), ("", "\u{2068}\u{2069}"),
        // An unmatched PDI would close the wrapping isolate early: it is dropped.
        ("a\u{2069}ب", "\u{2066}aب\u{2069}"),
        // The argument's own isolate is kept and skipped by P2: the first strong character outside it is R.
        ("\u{2066}x\u{2069}ب", "\u{2067}\u{2066}x\u{2069}ب\u{2069}"),
    ])
    func textArgumentsAreIsolated(name: String, isolated: String) throws {
        let message = try Self.catalog.format("follow", locale: LocaleTag("ar"), arguments: ["name": .text(name)])
        #expect(message.text == isolated + " بدأ في متابعتك")
        #expect(message.plainText == ArgumentIsolation.removingIsolates(isolated) + " بدأ في متابعتك")
    }

    /// A select selector is matched, not shown: it is passed as given; the text argument is isolated.
    @Test func selectArgumentsAreNotIsolated() throws {
        let message = try Self.catalog.format("gift", locale: LocaleTag("ar"), arguments: ["gender": "female", "giver": "Ann"])
        #expect(message.text == "هي \u{2066}Ann\u{2069}")
    }

    @Test func numberForAPlainArgumentIsFormattedNotIsolated() throws {
        let message = try Self.catalog.format("only_egypt", locale: LocaleTag("ar-EG"), arguments: ["n": 15])
        #expect(message.text == "مصر ١٥")
    }

    /// One catalog shared by 8 tasks formats as it does on one thread (run under TSan in CI).
    @Test func concurrentFormatsAgreeWithSerialOnes() async throws {
        let names = ["小明", "@محمد", "iPhone 15", "123", "Lina"]
        func formatAll() throws -> [String] {
            try (0..<100).map { i in
                let key = i % 2 == 0 ? "follow" : "unread"
                let locale = LocaleTag(["ar", "ar-EG", "en", "zh-Hans-CN"][i % 4])
                return try Self.catalog.format(key, locale: locale, arguments: ["name": .text(names[i % 5]), "count": .number(Double(i))]).text
            }
        }
        let serial = try formatAll()
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { try formatAll() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == serial })
    }

    /// The seed: "小明" + "بدأ في متابعتك" is an RTL paragraph with 小明 at its right end.
    @Test func followNotificationLaysOutRightToLeftWithTheNameAtTheRight() throws {
        let message = try Self.catalog.format("follow", locale: LocaleTag("ar"), arguments: ["name": "小明"])
        let layout = try TestLayout.engine.layout(message, options: LayoutOptions(direction: .leftToRight))
        #expect(layout.paragraphs.map(\.direction) == [.rightToLeft])
        let runs = layout.lines[0].runs
        // 小明 is at code points 1...2 (after the LRI); its run is the rightmost with visible glyphs.
        let name = try #require(runs.first { $0.range.contains(1) })
        let arabic = try #require(runs.first { $0.range.contains(5) })
        #expect(name.direction == .leftToRight)
        #expect(name.x > arabic.x)
        #expect(name.x + name.advance >= runs.map { $0.x + $0.advance }.max()! - 0.001)
    }
}

@Suite struct MessageCatalogErrorTests {
    func error(_ body: () throws -> Void) -> BidiRenderError? {
        do {
            try body()
            return nil
        } catch let error as BidiRenderError {
            return error
        } catch {
            return nil
        }
    }

    @Test func missingKeyNamesTheChainAndTheKey() throws {
        let dir = try writeCatalog(["default.json": #"{"a": "A"}"#, "ar.json": #"{"b": "B"}"#])
        let catalog = try MessageCatalog(directory: dir)
        let e = error { _ = try catalog.format("nope", locale: LocaleTag("ar-EG")) }
        guard case .message(let file, _, let key, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(file == dir && key == "nope")
        #expect(reason.contains("ar-EG → ar → default"))
        #expect(reason.contains("ar.json") && reason.contains("default.json"))
    }

    @Test func patternICURejectsNamesFileLineKeyAndOffset() throws {
        let dir = try writeCatalog(["default.json": "{\n  \"ok\": \"fine\",\n  \"bad\": \"héllo {name, plural, one {x}\"\n}"])
        let catalog = try MessageCatalog(directory: dir)
        let e = error { _ = try catalog.format("bad", locale: LocaleTag("en"), arguments: ["name": 1]) }
        guard case .message(let file, let line, let key, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(file.hasSuffix("default.json") && line == 3 && key == "bad")
        #expect(reason.contains("ICU rejects the pattern: U_"))
        #expect(reason.contains("at code point"))
        #expect(e!.description.contains("default.json:3: bad: ICU rejects"))
    }

    @Test func missingArgument() throws {
        let dir = try writeCatalog(["default.json": #"{"m": "{a} and {b}"}"#])
        let e = error { _ = try MessageCatalog(directory: dir).format("m", locale: LocaleTag("en"), arguments: ["a": "x"]) }
        #expect(e?.description.hasSuffix("default.json:1: m: the argument 'b' is missing (given: a)") == true)
    }

    @Test(arguments: [
        (#"{"m": "{n, plural, other {#}}"}"#, MessageArgument.text("three"), "must be a number"),
        (#"{"m": "{n, number}"}"#, MessageArgument.text("3"), "must be a number"),
        (#"{"m": "{n, select, a {A} other {B}}"}"#, MessageArgument.number(2), "must be text"),
    ])
    func wrongKindOfArgument(catalog: String, value: MessageArgument, words: String) throws {
        let dir = try writeCatalog(["default.json": catalog])
        let e = error { _ = try MessageCatalog(directory: dir).format("m", locale: LocaleTag("en"), arguments: ["n": value]) }
        guard case .message(let file, _, let key, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(file.hasSuffix("default.json") && key == "m")
        #expect(reason.contains("'n' \(words)"))
    }

    @Test(arguments: [
        ("{\n  \"a\": \"x\",\n}", 3, "trailing comma"),
        ("{\n  \"a\": \"x\"\n  \"b\": \"y\"\n}", 3, "expected ',' or '}'"),
        ("{\n  \"a\": \"x\",\n  \"a\": \"y\"\n}", 3, "duplicate key"),
        ("{\n  \"a\": \"x\",\n  \"b\": 3\n}", 3, "must be a JSON string"),
        ("[\"a\"]", 1, "top level must be a JSON object"),
    ])
    func invalidCatalogFileNamesFileAndLine(text: String, line: Int, words: String) throws {
        let dir = try writeCatalog(["ar.json": text])
        let e = error { _ = try MessageCatalog(directory: dir).format("a", locale: LocaleTag("ar")) }
        guard case .message(let file, let gotLine, _, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(file.hasSuffix("ar.json"))
        #expect(gotLine == line)
        #expect(reason.contains(words))
    }

    /// One file that cannot be read fails only the lookups whose chain reaches its language, with
    /// its error; the other languages are served (a typo in fr.json failed every lookup, ar's and
    /// default's too). `brokenFiles` lists it for a tool to warn of.
    @Test func aBrokenFileFailsOnlyItsLanguage() throws {
        let dir = try writeCatalog([
            "default.json": #"{"m": "hello {name}"}"#, "ar.json": #"{"m": "مرحبا {name}"}"#, "fr.json": "{\n \"m\": \"x\",\n \"bad\": \n}",
        ])
        let catalog = try MessageCatalog(directory: dir)
        #expect(try catalog.format("m", locale: LocaleTag("ar-EG"), arguments: ["name": "Bob"]).text == "مرحبا \u{2066}Bob\u{2069}")
        #expect(try catalog.format("m", locale: LocaleTag("de"), arguments: ["name": "Bob"]).text == "hello \u{2066}Bob\u{2069}")
        let e = error { _ = try catalog.format("m", locale: LocaleTag("fr-CA"), arguments: ["name": "Bob"]) }
        guard case .message(let file, let line, _, let reason) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(file == dir + "/fr.json" && line == 4 && reason.contains("not valid JSON"))
        #expect(catalog.brokenFiles == [e!])
    }

    @Test func fileNamedByNoLanguageTag() throws {
        let dir = try writeCatalog(["not a tag.json": "{}"])
        let e = error { _ = try MessageCatalog(directory: dir) }
        #expect(e?.description.contains("not a tag.json") == true)
    }

    @Test func missingFolder() {
        let e = error { _ = try MessageCatalog(directory: "/nonexistent/catalog") }
        guard case .unreadableFile(let path, _) = e else { Issue.record("\(String(describing: e))"); return }
        #expect(path == "/nonexistent/catalog")
    }

    /// The example catalog of the repository formats every key in every language.
    @Test func exampleCatalog() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let catalog = try MessageCatalog(directory: root.appendingPathComponent("Examples/catalog").path)
        let arguments: [String: MessageArgument] = ["name": "小明", "count": 3, "gender": "female", "host": "Lina"]
        for locale in ["en", "ar", "ar-EG", "zh-Hans-CN"] {
            for key in ["follow", "liked", "unread", "invite", "sent"] {
                _ = try catalog.format(key, locale: LocaleTag(locale), arguments: arguments)
            }
        }
        let follow = try catalog.format("follow", locale: LocaleTag("zh-Hans-CN"), arguments: arguments)
        #expect(follow.text == "\u{2066}小明\u{2069}关注了你")
    }
}
