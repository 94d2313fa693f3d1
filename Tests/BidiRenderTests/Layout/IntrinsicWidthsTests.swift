// Intrinsic widths against real layouts: max-content is the contentWidth of the layout with no width,
// min-content the widest piece between break opportunities, which a layout at that width holds on
// one line without splitting any piece.
import ChatCorpus
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct IntrinsicWidthsTests {
    static func widths(_ text: String, _ direction: ParagraphDirection, locale: String = "ar") throws -> IntrinsicWidths {
        try TestLayout.engine.measureIntrinsicWidths(text, options: LayoutOptions(direction: direction, locale: LocaleTag(locale)))
    }

    /// Words: min is the widest word laid out alone, max the whole line; a line separator (a mandatory
    /// break) makes max the wider of its two lines.
    @Test(arguments: [
        ("hello wonderful world", ["hello", "wonderful", "world"], ParagraphDirection.leftToRight),
        ("مرحبا بكم في العالم", ["مرحبا", "بكم", "في", "العالم"], .rightToLeft),
        ("hi مرحبا", ["hi", "مرحبا"], .auto),
    ])
    func wordsAndLines(text: String, words: [String], direction: ParagraphDirection) throws {
        let widths = try Self.widths(text, direction)
        let widestWord = words.map { TestLayout.layout($0, direction).contentWidth }.max()!
        #expect(abs(widths.min - widestWord) < 1e-9)
        #expect(abs(widths.max - TestLayout.layout(text, direction).contentWidth) < 1e-9)
        let separated = try Self.widths(text + "\u{2028}" + words[0], direction)
        #expect(abs(separated.max - widths.max) < 1e-9)
        #expect(abs(separated.min - widths.min) < 1e-9)
    }

    /// Ideographs break between each other: at a tiny width each line is one ideograph, no piece
    /// split, and the widest line is the min-content width.
    @Test func ideographsAtATinyWidth() throws {
        let text = "今天天气好吗我们去公园"
        let widths = try Self.widths(text, .leftToRight, locale: "zh")
        let tiny = TestLayout.layout(text, .leftToRight, locale: "zh", width: 1)
        #expect(tiny.lines.count == text.unicodeScalars.count)
        #expect(abs(widths.min - tiny.contentWidth) < 1e-9)
        #expect(abs(widths.max - TestLayout.layout(text, .leftToRight, locale: "zh").contentWidth) < 1e-9)
    }

    /// Empty text and several paragraphs: the widest paragraph.
    @Test func emptyAndParagraphs() throws {
        #expect(try Self.widths("", .auto) == IntrinsicWidths(min: 0, max: 0))
        let text = "short\na much longer paragraph here"
        let widths = try Self.widths(text, .leftToRight)
        #expect(abs(widths.max - TestLayout.layout(text, .leftToRight).contentWidth) < 1e-9)
        #expect(abs(widths.min - TestLayout.layout("paragraph", .leftToRight).contentWidth) < 1e-9)
    }

    /// Over a sample of the chat corpus, both directions: max is the contentWidth of the layout with
    /// no width; laid out at min, no line is wider than min and the widest line is min (the widest
    /// piece sits on a line of its own, unsplit).
    @Test func corpusAgainstLayouts() throws {
        for text in ChatCorpus.messages(count: 100, seed: 41) {
            for direction in [ParagraphDirection.leftToRight, .rightToLeft] {
                let widths = try Self.widths(text, direction)
                let context = "\(text.debugDescription) \(direction)"
                #expect(abs(widths.max - TestLayout.layout(text, direction).contentWidth) < 1e-6, "\(context)")
                #expect(widths.min <= widths.max + 1e-9, "\(context)")
                guard widths.min > 0 else { continue }
                let atMin = TestLayout.layout(text, direction, width: widths.min)
                #expect(abs(atMin.contentWidth - widths.min) < 1e-6, "\(context)")
            }
        }
    }

    /// maxWidth and maxLines are ignored; a size out of range is refused.
    @Test func optionsIgnoredAndChecked() throws {
        let text = "hello wonderful world"
        let plain = try Self.widths(text, .leftToRight)
        let limited = try TestLayout.engine.measureIntrinsicWidths(
            text, options: LayoutOptions(direction: .leftToRight, locale: LocaleTag("ar"), maxWidth: 10, maxLines: 0))
        #expect(plain == limited)
        #expect(throws: BidiRenderError.self) {
            try TestLayout.engine.intrinsicWidths(text, options: LayoutOptions(size: 0))
        }
    }
}
