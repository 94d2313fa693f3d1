// LayoutRect: a plain rectangle in layout px. It lives on the ground floor because more than one
// stage hands rectangles out: the queries' selection (Layout/), the mentions' tap targets and the
// frames of a composed scene (Compose/).

/// A rectangle in layout px: x from the left edge, y down from the top.
public struct LayoutRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
