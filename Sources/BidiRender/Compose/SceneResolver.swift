// SceneResolver: AWERTL's two steps on a scene tree. Step 1 mirrors the whole canvas about its
// vertical axis in a right-to-left scene, so each frame moves to the mirrored place in its parent;
// step 2 lets each node's view type decide whether its own content is drawn mirrored or flipped
// back to face the reader. The result is plain data: every node's canvas frame and net mirroring.

/// One node of a resolved scene.
public struct ResolvedSceneNode: Sendable, Hashable {
    /// Where the node is in the scene: "root", "root.children[1]".
    public internal(set) var path: String
    /// "group", "text", "image" or "rect".
    package internal(set) var kind: String
    /// The frame on the canvas, absolute, in px before the render scale.
    public internal(set) var frame: LayoutRect
    /// The view type after `auto` and the `…WithAllDescendants` of ancestors (never `.auto`).
    package internal(set) var viewType: SceneViewType
    /// Whether the content is drawn mirrored; for a group, whether its children are placed mirrored.
    public internal(set) var mirrored: Bool
    /// What the node draws.
    package internal(set) var content: SceneNode.Content
}

/// A scene after frames and view types are resolved: every node in depth-first order.
public struct ResolvedScene: Sendable, Hashable {
    /// The canvas width in px (before the render scale).
    package internal(set) var width: Double
    /// The canvas height in px (before the render scale).
    package internal(set) var height: Double
    /// The UI's direction the scene was resolved for.
    package internal(set) var direction: TextDirection
    /// Every node in depth-first order (a parent before its children), with its canvas frame and mirroring.
    public internal(set) var nodes: [ResolvedSceneNode]
}

extension Scene {
    /// Resolves frames and view types (AWERTL's model; see `SceneViewType`).
    ///
    /// In `.rightToLeft`, the root's parent (the canvas) is mirrored. A node's frame is placed at
    /// `parentX + parentWidth − x − width` when its parent's content is mirrored, else at
    /// `parentX + x`. Its own content is mirrored when its resolved type is `inherit` and the parent's
    /// is, or when it is `flip`/`flipWithAllDescendants`; `normal` content faces the reader. In
    /// `.leftToRight` nothing is mirrored.
    public func resolved() -> ResolvedScene {
        var nodes: [ResolvedSceneNode] = []
        let canvas = LayoutRect(x: 0, y: 0, width: width, height: height)
        func visit(_ node: SceneNode, path: String, parent: LayoutRect, parentMirrored: Bool, forced: SceneViewType?) {
            let design = node.frame.designRect(parentWidth: parent.width)
            let x = parentMirrored ? parent.x + parent.width - design.x - design.width : parent.x + design.x
            let frame = LayoutRect(x: x, y: parent.y + design.y, width: design.width, height: design.height)
            let type = forced ?? resolvedAuto(node)
            let mirrored: Bool
            switch type {
            case .inherit, .auto: mirrored = parentMirrored
            case .normal, .normalWithAllDescendants: mirrored = false
            case .flip, .flipWithAllDescendants: mirrored = direction == .rightToLeft
            }
            nodes.append(ResolvedSceneNode(path: path, kind: node.kind, frame: frame, viewType: type, mirrored: mirrored, content: node.content))
            let childForced: SceneViewType? =
                switch type {
                case .normalWithAllDescendants: .normal
                case .flipWithAllDescendants: .flip
                default: forced
                }
            for (i, child) in node.children.enumerated() {
                visit(child, path: "\(path).children[\(i)]", parent: frame, parentMirrored: mirrored, forced: childForced)
            }
        }
        visit(root, path: "root", parent: canvas, parentMirrored: direction == .rightToLeft, forced: nil)
        return ResolvedScene(width: width, height: height, direction: direction, nodes: nodes)
    }

    /// AWERTL's automatic type: text and ordinary images face the reader, directional images flip,
    /// containers inherit.
    private func resolvedAuto(_ node: SceneNode) -> SceneViewType {
        guard node.viewType == .auto else { return node.viewType }
        switch node.content {
        case .text: return .normal
        case .image(_, let name, _): return flipImageNames.contains(name) ? .flip : .normal
        case .group, .rect: return .inherit
        }
    }
}
