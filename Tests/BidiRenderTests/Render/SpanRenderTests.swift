// Span styles drawn: colours per run, the mention colour, backgrounds under the glyphs, underlines and
// strikethroughs where the font puts them, in PNG and SVG; and a golden of a styled RTL message.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SpanRenderTests {
    static let transparent = RenderOptions(background: .transparent, padding: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 255)
    static let yellow = RGBAColor(red: 255, green: 220, blue: 0)

    static func layout(_ text: String, _ direction: ParagraphDirection, spans: [TextSpan], size: Double = 40) -> Layout {
        try! TestLayout.engine.layout(
            text, spans: spans, options: LayoutOptions(direction: direction, locale: LocaleTag("en"), size: size))
    }

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> RGBAColor {
        let i = (y * image.width + x) * 4
        return RGBAColor(red: image.pixels[i], green: image.pixels[i + 1], blue: image.pixels[i + 2], alpha: image.pixels[i + 3])
    }

    /// Decorations sit where NotoSans puts them, scaled: post underlinePosition −100 and thickness 50
    /// (FreeType's top of the line: −100 − 25), OS/2 yStrikeoutPosition 322 and yStrikeoutSize 50, in
    /// 1000 units per em; at 40 px the underline's top is 5 px below the baseline, 2 px thick, and the
    /// strikethrough's top 12.88 px above it.
    @Test func decorationsTakeTheFontsMetrics() {
        var span = TextSpan(range: 0..<5)
        span.underline = true
        span.strikethrough = true
        let layout = Self.layout("Hello world", .leftToRight, spans: [span])
        let line = layout.lines[0]
        let shapes = TestRender.renderer.decorations(layout, options: RenderOptions())
        let underline = shapes.first { $0.role == "underline" }
        let strike = shapes.first { $0.role == "strikethrough" }
        #expect(abs((underline?.y ?? 0) - (line.baseline + 5)) < 1e-9)
        #expect(abs((underline?.height ?? 0) - 2) < 1e-9)
        #expect(abs((strike?.y ?? 0) - (line.baseline - 12.88)) < 1e-9)
        #expect(abs((strike?.height ?? 0) - 2) < 1e-9)
        #expect(underline?.x == line.runs[0].x && underline?.width == line.runs[0].advance)
    }

    /// One span over runs of two fonts (Latin and Arabic) and two sizes: a continuous underline, one
    /// y and thickness (the largest run's), its pieces edge to edge.
    @Test func underlineContinuesAcrossRuns() {
        var underline = TextSpan(range: 0..<9)
        underline.underline = true
        var big = TextSpan(range: 4..<9)
        big.size = 60
        let layout = Self.layout("abc مرحبا", .leftToRight, spans: [underline, big])
        let pieces = TestRender.renderer.decorations(layout, options: RenderOptions()).sorted { $0.x < $1.x }
        #expect(pieces.count == layout.lines[0].runs.count && pieces.count >= 2)
        #expect(Set(pieces.map(\.y)).count == 1 && Set(pieces.map(\.height)).count == 1)
        // NotoSansArabic at 60 px: (100 + 25) / 1000 × 60 below the baseline, 3 px thick.
        #expect(abs(pieces[0].y - (layout.lines[0].baseline + 7.5)) < 1e-9 && abs(pieces[0].height - 3) < 1e-9)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(abs(a.x + a.width - b.x) < 1e-9) }
    }

    /// PNG: a span's colour inks its glyphs; its background fills the line box under them; the
    /// underline is drawn in the run's colour under the baseline.
    @Test func pngDrawsColourBackgroundAndUnderline() throws {
        var span = TextSpan(range: 0..<5)
        span.color = Self.blue
        span.background = Self.yellow
        span.underline = true
        let layout = Self.layout("Hello world", .leftToRight, spans: [span])
        let image = try TestRender.renderer.rgba(layout, options: Self.transparent)
        let run = layout.lines[0].runs[0]
        let line = layout.lines[0]
        // The background's corners: the line box's top and bottom rows at the run's edges.
        #expect(Self.pixel(image, Int(run.x) + 1, Int(line.top) + 1) == Self.yellow)
        #expect(Self.pixel(image, Int(run.x + run.advance) - 2, Int(line.top + line.height) - 2) == Self.yellow)
        // Past the run: no background.
        #expect(Self.pixel(image, Int(run.x + run.advance) + 2, Int(line.top) + 1).alpha == 0)
        // The underline (5…7 px below the baseline), blue, across the run.
        #expect(Self.pixel(image, Int(run.x + run.advance / 2), Int(line.baseline) + 6) == Self.blue)
        // Opaque ink of the first run is blue or yellow; of the second, black.
        var blueInk = 0, blackInk = 0
        for y in Int(line.top)..<Int(line.baseline) {
            for x in 0..<image.width {
                let c = Self.pixel(image, x, y)
                if c == Self.blue { blueInk += 1; #expect(Double(x) < run.x + run.advance + 1) }
                if c == .black { blackInk += 1; #expect(Double(x) >= run.x + run.advance - 1) }
            }
        }
        #expect(blueInk > 100 && blackInk > 100)
    }

    /// `mentionColor` draws the mention's glyphs in it, the rest in the text colour; a span's colour
    /// wins over it.
    @Test func mentionColour() throws {
        let text = "hi @sara there"
        let layout = Self.layout(text, .leftToRight, spans: [], size: 30)
        #expect(layout.mentions.map(\.range) == [3..<8])
        let options = RenderOptions(background: .transparent, padding: 0, mentionColor: Self.blue)
        let image = try TestRender.renderer.rgba(layout, options: options)
        let glyphs = Array(layout.glyphs[layout.lines[0].glyphRange])
        let mentionSpan = glyphs.filter { (3..<8).contains($0.cluster) }
        let lo = mentionSpan.map(\.x).min()!, hi = mentionSpan.map { $0.x + $0.advance }.max()!
        var inside = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = Self.pixel(image, x, y)
                guard c.alpha == 255 else { continue }
                if Double(x) > lo + 1 && Double(x) < hi - 1 { #expect(c == Self.blue); inside += 1 }
                if Double(x) < lo - 1 || Double(x) > hi + 1 { #expect(c == .black); outside += 1 }
            }
        }
        #expect(inside > 50 && outside > 50)
        // A span's colour over the mention wins.
        var span = TextSpan(range: 3..<8)
        span.color = Self.yellow
        let spanned = Self.layout(text, .leftToRight, spans: [span], size: 30)
        let image2 = try TestRender.renderer.rgba(spanned, options: options)
        let colours = Set(stride(from: 0, to: image2.pixels.count, by: 4).compactMap { i -> RGBAColor? in
            image2.pixels[i + 3] == 255 ? RGBAColor(red: image2.pixels[i], green: image2.pixels[i + 1], blue: image2.pixels[i + 2]) : nil
        })
        #expect(colours.contains(Self.yellow) && !colours.contains(Self.blue))
    }

    /// SVG: the run's fill, the background and underline rects, the mention's glyphs filled.
    @Test func svgDrawsStyles() throws {
        var span = TextSpan(range: 9..<14)
        span.color = RGBAColor(red: 0x1a, green: 0x73, blue: 0xe8)
        span.background = Self.yellow
        span.underline = true
        let layout = Self.layout("hi @sara there", .leftToRight, spans: [span], size: 20)
        let svg = try TestRender.renderer.svg(layout, options: RenderOptions(mentionColor: RGBAColor(red: 0, green: 0x80, blue: 0)))
        #expect(svg.contains("<rect class=\"span-background\" x="))
        #expect(svg.contains("fill=\"#ffdc00\"/>"))
        #expect(svg.contains("<rect class=\"underline\" x="))
        #expect(svg.contains("data-script=\"Latn\" fill=\"#1a73e8\">"))
        #expect(svg.contains("fill=\"#008000\"/>"))
        // Backgrounds come before the text group, decorations after it.
        let text = svg.range(of: "<g class=\"text\"")!.lowerBound
        #expect(svg.range(of: "class=\"span-background\"")!.lowerBound < text)
        #expect(svg.range(of: "class=\"underline\"")!.lowerBound > text)
    }
}

@Suite struct StyledGoldenTests {
    /// A styled RTL message: a coloured mention (mentionColor), an underlined link in a link colour, a
    /// bigger emoji (a size span; the emoji comes from fontconfig), a highlighted word and an italic
    /// word. The italic word is drawn upright until synthetic slant lands: regenerate then
    /// (BIDIRENDER_UPDATE_GOLDENS=1 swift test --filter StyledGoldenTests) and review.
    @Test func styledRTLMessage() throws {
        let text = "مرحبا @سارة شاهد الرابط example.com 😀 جميل جدا"
        let link = RGBAColor(red: 0x1a, green: 0x73, blue: 0xe8)
        var linkSpan = TextSpan(range: 24..<35)
        linkSpan.color = link
        linkSpan.underline = true
        var emoji = TextSpan(range: 36..<37)
        emoji.size = 40
        var italic = TextSpan(range: 38..<42, style: .italic)
        italic.background = RGBAColor(red: 0xff, green: 0xf3, blue: 0xb0)
        let engine = LayoutEngine(registry: TestFonts.withSystem)
        let layout = try engine.layout(
            text, spans: [linkSpan, emoji, italic],
            options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 24, maxWidth: 400))
        let image = try TestRender.renderer.rgba(layout, options: RenderOptions(mentionColor: link))
        try GoldenImageTests.check(image, name: "styled-rtl")
    }
}
