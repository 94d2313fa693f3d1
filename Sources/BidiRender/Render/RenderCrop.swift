// RenderCrop: which rectangle of a layout a rendering shows — the whole layout, its line boxes or its
// ink — and that rectangle rounded out to whole device pixels, shared by the PNG and SVG writers.

/// The rectangle of a layout that a rendering draws (the image is that rectangle, rounded out to
/// whole device pixels, plus the padding on each side).
public enum RenderCrop: String, Sendable, Hashable, CaseIterable {
    /// The whole layout: `Layout.width` × `Layout.height` from (0, 0).
    case none
    /// The line boxes without hanging white space: `Layout.bounds`.
    case content
    /// The ink: `Layout.inkBounds`, with the span backgrounds and decorations drawn.
    case ink
}

extension Renderer {
    /// The rectangle of `layout`, in layout px, that a rendering with `options` draws before its
    /// padding: the whole layout for `.none` (as before crops existed, to the bit), else the crop's
    /// rectangle (the ink's with `snapMargin`) rounded out to whole device pixels (`options.scale` per px), so that a glyph keeps its
    /// phase on the pixel grid. An empty crop (no content, no ink) is a zero rectangle at its corner.
    package func frame(_ layout: Layout, options: RenderOptions) -> LayoutRect {
        let rect: LayoutRect
        switch options.crop {
        case .none: return LayoutRect(x: 0, y: 0, width: layout.width, height: layout.height)
        case .content: rect = layout.bounds
        case .ink: rect = Self.snapMargin(inkRect(layout, options: options), scale: Double(options.scale))
        }
        let s = Double(options.scale)
        let (x0, y0) = ((rect.x * s).rounded(.down) / s, (rect.y * s).rounded(.down) / s)
        let (x1, y1) = (((rect.x + rect.width) * s).rounded(.up) / s, ((rect.y + rect.height) * s).rounded(.up) / s)
        return LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `rect` (ink) with half a device pixel more above and below, at `scale` device pixels a px: a
    /// line's baseline snaps to the pixel grid, so its glyphs' pixels may lie up to half a pixel
    /// above or below their ink box. Empty (no ink) stays as it is.
    static func snapMargin(_ rect: LayoutRect, scale s: Double) -> LayoutRect {
        guard rect.width > 0 || rect.height > 0 else { return rect }
        let m = 0.5 / s
        return LayoutRect(x: rect.x, y: rect.y - m, width: rect.width, height: rect.height + 2 * m)
    }

    /// The layout's ink (cut as `options.inkOverflow` says) with what the renderer paints around it:
    /// span backgrounds and decorations.
    func inkRect(_ layout: Layout, options: RenderOptions) -> LayoutRect {
        var rects = Self.backgrounds(layout) + decorations(layout, options: options)
        let ink = layout.inkBounds(overflow: options.inkOverflow)
        guard !rects.isEmpty else { return ink }
        if ink.width > 0 || ink.height > 0 {
            rects.append(OverlayShape(kind: .fill, x: ink.x, y: ink.y, width: ink.width, height: ink.height, color: .black, role: "ink"))
        }
        let minX = rects.map(\.x).min() ?? 0, minY = rects.map(\.y).min() ?? 0
        let maxX = rects.map { $0.x + $0.width }.max() ?? 0, maxY = rects.map { $0.y + $0.height }.max() ?? 0
        return LayoutRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
