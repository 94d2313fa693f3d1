// The ellipsis's own style (issue #35): "… Read more" in bold, in the link colour and underlined,
// whatever the text's style; its pixels drawn in that colour and the text's not; attributes that do
// not apply to an ellipsis refused by name.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct EllipsisStyleTests {
    static let blue = RGBAColor(red: 0, green: 0, blue: 255)
    static let text = "مرحبا بكم في مجموعة العمل، سنبدأ الاجتماع غدا في الساعة العاشرة صباحا مع فريق التصميم"

    static func layout(_ style: TextSpan?, truncation: TruncationMode = .end) throws -> Layout {
        try TestLayout.engine.layout(
            text,
            options: LayoutOptions(
                direction: .rightToLeft, locale: "ar", size: 24, maxWidth: 300, maxLines: 1, ellipsis: "… اقرأ المزيد",
                truncation: truncation, ellipsisStyle: style))
    }

    @Test(arguments: [TruncationMode.end, .start, .middle])
    func theEllipsisHasItsOwnStyle(truncation: TruncationMode) throws {
        let style = TextSpan(range: 0..<0, weight: .bold, color: Self.blue, underline: true)
        let layout = try Self.layout(style, truncation: truncation)
        let plain = try Self.layout(nil, truncation: truncation)
        let runs = layout.lines[0].runs
        // "… اقرأ المزيد" is two runs: the words in the Arabic font, "… " in Noto Sans.
        let ellipsisRuns = runs.filter(\.isEllipsis)
        #expect(ellipsisRuns.count == 2)
        let ellipsis = try #require(ellipsisRuns.first)
        let (left, right) = (ellipsis.x, ellipsisRuns.last!.x + ellipsisRuns.last!.advance)
        #expect(ellipsisRuns.allSatisfy { $0.style.color == Self.blue && $0.style.underline && $0.font.weight == .bold })
        // The text keeps its own look; the plain layout's ellipsis is regular and unpainted.
        #expect(runs.filter { !$0.isEllipsis }.allSatisfy { $0.style == .plain && $0.font.weight == .regular })
        let plainEllipsis = plain.lines[0].runs.filter(\.isEllipsis)
        #expect(plainEllipsis.count == 2 && plainEllipsis.allSatisfy { $0.font.weight == .regular && $0.style == .plain })
        // Bold is wider: the kept text makes room for it, within the width.
        #expect(right - left > plainEllipsis.reduce(0) { $0 + $1.advance })
        #expect(layout.lines[0].contentWidth <= 300 + 1e-6)

        // Drawn: blue pixels lie in the ellipsis's box only.
        let image = try TestRender.renderer.rgba(layout, options: RenderOptions(background: .transparent, padding: 0))
        var blueInside = 0, blueOutside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                guard image.pixels[i + 3] > 200, image.pixels[i + 2] > 200, image.pixels[i] < 40 else { continue }
                let inside = Double(x) >= left - 1 && Double(x) <= right + 1
                if inside { blueInside += 1 } else { blueOutside += 1 }
            }
        }
        #expect(blueInside > 50)
        #expect(blueOutside == 0)
    }

    @Test(arguments: [
        (TextSpan(range: 0..<0, size: 30), "size"),
        (TextSpan(range: 0..<0, locale: "en"), "locale"),
        (TextSpan(range: 0..<0, entity: .url), "entity"),
        (TextSpan(range: 0..<0, features: ["smcp"]), "features"),
    ])
    func otherAttributesAreRefused(style: TextSpan, key: String) {
        #expect(throws: BidiRenderError.invalidValue(
            key: "ellipsis-style", value: key,
            reason: "is not an attribute of the ellipsis: weight, style, color, background, underline and strikethrough are")) {
            try Self.layout(style)
        }
    }
}
