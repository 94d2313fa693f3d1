// Layouts whose glyphs lie at and past the image's edges (`render "'" --line-height 0px --padding
// 0`, `render ab --direction rtl --width 1 --size 1000`, which trapped in issue #32): the image
// without padding is exactly the padded one cut back to the layout's area, and glyphs outside the
// image cost what is visible, not their size.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct RenderEdgeTests {
    static let renderer = try! Renderer()

    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var direction: ParagraphDirection
        var size: Double
        var width: Double?
        var lineHeight: String
        var description: String { "\(text) \(direction) size \(size) width \(width.map { "\($0)" } ?? "none") line \(lineHeight)" }
    }

    static let cases = [
        Case(text: "'", direction: .auto, size: 16, width: nil, lineHeight: "0px"),
        Case(text: "ab", direction: .rightToLeft, size: 1000, width: 1, lineHeight: "normal"),
        Case(text: "ab", direction: .leftToRight, size: 300, width: 1, lineHeight: "normal"),
        Case(text: "gÉ مرحبا", direction: .rightToLeft, size: 60, width: 30, lineHeight: "0px"),
        Case(text: "Hé عالم", direction: .leftToRight, size: 48, width: nil, lineHeight: "4px"),
    ]

    /// Rendered with padding 0 and with padding 150 (at scale 2): the first is the second cut back by
    /// 300 device px on each side, and the second has ink in that band (the glyphs do pass the edges).
    @Test(arguments: cases)
    func glyphsPastTheEdges(_ c: Case) throws {
        var options = LayoutOptions(direction: c.direction, locale: LocaleTag("ar"), size: c.size, maxWidth: c.width)
        options.lineHeight = try LineHeight(parsing: c.lineHeight)
        let layout = try TestLayout.engine.layout(c.text, options: options)
        let small = try Self.renderer.rgba(layout, options: RenderOptions(padding: 0, scale: 2))
        let big = try Self.renderer.rgba(layout, options: RenderOptions(padding: 150, scale: 2))
        let m = 300
        // (A layout 0 px tall still makes an image 1 px tall.)
        #expect(big.width == small.width + 2 * m && big.height >= small.height + 2 * m - 1)
        var cropped: [UInt8] = []
        for y in m..<(m + small.height) {
            cropped += big.pixels[((y * big.width + m) * 4)..<((y * big.width + m + small.width) * 4)]
        }
        #expect(small.pixels == cropped)
        let inkOutside = big.pixels.filter { $0 != 255 }.count - cropped.filter { $0 != 255 }.count
        #expect(inkOutside > 0)
        #expect(try Self.renderer.png(layout, options: RenderOptions(padding: 0)).count > 50)
    }

    /// Parts of a glyph rendered alone (FT_Outline_Get_Bitmap into the part) have the coverage of
    /// the same pixels of its whole bitmap (FT_Render_Glyph), and the box the renderer is asked
    /// about is where FreeType puts that whole bitmap.
    @Test(arguments: [(0.0, 0.0, 0.0), (0.25, 0.5, 0.0), (0.75, 0.25, 0.2)])
    func partOfAGlyphIsTheWholeCropped(dx: Double, dy: Double, slant: Double) throws {
        let layout = try TestLayout.engine.layout("g", options: LayoutOptions(locale: LocaleTag("en"), size: 300))
        let run = layout.lines[0].runs[0]
        let face = try #require(Self.renderer.face(run.font))
        let id = layout.glyphs[run.glyphRange.lowerBound].id
        var asked: GlyphBox?
        let whole = try #require(face.rasterize(id, pixelSize: 300, dx: dx, dy: dy, slant: slant) { box in
            asked = box
            return box
        })
        let b = try #require(asked)
        #expect(whole.width == b.width && whole.height == b.height && whole.left == b.left && whole.top == b.top)
        let parts = [
            GlyphBox(left: b.left + 7, top: b.top - 11, width: 50, height: 60),
            GlyphBox(left: b.left, top: b.top, width: b.width / 2, height: b.height),
            GlyphBox(left: b.left + b.width / 3, top: b.top - b.height / 2, width: b.width - b.width / 3, height: b.height / 2),
            GlyphBox(left: b.left + b.width - 5, top: b.top - b.height + 5, width: 5, height: 5),
        ]
        for part in parts {
            let drawn = try #require(face.rasterize(id, pixelSize: 300, dx: dx, dy: dy, slant: slant) { _ in part })
            #expect(drawn.width == part.width && drawn.height == part.height && drawn.left == part.left && drawn.top == part.top)
            var expected: [UInt8] = []
            for y in 0..<part.height {
                let row = (b.top - part.top + y) * whole.width + (part.left - b.left)
                expected += whole.pixels[row..<(row + part.width)]
            }
            #expect(drawn.pixels == expected, "part \(part)")
            #expect(expected.contains { $0 != 0 } || part.width == 5)
        }
        // Nothing asked for: nothing drawn.
        #expect(face.rasterize(id, pixelSize: 300, dx: dx, dy: dy, slant: slant) { _ in nil } == nil)
    }

    /// `render` of ten-letter words at --width 100 --line-height 0px: a 116 × 16 px image whose
    /// glyphs lie mostly outside it. Four times the size is sixteen times each glyph's area, but
    /// only what the image shows is rasterized: the time grows by less than `Growth.limit` (it grew
    /// with the area, and took 11.7 s in a release build for 110 glyphs at size 10,000).
    @Test func hugeGlyphsOutsideTheImageCostWhatIsVisible() throws {
        let text = String(repeating: "abcdefghij ", count: 600)
        func layout(_ size: Double) throws -> Layout {
            var options = LayoutOptions(locale: LocaleTag("en"), size: size, maxWidth: 100)
            options.lineHeight = try LineHeight(parsing: "0px")
            return try TestLayout.engine.layout(text, options: options)
        }
        let (small, large) = (try layout(2500), try layout(10000))
        let renderer = try Renderer(glyphCacheBytes: 0)
        let (t1, t2, ratio) = try Growth.times(small, large, runs: 3) { _ = try renderer.rgba($0) }
        #expect(Growth.linear(ratio), "size 2500: \(t1) s, size 10000: \(t2) s")
        // The image is the 116 × 16 px of the issue (blank: it falls in the first glyph's side
        // bearing; `glyphsPastTheEdges` checks the pixels of glyphs partly inside).
        let image = try renderer.rgba(large)
        #expect(image.width == 116 && image.height == 16)
    }
}
