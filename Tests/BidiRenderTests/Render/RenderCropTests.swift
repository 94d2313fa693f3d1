// RenderOptions.crop: a rendering of only the content (Layout.bounds) or the ink (Layout.inkBounds),
// its size that rectangle's rounded out, the drawn pixels against the computed ink.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct RenderCropTests {
    static let engine = LayoutEngine(registry: TestFonts.withSystem)

    static func render(_ text: String, width: Double, crop: RenderCrop, padding: Double = 0, scale: Int = 1) throws -> (Layout, RGBAImage) {
        let layout = try engine.layout(text, options: LayoutOptions(direction: .auto, locale: "ar", size: 24, maxWidth: width))
        let image = try TestRender.renderer.rgba(
            layout, options: RenderOptions(background: .transparent, padding: padding, scale: scale, crop: crop))
        return (layout, image)
    }

    /// The ink crop of Latin, Arabic and emoji text: the image is the ink box rounded out to whole
    /// pixels, and the outermost drawn pixels touch each of its edges within 1 px, colour emoji too
    /// (their box is their bitmap's opaque pixels, not the bitmap, whose transparent margin is about
    /// an eighth of an em: 3 px at 24 px).
    @Test(arguments: ["Hello world", "مرحبا بكم في المكتب", "ok 😂 🇸🇦 🇨🇳", "(小明) 你好 ok"], [1, 2])
    func inkCropTouchesTheEdges(text: String, scale: Int) throws {
        let (layout, image) = try Self.render(text, width: 300, crop: .ink, scale: scale)
        let ink = layout.inkBounds
        let s = Double(scale)
        let expectedWidth = Int(((ink.x + ink.width) * s).rounded(.up) - (ink.x * s).rounded(.down))
        #expect(image.width == expectedWidth)
        let margin = 1
        let drawn = TestRender.ink(image)
        let xs = drawn.map(\.x), ys = drawn.map(\.y)
        let (minX, maxX, minY, maxY) = try (#require(xs.min()), #require(xs.max()), #require(ys.min()), #require(ys.max()))
        #expect(minX <= margin && maxX >= image.width - 1 - margin, "\(text): columns \(minX)...\(maxX) of \(image.width)")
        #expect(minY <= margin && maxY >= image.height - 1 - margin, "\(text): rows \(minY)...\(maxY) of \(image.height)")
    }

    /// The ink crop loses no drawn pixel to the baseline's snap to the pixel grid (up to half a
    /// device pixel down or up): the cropped image holds all the alpha of the same layout drawn
    /// with room around it. Stacked marks at 20 px lost their bottom row.
    @Test(arguments: ["ẫ̃̃ hello", "ẫ̃̃ hello gy", "Ägyptische Übergröße"], [1, 2, 3])
    func inkCropLosesNoPixel(text: String, scale: Int) throws {
        for size in [20.0, 24, 37] {
            var options = LayoutOptions(locale: "en", size: size)
            options.lineHeight = .multiple(0.5)
            let layout = try Self.engine.layout(text, options: options)
            let cropped = try TestRender.renderer.rgba(
                layout, options: RenderOptions(background: .transparent, padding: 0, scale: scale, crop: .ink))
            let whole = try TestRender.renderer.rgba(
                layout, options: RenderOptions(background: .transparent, padding: 60, scale: scale))
            func alpha(_ image: RGBAImage) -> Int { stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) } }
            #expect(alpha(cropped) == alpha(whole), "\(text) at \(size) px, scale \(scale)")
        }
    }

    /// A layout without ink, cropped to its ink with no padding, is a 1 px image in PNG and in SVG:
    /// the SVG said width="0", which has no size to draw (rsvg-convert refused it).
    @Test(arguments: [1, 2])
    func anInklessCropIsOnePixel(scale: Int) throws {
        let layout = try Self.engine.layout("   ", options: LayoutOptions(locale: "en"))
        let options = RenderOptions(background: .transparent, padding: 0, scale: scale, crop: .ink)
        let png = try TestRender.renderer.rgba(layout, options: options)
        #expect((png.width, png.height) == (1, 1))
        let svg = try TestRender.renderer.svg(layout, options: options)
        #expect(svg.contains("width=\"1\" height=\"1\" viewBox=\"0 0 \(JSONText.number(1 / Double(scale))) \(JSONText.number(1 / Double(scale)))\""), "\(svg.prefix(300))")
    }

    /// A synthetic oblique (italic asked of a package without an italic face): its ink box is its
    /// slanted outline's, so the ink crop loses none of the glyphs' pixels (it cut 10 px off the
    /// right of "fff" at 64 px, from the upright extents) and the outermost touch each edge.
    @Test func inkCropHoldsASyntheticOblique() throws {
        var options = LayoutOptions(locale: "en", size: 64)
        options.style = .italic
        let layout = try Self.engine.layout("fff Hello", options: options)
        #expect(layout.lines[0].runs.contains { $0.font.syntheticSlant > 0 })
        let cropped = try TestRender.renderer.rgba(
            layout, options: RenderOptions(background: .transparent, padding: 0, crop: .ink))
        let whole = try TestRender.renderer.rgba(
            layout, options: RenderOptions(background: .transparent, padding: 40))
        func alpha(_ image: RGBAImage) -> Int { stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) } }
        #expect(alpha(cropped) == alpha(whole))
        let xs = TestRender.ink(cropped).map(\.x)
        let (minX, maxX) = try (#require(xs.min()), #require(xs.max()))
        #expect(minX <= 1 && maxX >= cropped.width - 2, "columns \(minX)...\(maxX) of \(cropped.width)")
    }

    /// The bubble: "ok 😂 🇸🇦 🇨🇳" at 260 px crops to its content, about 135 px at 24 px, not 260,
    /// with the padding around it; the uncropped image is 260 px and the padding.
    @Test func contentCropIsTheContentWidth() throws {
        let (layout, image) = try Self.render("ok 😂 🇸🇦 🇨🇳", width: 260, crop: .content, padding: 8)
        let bounds = layout.bounds
        #expect(bounds.width > 100 && bounds.width < 150)
        #expect(image.width == Int(bounds.width.rounded(.up) + 16))
        #expect(image.height == Int(layout.height.rounded(.up) + 16))
        let whole = try TestRender.renderer.rgba(layout, options: RenderOptions(padding: 8))
        #expect(whole.width == 276)
        try Data(TestRender.renderer.png(layout, options: RenderOptions(padding: 8, crop: .content)))
            .write(to: URL(fileURLWithPath: NSTemporaryDirectory() + "bidirender-crop-content.png"))
    }

    /// The content crop of a right-aligned RTL line: the same pixels as the whole render's, shifted
    /// by the crop's corner (glyphs keep their phase on the pixel grid).
    @Test func contentCropKeepsThePixels() throws {
        let (layout, cropped) = try Self.render("مرحبا بكم", width: 300, crop: .content)
        let whole = try TestRender.renderer.rgba(layout, options: RenderOptions(background: .transparent, padding: 0))
        let dx = Int(layout.bounds.x.rounded(.down))
        var differing = 0
        for y in 0..<cropped.height {
            for x in 0..<cropped.width where cropped.pixels[(y * cropped.width + x) * 4 + 3] != whole.pixels[(y * whole.width + x + dx) * 4 + 3] {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    /// The SVG's size and viewBox are the crop's.
    @Test func svgViewBoxIsTheCrop() throws {
        let layout = try Self.engine.layout("Hello", options: LayoutOptions(direction: .leftToRight, size: 24, maxWidth: 300))
        let svg = try TestRender.renderer.svg(layout, options: RenderOptions(padding: 4, crop: .content))
        let w = layout.bounds.width.rounded(.up) + 8
        #expect(svg.contains("viewBox=\"0 0 \(JSONText.number(w)) "))
        #expect(!svg.contains("viewBox=\"0 0 308 "))
    }

    /// An empty text crops to the padding alone.
    @Test func emptyCropIsThePadding() throws {
        let (_, image) = try Self.render("", width: 300, crop: .ink, padding: 5)
        #expect(image.width == 10 && image.height == 10)
    }
}
