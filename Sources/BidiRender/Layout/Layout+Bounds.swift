// Layout+Bounds: the rectangles a laid-out text covers — its line boxes (`bounds`, what a bubble is
// sized to) and its glyphs' ink (`inkBounds`, what a tight image is cropped to).

extension Layout {
    /// The union of the line boxes, in layout px: each line from its content's left edge to its
    /// content's right edge (`contentWidth` wide, without the white space that hangs past its end
    /// edge, so never left of 0 unless the content is: an RTL line's hanging spaces are left out) and
    /// from its top to its bottom. Lines without content (empty, or white space only) add nothing;
    /// a layout without any content has a zero rectangle at (0, 0).
    public var bounds: LayoutRect {
        var box: InkBox?
        for line in lines where line.contentWidth > 0 {
            let left = paragraphs[line.paragraph].direction == .rightToLeft ? line.x + line.width - line.contentWidth : line.x
            let top = line.top
            InkBox.unite(&box, InkBox(minX: left, minY: top, maxX: left + line.contentWidth, maxY: top + line.height))
        }
        return box?.rect ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The union of the glyphs' ink boxes (the outline's bounding box, or a colour bitmap's box, as
    /// HarfBuzz gives it), in layout px: the ellipsis's included, span backgrounds and decorations
    /// not (the renderer's `RenderCrop.ink` adds those). A synthetic oblique's glyph counts with its
    /// slanted outline's box (HarfBuzz's extents are the upright glyph's). It may pass `bounds` on any side: an accent
    /// above the line box, a swash or an italic overhang past the advance. A layout without ink (empty,
    /// or white space only) has a zero rectangle at (0, 0).
    public var inkBounds: LayoutRect { inkBounds(overflow: nil) }

    /// `inkBounds` with each line's ink cut `overflow` px above its box and below it, as a renderer
    /// with `RenderOptions.inkOverflow` draws it (nil: not cut). A line whose ink is cut away whole
    /// adds nothing.
    package func inkBounds(overflow: Double?) -> LayoutRect {
        var box: InkBox?
        for line in lines {
            guard var ink = line.ink else { continue }
            if let overflow {
                (ink.minY, ink.maxY) = (max(ink.minY, line.top - overflow), min(ink.maxY, line.top + line.height + overflow))
                guard ink.minY < ink.maxY else { continue }
            }
            InkBox.unite(&box, ink)
        }
        return box?.rect ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
    }
}
