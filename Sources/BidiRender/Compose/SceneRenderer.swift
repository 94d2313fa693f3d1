// SceneRenderer: draws a resolved scene onto one RGBA canvas (then PNG), or writes it as SVG. Nodes
// are drawn in depth-first order (a parent under its children); nothing is clipped to a group.
// Text nodes are laid out by LayoutEngine into their frame and drawn by Renderer's glyph code;
// mirrored content (an image in flipImageNames, a `flip` text) is drawn with its pixels flipped
// horizontally inside its frame.
//
// Thread-safety: Sendable, as the LayoutEngine and Renderer it holds.

/// How a scene is drawn.
public struct ComposeOptions: Sendable, Hashable {
    /// Device pixels per px: 1, 2 or 3.
    public var scale: Int
    /// Outline every frame (blue; magenta with a corner mark where the content is mirrored).
    public var debug: Bool

    /// Options with a device scale of 1, 2 or 3 and the debug outlines on or off.
    public init(scale: Int = 1, debug: Bool = false) {
        self.scale = scale
        self.debug = debug
    }
}

/// Draws scenes: PNG, SVG or RGBA, each with the resolved scene.
public final class SceneRenderer: Sendable {
    /// The engine that lays out the scenes' text nodes.
    package let engine: LayoutEngine
    let renderer: Renderer

    /// A renderer whose text nodes are laid out by `engine`.
    /// - Throws: `.fontLoad` when FreeType cannot start.
    public init(engine: LayoutEngine) throws(BidiRenderError) {
        self.engine = engine
        renderer = try Renderer()
    }

    static let outline = RGBAColor(red: 40, green: 110, blue: 255, alpha: 200)
    static let mirroredOutline = RGBAColor(red: 220, green: 0, blue: 200, alpha: 230)

    /// The scene as RGBA pixels, and the resolved scene.
    /// - Throws: `.invalidValue` for a scale other than 1–3; `.renderFailure` when the canvas or a
    ///   node's frame passes `ImageLimits`; what `LayoutEngine.layout` throws for a text node.
    public func rgba(_ scene: Scene, options: ComposeOptions = ComposeOptions()) throws(BidiRenderError) -> (image: RGBAImage, resolved: ResolvedScene) {
        try RenderOptions(padding: 0, scale: options.scale).validate()
        let s = Double(options.scale)
        let resolved = scene.resolved()
        let (width, height) = try ImageLimits.pixelSize(width: scene.width, height: scene.height, options: RenderOptions(padding: 0, scale: options.scale))
        var canvas = Canvas(width: width, height: height, background: scene.background)
        /// Layout px to whole device px, never trapping (a scene built in code may hold any number).
        func device(_ v: Double) -> Int { Int(clamping: (v * s).rounded(), to: -(1 << 40)...(1 << 40)) }
        for node in resolved.nodes {
            let f = node.frame
            switch node.content {
            case .group:
                break
            case .rect(let color, let radius, let borderWidth, let borderColor):
                canvas.roundedRect(
                    x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s, radius: radius * s, fill: color,
                    borderWidth: borderWidth * s, border: borderColor)
            case .image(let image, _, let mode):
                let r = Self.contentRect(of: image, in: f, mode: mode)
                canvas.drawImage(image, x: device(r.x), y: device(r.y), width: device(r.width), height: device(r.height), mirrored: node.mirrored)
            case .text(let text, let spans, let layoutOptions, let direction, let color):
                let layout = try self.layout(text, spans: spans, options: layoutOptions, direction: direction, frame: f, scene: scene.direction)
                if node.mirrored {
                    // Drawn on its own transparent canvas, then composited with its columns reversed:
                    // frame column c lands at x + w − 1 − c. The own canvas spans what the text
                    // covers (the frame, and the lines and ink that overflow it: nothing is clipped,
                    // as unmirrored), and holds only the columns and rows of it that land on the
                    // scene's canvas, so a frame far larger than the canvas costs what it shows.
                    let (x, y) = (device(f.x), device(f.y))
                    let w = max(1, Int(clamping: (f.width * s).rounded(.up), to: 0...(1 << 40)))
                    let h = max(1, Int(clamping: (f.height * s).rounded(.up), to: 0...(1 << 40)))
                    let (low, high) = Self.covered(layout, paint: renderer.inkRect(layout, options: RenderOptions(color: color)), scale: s)
                    let (cmin, cmax) = (min(0, low.x), max(w, high.x))
                    let (rmin, rmax) = (min(0, low.y), max(h, high.y))
                    // Frame columns [cmin, cmax) land on scene columns [x + w − cmax, x + w − cmin).
                    let start = x + w - cmax
                    let columns = Canvas.visible(start, cmax - cmin, in: width), rows = Canvas.visible(y + rmin, rmax - rmin, in: height)
                    guard !columns.isEmpty, !rows.isEmpty else { continue }
                    var own = Canvas(width: columns.count, height: rows.count, background: .transparent)
                    try renderer.drawText(
                        layout, on: &own, x: 0, y: 0, scale: s, options: RenderOptions(color: color),
                        origin: (cmax - columns.upperBound, rmin + rows.lowerBound))
                    canvas.composite(own.image, x: start + columns.lowerBound, y: y + rmin + rows.lowerBound, mirrored: true)
                } else {
                    try renderer.drawText(layout, on: &canvas, x: f.x, y: f.y, scale: s, options: RenderOptions(color: color))
                }
            }
        }
        if options.debug {
            for node in resolved.nodes {
                let f = node.frame
                let color = node.mirrored ? Self.mirroredOutline : Self.outline
                canvas.stroke(x: f.x * s, y: f.y * s, width: max(1, f.width * s), height: max(1, f.height * s), color: color)
                if node.mirrored { canvas.fill(x: f.x * s, y: f.y * s, width: 4 * s, height: 4 * s, color: color) }
            }
        }
        return (canvas.image, resolved)
    }

