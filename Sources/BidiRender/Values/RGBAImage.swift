// RGBAImage: an 8-bit RGBA pixel buffer, the image every renderer draws into (PNG encoding and
// decoding are in Interop/PNG.swift).

/// An 8-bit RGBA image, not premultiplied, rows top to bottom.
public struct RGBAImage: Sendable, Hashable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// `width * height * 4` bytes.
    public var pixels: [UInt8]

    /// An image of `width` × `height` pixels from `pixels`: `width * height * 4` bytes, RGBA, rows
    /// top to bottom.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width` × `height` image filled with one colour.
    init(width: Int, height: Int, fill: RGBAColor) {
        self.width = width
        self.height = height
        let count = width * height
        // White and transparent are one byte repeated (a memset); other colours are written a
        // pixel at a time into uninitialized storage.
        if fill.red == fill.green, fill.green == fill.blue, fill.blue == fill.alpha {
            pixels = [UInt8](repeating: fill.red, count: count * 4)
            return
        }
        pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            initialized = 0
            guard var p = buffer.baseAddress else { return }
            for _ in 0..<count {
                (p[0], p[1], p[2], p[3]) = (fill.red, fill.green, fill.blue, fill.alpha)
                p += 4
            }
            initialized = count * 4
        }
    }
}
