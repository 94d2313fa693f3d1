// An inline box's image (`RenderOptions.inlineImages`, by the box's id) drawn into its box, scaled to
// fit and centred, in PNG and SVG; no glyph drawn for the box's run; the debug overlay's outline.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct InlineImageRenderTests {
    /// A 20×10 blue image (wider than tall) and a 20×20 box: drawn 20×10, centred vertically.
    @Test func imageFitsItsBoxAndIsCentred() throws {
        let blue = RGBAImage(width: 20, height: 10, pixels: [UInt8]((0..<200).flatMap { _ in [0, 0, 255, 255] }))
        let decoded = try RGBAImage(pngData: try blue.pngData())
        #expect(decoded == blue)
        let layout = TestLayout.layout(
            "ab :x: cd", .leftToRight, locale: "en",
            spans: [TextSpan(range: 3..<6, id: "blue", inlineBox: InlineBox(width: 20, height: 20))])
        let box = try #require(layout.entities.first { $0.kind == .inlineBox }?.rects.first)
        let options = RenderOptions(padding: 0, inlineImages: ["blue": decoded])
        let image = try Renderer().rgba(layout, options: options)
        func pixel(_ x: Double, _ y: Double) -> [UInt8] {
            let i = (Int(y.rounded(.down)) * image.width + Int(x.rounded(.down))) * 4
            return Array(image.pixels[i..<(i + 4)])
        }
        #expect(pixel(box.x + 10, box.y + 10) == [0, 0, 255, 255])
        #expect(pixel(box.x + 10, box.y + 6) == [0, 0, 255, 255])
        // Above and below the fitted image, inside the box: the background (the box draws no glyph).
        #expect(pixel(box.x + 10, box.y + 2) == [255, 255, 255, 255])
        #expect(pixel(box.x + 10, box.y + 18) == [255, 255, 255, 255])
        // Without the image the box is empty: no .notdef glyph is drawn for its run.
        let empty = try Renderer().rgba(layout, options: RenderOptions(padding: 0))
        let inside = (Int(box.y)..<Int(box.y + box.height)).flatMap { y in
            (Int(box.x)..<Int(box.x + box.width)).map { x in empty.pixels[(y * empty.width + x) * 4] }
        }
        #expect(inside.allSatisfy { $0 == 255 })
        let svg = try Renderer().svg(layout, options: options)
        #expect(svg.contains(#"<image class="inline" x=""#))
        #expect(svg.contains(#"width="20" height="10" href="data:image/png;base64,"#))
        let debug = try Renderer().svg(layout, options: RenderOptions(debug: true))
        #expect(debug.contains(#"class="debug inline""#))
    }
}
