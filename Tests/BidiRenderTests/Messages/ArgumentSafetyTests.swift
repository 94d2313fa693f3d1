// Tests that an argument cannot reorder the words around it (issue #32): an unmatched isolate
// initiator, a paragraph or line separator followed by an override, a selector also shown. Each
// attack's whole message, reordered by BidiText, must show as the same message with a harmless value
// (the attack's controls removed, its separators as spaces), in an LTR and an RTL catalog language.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

/// The visual text of `text` laid out as a paragraph of `direction`: each paragraph's line, controls
/// removed (BidiText.displayString), joined by "|".
func visualText(_ text: String, _ direction: ParagraphDirection, engine: BidiEngine = .native) -> String {
    let bidi = BidiText(text, direction: direction, engine: engine)
    return bidi.paragraphs.map { bidi.displayString($0.singleLine) }.joined(separator: "|")
}

@Suite struct ArgumentSafetyTests {
    static let catalog: MessageCatalog = {
        let dir = try! writeCatalog([
            "default.json": #"{"follow": "{name} started following you", "gift": "{g, select, a {A} other {{g} sent you a gift}}"}"#,
            "ar.json": #"{"follow": "{name} بدأ في متابعتك", "gift": "{g, select, a {A} other {{g} أرسل لك هدية}}"}"#,
        ])
        return try! MessageCatalog(directory: dir)
    }()

    /// The attacks, and the harmless value each must show as.
    static let attacks: [(attack: String, harmless: String)] = [
        ("Bob\u{2029}\u{202E}", "Bob "),  // a paragraph separator, then an override
        ("Bob\u{2028}\u{202E}", "Bob "),  // a line separator
        ("Bob\r\n\u{202E}", "Bob  "),  // CR LF
        ("Bob\u{85}\u{202E}", "Bob "),  // NEL
        ("Bob\u{1C}\u{202E}", "Bob "),  // a B-class information separator
        // S-class separators: L1 puts them at the paragraph's level, so the halves of the name
        // swapped in an RTL sentence ("Smith John").
        ("John\tSmith", "John Smith"),
        ("John\u{1F}Smith", "John Smith"),
        ("John\u{0B}Smith", "John Smith"),
        ("محمد\tعلي and co", "محمد علي and co"),
        ("\u{202E}Bob", "boB"),  // an override left open reverses the argument only
        ("\u{202B}Bob", "Bob"),  // an embedding left open
        ("محمد\u{2066}", "محمد"),  // an isolate initiator left open takes the wrapper's PDI
        ("Bob\u{2067}", "Bob"),
        ("Bob\u{2068}", "Bob"),
        ("Bob\u{2069}\u{202E}", "Bob"),  // an unmatched PDI, then an override
        ("Bob\u{202C}\u{202C}\u{202E}", "Bob"),  // unmatched PDFs
    ]

    @Test(arguments: attacks.indices)
    func argumentCannotReorderTheMessage(index: Int) throws {
        let (attack, harmless) = Self.attacks[index]
        for (locale, direction) in [("en", ParagraphDirection.leftToRight), ("ar", .rightToLeft)] {
            let hostile = try Self.catalog.format("follow", locale: LocaleTag(locale), arguments: ["name": .text(attack)])
            let plain = try Self.catalog.format("follow", locale: LocaleTag(locale), arguments: ["name": .text(harmless)])
            #expect(hostile.paragraphDirection == (direction == .rightToLeft ? .rightToLeft : .leftToRight))
            for engine in [BidiEngine.native, .fribidi] {
                let shown = visualText(hostile.text, direction, engine: engine)
                #expect(shown == visualText(plain.text, direction, engine: engine), "\(locale) \(engine)")
                #expect(!shown.contains("|"), "one paragraph")
            }
        }
    }

    /// The issue's example, as an exact visual string.
    @Test func paragraphSeparatorAndOverride() throws {
        let message = try Self.catalog.format("follow", locale: LocaleTag("en"), arguments: ["name": "Bob\u{2029}\u{202E}"])
        #expect(message.text == "\u{2066}Bob \u{202E}\u{202C}\u{2069} started following you")
        #expect(visualText(message.text, .leftToRight) == "Bob  started following you")
    }

    /// A name used as a selector and also shown: matched raw, shown made safe and isolated.
    @Test func selectorAlsoShownIsIsolatedWhereShown() throws {
        for (locale, direction, words) in [("en", ParagraphDirection.leftToRight, "sent you a gift"), ("ar", .rightToLeft, "أرسل لك هدية")] {
            let matched = try Self.catalog.format("gift", locale: LocaleTag(locale), arguments: ["g": "a"])
            #expect(matched.text == "A")
            let hostile = try Self.catalog.format("gift", locale: LocaleTag(locale), arguments: ["g": "\u{202E}Bob\u{2029}\u{202E}"])
            #expect(hostile.text == "\u{2066}\u{202E}Bob \u{202E}\u{202C}\u{202C}\u{2069} " + words)
            let plain = try Self.catalog.format("gift", locale: LocaleTag(locale), arguments: ["g": " boB"])
            #expect(visualText(hostile.text, direction) == visualText(plain.text, direction))
        }
    }

