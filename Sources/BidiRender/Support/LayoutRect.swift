// LayoutRect: a plain rectangle in layout px, and whether it holds a point. It lives on the ground
// floor because more than one stage hands rectangles out: the queries' selection (Layout/), the
// entities' tap targets and the frames of a composed scene (Compose/).

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
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the point (`x`, `y`) is inside the rectangle. Half-open, as a pixel grid is: the
    /// left and top edges are inside, the right and bottom edges are not, so a point on the edge two
    /// rectangles share (two lines of one entity, two entities side by side) is in exactly one of
    /// them. A rectangle of no width or height contains nothing, and nothing contains a NaN.
    ///
    /// The point and the edges are compared on the 1/1000 px grid the JSON documents write them in,
    /// so a rectangle's written corner ("x": 18.176, the edge being 18.1760004) is inside it and
    /// its written right edge (x + width as written) is not.
    func contains(x: Double, y: Double) -> Bool {
        let (px, py, left, top) = (Self.grid(x), Self.grid(y), Self.grid(self.x), Self.grid(self.y))
        return px >= left && px < left + Self.grid(width) && py >= top && py < top + Self.grid(height)
    }

    /// `value` in thousandths of a px, rounded as the JSON writer rounds (a Double: never traps).
    private static func grid(_ value: Double) -> Double { (value * 1000).rounded() }
}
