// BubbleRenderer: a bubble drawn at its own size — its fill (a rounded rectangle), the text at its
// frame (its inline boxes' images too), a text slot at its frame, the frames outlined in the debug overlay — as PNG pixels or SVG.
// Ink that overflows the bubble (stacked marks over a tight line height) grows the image, not cut.

extension Renderer {
    /// The bubble as RGBA pixels, `options.padding` around it: the background, the bubble's `fill`
    /// (a rectangle with corners of `radius` px; none when nil), the text's span backgrounds, glyphs
    /// and decorations, the text slot's glyphs; with `options.debug`, the text's and the slot's
    /// frames outlined and the text's own overlay. Selection and caret marks are not drawn.
    /// - Throws: as `rgba(_:options:)`.
    package func rgba(_ bubble: Bubble, options: RenderOptions, fill: RGBAColor?, radius: Double) throws(BidiRenderError) -> RGBAImage {
        try options.validate()
        let overflow = overflow(bubble, options: options)
        let (width, height) = try ImageLimits.pixelSize(
            width: bubble.width + overflow.left + overflow.right, height: bubble.height + overflow.top + overflow.bottom,
            options: options)
        var canvas = Canvas(width: width, height: height, background: options.background)
        let s = Double(options.scale)
        // The bubble's corner: the padding, and the ink overflowing left of it and above it.
        let p = (x: options.padding + overflow.left, y: options.padding + overflow.top)
        if let fill {
            canvas.roundedRect(
                x: p.x * s, y: p.y * s, width: bubble.width * s, height: bubble.height * s, radius: radius * s, fill: fill,
                borderWidth: 0, border: fill)
        }
        func draw(_ shapes: [OverlayShape], at origin: (x: Double, y: Double)) {
            for shape in shapes {
                let (x, y) = ((shape.x + origin.x) * s, (shape.y + origin.y) * s)
                let (w, h) = (max(1, shape.width * s), max(1, shape.height * s))
                if shape.kind == .fill {
                    canvas.fill(x: x, y: y, width: w, height: h, color: shape.color)
                } else {
                    canvas.stroke(x: x, y: y, width: w, height: h, color: shape.color)
                }
            }
        }
        let text = (x: p.x + bubble.textFrame.x, y: p.y + bubble.textFrame.y)
        let overlay: (under: [OverlayShape], over: [OverlayShape]) = options.debug ? DebugOverlay.shapes(bubble.layout) : ([], [])
        draw(overlay.under, at: text)
        draw(Self.backgrounds(bubble.layout), at: text)
        try drawGlyphs(bubble.layout, on: &canvas, x: text.x, y: text.y, scale: s, options: options)
        InlineImages.draw(bubble.layout, on: &canvas, x: text.x, y: text.y, scale: s, images: options.inlineImages)
        draw(decorations(bubble.layout, options: options), at: text)
        if let slot = bubble.slotLayout, let frame = bubble.slotFrame {
            try drawGlyphs(slot, on: &canvas, x: p.x + frame.x, y: p.y + frame.y, scale: s, options: options)
        }
        draw(overlay.over, at: text)
        if options.debug { draw(Self.frames(bubble), at: p) }
        return canvas.image
    }

    /// How far the ink of the bubble's text and slot (with their span backgrounds and decorations,
    /// cut as `options.inkOverflow` says, and half a device pixel for the pixel grid:
    /// `Renderer.snapMargin`) reaches past each side of the bubble, in px, rounded up to whole
    /// device pixels (a glyph keeps its phase on the pixel grid); zero where it does not.
    package func overflow(_ bubble: Bubble, options: RenderOptions) -> (left: Double, top: Double, right: Double, bottom: Double) {
        var box: InkBox?
        var parts = [(bubble.layout, bubble.textFrame)]
        if let slot = bubble.slotLayout, let frame = bubble.slotFrame { parts.append((slot, frame)) }
        for (layout, frame) in parts {
            let ink = Self.snapMargin(inkRect(layout, options: options), scale: Double(options.scale))
            guard ink.width > 0 || ink.height > 0 else { continue }
            InkBox.unite(&box, InkBox(
                minX: frame.x + ink.x, minY: frame.y + ink.y, maxX: frame.x + ink.x + ink.width, maxY: frame.y + ink.y + ink.height))
        }
        guard let box else { return (0, 0, 0, 0) }
        let s = Double(options.scale)
        func whole(_ v: Double) -> Double { v > 0 && v.isFinite ? (v * s).rounded(.up) / s : 0 }
        return (whole(-box.minX), whole(-box.minY), whole(box.maxX - bubble.width), whole(box.maxY - bubble.height))
    }

