// Scene rendering: pixels of mirrored and unmirrored images and text, rounded rectangles, the
// example card's goldens both ways, and SVG structure.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SceneRenderTests {
    static let renderer = try! SceneRenderer(engine: TestLayout.engine)
    /// Left half red, right half blue.
    static let halves = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])

    static func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
    }

    /// An ordinary image faces the reader in RTL (red stays left); a directional one (in
    /// flipImageNames) is mirrored (red on the right); both sit at the mirrored place.
    @Test func imagesNormalAndFlipped() throws {
        let frame = SceneFrame.absolute(x: 0, y: 0, width: 20, height: 10)
        for name in ["photo", "back"] {
            let node = SceneNode(frame: frame, content: .image(Self.halves, name: name, mode: .fill))
            let (image, _) = try Self.renderer.rgba(TestScene.scene(.rightToLeft, width: 100, [node]))
            // The frame is at x 80…100 on the canvas.
            let left = Self.pixel(image, 81, 5), right = Self.pixel(image, 98, 5)
            let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]
            #expect(name == "photo" ? (left == red && right == blue) : (left == blue && right == red), "\(name)")
            #expect(Self.pixel(image, 10, 5) == [255, 255, 255, 255])
        }
    }

    /// aspectFit keeps the ratio, centred; fill stretches (bilinear).
    @Test func contentModes() throws {
        let node = SceneNode(frame: .absolute(x: 0, y: 0, width: 20, height: 20), content: .image(Self.halves, name: "", mode: .aspectFit))
        let (image, _) = try Self.renderer.rgba(TestScene.scene(.leftToRight, width: 20, [node]))
        #expect(Self.pixel(image, 10, 2) == [255, 255, 255, 255])  // above the 20×10 band
        #expect(Self.pixel(image, 1, 10) == [255, 0, 0, 255] && Self.pixel(image, 18, 10) == [0, 0, 255, 255])
    }

    /// An image frame far larger than the canvas is sampled only where it is visible: no scaled copy,
    /// no refusal (a 300,000 px square at scale 3 over a 20 px canvas).
    @Test func hugeImageFrameIsClipped() throws {
        let quarters = RGBAImage(width: 4, height: 1, pixels: [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255])
        // The canvas shows x 20,000…20,020 of the frame: a fifth of the way, inside the red half.
        let node = SceneNode(frame: .absolute(x: -20_000, y: -50_000, width: 100_000, height: 100_000), content: .image(quarters, name: "", mode: .fill))
        let (image, _) = try Self.renderer.rgba(TestScene.scene(.leftToRight, width: 20, [node]), options: ComposeOptions(scale: 3))
        #expect(Self.pixel(image, 0, 0) == [255, 0, 0, 255] && Self.pixel(image, 59, 299) == [255, 0, 0, 255])
    }

    /// A rounded rectangle: the corner pixel is background, the centre fill, the edge border.
    @Test func roundedRectWithBorder() throws {
        let node = SceneNode(frame: .absolute(x: 10, y: 10, width: 40, height: 30), content: .rect(color: RGBAColor(red: 0, green: 200, blue: 0), cornerRadius: 10, borderWidth: 2, borderColor: .black))
        let (image, _) = try Self.renderer.rgba(TestScene.scene(.leftToRight, width: 60, [node]), options: ComposeOptions(scale: 2))
        #expect(image.width == 120 && image.height == 200)
        #expect(Self.pixel(image, 21, 21) == [255, 255, 255, 255])
        #expect(Self.pixel(image, 60, 50) == [0, 200, 0, 255])
        #expect(Self.pixel(image, 60, 21) == [0, 0, 0, 255])
        // Anti-aliased: some pixel on the curved edge is between background and border.
        let curve = (20..<30).map { Self.pixel(image, $0, 24)[1] }
        #expect(curve.contains { $0 > 0 && $0 < 255 })
    }

    /// A text node of type flip is drawn as the mirror image of the same text of type normal.
    @Test func flippedTextMirrorsItsPixels() throws {
        func draw(_ type: SceneViewType) throws -> RGBAImage {
            let text = SceneNode(frame: .absolute(x: 0, y: 0, width: 120, height: 40), viewType: type, content: .text("abc مرحبا", spans: [], options: LayoutOptions(size: 18), direction: nil, color: .black))
            return try Self.renderer.rgba(TestScene.scene(.rightToLeft, width: 120, [text])).image
        }
        let normal = try draw(.normal), flipped = try draw(.flip)
        var differ = 0, ink = 0
        for y in 0..<40 {
            for x in 0..<120 {
                let a = Self.pixel(normal, x, y)[0], b = Self.pixel(flipped, 119 - x, y)[0]
                if a < 128 { ink += 1 }
                if abs(Int(a) - Int(b)) > 2 { differ += 1 }
            }
        }
        #expect(ink > 50 && differ == 0)
        #expect(normal != flipped)
    }

    /// A flipped text whose decorations pass its lines' boxes and ink (an underline under a tight
    /// line height) keeps them: its own canvas covers what it paints, not only its ink. The
    /// underline was cut away in the flipped copy.
    @Test func flippedTextKeepsDecorationsPastItsInk() throws {
        func draw(_ type: SceneViewType) throws -> RGBAImage {
            var options = LayoutOptions(size: 20)
            options.lineHeight = .px(16)
            let text = SceneNode(
                frame: .absolute(x: 0, y: 15, width: 200, height: 16), viewType: type,
                content: .text("abc abc", spans: [TextSpan(range: 0..<7, underline: true)], options: options, direction: nil, color: .black))
            return try Self.renderer.rgba(TestScene.scene(.rightToLeft, width: 200, [text])).image
        }
        let normal = try draw(.normal), flipped = try draw(.flip)
        // Each dark pixel of the normal text has its mirror in the flipped one.
        var ink = 0, missing = 0
        for y in 0..<normal.height {
            for x in 0..<200 where Self.pixel(normal, x, y)[0] < 100 {
                ink += 1
                if Self.pixel(flipped, 199 - x, y)[0] >= 100 { missing += 1 }
            }
        }
        #expect(ink > 100)
        #expect(missing == 0, "\(missing) of \(ink) dark pixels missing in the flipped text")
    }

    /// Text in an RTL scene takes RTL as its paragraph direction: with natural alignment, an Arabic
    /// line ends at the frame's right edge; in LTR it starts at its left edge.
    @Test func textDirectionFollowsTheScene() throws {
        func inkColumns(_ direction: TextDirection) throws -> ClosedRange<Int> {
            let text = SceneNode(frame: .absolute(x: 0, y: 0, width: 200, height: 40), content: .text("小明 بدأ", spans: [], options: LayoutOptions(size: 18), direction: nil, color: .black))
            let image = try Self.renderer.rgba(TestScene.scene(direction, width: 200, [text])).image
            let columns = (0..<200).filter { x in (0..<40).contains { Self.pixel(image, x, $0)[0] < 128 } }
            return try #require(columns.first)...(try #require(columns.last))
        }
        #expect(try inkColumns(.rightToLeft).upperBound > 190)
        #expect(try inkColumns(.leftToRight).lowerBound < 10)
    }

    static let exampleFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Examples/compose/follow-card.json").standardized.path

    /// The example card, LTR and RTL, against the committed goldens (the tolerance of the seed goldens).
    @Test(arguments: [TextDirection.leftToRight, .rightToLeft])
    func exampleCardGolden(direction: TextDirection) throws {
        var scene = try Scene(contentsOf: Self.exampleFile)
        scene.direction = direction
        let (image, resolved) = try Self.renderer.rgba(scene)
        #expect(resolved.nodes.contains { $0.mirrored } == (direction == .rightToLeft))
        let url = GoldenImageTests.directory.appendingPathComponent("compose-card-\(direction.rawValue).png")
        if GoldenImageTests.update {
            try Data(try image.pngData()).write(to: url)
            return
        }
        let data = try #require(FileManager.default.contents(atPath: url.path), "missing golden \(url.path): BIDIRENDER_UPDATE_GOLDENS=1")
        let golden = try RGBAImage(pngData: [UInt8](data))
        #expect(golden.width == image.width && golden.height == image.height)
        guard golden.pixels.count == image.pixels.count else { return }
        var off = 0
        for i in stride(from: 0, to: golden.pixels.count, by: 4) where (0..<4).contains(where: { abs(Int(golden.pixels[i + $0]) - Int(image.pixels[i + $0])) > 16 }) {
            off += 1
        }
        #expect(Double(off) <= 0.005 * Double(golden.width * golden.height), "\(off) pixels differ")
    }

    /// SVG: well-formed, one group per drawn node with its path and mirroring, a reflection transform
    /// on mirrored content, glyph ids unique across text nodes.
    @Test func svgStructure() throws {
        let scene = try Scene(contentsOf: Self.exampleFile)
        let (svg, resolved) = try Self.renderer.svg(scene, options: ComposeOptions(debug: true))
        // XMLParser rather than XMLDocument: corelibs' XMLDocument leaks libxml2 dictionaries, which
        // LeakSanitizer reports in `make check-sanitizers`.
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = ElementCollector()
        parser.delegate = elements
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let groups = elements.found.filter { $0.name == "g" && $0.attributes["data-path"] != nil }
        #expect(groups.count == resolved.nodes.count - 1)  // all but the root group
        for group in groups {
            let mirrored = group.attributes["data-mirrored"] == "true"
            #expect(mirrored == (group.attributes["transform"]?.hasPrefix("matrix(-1 0 0 1") ?? false))
        }
        let ids = elements.found.filter { $0.name == "path" }.compactMap { $0.attributes["id"] }
        #expect(!ids.isEmpty && Set(ids).count == ids.count)
        #expect(elements.found.filter { $0.name == "rect" && $0.attributes["class"] == "debug mirrored" }.count == resolved.nodes.filter(\.mirrored).count)
        // The PNG's corner mark on each mirrored frame.
        #expect(elements.found.filter { $0.name == "rect" && $0.attributes["class"] == "debug-mark" }.count == resolved.nodes.filter(\.mirrored).count)
    }

    /// A rect's SVG is the PNG's shapes: the fill inside the border, the border the ring between the
    /// outer outline (corner 10) and the inner one (corner 10 − 4 = 6), so a translucent border does
    /// not show the fill through it; a border wider than twice the corner keeps the outer corners
    /// round (the stroke's inset rect had square ones).
    @Test func svgRectIsTheFillInsideTheBorderRing() throws {
        func rect(_ radius: Double, _ border: Double) throws -> [(name: String, attributes: [String: String])] {
            let node = SceneNode(
                frame: .absolute(x: 10, y: 20, width: 80, height: 40),
                content: .rect(color: RGBAColor(red: 0, green: 0, blue: 255), cornerRadius: radius, borderWidth: border,
                    borderColor: RGBAColor(red: 255, green: 0, blue: 0, alpha: 96)))
            let (svg, _) = try Self.renderer.svg(TestScene.scene(.leftToRight, width: 100, [node]))
            let parser = XMLParser(data: Data(svg.utf8))
            let elements = ElementCollector()
            parser.delegate = elements
            #expect(parser.parse())
            return elements.found.filter { $0.name == "path" || ($0.name == "rect" && $0.attributes["class"] == nil) }
        }
        let thin = try rect(10, 4)
        #expect(thin.map(\.name) == ["rect", "path"])
        #expect(thin[0].attributes["x"] == "14" && thin[0].attributes["y"] == "24" && thin[0].attributes["width"] == "72")
        #expect(thin[0].attributes["height"] == "32" && thin[0].attributes["rx"] == "6" && thin[0].attributes["fill"] == "#0000ff")
        #expect(thin[1].attributes["fill-rule"] == "evenodd" && thin[1].attributes["fill"] == "#ff0000" && thin[1].attributes["fill-opacity"] != nil)
        #expect(thin[1].attributes["d"] == "M20 20H80A10 10 0 0 1 90 30V50A10 10 0 0 1 80 60H20A10 10 0 0 1 10 50V30A10 10 0 0 1 20 20Z M20 24H80A6 6 0 0 1 86 30V50A6 6 0 0 1 80 56H20A6 6 0 0 1 14 50V30A6 6 0 0 1 20 24Z")
        // A border of half the height: no fill, one outline of corner 5.
        let wide = try rect(5, 50)
        #expect(wide.map(\.name) == ["path"])
        #expect(wide[0].attributes["d"] == "M15 20H85A5 5 0 0 1 90 25V55A5 5 0 0 1 85 60H15A5 5 0 0 1 10 55V25A5 5 0 0 1 15 20Z")
    }

    /// An image shown by many nodes is embedded once: a <symbol> per image and mode, a <use> per
    /// node at its frame. 100 nodes of one 4 MB image wrote it 100 times (534 MB of SVG).
    @Test func svgEmbedsEachImageOnce() throws {
        var pixels = [UInt8](repeating: 255, count: 64 * 64 * 4)
        var seed: UInt32 = 1
        for i in pixels.indices {
            seed = seed &* 1_103_515_245 &+ 12_345
            pixels[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let noise = RGBAImage(width: 64, height: 64, pixels: pixels)
        var nodes: [SceneNode] = []
        for k in 0..<100 {
            let x = Double(k % 10) * 30
            let y = Double(k / 10) * 10
            let mode: SceneContentMode = k % 2 == 0 ? .fill : .aspectFit
            nodes.append(SceneNode(frame: .absolute(x: x, y: y, width: 30, height: 10), content: .image(noise, name: "", mode: mode)))
        }
        let (svg, _) = try Self.renderer.svg(TestScene.scene(.rightToLeft, width: 300, nodes))
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = ElementCollector()
        parser.delegate = elements
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let symbols = elements.found.filter { $0.name == "symbol" }
        #expect(symbols.map { $0.attributes["preserveAspectRatio"] } == ["none", "xMidYMid meet"])
        #expect(elements.found.filter { $0.name == "image" }.count == 2)
        let uses = elements.found.filter { $0.name == "use" && $0.attributes["href"]?.hasPrefix("#image") == true }
        #expect(uses.count == 100)
        // The first node: at its (mirrored) frame, the fill symbol.
        #expect(uses[0].attributes["href"] == "#image0" && uses[0].attributes["width"] == "30" && uses[0].attributes["height"] == "10")
        // Two PNGs of at most the raw pixels each (64 × 64 × 4), in base64, and 100 short groups.
        let limit: Int = 2 * (64 * 64 * 4 * 4 / 3) + 100 * 300
        #expect(svg.utf8.count < limit)
    }

    /// A mirrored ("flip") text node overflows its frame as an unmirrored one does: nothing is
    /// clipped (it was cut to its frame: one line of four). The two nodes hold the same text in
    /// frames of whole pixels, so the mirrored one's dark pixels under its frame match the other's.
    @Test func aMirroredTextIsNotClippedToItsFrame() throws {
        let text = "Hello world this overflows the frame height and width"
        func node(_ x: Double, _ type: SceneViewType) -> SceneNode {
            SceneNode(
                frame: .absolute(x: x, y: 10, width: 120, height: 20), viewType: type,
                content: .text(text, spans: [], options: LayoutOptions(size: 16), direction: nil, color: .black))
        }
        // In an RTL scene the frames flip: [10, 130) lands at [170, 290), [160, 280) at [20, 140).
        let (image, resolved) = try Self.renderer.rgba(TestScene.scene(.rightToLeft, [node(10, .flip), node(160, .normal)]))
        #expect(resolved.nodes.filter(\.mirrored).count == 2)  // the root group and the flipped text
        func darkBelowFrames(_ columns: Range<Int>) -> Int {
            var count = 0
            for y in 31..<image.height {
                for x in columns where Self.pixel(image, x, y)[0] < 128 { count += 1 }
            }
            return count
        }
        let mirrored = darkBelowFrames(150..<300), plain = darkBelowFrames(0..<150)
        #expect(plain > 200)
        #expect(mirrored == plain)
    }

    /// A text node's spans are painted as `render` paints them: the background under the glyphs and
    /// the underline, as drawn and mirrored (a PNG drew the glyphs alone; the SVG had both).
    @Test(arguments: [SceneViewType.auto, .flip])
    func spanBackgroundsAndUnderlinesAreDrawn(viewType: SceneViewType) throws {
        let yellow = RGBAColor(red: 255, green: 255, blue: 0), red = RGBAColor(red: 255, green: 0, blue: 0)
        let span = TextSpan(range: 0..<5, color: red, background: yellow, underline: true)
        let node = SceneNode(
            frame: .absolute(x: 0, y: 0, width: 300, height: 40), viewType: viewType,
            content: .text("Hello world", spans: [span], options: LayoutOptions(size: 20), direction: nil, color: .black))
        let (image, _) = try Self.renderer.rgba(TestScene.scene(.rightToLeft, [node]))
        var (yellowPixels, longestRedRow) = (0, 0)
        for y in 0..<image.height {
            var run = 0
            for x in 0..<image.width {
                let p = Self.pixel(image, x, y)
                if p == [255, 255, 0, 255] { yellowPixels += 1 }
                run = p[0] > 200 && p[1] < 60 && p[2] < 60 ? run + 1 : 0
                longestRedRow = max(longestRedRow, run)
            }
        }
        #expect(yellowPixels > 300)
        // The underline: one row of red as wide as "Hello" (some 45 px at 20 px); a glyph's red
        // strokes are a few px wide.
        #expect(longestRedRow > 35)
    }
}

/// Every element of a parsed XML document, in document order, with its attributes.
final class ElementCollector: NSObject, XMLParserDelegate {
    var found: [(name: String, attributes: [String: String])] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        found.append((name, attributes))
    }
}
