// Scene resolution: AWERTL's view-type table, mirrored frames, and leading/trailing against their
// `frame` equivalents.
import Testing
@_spi(Tools) @testable import BidiRender

enum TestScene {
    static let tiny = RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])

    static func rect(_ frame: SceneFrame, _ type: SceneViewType = .auto) -> SceneNode {
        SceneNode(frame: frame, viewType: type, content: .rect(color: .black, cornerRadius: 0, borderWidth: 0, borderColor: .black))
    }

    static func group(_ frame: SceneFrame, _ type: SceneViewType = .auto, _ children: [SceneNode]) -> SceneNode {
        SceneNode(frame: frame, viewType: type, content: .group(children))
    }

    static func scene(_ direction: TextDirection, width: Double = 300, _ children: [SceneNode]) -> Scene {
        Scene(
            width: width, height: 100, direction: direction, flipImageNames: ["back"],
            root: group(.absolute(x: 0, y: 0, width: width, height: 100), .auto, children))
    }

    static func node(_ resolved: ResolvedScene, _ path: String) -> ResolvedSceneNode? {
        resolved.nodes.first { $0.path == path }
    }
}

@Suite struct SceneResolverTests {
    /// AWERTL's table in an RTL scene: each view type of a leaf, under a mirrored (inherit) and an
    /// unmirrored (normal) parent, with no `…WithAllDescendants` above, with normalWithAllDescendants
    /// and with flipWithAllDescendants above (which force the leaf whatever it says).
    @Test(arguments: SceneViewType.allCases)
    func viewTypeTable(leaf: SceneViewType) throws {
        let leafFrame = SceneFrame.absolute(x: 10, y: 0, width: 20, height: 10)
        for above in [nil, SceneViewType.normalWithAllDescendants, .flipWithAllDescendants] {
            for parentType in [SceneViewType.inherit, .normal] {
                let parent = TestScene.group(.absolute(x: 0, y: 0, width: 200, height: 50), parentType, [TestScene.rect(leafFrame, leaf)])
                let top = above.map { TestScene.group(.absolute(x: 0, y: 0, width: 300, height: 100), $0, [parent]) } ?? parent
                let resolved = TestScene.scene(.rightToLeft, [top]).resolved()
                let leafPath = above == nil ? "root.children[0].children[0]" : "root.children[0].children[0].children[0]"
                let node = try #require(TestScene.node(resolved, leafPath))
                let parentMirrored = parentType == .inherit  // under the mirrored root
                let expected: (SceneViewType, Bool) =
                    switch (above, leaf) {
                    case (.normalWithAllDescendants, _): (.normal, false)
                    case (.flipWithAllDescendants, _): (.flip, true)
                    case (_, .auto), (_, .inherit): (.inherit, parentMirrored)  // a rect's auto is inherit
                    case (_, .normal), (_, .normalWithAllDescendants): (leaf, false)
                    default: (leaf, true)
                    }
                #expect(node.viewType == expected.0, "leaf \(leaf), parent \(parentType), above \(String(describing: above))")
                #expect(node.mirrored == expected.1, "leaf \(leaf), parent \(parentType), above \(String(describing: above))")
                #expect(resolved.nodes.allSatisfy { $0.viewType != .auto })
                // In LTR nothing is mirrored.
                #expect(TestScene.scene(.leftToRight, [top]).resolved().nodes.allSatisfy { !$0.mirrored })
            }
        }
    }

    /// `auto`: text and ordinary images face the reader, images in flipImageNames flip, groups and
    /// rectangles inherit.
    @Test func autoTypes() throws {
        let f = SceneFrame.absolute(x: 0, y: 0, width: 10, height: 10)
        let children = [
            SceneNode(frame: f, content: .text("a", spans: [], options: LayoutOptions(), direction: nil, color: .black)),
            SceneNode(frame: f, content: .image(TestScene.tiny, name: "avatar", mode: .fill)),
            SceneNode(frame: f, content: .image(TestScene.tiny, name: "back", mode: .fill)),
            TestScene.rect(f),
            TestScene.group(f, .auto, []),
        ]
        let resolved = TestScene.scene(.rightToLeft, children).resolved()
        #expect(resolved.nodes.map(\.viewType) == [.inherit, .normal, .normal, .flip, .inherit, .inherit])
        #expect(resolved.nodes.map(\.mirrored) == [true, false, false, true, true, true])
        #expect(resolved.nodes.map(\.kind) == ["group", "text", "image", "image", "rect", "group"])
    }

    /// In RTL an inherit node's frame is at parentX + parentWidth − x − width, at every depth; in
    /// LTR at parentX + x. A normal group places its children unmirrored.
    @Test func mirroredFrames() throws {
        let leaf = TestScene.rect(.absolute(x: 10, y: 5, width: 30, height: 10))
        let inner = TestScene.group(.absolute(x: 20, y: 10, width: 150, height: 60), .inherit, [leaf])
        let normal = TestScene.group(.absolute(x: 20, y: 10, width: 150, height: 60), .normal, [leaf])
        let rtl = TestScene.scene(.rightToLeft, [inner, normal]).resolved()
        let g = try #require(TestScene.node(rtl, "root.children[0]")).frame
        #expect(g == LayoutRect(x: 300 - 20 - 150, y: 10, width: 150, height: 60))
        #expect(try #require(TestScene.node(rtl, "root.children[0].children[0]")).frame == LayoutRect(x: g.x + 150 - 10 - 30, y: 15, width: 30, height: 10))
        // Under the normal group (itself at the mirrored place), the leaf keeps its design x.
        #expect(try #require(TestScene.node(rtl, "root.children[1].children[0]")).frame == LayoutRect(x: g.x + 10, y: 15, width: 30, height: 10))
        let ltr = TestScene.scene(.leftToRight, [inner]).resolved()
        #expect(try #require(TestScene.node(ltr, "root.children[0].children[0]")).frame == LayoutRect(x: 30, y: 15, width: 30, height: 10))
    }

    /// leading: 12 resolves as frame [12, …] and trailing: 12 as frame [parentWidth − 12 − width, …],
    /// in both directions and under a mirrored and an unmirrored parent.
    @Test(arguments: [TextDirection.leftToRight, .rightToLeft], [SceneViewType.inherit, .normal])
    func leadingAndTrailing(direction: TextDirection, parentType: SceneViewType) throws {
        func leafFrame(_ frame: SceneFrame) throws -> LayoutRect {
            let parent = TestScene.group(.absolute(x: 40, y: 0, width: 200, height: 50), parentType, [TestScene.rect(frame)])
            return try #require(TestScene.node(TestScene.scene(direction, [parent]).resolved(), "root.children[0].children[0]")).frame
        }
        #expect(try leafFrame(.leading(12, top: 3, width: 30, height: 10)) == leafFrame(.absolute(x: 12, y: 3, width: 30, height: 10)))
        #expect(try leafFrame(.trailing(12, top: 3, width: 30, height: 10)) == leafFrame(.absolute(x: 200 - 12 - 30, y: 3, width: 30, height: 10)))
        // Leading is on the right of its parent exactly when the parent is drawn mirrored.
        let leading = try leafFrame(.leading(12, top: 3, width: 30, height: 10))
        let parentX = direction == .rightToLeft ? 300 - 40 - 200.0 : 40
        let onRight = direction == .rightToLeft && parentType == .inherit
        #expect(leading.x == (onRight ? parentX + 200 - 12 - 30 : parentX + 12))
    }}
