// StylePaint: what the spans' styles add to a drawing, shared by the PNG and SVG writers — glyph
// colours (a span's, else the mention colour on a mention, else the text colour), backgrounds under
// the glyphs, and underlines and strikethroughs placed from the fonts' own metrics, as filled
// `OverlayShape`s whose role ("span-background", "underline", "strikethrough") is their SVG class.

extension Renderer {
    /// The colour of `glyph` of `run`: the run's span colour, else `options.mentionColor` when the
    /// glyph's cluster is in one of `mentions` (sorted), else `options.color`.
    static func glyphColor(_ glyph: PositionedGlyph, of run: LayoutRun, mentions: [Entity], options: RenderOptions) -> RGBAColor {
        if let color = run.style.color { return color }
        guard let mentionColor = options.mentionColor, !run.isEllipsis else { return options.color }
        let m = mentions.partitioningIndex { $0.range.upperBound > glyph.cluster }
        return m < mentions.count && mentions[m].range.contains(glyph.cluster) ? mentionColor : options.color
    }

    /// Whether any glyph of `run` may take the mention colour (to skip the per-glyph look-up).
    static func mayTakeMentionColor(_ run: LayoutRun, mentions: [Entity], options: RenderOptions) -> Bool {
        run.style.color == nil && options.mentionColor != nil && mentions.contains { $0.range.overlaps(run.range) }
    }

    /// Draws `layout`'s text onto `canvas` as `rgba` paints it, without the overlays: the spans'
    /// backgrounds, the glyphs, the underlines and strikethroughs; the layout's origin at (`x`, `y`)
    /// layout px and the canvas's first pixel at device pixel `origin`, as `drawGlyphs` takes them.
    /// What a scene's text node draws (Compose/), so that its spans look as `render` draws them.
    func drawText(
        _ layout: Layout, on canvas: inout Canvas, x: Double, y: Double, scale: Double, options: RenderOptions,
        origin: (x: Int, y: Int) = (0, 0)
    ) throws(BidiRenderError) {
        Self.fill(Self.backgrounds(layout), on: &canvas, x: x, y: y, scale: scale, origin: origin)
        try drawGlyphs(layout, on: &canvas, x: x, y: y, scale: scale, options: options, origin: origin)
        Self.fill(decorations(layout, options: options), on: &canvas, x: x, y: y, scale: scale, origin: origin)
    }

    /// Draws `shapes` (layout px) with the layout's origin at (`x`, `y`) layout px, `scale` device
    /// pixels a px, the canvas's first pixel at device pixel `origin`: each at least a pixel wide
    /// and high, filled or outlined as its kind says.
    static func fill(
        _ shapes: [OverlayShape], on canvas: inout Canvas, x: Double, y: Double, scale s: Double, origin: (x: Int, y: Int) = (0, 0)
    ) {
        for shape in shapes {
            let (left, top) = ((shape.x + x) * s - Double(origin.x), (shape.y + y) * s - Double(origin.y))
            let (w, h) = (max(1, shape.width * s), max(1, shape.height * s))
            if shape.kind == .fill {
                canvas.fill(x: left, y: top, width: w, height: h, color: shape.color)
            } else {
                canvas.stroke(x: left, y: top, width: w, height: h, color: shape.color)
            }
        }
    }

    /// The backgrounds of the spans: one rectangle per styled run, the line box's height.
    static func backgrounds(_ layout: Layout) -> [OverlayShape] {
        var rects: [OverlayShape] = []
        for line in layout.lines {
            for run in line.runs {
                guard let color = run.style.background, run.advance > 0 else { continue }
                rects.append(OverlayShape(kind: .fill, x: run.x, y: line.top, width: run.advance, height: line.height, color: color, role: "span-background"))
            }
        }
        return rects
    }

    /// The underlines and strikethroughs, each run's in its own colour. A decoration is continuous
    /// across visually adjacent runs that carry it (the runs of one span, cut by a script or a font):
    /// all its pieces take the position and thickness of the stretch's largest run (its first at equal
    /// sizes), from that run's font — `post`'s underline, `OS/2`'s strikeout — scaled to its size.
    func decorations(_ layout: Layout, options: RenderOptions) -> [OverlayShape] {
        var rects: [OverlayShape] = []
        for line in layout.lines {
            for (kind, role) in [(TextDecorations.underline, "underline"), (.strikethrough, "strikethrough")] {
                var start = 0
                while start < line.runs.count {
                    guard line.runs[start].style.decorations.contains(kind) else {
                        start += 1
                        continue
                    }
                    var end = start + 1
                    while end < line.runs.count, line.runs[end].style.decorations.contains(kind) { end += 1 }
                    // The stretch's largest run sets the line.
                    var lead = start
                    for k in start..<end where line.runs[k].size > line.runs[lead].size { lead = k }
                    let run = line.runs[lead]
                    if let face = face(run.font) {
                        let m = face.decorationMetrics
                        let scale = run.size / Double(m.unitsPerEm)
                        let (top, thickness) = kind == .underline
                            ? (-Double(m.underlinePosition) * scale, Double(m.underlineThickness) * scale)
                            : (-Double(m.strikeoutPosition) * scale, Double(m.strikeoutSize) * scale)
                        for k in start..<end where line.runs[k].advance > 0 {
                            let piece = line.runs[k]
                            rects.append(OverlayShape(
                                kind: .fill, x: piece.x, y: line.baseline + top, width: piece.advance, height: thickness,
                                color: piece.style.color ?? options.color, role: role))
                        }
                    }
                    start = end
                }
            }
        }
        return rects
    }
}
