// SlotPlacement: where a bubble's trailing slot goes — on the last line, at its end edge in the
// paragraph's direction, when the line's content, a gap and the slot fit in the maximum width;
// else on a line of its own below the text, at the same edge. Coordinates are inside the padding.

struct SlotPlacement: Equatable {
    /// The width and height inside the padding.
    var width: Double
    var height: Double
    /// Where the text's layout starts, from the left.
    var textX: Double
    /// The slot's rectangle (nil without a slot).
    var slot: LayoutRect?
    /// Whether the slot has a line of its own.
    var ownLine: Bool

    /// The placement of a slot of `size` (nil: none) after `text`, laid out `textWidth` wide, in at
    /// most `maxWidth`. `baseline`: a text slot's first baseline, which then sits on the last
    /// line's baseline (a box's bottom sits on the line box's bottom); a slot taller than the line
    /// starts at the line's top and the bubble grows.
    ///
    /// The last line's paragraph direction decides the edge, not its last run's: an Arabic line
    /// ending in "ok" has its end at the left. Its content's extent comes from the line itself
    /// (without the white space that hangs past its end), so any alignment is honoured.
    static func place(
        slot size: (width: Double, height: Double)?, baseline: Double?, text: Layout, textWidth: Double,
        maxWidth: Double, gap: Double
    ) -> SlotPlacement {
        let textHeight = text.height
        guard let size else {
            return SlotPlacement(width: textWidth, height: textHeight, textX: 0, slot: nil, ownLine: false)
        }
        guard let last = text.lines.last else {
            let slot = LayoutRect(x: 0, y: 0, width: size.width, height: size.height)
            return SlotPlacement(width: max(textWidth, size.width), height: size.height, textX: 0, slot: slot, ownLine: true)
        }
        let rtl = text.paragraphs[last.paragraph].direction == .rightToLeft
        return place(
            slot: size, baseline: baseline, after: last, at: last.x, rtl: rtl, textHeight: textHeight,
            textWidth: textWidth, maxWidth: maxWidth, gap: gap)
    }

    /// `place` after the last line `last` (of a paragraph right to left when `rtl`) of a text
    /// `textHeight` px tall, with the line's left edge at `x`: where the line is, or where another
    /// width would align it (`LayoutLine.alignedX`).
    static func place(
        slot size: (width: Double, height: Double), baseline: Double?, after last: LayoutLine, at x: Double, rtl: Bool,
        textHeight: Double, textWidth: Double, maxWidth: Double, gap: Double
    ) -> SlotPlacement {
        let extent = contentExtent(of: last, at: x, rtl: rtl)
        // The width the bubble needs for the slot on this line: the content's far side from the
        // slot's edge, the gap, the slot (no gap when the line shows nothing, an empty message, or
        // the slot is 0 px wide, an empty slot text).
        let content = max(0, rtl ? textWidth - extent.left : extent.right)
        let needed = content > 0 && size.width > 0 ? content + gap + size.width : content + size.width
        if needed <= maxWidth {
            let width = max(textWidth, needed)
            let bottom = last.top + last.height
            let y = max(last.top, baseline.map { last.baseline - $0 } ?? bottom - size.height)
            let slot = LayoutRect(x: rtl ? 0 : width - size.width, y: y, width: size.width, height: size.height)
            return SlotPlacement(
                width: width, height: max(textHeight, y + size.height), textX: rtl ? width - textWidth : 0, slot: slot,
                ownLine: false)
        }
        let width = max(textWidth, size.width)
        let slot = LayoutRect(x: rtl ? 0 : width - size.width, y: textHeight, width: size.width, height: size.height)
        return SlotPlacement(
            width: width, height: textHeight + size.height, textX: rtl ? width - textWidth : 0, slot: slot, ownLine: true)
    }

    /// Whether this placement is neither taller nor wider than `bound` (to 1e-9 px).
    func fits(in bound: SlotPlacement) -> Bool {
        height <= bound.height + 1e-9 && width <= bound.width + 1e-9
    }

    /// The left and right of a line's content, the line's left edge at `x`, without the white space
    /// hanging past its end (at the right of a left-to-right paragraph's line, at the left of a
    /// right-to-left one).
    static func contentExtent(of line: LayoutLine, at x: Double, rtl: Bool) -> (left: Double, right: Double) {
        rtl
            ? (x + line.width - line.contentWidth, x + line.width)
            : (x, x + line.contentWidth)
    }
}
