// ImageLimits: the largest image the renderer draws, checked before any pixel buffer is allocated
// (and, from the options alone, before the layout where it can be).

/// The limits on a rendered PNG (or RGBA buffer): at most `maximumSide` device pixels a side and
/// `maximumPixels` in all. SVG has no pixel buffer and no limit but the layout's own.
public enum ImageLimits {
    /// The longest side in device pixels: libpng's default limit (PNG_USER_WIDTH_MAX and
    /// PNG_USER_HEIGHT_MAX), past which it fails with "Invalid IHDR data".
    public static let maximumSide = 1_000_000
    /// The most device pixels in one image (400 MB of RGBA).
    public static let maximumPixels = 100_000_000

    /// The canvas size in device pixels of a `width` × `height` px layout drawn with `options`.
    /// - Throws: `.renderFailure` naming the size and the limit it passes, when the image would be
    ///   too wide, too tall or too large. Never traps, whatever the numbers.
    static func pixelSize(width: Double, height: Double, options: RenderOptions) throws(BidiRenderError) -> (width: Int, height: Int) {
        let s = Double(options.scale)
        let w = ((width + 2 * options.padding) * s).rounded(.up)
        let h = ((height + 2 * options.padding) * s).rounded(.up)
        try check(width: w, height: h)  // also refuses NaN, which max(1, _) would hide
        return (max(1, Int(w)), max(1, Int(h)))
    }

    /// Refuses a `width` × `height` device-pixel image past the limits; either may be a lower bound
    /// of the real size (an estimate before layout).
    static func check(width: Double, height: Double) throws(BidiRenderError) {
        func n(_ v: Double) -> String { v.isFinite ? JSONText.number(v) : "\(v)" }
        let size = "\(n(width))×\(n(height)) px"
        let side = Double(maximumSide)
        if !(width <= side) {
            throw .renderFailure("a \(size) image is too wide: at most \(maximumSide) px a side")
        }
        if !(height <= side) {
            throw .renderFailure("a \(size) image is too tall: at most \(maximumSide) px a side")
        }
        if !(max(1, width) * max(1, height) <= Double(maximumPixels)) {
            throw .renderFailure("a \(size) image is too large: at most \(maximumPixels / 1_000_000) megapixels")
        }
    }

    /// Checks what the options alone tell before any layout: with a line width, the image is that
    /// wide plus the padding, and at least the padding tall.
    /// - Throws: `.renderFailure` as `pixelSize` does.
    public static func checkEstimate(layout: LayoutOptions, render: RenderOptions) throws(BidiRenderError) {
        guard let maxWidth = layout.maxWidth else { return }
        let s = Double(render.scale)
        try check(width: ((maxWidth + 2 * render.padding) * s).rounded(.up), height: max(1, 2 * render.padding * s))
    }
}
