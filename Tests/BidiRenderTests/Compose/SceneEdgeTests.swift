// Text nodes at and past the scene canvas's edges, in both directions, as they come (`normal`) and
// mirrored (`flip`): the PNG shows exactly what a larger canvas shows in the same area (issue #32:
// a text node outside the canvas trapped in Canvas.drawCoverage).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SceneEdgeTests {
    static let (width, height, margin) = (120.0, 50.0, 200.0)

    static func text(_ string: String, _ frame: [Double], _ type: SceneViewType) -> SceneNode {
        SceneNode(
            frame: .absolute(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), viewType: type,
            content: .text(string, spans: [], options: LayoutOptions(locale: LocaleTag("ar"), size: 20), direction: nil, color: .black))
    }

    /// Texts off each edge, partly and wholly, and one across the whole canvas, under a root framed
    /// at (`dx`, `dy`) on a canvas `grow` px larger on each side.
    static func scene(_ direction: TextDirection, _ type: SceneViewType, grow: Double) -> Scene {
        let texts = [
            text("Hello عالم", [-40, 10, 100, 30], type), text("left مرحبا", [-150, 10, 100, 30], type),
            text("right يمين", [90, 20, 100, 30], type), text("gone", [130, 20, 100, 30], type),
            text("top فوق", [20, -15, 100, 30], type), text("above", [20, -80, 100, 30], type),
            text("bottom تحت", [30, 40, 100, 30], type), text("below", [30, 60, 100, 30], type),
            text("wide نص طويل جدا", [-300, 5, 800, 200], type),
        ]
        let root = SceneNode(frame: .absolute(x: grow, y: grow, width: width, height: height), content: .group(texts))
        return Scene(width: width + 2 * grow, height: height + 2 * grow, direction: direction, background: .white, root: root)
    }

    @Test(arguments: [TextDirection.leftToRight, .rightToLeft], [SceneViewType.normal, .flip])
    func textNodesOutsideTheCanvas(direction: TextDirection, type: SceneViewType) throws {
        let renderer = try SceneRenderer(engine: TestLayout.engine)
        let scale = 2
        let (small, _) = try renderer.rgba(Self.scene(direction, type, grow: 0), options: ComposeOptions(scale: scale))
        let (big, _) = try renderer.rgba(Self.scene(direction, type, grow: Self.margin), options: ComposeOptions(scale: scale))
        let m = Int(Self.margin) * scale
        var cropped: [UInt8] = []
        for y in m..<(m + small.height) {
            cropped += big.pixels[((y * big.width + m) * 4)..<((y * big.width + m + small.width) * 4)]
        }
        #expect(small.pixels == cropped)
        // Ink inside the small canvas, and ink of the same texts outside it on the larger one.
        let white = [UInt8](repeating: 255, count: small.pixels.count)
        #expect(small.pixels != white)
        #expect(big.pixels.filter { $0 != 255 }.count > cropped.filter { $0 != 255 }.count)
        // The PNG of the small canvas is written (the path that trapped).
        #expect(try renderer.png(Self.scene(direction, type, grow: 0), options: ComposeOptions(scale: scale)).png.count > 100)
    }

    /// A mirrored text in a frame far larger than the canvas (100,000 px square at scale 3, which
    /// was refused as a 90-gigapixel image) is drawn on a canvas of what shows: the RTL text's
    /// right-aligned start, mirrored into the frame's visible left end.
    @Test func hugeMirroredTextFrame() throws {
        let renderer = try SceneRenderer(engine: TestLayout.engine)
        let node = Self.text("مرحبا", [-99_900, 0, 100_000, 100_000], .flip)
        let scene = Scene(
            width: Self.width, height: Self.height, direction: .rightToLeft, background: .white,
            root: SceneNode(frame: .absolute(x: 0, y: 0, width: Self.width, height: Self.height), content: .group([node])))
        let (image, resolved) = try renderer.rgba(scene, options: ComposeOptions(scale: 3))
        #expect(resolved.nodes[1].mirrored && resolved.nodes[1].frame.x == 20)
        #expect(image.width == 360 && image.pixels.contains { $0 != 255 })
    }
}