    /// The device pixels `layout` may paint, from its origin at `scale`: its lines' boxes and what
    /// it paints (`paint`: its glyphs' ink, span backgrounds and decorations, as
    /// `Renderer.inkRect` gives them), a pixel more on each side for anti-aliasing, as (left, top)
    /// and (right, bottom).
    static func covered(_ layout: Layout, paint ink: LayoutRect, scale s: Double) -> (low: (x: Int, y: Int), high: (x: Int, y: Int)) {
        let left = min(0, ink.x), right = max(layout.width, ink.x + ink.width)
        let top = min(0, ink.y), bottom = max(layout.height, ink.y + ink.height)
        func px(_ v: Double, _ rounding: FloatingPointRoundingRule) -> Int { Int(clamping: (v * s).rounded(rounding), to: -(1 << 40)...(1 << 40)) }
        return ((px(left, .down) - 1, px(top, .down) - 1), (px(right, .up) + 1, px(bottom, .up) + 1))
    }

    /// The scene as PNG bytes (libpng), and the resolved scene. `compressionLevel` (zlib's, 0…9)
    /// and `rowFilters` as in `Renderer.png(_:options:compressionLevel:rowFilters:)`; the default is
    /// libpng's fast setting.
    public func png(
        _ scene: Scene, options: ComposeOptions = ComposeOptions(), compressionLevel: Int = 3, rowFilters: Bool = false
    ) throws(BidiRenderError) -> (png: [UInt8], resolved: ResolvedScene) {
        try PNGSettings.check(level: compressionLevel)
        let (image, resolved) = try rgba(scene, options: options)
        return (try image.pngData(level: compressionLevel, rowFilters: rowFilters), resolved)
    }

    /// A text node's layout: the frame's width as the line width, the scene's direction as the
    /// forced paragraph direction unless the node sets one (AWERTL's third step: natural alignment
    /// then puts Arabic on the right in an RTL UI).
    func layout(
        _ text: String, spans: [TextSpan], options: LayoutOptions, direction: ParagraphDirection?, frame: LayoutRect,
        scene: TextDirection
    ) throws(BidiRenderError) -> Layout {
        var options = options
        options.maxWidth = max(0.001, frame.width)
        options.direction = direction ?? (scene == .rightToLeft ? .rightToLeft : .leftToRight)
        return try engine.layout(text, spans: spans, options: options)
    }

    /// Where an image's pixels go in its frame: the frame (`fill`) or the largest centred rectangle
    /// of the image's aspect ratio inside it (`aspectFit`).
    static func contentRect(of image: RGBAImage, in frame: LayoutRect, mode: SceneContentMode) -> LayoutRect {
        guard mode == .aspectFit, image.width > 0, image.height > 0 else { return frame }
        let k = min(frame.width / Double(image.width), frame.height / Double(image.height))
        let (w, h) = (Double(image.width) * k, Double(image.height) * k)
        return LayoutRect(x: frame.x + (frame.width - w) / 2, y: frame.y + (frame.height - h) / 2, width: w, height: h)
    }
}
