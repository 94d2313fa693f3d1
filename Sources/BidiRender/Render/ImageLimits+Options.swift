// ImageLimits+Options: the image limits applied to a layout drawn with render options, and to the
// options alone before any layout where they tell the size.

extension ImageLimits {
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

    /// Checks what the options alone tell before any layout: with a line width, the image is that
    /// wide plus the padding, and at least the padding tall.
    /// - Throws: `.renderFailure` as `pixelSize` does.
    package static func checkEstimate(layout: LayoutOptions, render: RenderOptions) throws(BidiRenderError) {
        guard let maxWidth = layout.maxWidth else { return }
        let s = Double(render.scale)
        try check(width: ((maxWidth + 2 * render.padding) * s).rounded(.up), height: max(1, 2 * render.padding * s))
    }
}
