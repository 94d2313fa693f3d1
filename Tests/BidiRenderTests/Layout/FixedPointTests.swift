// The fixed point of a layout's width: laid out again at its own `contentWidth` (with the same line
// limit), a layout keeps its lines, its truncation and its contentWidth.
import ChatCorpus
import Foundation
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FixedPointTests {
    static let preview = "لا تنسَ إحضار الكتاب سأراك غدا في الساعة ٣:٣٠ ok LOL الاجتماع يوم ١٢ مارس في المكتب ok"

    static func layout(_ text: String, _ direction: ParagraphDirection, width: Double, maxLines: Int?) throws -> Layout {
        try TestLayout.engine.layout(
            text, options: LayoutOptions(direction: direction, locale: LocaleTag("ar"), size: 15, maxWidth: width, maxLines: maxLines))
    }

    /// What must not change from a layout to its relayout at its contentWidth.
    static func mismatch(_ text: String, _ direction: ParagraphDirection, width: Double, maxLines: Int?) throws -> String? {
        let first = try layout(text, direction, width: width, maxLines: maxLines)
        let again = try layout(text, direction, width: first.contentWidth, maxLines: maxLines)
        let (a, b) = (first.lines.map(\.range), again.lines.map(\.range))
        guard a != b || first.truncated != again.truncated || first.contentWidth != again.contentWidth else { return nil }
        return "\(direction) width \(width) maxLines \(maxLines.map(String.init) ?? "nil"): \(a) → \(b), truncated \(first.truncated) → \(again.truncated), contentWidth \(first.contentWidth) → \(again.contentWidth): \(text)"
    }

    /// The preview: at 260 px its second line is 41..<80, 259.695 px wide with the ellipsis;
    /// at that width (and at 259.8) it was cut a grapheme earlier, because the cut was proposed by the
    /// paragraph's shaping (the last word 0.24 px wider than shaped as a line) and only stepped back.
    @Test(arguments: [260.0, 259.8, 259.695])
    func truncatedPreviewKeepsItsTextAtItsOwnWidth(width: Double) throws {
        let layout = try Self.layout(Self.preview, .rightToLeft, width: width, maxLines: 2)
        #expect(layout.truncated)
        #expect(layout.lines.map(\.range) == [0..<41, 41..<80])
        #expect(abs(layout.contentWidth - 259.695) < 1e-9)
        #expect(try Self.mismatch(Self.preview, .rightToLeft, width: width, maxLines: 2) == nil)
    }

    /// Every corpus message, both directions, widths 120–400 px and 1, 2, 3 or any number of lines:
    /// the relayout at `contentWidth` has the same line ranges, truncation and contentWidth, exactly.
    /// (A sanitizer build takes a quarter of the messages.)
    @Test(arguments: [1, 2, 3, nil] as [Int?])
    func corpusLayoutsAreFixedPointsOfTheirContentWidth(maxLines: Int?) throws {
        var failures: [String] = []
        for text in ChatCorpus.realMessages(count: TestScale.sample(150)) + ChatCorpus.messages(count: TestScale.sample(50), seed: 34) {
            for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
                for width in [120.0, 150, 173, 200, 260, 320, 400] {
                    if let failure = try Self.mismatch(text, direction, width: width, maxLines: maxLines) { failures.append(failure) }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) not fixed: \(failures.prefix(5).joined(separator: "\n"))")
    }
}
