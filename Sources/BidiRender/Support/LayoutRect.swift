// LayoutRect: a plain rectangle in layout px. It lives on the ground floor because more than one
// stage hands rectangles out: the queries' selection (Layout/), the mentions' tap targets and the
// frames of a composed scene (Compose/).

/// A rectangle in layout px: x from the left edge, y down from the top.
public struct LayoutRect: Sendable, Hashable {
    /// The left edge, in px.
    public var x: Double
    /// The top edge, in px down from the top.
    public var y: Double
    /// The width in px.
    public var width: Double
    /// The height in px.
    public var height: Double

    /// A rectangle from its left, top, width and height.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
