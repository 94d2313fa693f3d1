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

    /// Whether `pixels` holds the `width * height * 4` bytes the sides call for, each side within
    /// 0…`ImageLimits.maximumSide`. The fields are public variables: a caller's image whose fields
    /// disagree would be read past its pixels.
    var isWellFormed: Bool {
        let sides = 0...ImageLimits.maximumSide
        // Each side at most 1,000,000 first, so the product cannot overflow.
        return sides.contains(width) && sides.contains(height) && pixels.count == width * height * 4
    }

    /// Throws `.invalidValue` naming `key` unless the image `isWellFormed`.
    func checkShape(key: String) throws(BidiRenderError) {
        guard isWellFormed else {
            throw .invalidValue(
                key: key, value: "\(width)×\(height) px, \(pixels.count) bytes",
                reason: "an RGBA image needs width × height × 4 bytes, each side from 0 to \(ImageLimits.maximumSide) px")
        }
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
