// LayoutFindingsTests: the text guard in every layout (`Layout.findings`, the JSON's "warnings"): Zalgo
// found by its marks and by the ink that rises above its line, nothing on real text at chat widths,
// an inline box's placeholder not taken for marks, and the switch the benchmarks turn off.

import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LayoutFindingsTests {
    static let engine = TestLayout.engine

    @Test func zalgoRisesAboveItsLine() throws {
        let layout = try Self.engine.layout(GuardFixtures.zalgo(10), options: LayoutOptions(size: 16, maxWidth: 300))
        let marks = layout.findings.filter { $0.detail.hasSuffix("marks on one base (its script uses at most 3)") }
        #expect(marks.count == 5)
        let ink = try #require(layout.findings.first { $0.detail.hasPrefix("the ink of line 0 rises") })
        #expect(ink.kind == .marks)
        #expect(ink.range == layout.lines[0].range)
        // The same, laid out without the guard: nothing.
        var off = LayoutOptions(size: 16, maxWidth: 300)
        off.findsHostileText = false
        #expect(try Self.engine.layout(GuardFixtures.zalgo(10), options: off).findings.isEmpty)
    }

    @Test func theJSONHasWarningsOnlyWhenThereAreSome() throws {
        let hostile = try Self.engine.layout("a\u{202E}bc", options: LayoutOptions(size: 16))
        #expect(hostile.findings.map(\.kind) == [.bidiOverride])
        let json = hostile.jsonDocument()
        #expect(json.hasSuffix(",\"warnings\":[{\"kind\":\"bidi-override\",\"start\":1,\"end\":4,\"detail\":\"RLO reorders the text after it and is not closed by the end of its paragraph\"}]}"))
        let clean = try Self.engine.layout("مرحبا @sam", options: LayoutOptions(size: 16))
        #expect(clean.findings.isEmpty)
        #expect(!clean.jsonDocument().contains("\"warnings\""))
    }

    @Test func anInlineBoxIsNotMarks() throws {
        let text = "see [image] here"
        let box = TextSpan(range: 4..<11, inlineBox: InlineBox(width: 20, height: 20))
        let found = try Self.engine.layout(text, spans: [box], options: LayoutOptions(size: 16)).findings
        #expect(found.isEmpty, "\(found)")
    }

    @Test func mentionsInALayoutAreIdentifiers() throws {
        let layout = try Self.engine.layout("شكرا @\u{440}\u{430}\u{443}\u{440}\u{430}l", options: LayoutOptions(size: 16))
        #expect(Set(layout.findings.map(\.kind)) == [.mixedScript, .confusable])
    }

    /// Real text in both directions at 300 px: no finding, the ink check included.
    @Test func nothingOnRealText() throws {
        let texts = GuardFixtures.quranic + GuardFixtures.hebrewPointed + GuardFixtures.vietnamese
            + GuardFixtures.vietnameseDecomposed + GuardFixtures.persian + GuardFixtures.thai + GuardFixtures.devanagari
            + ChatCorpus.messages(.real, count: 600).filter { !$0.unicodeScalars.contains(where: BidiControlScan.isExplicit) }
        var alarms: [String] = []
        for text in texts {
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                let layout = try Self.engine.layout(text, options: LayoutOptions(direction: direction, size: 16, maxWidth: 300))
                if !layout.findings.isEmpty { alarms.append("\(text): \(layout.findings)") }
            }
        }
        #expect(alarms.isEmpty, "\(alarms.count): \(alarms.prefix(3))")
    }
}
