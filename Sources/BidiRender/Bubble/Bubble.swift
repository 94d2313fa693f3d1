// Bubble: a chat bubble laid out in one call — its size, the text's layout and where it sits, the
// trailing slot (a timestamp or a status box) and whether the message is shown large (jumbomoji).

/// What sits at the end of a bubble's last line: a box the app draws into (read receipts, an
/// avatar), or a short text laid out by the engine (a time like "12:30 ✓✓").
public enum BubbleSlot: Sendable, Hashable {
    /// A box of `width` × `height` px.
    case box(width: Double, height: Double)
    /// A short text at `size` px in `color`, laid out with the bubble's locale and direction.
    case text(String, size: Double, color: RGBAColor)
}

/// A chat bubble: the text's layout, its place, the slot's place, and the bubble's size. All
/// coordinates are in px from the bubble's top-left corner.
///
/// The text's layout keeps its own coordinates: draw it at `textFrame`'s origin. The slot shares the
/// last line when the line, the gap and the slot fit in the maximum width; then it sits at that
/// line's end edge in its paragraph's direction (the right in a left-to-right paragraph, the left in
/// a right-to-left one), its bottom on the line box's bottom (a text slot: on the line's baseline).
/// Otherwise it has a line of its own below the text, at the same edge.
public struct Bubble: Sendable, Hashable {
    /// The bubble's width, padding included: at most the maximum width asked for.
    public internal(set) var width: Double
    /// The bubble's height, padding included.
    public internal(set) var height: Double
    /// The text laid out at the bubble's text width (its `width` is `textFrame.width`).
    public internal(set) var layout: Layout
    /// Where the text's layout sits: its origin and its width and height.
    public internal(set) var textFrame: LayoutRect
    /// Where the slot sits; nil without a slot.
    public internal(set) var slotFrame: LayoutRect?
    /// A text slot laid out (draw it at `slotFrame`'s origin); nil for a box or no slot.
    public internal(set) var slotLayout: Layout?
    /// Whether the slot has a line of its own (false when it shares the last line, or there is none).
    public internal(set) var slotOnOwnLine: Bool
    /// Whether the message is 1 to N emoji and was laid out at a jumbomoji size.
    public internal(set) var isJumbomoji: Bool
    /// The text width greedy line filling gives at the maximum width (the text's `contentWidth`),
    /// before balancing: what `balanced: false` would use.
    package internal(set) var greedyWidth: Double
    /// The padding around the text, left and right.
    package internal(set) var horizontalPadding: Double
    /// The padding around the text, above and below.
    package internal(set) var verticalPadding: Double
}
