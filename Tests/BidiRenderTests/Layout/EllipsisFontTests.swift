// An ellipsis that no one font of the locale's chain covers: "… اقرأ المزيد" in an Arabic UI (Noto
// Sans Arabic has no "…"). It went whole to the first system font that covers every character
// (DejaVu Sans), so "Read more" was drawn in another typeface than the message, and the layout
// reported a fallback. Each stretch of one font is now a run of its own, in the locale's fonts.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EllipsisFontTests {
    static let text = "لا تنسَ إحضار الكتاب سأراك غدا في الساعة الثالثة والنصف في المكتب الرئيسي مع الفريق كله"

    @Test func anArabicReadMoreStaysInTheArabicFont() throws {
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        let layout = try engine.layout(
            Self.text,
            options: LayoutOptions(direction: .rightToLeft, locale: "ar", size: 18, maxWidth: 260, maxLines: 2, ellipsis: "… اقرأ المزيد"))
        #expect(layout.truncated)
        let line = try #require(layout.lines.last)
        let runs = line.runs.filter(\.isEllipsis)
        // Left to right in an RTL line: the words, then "… " (the "…" logically first, at the right).
        #expect(runs.map { URL(fileURLWithPath: $0.font.file).lastPathComponent } == ["NotoSansArabic-Regular.ttf", "NotoSans-Regular.ttf"])
        #expect(layout.fallbacks.isEmpty)
        #expect(runs.allSatisfy { $0.range == line.range.upperBound..<line.range.upperBound && $0.level.isRightToLeft })
        // Side by side, at the line's left end.
        #expect(abs(runs[1].x - (runs[0].x + runs[0].advance)) < 1e-9)
        #expect(runs[0].x <= line.runs.filter { !$0.isEllipsis }.map(\.x).min()!)
        // Each run's glyphs are HarfBuzz's for its stretch of the string, as hb-shape gives them.
        let stretches: [(run: LayoutRun, scalars: String, script: String)] = [(runs[0], "اقرأ المزيد", "Arab"), (runs[1], "… ", "Zyyy")]
        let jobs = stretches.map { stretch in
            [
                "--font-funcs=ot", "--no-glyph-names", "--font-file=\(stretch.run.font.file)", "--direction=rtl",
                "--script=\(stretch.script)", "--language=ar",
                "--unicodes=\(stretch.scalars.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: ","))",
            ].joined(separator: ";")
        }
        let expected = try HBShapeBatch.run(jobs).map { try #require(HBShapeBatch.parse($0)).map(\.id) }
        #expect(stretches.map { layout.glyphs[$0.run.glyphRange].map(\.id) } == expected)
        #expect(!expected.joined().contains(0))
    }

    @Test func anEllipsisOneFontCoversIsOneRun() throws {
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        for ellipsis in ["…", "… Read more", "اقرأ المزيد"] {
            let layout = try engine.layout(
                Self.text,
                options: LayoutOptions(direction: .rightToLeft, locale: "ar", size: 18, maxWidth: 260, maxLines: 2, ellipsis: ellipsis))
            let runs = try #require(layout.lines.last).runs.filter(\.isEllipsis)
            #expect(runs.count == 1, "\(ellipsis)")
            #expect(layout.fallbacks.isEmpty, "\(ellipsis)")
        }
    }
}
