// Where each text argument lands in a formatted message (issue #35): `argumentRanges` on the
// example catalog in three languages, an argument shown twice, inside plural and select branches,
// noncharacters in arguments and patterns; a name styled through `layout(_:spans:options:)`; dates;
// and a catalog held in memory, which formats as its folder does.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct ArgumentRangeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let folder = root.appendingPathComponent("Examples/catalog").path
    static let catalog = try! MessageCatalog(directory: folder)

    /// The text of `range` in `text` (code point offsets).
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(Array(text.unicodeScalars)[range]))
    }

    @Test(arguments: [("ar", "小明"), ("zh-Hans", "Bob"), ("en", "علي"), ("ar", "@sara_99")])
    func theNameIsWhereTheRangeSays(locale: String, name: String) throws {
        let message = try Self.catalog.format("follow", locale: LocaleTag(locale), arguments: ["name": .text(name)])
        let range = try #require(message.argumentRanges["name"])
        #expect(Self.slice(message.text, range) == name)
        // Inside its isolate: an initiator before, PDI after.
        let scalars = Array(message.text.unicodeScalars)
        #expect((0x2066...0x2068).contains(scalars[range.lowerBound - 1].value) && scalars[range.upperBound] == "\u{2069}")
    }

    @Test func pluralAndSelectBranches() throws {
        let sent = try Self.catalog.format("sent", locale: "ar", arguments: ["name": "Bob", "count": 3])
        #expect(Self.slice(sent.text, try #require(sent.argumentRanges["name"])) == "Bob")
        #expect(sent.argumentRanges["count"] == nil)  // a number, formatted by ICU
        let invite = try Self.catalog.format("invite", locale: "en", arguments: ["gender": "female", "host": .text("مريم")])
        #expect(invite.text.hasSuffix("invited you to her room"))
        #expect(Self.slice(invite.text, try #require(invite.argumentRanges["host"])) == "مريم")
        #expect(invite.argumentRanges["gender"] == nil)  // a selector, not shown
    }

    @Test func anArgumentShownTwiceHasItsFirstPlace() throws {
        let catalog = try MessageCatalog(messages: ["default": ["twice": "{a}, {b} and {a} again"]])
        let message = try catalog.format("twice", locale: "en", arguments: ["a": "Ann", "b": "بشير"])
        #expect(message.argumentRanges == ["a": 1..<4, "b": 8..<12])
        #expect(ArgumentIsolation.removingIsolates(message.text) == "Ann, بشير and Ann again")
    }

    /// The noncharacters the marks are made of: replaced in an argument, refused in a pattern.
    @Test func noncharacters() throws {
        // (Swift's literals refuse noncharacters: they are built from their values.)
        func nonchar(_ v: UInt32) -> String { String(Character(Unicode.Scalar(v)!)) }
        let message = try Self.catalog.format("follow", locale: "en", arguments: ["name": .text("a" + nonchar(0xFDD0) + "b" + nonchar(0xFDD2))])
        #expect(Self.slice(message.text, try #require(message.argumentRanges["name"])) == "a\u{FFFD}b\u{FFFD}")
        let bad = try MessageCatalog(messages: ["default": ["k": "x" + nonchar(0xFDD1) + " {name}"]])
        #expect {
            try bad.format("k", locale: "en", arguments: ["name": "n"])
        } throws: { error in
            "\(error)".contains("U+FDD1 at code point 1") && "\(error)".contains("<memory>/default")
        }
    }

    @Test func aStyledNameLaysOutInItsOwnRun() throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let message = try Self.catalog.format("follow", locale: "ar", arguments: ["name": "Bob"])
        let range = try #require(message.argumentRanges["name"])
        let layout = try engine.layout(message, spans: [TextSpan(range: range, weight: .bold)], options: LayoutOptions(locale: "ar"))
        let runs = layout.lines.flatMap(\.runs)
        let bob = try #require(runs.first { $0.range == range })
        #expect(bob.font.weight == .bold)
        #expect(runs.filter { $0.range != range }.allSatisfy { $0.font.weight == .regular })
        // Right to left, the name first: its run is the rightmost that shows anything.
        #expect(runs.filter { $0.advance > 0 }.max { $0.x < $1.x }?.range == range)
        #expect(throws: BidiRenderError.self) {
            try engine.layout(message, spans: [TextSpan(range: 0..<99, weight: .bold)], options: LayoutOptions())
        }
    }

    @Test func dates() throws {
        let catalog = try MessageCatalog(messages: [
            "default": ["sent": "Sent {when, date, medium}", "pick": "{g, select, a {A} other {O}}"],
            "ar": ["sent": "أُرسلت {when, date, medium}"],
        ])
        let noon = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27 12:00 UTC
        let en = try catalog.format("sent", locale: "en", arguments: ["when": .date(noon)])
        #expect(en.text.hasPrefix("Sent Nov 2") && en.text.hasSuffix("2026"))
        let ar = try catalog.format("sent", locale: "ar", arguments: ["when": .date(noon)])
        #expect(ar.text.contains("٢٠٢٦") && ar.direction == .rightToLeft)
        // The same instant as a number of milliseconds.
        #expect(try catalog.format("sent", locale: "en", arguments: ["when": .number(1_795_780_800_000)]).text == en.text)
        #expect(throws: BidiRenderError.self) { try catalog.format("pick", locale: "en", arguments: ["g": .date(noon)]) }
        // A date ICU would format as nonsense is an error naming the argument.
        for seconds in [Double.nan, .infinity, -.infinity, 1e300, 8.64e12 + 1] {
            #expect {
                try catalog.format("sent", locale: "en", arguments: ["when": .date(Date(timeIntervalSince1970: seconds))])
            } throws: { "\($0)".contains("the argument 'when' is a date outside") }
        }
        #expect(try catalog.format("sent", locale: "en", arguments: ["when": .date(Date(timeIntervalSince1970: -8.64e12))]).text.hasPrefix("Sent"))
    }

    /// A catalog held in memory formats every key of the example folder as the folder does.
    @Test func aCatalogInMemoryIsTheFolder() throws {
        var messages: [String: [String: String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.folder) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder).appendingPathComponent(name))
            messages[String(name.dropLast(5))] = try JSONSerialization.jsonObject(with: data) as? [String: String]
        }
        let memory = try MessageCatalog(messages: messages)
        let arguments: [String: MessageArgument] = ["name": "小明", "count": 3, "gender": "female", "host": "Sara"]
        for key in ["follow", "liked", "unread", "invite", "sent"] {
            for locale in ["ar", "ar-EG", "zh-Hans", "en", "fr"] {
                let a = try Self.catalog.format(key, locale: LocaleTag(locale), arguments: arguments)
                let b = try memory.format(key, locale: LocaleTag(locale), arguments: arguments)
                #expect(a == b, "\(key) in \(locale)")
            }
        }
        #expect(throws: BidiRenderError.self) { try MessageCatalog(messages: ["not a tag!": [:]]) }
        #expect(throws: BidiRenderError.self) { try MessageCatalog(messages: ["zh_hans": [:], "zh-Hans": [:]]) }
    }
}
