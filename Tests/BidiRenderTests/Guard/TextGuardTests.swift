// TextGuardTests: the text guard on the attacks it names (Trojan Source's patterns, file names with
// RLO, Cyrillic and Greek look-alikes, Arabic–Persian confusables, tag smuggling, Zalgo of 10, 100 and
// 10,000 marks) and on real text that must raise nothing (the chat corpus, the Quran with its marks,
// pointed Hebrew, Vietnamese, Persian with ZWNJ, Thai, Devanagari, every RGI emoji sequence).

import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TextGuardTests {
    static let engine = TestLayout.engine

    static func kinds(_ text: String, as role: TextRole = .message) throws -> Set<String> {
        Set(try engine.findings(in: text, as: role).map(\.kind.rawValue))
    }

    @Test func trojanSourcePatterns() throws {
        for (text, kinds) in GuardFixtures.trojanSource {
            let found = try Self.engine.findings(in: text)
            #expect(Set(found.map(\.kind.rawValue)) == Set(kinds), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            // Each finding starts at a bidi control.
            for f in found {
                let scalars = Array(text.unicodeScalars)
                #expect(BidiControlScan.isExplicit(scalars[f.range.lowerBound]), "\(f)")
            }
        }
    }

    @Test func overrideAndOpenEmbeddingSpans() throws {
        // An RLO closed by its PDF spans both; an LRE left open runs to its paragraph's end.
        let closed = try Self.engine.findings(in: "ab\u{202E}cd\u{202C}ef")
        #expect(closed == [TextFinding(.bidiOverride, 2..<6, "RLO reorders the text up to its PDF")])
        let open = try Self.engine.findings(in: "ab\u{202A}cd\nef")
        #expect(open.map(\.range) == [2..<5])
        #expect(open.first?.detail.contains("not closed") == true)
        #expect(try Self.engine.findings(in: "x\u{2069}").map(\.detail) == ["PDI closes no isolate"])
        #expect(try Self.engine.findings(in: "\u{2067}abc\u{2069} \u{202B}د\u{202C}").isEmpty)
    }

    @Test func fileNamesWithRLODisplayAsTheirSpoof() throws {
        for (name, shows) in GuardFixtures.rloFileNames {
            let found = try Self.engine.findings(in: name, as: .fileName)
            let spoof = try #require(found.first { $0.kind == .bidiSpoof })
            #expect(spoof.detail == "displays as \"\(shows)\"")
            #expect(spoof.range == 0..<name.unicodeScalars.count)
            #expect(found.contains { $0.kind == .bidiOverride })
        }
        // The same names inside a message are overrides (a message is not an identifier).
        #expect(try Self.kinds("see invoice\u{202E}fdp.exe") == ["bidi-override"])
        // A plain name, and an Arabic file name with a Latin extension, are not spoofs.
        #expect(try Self.engine.findings(in: "report-final.pdf", as: .fileName).isEmpty)
        #expect(try Self.engine.findings(in: "تقرير.pdf", as: .fileName).isEmpty)
    }

    @Test func lookalikesOfLatinNames() throws {
        for (spoof, target) in GuardFixtures.lookalikes {
            let role: TextRole = spoof.contains(".") ? .url : .name
            let found = try Self.engine.findings(in: spoof, as: role)
            #expect(found.contains(TextFinding(.confusable, 0..<spoof.unicodeScalars.count, "looks like \"\(target.lowercased())\""))
                || found.contains(TextFinding(.confusable, 0..<spoof.unicodeScalars.count, "looks like \"\(target)\"")),
                "\(spoof): \(found)")
            // And compared with the name it poses as.
            let compared = try Self.engine.findings(in: spoof, as: role, confusableWith: target)
            #expect(compared.contains { $0.kind == .confusable && $0.detail.hasPrefix("confusable with \"\(target)\"") }, "\(spoof)")
        }
        // Latin mixed with Cyrillic is mixed-script; all-Cyrillic "сосо" is not, but looks like "coco".
        #expect(try Self.kinds("\u{440}\u{430}\u{443}\u{440}\u{430}l", as: .name) == ["mixed-script", "confusable"])
        #expect(try Self.kinds("\u{441}\u{43E}\u{441}\u{43E}", as: .name) == ["confusable"])
        // In a message, the mention is checked, not the sentence.
        let message = try Self.engine.findings(in: "مرحبا 小明 hello @\u{440}\u{430}\u{443}\u{440}\u{430}l!")
        #expect(Set(message.map(\.kind)) == [.mixedScript, .confusable])
        #expect(message.allSatisfy { $0.range == 16..<22 })
        // A URL's host.
        let url = try Self.engine.findings(in: "login at https://\u{430}pple.com/account now")
        #expect(url.contains(TextFinding(.confusable, 17..<26, "looks like \"apple.com\"")))
    }

    @Test func arabicAndPersianLettersAreConfusable() throws {
        for (arabic, persian) in GuardFixtures.arabicPersianConfusables {
            #expect(try Self.engine.findings(in: arabic, as: .name).isEmpty)
            #expect(try Self.engine.findings(in: persian, as: .name).isEmpty)
            let found = try Self.engine.findings(in: persian, as: .name, confusableWith: arabic)
            #expect(found == [TextFinding(.confusable, 0..<persian.unicodeScalars.count, "confusable with \"\(arabic)\" (single-script)")])
        }
        #expect(try Self.engine.findings(in: "سارة", as: .name, confusableWith: "علي").isEmpty)
    }

    @Test func tagSmugglingAndInvisibles() throws {
        for text in GuardFixtures.tagSmuggling {
            let found = try Self.engine.findings(in: text)
            #expect(found.map(\.kind) == [.invisible], "\(found)")
        }
        #expect(try Self.engine.findings(in: "hello\u{E0069}\u{E0067}\u{E006E}").first?.detail.hasSuffix("\"ign\"") == true)
        for flag in GuardFixtures.emojiTagSequences { #expect(try Self.engine.findings(in: "go \(flag)!").isEmpty) }
        for (text, offsets) in GuardFixtures.invisibles {
            let found = try Self.engine.findings(in: text, as: .name)
            #expect(found.filter { $0.kind == .invisible }.map(\.range.lowerBound) == offsets, "\(text.unicodeScalars.map { $0.value })")
        }
        // ZWJ between Latin letters is a finding; in Persian, Devanagari and emoji it is how they are written.
        #expect(try Self.kinds("ab\u{200D}cd") == ["invisible"])
        #expect(try Self.engine.findings(in: "می\u{200C}خواهم र्\u{200D}या 👩\u{200D}💻 👨🏽\u{200D}🚀 🏳️\u{200D}🌈").isEmpty)
    }

    @Test(arguments: [10, 100, 10_000])
    func zalgoIsFoundAndClamped(marks: Int) throws {
        let text = GuardFixtures.zalgo(marks)
        let found = try Self.engine.findings(in: text)
        #expect(found.count == 5)
        #expect(found.allSatisfy { $0.kind == .marks && $0.detail == "\(marks) marks on one base (its script uses at most 3)" })
        let clamped = try Self.engine.repaired(text, maxExtraMarks: 0)
        #expect(clamped.unicodeScalars.count <= 5 * (1 + 3) + 5)
        #expect(try Self.engine.findings(in: clamped).isEmpty)
        let oneMore = try Self.engine.repaired(text, maxExtraMarks: 1)
        #expect(try Self.engine.findings(in: oneMore).count == 5)
        // What the clamp keeps is the text's own: each base, then its first marks.
        #expect(clamped.unicodeScalars.first == "h")
        #expect(Array(clamped.unicodeScalars).allSatisfy { text.unicodeScalars.contains($0) })
    }

    @Test func neutralizingRemovesWhatItNames() throws {
        let hostile = "a\u{202E}b\u{202A}c\u{202C}\u{2069}d\u{2067}e\nf"
        let fixed = try Self.engine.repaired(hostile, neutralizing: true)
        #expect(fixed == "\u{2068}abcd\u{2067}e f\u{2069}\u{2069}")
        #expect(!fixed.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
        #expect(try Self.engine.findings(in: fixed).isEmpty)
        #expect(try Self.engine.repaired("plain") == "plain")
        #expect(throws: BidiRenderError.self) { try Self.engine.repaired("x", maxExtraMarks: -1) }
    }

    /// No marks, invisible or bidi finding on real text, and the clamp changes none of it.
    /// A name holding a character that shows nothing but prose uses (a soft hyphen, the combining
    /// grapheme joiner, an implicit directional mark) passes for the name without it: an invisible
    /// finding, and confusable with that name (they raised nothing, and "pay\u{200E}pal" was taken
    /// for equal to "paypal", its marks removed before the comparison).
    @Test(arguments: ["\u{00AD}", "\u{034F}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{206B}"])
    func invisiblesInsideANamePassForTheName(mark: String) throws {
        let spoof = "pay" + mark + "pal"
        let found = try Self.engine.findings(in: spoof, as: .name, confusableWith: "paypal")
        #expect(found.contains { $0.kind == .invisible && $0.range == 3..<4 }, "\(found)")
        #expect(found.contains { $0.kind == .confusable && $0.detail.contains("paypal") }, "\(found)")
        #expect(try Self.engine.findings(in: spoof, as: .name).map(\.kind) == [.invisible])
        #expect(try Self.engine.findings(in: "https://pay" + mark + "pal.com/x", as: .url).contains { $0.kind == .invisible })
        // The same characters in prose are how it is written: nothing.
        #expect(try Self.engine.findings(in: "hyphen" + mark + "ation and more").isEmpty)
        #expect(try Self.engine.findings(in: "paypal", as: .name, confusableWith: "paypal").isEmpty)
    }

    /// A host written in Punycode is checked as a browser shows it (ICU's UTS #46 ToUnicode):
    /// "xn--pypal-4ve.com" is "pаypal.com" with a Cyrillic "а"; it passed as plain ASCII. A real
    /// IDN ("münchen.de") and a label that is no valid Punycode raise nothing.
    @Test func punycodeHostsAreCheckedAsShown() throws {
        let url = try Self.engine.findings(in: "https://xn--pypal-4ve.com/login", as: .url)
        #expect(Set(url.map(\.kind)) == [.mixedScript, .confusable], "\(url)")
        #expect(url.allSatisfy { $0.range == 0..<31 && $0.detail.hasPrefix("\"xn--pypal-4ve.com\" shows as \"p\u{0430}ypal.com\"") })
        #expect(url.contains { $0.detail.hasSuffix("looks like \"paypal.com\"") })
        let message = "pay here https://XN--PYPAL-4VE.com/x or mail me at bob@xn--pypal-4ve.com"
        let inMessage = try Self.engine.findings(in: message)
        #expect(inMessage.filter { $0.kind == .confusable }.map(\.range) == [17..<34, 55..<72], "\(inMessage)")
        #expect(try Self.engine.findings(in: "https://xn--mnchen-3ya.de/", as: .url).isEmpty)
        #expect(try Self.engine.findings(in: "https://xn--zzzzz.com/", as: .url).isEmpty)
        #expect(try Self.engine.findings(in: "xn--pypal-4ve.com", as: .url, confusableWith: "paypal.com").contains { $0.detail.contains("confusable with \"paypal.com\"") })
    }

    @Test func noFalseAlarmsOnRealText() throws {
        let texts = GuardFixtures.quranic + GuardFixtures.hebrewPointed + GuardFixtures.vietnamese
            + GuardFixtures.vietnameseDecomposed + GuardFixtures.persian + GuardFixtures.thai + GuardFixtures.devanagari
        for text in texts {
            let found = try Self.engine.findings(in: text)
            #expect(found.isEmpty, "\(text): \(found)")
            #expect(try Self.engine.repaired(text, maxExtraMarks: 0) == text)
        }
    }

    @Test func noFalseAlarmsOnEveryRGIEmojiSequence() throws {
        let list = try JumbomojiTests.sequences("fully-qualified")
        var alarms: [String] = []
        for emoji in list where try !Self.engine.findings(in: "ok \(emoji) ok").isEmpty { alarms.append(JumbomojiTests.hex(emoji)) }
        #expect(alarms.isEmpty, "\(alarms.prefix(10))")
        let all = list.joined(separator: " ")
        #expect(try Self.engine.repaired(all, maxExtraMarks: 0) == all)
    }

    /// The corpus puts explicit bidi controls into a few percent of its messages, overrides and
    /// unclosed ones among them: those are found, at their controls, and nothing else is.
    @Test func noFalseAlarmsOnTheCorpus() throws {
        var alarms: [String] = []
        var overrides = 0
        for message in ChatCorpus.messages(.real, count: 3_000) {
            let scalars = Array(message.unicodeScalars)
            for f in try Self.engine.findings(in: message) {
                if f.kind == .bidiOverride, BidiControlScan.isExplicit(scalars[f.range.lowerBound]) {
                    overrides += 1
                } else {
                    alarms.append("\(message): \(f)")
                }
            }
            if !scalars.contains(where: BidiControlScan.isExplicit) {
                #expect(try Self.engine.findings(in: message).isEmpty)
            }
        }
        #expect(alarms.isEmpty, "\(alarms.count): \(alarms.prefix(5))")
        #expect(overrides > 10)
    }
}
