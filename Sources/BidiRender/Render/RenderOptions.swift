// RenderOptions and the debug overlay's shapes, shared by the PNG and SVG renderers.

/// How a layout is drawn.
public struct RenderOptions: Sendable, Hashable {
    /// The text colour.
    public var color: RGBAColor
    /// The background; a colour of alpha 0 for none.
    public var background: RGBAColor
    /// Space around the layout, in layout px.
    public var padding: Double
    /// Device pixels per layout px (1, 2 or 3).
    public var scale: Int
    /// Draw line boxes, baselines, run boxes by direction and level, cluster boundaries and mentions.
    public var debug: Bool
    /// A range to highlight under the glyphs (`Layout.selectionRects(for:)`), or nil.
    public var selection: Range<Int>?
    /// An offset whose carets to draw (`Layout.caret(at:affinity:)`; the secondary dashed), or nil.
    public var caret: Int?

    /// The colour of every mention (a link colour), unless a span gives its text a colour; nil draws
    /// mentions in `color`.
    public var mentionColor: RGBAColor?
    /// The rectangle drawn: the whole layout (`.none`), its line boxes (`.content`, a tight bubble)
    /// or its ink (`.ink`); the image is that rectangle, rounded out to whole pixels, plus `padding`.
    public var crop: RenderCrop
    /// The images of inline boxes, by the id of the box's span (`TextSpan.id`): each is drawn into
    /// its box, scaled to fit and centred (its aspect kept). A box without one is left empty (the
    /// debug overlay outlines it).
    public var inlineImages: [String: RGBAImage]
    /// How far, in layout px, a line's glyphs may paint above its box's top and below its bottom;
    /// their ink past that is clipped (PNG and SVG), so stacked marks (Zalgo) cannot cover the lines
    /// around them, while each line keeps its own accents. Nil (the default) draws all ink; 0 clips
    /// to the line boxes. `Layout.findings` reports a line whose ink passes its box by more than a
    /// quarter of the size: a fourth of the size is a fair allowance.
    public var inkOverflow: Double?

    /// Options with the given values: black text on white by default, at scale 1.
    public init(
        color: RGBAColor = .black, background: RGBAColor = .white, padding: Double = 8, scale: Int = 1, debug: Bool = false,
        selection: Range<Int>? = nil, caret: Int? = nil, mentionColor: RGBAColor? = nil, crop: RenderCrop = .none,
        inlineImages: [String: RGBAImage] = [:], inkOverflow: Double? = nil
    ) {
        self.color = color
        self.background = background
        self.padding = padding
        self.scale = scale
        self.debug = debug
        self.selection = selection
        self.caret = caret
        self.mentionColor = mentionColor
        self.crop = crop
        self.inlineImages = inlineImages
        self.inkOverflow = inkOverflow
    }

    /// Checks padding and the ink overflow (0…10,000 px), scale (1, 2 or 3) and that each inline image's pixels match its
    /// sides (`RGBAImage.checkShape`; the first bad id in sorted order is named).
    package func validate() throws(BidiRenderError) {
        guard padding.isFinite, padding >= 0, padding <= 10_000 else {
            throw .invalidValue(key: "padding", value: padding.valueText, reason: "must be from 0 to 10000 px")
        }
        if let inkOverflow, !(inkOverflow.isFinite && inkOverflow >= 0 && inkOverflow <= 10_000) {
            throw .invalidValue(key: "inkOverflow", value: inkOverflow.valueText, reason: "must be from 0 to 10000 px")
        }
        guard (1...3).contains(scale) else {
            throw .invalidValue(key: "scale", value: "\(scale)", reason: "must be 1, 2 or 3")
        }
        if let id = inlineImages.filter({ !$0.value.isWellFormed }).keys.min() {
            try inlineImages[id]?.checkShape(key: "inlineImages[\(id)]")
        }
    }
}

/// One shape of the debug overlay, in layout px (before padding and scale).
struct OverlayShape {
    enum Kind { case fill, stroke }
    var kind: Kind
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var color: RGBAColor
    /// What it marks, for SVG's class attribute.
    var role: String
}

enum DebugOverlay {
    static let lineBox = RGBAColor(red: 128, green: 128, blue: 128, alpha: 200)
    static let baseline = RGBAColor(red: 0, green: 160, blue: 255, alpha: 230)
    static let cluster = RGBAColor(red: 200, green: 0, blue: 200, alpha: 160)
    static let mentionColor = RGBAColor(red: 0, green: 170, blue: 60, alpha: 220)
    static let inlineBox = RGBAColor(red: 230, green: 120, blue: 0, alpha: 230)

    /// Run boxes: blue for LTR, red for RTL, more opaque for deeper levels.
    static func runColor(_ run: LayoutRun) -> RGBAColor {
        let alpha = UInt8(min(200, 36 + 28 * Int(run.level.rawValue)))
        return run.direction == .leftToRight
            ? RGBAColor(red: 40, green: 110, blue: 255, alpha: alpha)
            : RGBAColor(red: 255, green: 80, blue: 30, alpha: alpha)
    }

    /// The overlay's shapes: first the run boxes (under the text), then line boxes, baselines,
    /// cluster boundaries, mention underlines and the outlines of inline boxes.
    static func shapes(_ layout: Layout) -> (under: [OverlayShape], over: [OverlayShape]) {
        var under: [OverlayShape] = []
        var over: [OverlayShape] = []
        for line in layout.lines {
            let top = line.top
            for run in line.runs {
                under.append(OverlayShape(kind: .fill, x: run.x, y: top, width: run.advance, height: line.height, color: runColor(run), role: "run \(run.direction.rawValue) level\(run.level)"))
                for glyph in layout.glyphs(of: run) {
                    let penX = glyph.x
                    over.append(OverlayShape(kind: .fill, x: penX, y: line.baseline, width: 0.5, height: line.descent, color: cluster, role: "cluster"))
                }
            }
            over.append(OverlayShape(kind: .stroke, x: line.x, y: top, width: max(1, line.width), height: line.height, color: lineBox, role: "line"))
            over.append(OverlayShape(kind: .fill, x: line.x, y: line.baseline, width: max(1, line.width), height: 0.5, color: baseline, role: "baseline"))
            for mention in layout.mentions where mention.range.overlaps(line.range) {
                let glyphs = line.runs.filter { !$0.isEllipsis }.flatMap { layout.glyphs(of: $0) }.filter { mention.range.contains($0.cluster) }
                guard let lo = glyphs.map(\.x).min(), let hi = glyphs.map({ $0.x + $0.advance }).max() else { continue }
                over.append(OverlayShape(kind: .fill, x: lo, y: line.baseline + line.descent * 0.6, width: hi - lo, height: 1.5, color: mentionColor, role: "mention"))
            }
        }
        for box in layout.entities where box.kind == .inlineBox {
            for r in box.rects {
                over.append(OverlayShape(kind: .stroke, x: r.x, y: r.y, width: max(1, r.width), height: max(1, r.height), color: inlineBox, role: "inline"))
            }
        }
        return (under, over)
    }
}
