// Scene: a UI composition of groups, texts, images and rectangles in design coordinates, drawn
// left to right; in a right-to-left scene the whole canvas is mirrored and each node's view type
// says how its own content faces the reader (AWERTL's model; see SceneResolver.swift).

/// A scene to compose: its size, the UI's direction, and a tree of nodes.
public struct Scene: Sendable, Hashable {
    /// The canvas size in px (before the render scale).
    package internal(set) var width: Double
    /// The canvas height in px (before the render scale).
    package internal(set) var height: Double
    /// The UI's direction: in `.rightToLeft` the canvas is mirrored about its vertical axis.
    public var direction: TextDirection
    /// The locale of text nodes that do not set their own.
    package var locale: LocaleTag
    /// The colour the canvas is filled with before any node is drawn.
    package var background: RGBAColor
    /// AWERTL's list of directional images: an image node whose `name` is here resolves `auto` to
    /// `flip`, so it mirrors with the UI (a "back" arrow).
    package var flipImageNames: Set<String>
    /// The root node, framed in the canvas's design coordinates.
    package var root: SceneNode

    /// A scene of `width` × `height` px drawn from `root`, left to right unless `direction` says otherwise.
    package init(
        width: Double, height: Double, direction: TextDirection = .leftToRight, locale: LocaleTag = LocaleTag("default"),
        background: RGBAColor = .white, flipImageNames: Set<String> = [], root: SceneNode
    ) {
        self.width = width
        self.height = height
        self.direction = direction
        self.locale = locale
        self.background = background
        self.flipImageNames = flipImageNames
        self.root = root
    }
}

/// How a node's content is drawn in a right-to-left scene (AWERTL's `AWERTLViewType`).
package enum SceneViewType: String, Sendable, Hashable, CaseIterable {
    /// Text and ordinary images `normal`, images named in `flipImageNames` `flip`, groups and
    /// rectangles `inherit`.
    case auto
    /// As the parent.
    case inherit
    /// Facing the reader: flipped back about its own axis under a mirrored parent.
    case normal
    /// Mirrored, whatever the parent.
    case flip
    /// `normal`, and every descendant `normal` whatever it says.
    case normalWithAllDescendants
    /// `flip`, and every descendant `flip` whatever it says.
    case flipWithAllDescendants
}

/// Where a node sits in its parent, in the parent's design coordinates.
package enum SceneFrame: Sendable, Hashable {
    /// `[x, y, width, height]`, x from the parent's left edge in design coordinates.
    case absolute(x: Double, y: Double, width: Double, height: Double)
    /// UIKit's leading: x = `leading` in design coordinates (on the right once an RTL canvas is mirrored).
    case leading(Double, top: Double, width: Double, height: Double)
    /// UIKit's trailing: x = parentWidth − `trailing` − width in design coordinates.
    case trailing(Double, top: Double, width: Double, height: Double)

    /// The frame in the parent's design coordinates, given the parent's width.
    func designRect(parentWidth: Double) -> LayoutRect {
        switch self {
        case .absolute(let x, let y, let w, let h): return LayoutRect(x: x, y: y, width: w, height: h)
        case .leading(let l, let top, let w, let h): return LayoutRect(x: l, y: top, width: w, height: h)
        case .trailing(let t, let top, let w, let h): return LayoutRect(x: parentWidth - t - w, y: top, width: w, height: h)
        }
    }
}

/// How an image fills its frame.
package enum SceneContentMode: String, Sendable, Hashable, CaseIterable {
    /// Stretched to the frame.
    case fill
    /// Scaled to fit inside the frame, aspect ratio kept, centred.
    case aspectFit
}

/// One node of a scene.
package struct SceneNode: Sendable, Hashable {
    /// What the node draws.
    package enum Content: Sendable, Hashable {
        /// A group: its children, framed in the group's coordinates and drawn after it, in order.
        case group([SceneNode])
        /// A text laid out by `LayoutEngine` into the frame (`options.maxWidth` becomes the frame's
        /// width; a nil direction in `direction` takes the scene's), drawn in `color`.
        case text(String, spans: [TextSpan], options: LayoutOptions, direction: ParagraphDirection?, color: RGBAColor)
        /// A decoded image; `name` is matched against `Scene.flipImageNames`.
        case image(RGBAImage, name: String, mode: SceneContentMode)
        /// A filled rectangle with rounded corners and an inner border.
        case rect(color: RGBAColor, cornerRadius: Double, borderWidth: Double, borderColor: RGBAColor)
    }

    /// Where the node sits in its parent, in the parent's design coordinates.
    package var frame: SceneFrame
    /// How its content is drawn in a right-to-left scene (`.auto` by default).
    package var viewType: SceneViewType
    /// What the node draws.
    package var content: Content

    /// A node drawing `content` in `frame`.
    package init(frame: SceneFrame, viewType: SceneViewType = .auto, content: Content) {
        self.frame = frame
        self.viewType = viewType
        self.content = content
    }

    /// "group", "text", "image" or "rect".
    var kind: String {
        switch content {
        case .group: return "group"
        case .text: return "text"
        case .image: return "image"
        case .rect: return "rect"
        }
    }

    var children: [SceneNode] {
        if case .group(let nodes) = content { return nodes }
        return []
    }
}
