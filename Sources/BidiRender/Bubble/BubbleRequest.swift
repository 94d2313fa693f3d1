// BubbleRequest: what a bubble is asked for besides the layout options, and the same checked, with
// its defaults resolved (the UI direction, the text's direction, the room for the text).

/// What a bubble is asked for besides the layout options, as `LayoutEngine.bubble` takes it.
package struct BubbleParameters: Sendable, Hashable {
    package var maxWidth: Double
    package var uiDirection: TextDirection?
    package var horizontalPadding = 0.0
    package var verticalPadding = 0.0
    package var slot: BubbleSlot?
    package var slotGap = 8.0
    package var balanced = true
    package var jumbomoji: [Double] = [3, 2.5, 2]

    package init(
        maxWidth: Double, uiDirection: TextDirection? = nil, horizontalPadding: Double = 0, verticalPadding: Double = 0,
        slot: BubbleSlot? = nil, slotGap: Double = 8, balanced: Bool = true, jumbomoji: [Double] = [3, 2.5, 2]
    ) {
        (self.maxWidth, self.uiDirection, self.horizontalPadding, self.verticalPadding) =
            (maxWidth, uiDirection, horizontalPadding, verticalPadding)
        (self.slot, self.slotGap, self.balanced, self.jumbomoji) = (slot, slotGap, balanced, jumbomoji)
    }
}

/// A bubble's parameters, checked: what `LayoutEngine.bubble` was asked, with the defaults resolved.
package struct BubbleRequest: Sendable {
    /// The text's options: the direction resolved, `maxWidth` not yet set.
    var textOptions: LayoutOptions
    var uiDirection: TextDirection
    var padding: (horizontal: Double, vertical: Double)
    /// The room for the text: the maximum width less the padding.
    var textWidth: Double
    var slot: BubbleSlot?
    var slotGap: Double
    var balanced: Bool = true
    var jumbomoji: [Double]

    /// The most px of a padding, a gap or a slot side; the most jumbomoji factors and their range.
    static let maxLength = 10_000.0
    static let maxJumbomojiCount = 16
    static let jumbomojiRange = 0.1...100.0
    /// The most code points of a text slot.
    static let maxSlotText = 256

    package init(options: LayoutOptions, parameters b: BubbleParameters) throws(BidiRenderError) {
        guard b.maxWidth.isFinite, b.maxWidth > 0, b.maxWidth <= 1_000_000 else {
            throw .invalidValue(key: "maxWidth", value: b.maxWidth.valueText, reason: "must be a positive number of px, at most 1000000")
        }
        try Self.checkLength(b.horizontalPadding, key: "padding")
        try Self.checkLength(b.verticalPadding, key: "padding")
        try Self.checkLength(b.slotGap, key: "slotGap")
        guard b.maxWidth - 2 * b.horizontalPadding > 0 else {
            throw .invalidValue(
                key: "padding", value: b.horizontalPadding.valueText, reason: "leaves no room for the text in \(b.maxWidth.valueText) px")
        }
        try Self.check(b.slot)
        guard b.jumbomoji.count <= Self.maxJumbomojiCount, b.jumbomoji.allSatisfy({ Self.jumbomojiRange.contains($0) }) else {
            throw .invalidValue(
                key: "jumbomoji", value: b.jumbomoji.map(\.valueText).joined(separator: ","),
                reason: "must be at most \(Self.maxJumbomojiCount) size factors from 0.1 to 100")
        }
        let ui = b.uiDirection ?? (options.locale.isRightToLeft ? .rightToLeft : .leftToRight)
        var text = options
        if text.direction == .auto { text.direction = .autoWithFallback(ui) }
        text.maxWidth = nil
        (textOptions, uiDirection, padding) = (text, ui, (b.horizontalPadding, b.verticalPadding))
        (textWidth, slot, slotGap, balanced, jumbomoji) = (b.maxWidth - 2 * b.horizontalPadding, b.slot, b.slotGap, b.balanced, b.jumbomoji)
        if case .box(let width, _)? = slot, width > textWidth {
            throw .invalidValue(key: "slot.width", value: width.valueText, reason: "is wider than the text's \(textWidth.valueText) px")
        }
    }

    /// Checks a slot's sizes, and a text slot's length and size; an error's key is the slot's
    /// field ("slot.width", "slot.height", "slot.text", "slot.size").
    static func check(_ slot: BubbleSlot?) throws(BidiRenderError) {
        switch slot {
        case nil: return
        case .box(let width, let height)?:
            try checkLength(width, key: "slot.width")
            try checkLength(height, key: "slot.height")
        case .text(let string, let size, _)?:
            guard string.unicodeScalars.count <= maxSlotText else {
                throw .invalidValue(key: "slot.text", value: String(string.prefix(32)), reason: "must be at most \(maxSlotText) code points")
            }
            // As a layout's size (LayoutOptions.validate), named as the slot's.
            guard size.isFinite, (0.1...10_000).contains(size) else {
                throw .invalidValue(key: "slot.size", value: size.valueText, reason: "must be a number of px from 0.1 to 10000")
            }
        }
    }

    /// Checks a length in px: finite, from 0 to `maxLength`.
    package static func checkLength(_ value: Double, key: String) throws(BidiRenderError) {
        guard value.isFinite, value >= 0, value <= maxLength else {
            throw .invalidValue(key: key, value: value.valueText, reason: "must be a number of px from 0 to \(Int(maxLength))")
        }
    }
}