    /// The bubble as a PNG file's bytes: `rgba(_:options:fill:radius:)` encoded at zlib
    /// `compressionLevel` (0…9), rows filtered when `rowFilters` (`Renderer.png`'s settings).
    package func png(
        _ bubble: Bubble, options: RenderOptions, fill: RGBAColor?, radius: Double, compressionLevel: Int = PNGSettings.fastLevel,
        rowFilters: Bool = false
    ) throws(BidiRenderError) -> [UInt8] {
        try PNGSettings.check(level: compressionLevel)
        return try rgba(bubble, options: options, fill: fill, radius: radius).pngData(level: compressionLevel, rowFilters: rowFilters)
    }

    /// The bubble as SVG: an outer document of the bubble's size with its fill, and the text's and
    /// the text slot's own documents nested at their frames (SVG's nested <svg> elements place a
    /// document at x, y), each drawn as `svg(_:options:)` draws a layout.
    package func svg(_ bubble: Bubble, options: RenderOptions, fill: RGBAColor?, radius: Double) throws(BidiRenderError) -> String {
        try options.validate()
        func number(_ v: Double) -> String { JSONText.number(v) }
        let p = options.padding
        // Ink past the bubble grows the document on that side: its viewBox starts left of and above 0.
        let o = overflow(bubble, options: options)
        let (w, h) = svgViewSize(bubble, options: options)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(number(w * Double(options.scale)))\" height=\"\(number(h * Double(options.scale)))\" viewBox=\"\(number(-o.left)) \(number(-o.top)) \(number(w)) \(number(h))\">\n"
        if options.background.alpha > 0 {
            out += "<rect class=\"background\" x=\"\(number(-o.left))\" y=\"\(number(-o.top))\" width=\"100%\" height=\"100%\" fill=\"\(options.background.hex.prefix(7))\"\(Self.bubbleOpacity(options.background))/>\n"
        }
        if let fill {
            out += "<rect class=\"bubble\" x=\"\(number(p))\" y=\"\(number(p))\" width=\"\(number(bubble.width))\" height=\"\(number(bubble.height))\" rx=\"\(number(radius))\" fill=\"\(fill.hex.prefix(7))\"\(Self.bubbleOpacity(fill))/>\n"
        }
        var inner = options
        (inner.padding, inner.scale, inner.background) = (0, 1, .transparent)
        var nested: [(Layout, LayoutRect)] = [(bubble.layout, bubble.textFrame)]
        if let slot = bubble.slotLayout, let frame = bubble.slotFrame { nested.append((slot, frame)) }
        for (layout, frame) in nested {
            var document = try svg(layout, options: inner)
            if let prolog = document.range(of: "?>\n") { document.removeSubrange(document.startIndex..<prolog.upperBound) }
            // The nested document at the frame's origin: its own width and height are the layout's.
            if let open = document.range(of: "<svg ") {
                document.replaceSubrange(open, with: "<svg x=\"\(number(p + frame.x))\" y=\"\(number(p + frame.y))\" overflow=\"visible\" ")
            }
            out += document
        }
        if options.debug {
            for shape in Self.frames(bubble) {
                out += "<rect class=\"debug \(shape.role)\" x=\"\(number(shape.x + p))\" y=\"\(number(shape.y + p))\" width=\"\(number(shape.width))\" height=\"\(number(shape.height))\" fill=\"none\" stroke=\"\(shape.color.hex.prefix(7))\" stroke-width=\"0.5\"/>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// The viewBox's size of the bubble's SVG: the bubble, the padding and the ink overflowing it,
    /// at least a device pixel a side, as the PNG. Times the scale, the size the SVG declares.
    package func svgViewSize(_ bubble: Bubble, options: RenderOptions) -> (width: Double, height: Double) {
        let o = overflow(bubble, options: options)
        let (p, one) = (options.padding, 1 / Double(options.scale))
        return (max(one, bubble.width + 2 * p + o.left + o.right), max(one, bubble.height + 2 * p + o.top + o.bottom))
    }

    /// A colour's ` fill-opacity` attribute, empty when it is opaque.
    static func bubbleOpacity(_ color: RGBAColor) -> String {
        color.alpha == 255 ? "" : " fill-opacity=\"\(JSONText.number(Double(color.alpha) / 255))\""
    }

    /// The debug overlay's frames: the text's (teal) and the slot's (orange), in bubble px.
    static func frames(_ bubble: Bubble) -> [OverlayShape] {
        var shapes = [OverlayShape(
            kind: .stroke, x: bubble.textFrame.x, y: bubble.textFrame.y, width: bubble.textFrame.width,
            height: bubble.textFrame.height, color: RGBAColor(red: 0, green: 150, blue: 150, alpha: 220), role: "text-frame")]
        if let slot = bubble.slotFrame {
            shapes.append(OverlayShape(
                kind: .stroke, x: slot.x, y: slot.y, width: slot.width, height: slot.height,
                color: RGBAColor(red: 240, green: 130, blue: 0, alpha: 230), role: "slot-frame"))
        }
        return shapes
    }
}
