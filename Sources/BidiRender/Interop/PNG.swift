// PNG: encoding and decoding RGBA images with libpng's simplified API (png_image_write_to_memory,
// png_image_begin_read_from_memory / png_image_finish_read). The only code that calls libpng.
//
// Thread-safety: each call owns its png_image for the call's duration; concurrent calls are safe.

internal import CPNG

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
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width` × `height` image filled with one colour.
    public init(width: Int, height: Int, fill: RGBAColor) {
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

    /// The image as PNG bytes (libpng).
    /// - Throws: `.renderFailure` with libpng's message.
    public func pngData() throws(BidiRenderError) -> [UInt8] {
        try PNGCodec.encode(self)
    }

    /// Decodes PNG bytes (libpng) into RGBA.
    public init(pngData: [UInt8]) throws(BidiRenderError) {
        self = try PNGCodec.decode(pngData)
    }

    /// Decodes PNG bytes as `init(pngData:)` does, asking `accept` with the header's width and
    /// height (each within `ImageLimits`) before the pixels are allocated; a refusal throws
    /// `.renderFailure` without reading them.
    init(pngData: [UInt8], accept: (_ width: Int, _ height: Int) -> Bool) throws(BidiRenderError) {
        self = try PNGCodec.decode(pngData, accept: accept)
    }
}

/// An sRGB colour with alpha.
public struct RGBAColor: Sendable, Hashable {
    /// The red channel, 0–255.
    public var red: UInt8
    /// The green channel, 0–255.
    public var green: UInt8
    /// The blue channel, 0–255.
    public var blue: UInt8
    /// The alpha channel, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// A colour from its channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Fully transparent.
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses "#RRGGBB", "#RRGGBBAA" or "transparent"; nil otherwise.
    public init?(parsing text: String) {
        if text.lowercased() == "transparent" {
            self = .transparent
            return
        }
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.count == 6 || hex.count == 8, let value = UInt32(hex, radix: 16) else { return nil }
        if hex.count == 6 {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(
                red: UInt8(value >> 24 & 0xFF), green: UInt8(value >> 16 & 0xFF), blue: UInt8(value >> 8 & 0xFF),
                alpha: UInt8(value & 0xFF))
        }
    }

    /// "#RRGGBB" or "#RRGGBBAA" when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }
}

enum PNGCodec {
    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// The byte count of a `width` × `height` RGBA image, or nil when a side is not in
    /// 1…`ImageLimits.maximumSide` (so the product cannot overflow and png_uint_32 holds each side).
    private static func byteCount(width: Int, height: Int) -> Int? {
        let sides = 1...ImageLimits.maximumSide
        guard sides.contains(width), sides.contains(height) else { return nil }
        return width * height * 4
    }

    static func encode(_ rgba: RGBAImage) throws(BidiRenderError) -> [UInt8] {
        guard let count = byteCount(width: rgba.width, height: rgba.height), rgba.pixels.count == count else {
            throw .renderFailure("cannot encode a \(rgba.width)×\(rgba.height) image with \(rgba.pixels.count) bytes")
        }
        var image = png_image()
        image.version = CPNG_PNG_IMAGE_VERSION()
        image.width = png_uint_32(rgba.width)
        image.height = png_uint_32(rgba.height)
        image.format = CPNG_PNG_FORMAT_RGBA()
        var size: png_alloc_size_t = 0
        // First call: the size; second: the bytes.
        let sized = rgba.pixels.withUnsafeBytes { px in
            png_image_write_to_memory(&image, nil, &size, 0, px.baseAddress, 0, nil)
        }
        guard sized != 0, size > 0 else { throw .renderFailure("libpng: \(message(image))") }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { o in
            rgba.pixels.withUnsafeBytes { px in
                png_image_write_to_memory(&image, o.baseAddress, &size, 0, px.baseAddress, 0, nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { throw .renderFailure("libpng: \(message(image))") }
        return Array(out.prefix(Int(size)))
    }

    static func decode(_ data: [UInt8], accept: (Int, Int) -> Bool = { _, _ in true }) throws(BidiRenderError) -> RGBAImage {
        var image = png_image()
        image.version = CPNG_PNG_IMAGE_VERSION()
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .renderFailure("libpng: \(message(image))") }
        image.format = CPNG_PNG_FORMAT_RGBA()
        // The header's size, checked before the buffer is allocated (a hostile header asks for terabytes).
        let (width, height) = (Int(image.width), Int(image.height))
        guard let count = byteCount(width: width, height: height), width * height <= ImageLimits.maximumPixels else {
            png_image_free(&image)
            throw .renderFailure("a \(width)×\(height) px PNG is larger than \(ImageLimits.maximumSide) px a side or \(ImageLimits.maximumPixels / 1_000_000) megapixels")
        }
        guard accept(width, height) else {
            png_image_free(&image)
            throw .renderFailure("a \(width)×\(height) px PNG refused by the caller")
        }
        var pixels = [UInt8](repeating: 0, count: count)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        let failed = finished == 0
        let reason = message(image)
        png_image_free(&image)
        guard !failed else { throw .renderFailure("libpng: \(reason)") }
        return RGBAImage(width: Int(image.width), height: Int(image.height), pixels: pixels)
    }
}
