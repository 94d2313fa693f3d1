// Alignment: the TextAlignment option, and each line moved to it within the layout's width, with its
// glyphs turned into absolute positions.

/// Horizontal alignment of the lines.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
    /// The leading edge of each paragraph's own resolved direction: right for an RTL paragraph.
    case natural
    /// The leading edge of the layout's direction: the forced direction, or for auto the locale's
    /// (right for ar, fa, he, ur…), whatever each paragraph resolves to.
    case leading
    /// The trailing edge of the layout's direction.
    case trailing
    /// The left edge, whatever the direction.
    case left
    /// The right edge, whatever the direction.
    case right
    /// Centred in the layout's width.
    case center

    /// The edge (left, right or center) the content of a paragraph of `paragraphDirection` goes to,
    /// in a layout of `layoutDirection`.
    func edge(paragraphDirection: TextDirection, layoutDirection: TextDirection) -> TextAlignment {
        switch self {
        case .natural: return paragraphDirection == .rightToLeft ? .right : .left
        case .leading: return layoutDirection == .rightToLeft ? .right : .left
        case .trailing: return layoutDirection == .rightToLeft ? .left : .right
        case .left, .right, .center: return self
        }
    }
}

extension LayoutLine {
    /// The `x` that `align` gives the line (built from x = 0) within `width`.
    func alignedX(width: Double, paragraphDirection: TextDirection, options: LayoutOptions) -> Double {
        let rtl = paragraphDirection == .rightToLeft
        let trailing = self.width - contentWidth
        // Where the content's left edge goes, then the line's (spaces sit left of RTL content).
        let contentX: Double
        switch options.alignment.edge(paragraphDirection: paragraphDirection, layoutDirection: options.layoutDirection) {
        case .right: contentX = width - contentWidth
        case .center: contentX = (width - contentWidth) / 2
        default: contentX = 0
        }
        return rtl ? contentX - trailing : contentX
    }

    /// Moves the line to `options.alignment` within `width`, and turns its glyphs (in `glyphs`, the
    /// layout's array) from y offsets into absolute y (the baseline must be set), and its ink box
    /// with them. Trailing white space hangs past the end edge: the content, not the spaces, is
    /// aligned.
    mutating func align(width: Double, paragraphDirection: TextDirection, options: LayoutOptions, glyphs: inout [PositionedGlyph]) {
        let x = alignedX(width: width, paragraphDirection: paragraphDirection, options: options)
        self.x = x
        let baseline = self.baseline
        ink?.move(dx: x, dy: baseline)
        for r in runs.indices { runs[r].x += x }
        let range = glyphRange
        glyphs.withUnsafeMutableBufferPointer { glyphs in
            for g in range {
                glyphs[g].x += x  // no-trap: the line's glyphs are in the layout's array
                glyphs[g].y += baseline
            }
        }
    }
}