    /// The sanitizer's rules, one at a time.
    @Test(arguments: [
        ("a\u{2029}b\nc\r\u{2028}\u{0B}\u{0C}\u{85}\u{1C}d", "a b c      d"),
        ("a\u{2069}b\u{202C}c", "abc"),
        ("\u{2067}a\u{202B}b", "\u{2067}a\u{202B}b\u{202C}\u{2069}"),
        ("\u{202B}a\u{2066}b\u{2069}c\u{202C}", "\u{202B}a\u{2066}b\u{2069}c\u{202C}"),  // balanced: unchanged
        ("\u{2066}a\u{202E}b\u{2069}\u{202C}", "\u{2066}a\u{202E}b\u{2069}"),  // the PDI closed the RLO (X6a)
        ("plain", "plain"),
    ])
    func sanitizer(input: String, output: String) {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: ExplicitFormattingBalance.sanitized(Array(input.unicodeScalars)))
        #expect(String(out) == output)
    }
}

/// Caller mention spans and entities hold hostile controls: layout and the string API keep them
/// inside their isolate, with offsets that never show the inserted controls.
@Suite struct EntityControlSafetyTests {
    /// "Bob" + a control, then " started following you"; the mention span covers Bob and the control.
    @Test(arguments: ["\u{202E}", "\u{202B}", "\u{2067}", "\u{2068}", "\u{2069}\u{202E}", "\u{2069}\u{2069}\u{2067}\u{202E}"])
    func mentionSpanCannotReorderTheTextAfterIt(control: String) throws {
        let name = "Bob" + control
        let text = name + " started following you"
        let span = 0..<name.unicodeScalars.count
        for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
            // The string API: the isolated string shows as the text without the control.
            let isolated = EntityIsolation.isolated(text, direction: direction, kinds: [], spans: [TextSpan(range: span, entity: .mention)])
            let expected = visualText(EntityIsolation.isolate("Bob started following you", direction: direction, kinds: [], spans: [TextSpan(range: 0..<3, entity: .mention)]), direction)
            #expect(visualText(isolated.text, direction) == expected, "\(direction)")
            #expect(visualText(isolated.text, direction, engine: .fribidi) == expected, "\(direction) fribidi")
            // Offsets: every original offset maps to an original character, the controls never show.
            for offset in 0..<text.unicodeScalars.count {
                let at = try isolated.isolatedOffset(ofOriginal: offset)
                #expect(try isolated.originalOffset(ofIsolated: at) == offset)
            }
            // Layout: the words after the mention keep their logical order in LTR, and are together
            // in RTL (a paragraph of one LTR run after the mention).
            let layout = try TestLayout.engine.layout(
                text, spans: [TextSpan(range: span, entity: .mention)], options: LayoutOptions(direction: direction == .rightToLeft ? .rightToLeft : .leftToRight))
            let order = TestLayout.visualOrder(layout)
            let after = order.filter { $0 >= span.upperBound }
            #expect(after == Array(span.upperBound..<text.unicodeScalars.count), "\(direction): \(order)")
            #expect(Set(order).isSuperset(of: Set(0..<3)))
        }
    }

    /// A span that starts with an unmatched PDI and ends with an open RLI: the inserted controls go
    /// with the first and last characters (transformedRange), and layout keeps the words after it
    /// in order.
    @Test func controlsAtTheSpanEdges() throws {
        let text = "\u{2069}Bob\u{2067} started following you"
        let span = 0..<5
        let isolated = IsolatedText(Array(text.unicodeScalars), entities: [Entity(kind: .mention, range: span, direction: .leftToRight)], innerMarks: true)
        // M LRI M [LRI] PDI B o b RLI [PDI] M PDI M
        #expect(isolated.transformedRange(0..<1) == 0..<5)
        #expect(isolated.transformedRange(4..<5) == 8..<13)
        #expect(isolated.originalIndex.filter { $0 >= 0 } == Array(0..<text.unicodeScalars.count))
        for direction in [LayoutOptions(direction: .leftToRight), LayoutOptions(direction: .rightToLeft)] {
            let layout = try TestLayout.engine.layout(text, spans: [TextSpan(range: span, entity: .mention)], options: direction)
            let order = TestLayout.visualOrder(layout)
            #expect(order.filter { $0 >= 5 } == Array(5..<text.unicodeScalars.count), "\(order)")
        }
    }

    /// An isolate initiator left open in a span would take the span's PDI and keep the rest of the
    /// paragraph in its isolate: Arabic after it would read left to right. It reads right to left.
    @Test(arguments: ["\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}\u{2066}"])
    func openInitiatorDoesNotCaptureTheRest(control: String) throws {
        let name = "Bob" + control
        let text = name + " بدأ في متابعتك"
        let n = text.unicodeScalars.count
        let span = 0..<name.unicodeScalars.count
        let layout = try TestLayout.engine.layout(text, spans: [TextSpan(range: span, entity: .mention)], options: LayoutOptions(direction: .rightToLeft))
        #expect(TestLayout.visualOrder(layout).filter { $0 >= span.upperBound } == Array((span.upperBound..<n).reversed()))
        let isolated = EntityIsolation.isolate(text, direction: .rightToLeft, kinds: [], spans: [TextSpan(range: span, entity: .mention)])
        let plain = EntityIsolation.isolate("Bob بدأ في متابعتك", direction: .rightToLeft, kinds: [], spans: [TextSpan(range: 0..<3, entity: .mention)])
        #expect(visualText(isolated, .rightToLeft) == visualText(plain, .rightToLeft))
    }
}
