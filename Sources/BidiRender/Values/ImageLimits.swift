// ImageLimits: the largest image the renderer draws, checked before any pixel buffer is allocated
// (the checks against layout and render options are in Render/ImageLimits+Options.swift).

/// The limits on a rendered PNG (or RGBA buffer): at most `maximumSide` device pixels a side and
/// `maximumPixels` in all. SVG has no pixel buffer and no limit but the layout's own.
package enum ImageLimits {
    /// The longest side in device pixels: libpng's default limit (PNG_USER_WIDTH_MAX and
    /// PNG_USER_HEIGHT_MAX), past which it fails with "Invalid IHDR data".
    package static let maximumSide = 1_000_000
    /// The most device pixels in one image (400 MB of RGBA).
    package static let maximumPixels = 100_000_000

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
}
