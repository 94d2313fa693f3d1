// PNG: encoding and decoding RGBA images with libpng's simplified API (png_image_write_to_memory in
// one pass, fast; png_image_begin_read_from_memory / png_image_finish_read). The only code that calls libpng.
//
// Thread-safety: each call owns its png_image for the call's duration; concurrent calls are safe.

internal import CPNG

extension RGBAImage {
    /// The image as PNG bytes (libpng).
    /// - Throws: `.renderFailure` with libpng's message.
    package func pngData() throws(BidiRenderError) -> [UInt8] {
        try PNGCodec.encode(self)
    }

    /// Decodes PNG bytes (libpng) into RGBA: an inline box's image (`RenderOptions.inlineImages`),
    /// for one.
    /// - Throws: `.renderFailure` with libpng's message, or when a side passes `ImageLimits`
    ///   (checked from the header, before the pixels are allocated).
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
        // libpng's fast setting (no row filters, a lower zlib level): on rendered text, whose rows
        // are mostly one colour, the files come out about 11 % smaller than the default's; with the
        // single write above, a message to PNG takes about a quarter of the time it took
        // (Docs/Performance.md, "Issue #38").
        image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST)
        // One call into a buffer of libpng's upper bound, where there were two (one for the size,
        // one for the bytes, each compressing the whole image). The bound is a little over the
        // pixels' size, at most ImageLimits' pixels × 4 plus zlib's overhead; the file is copied
        // out at its size.
        var size = CPNG_PNG_IMAGE_PNG_SIZE_MAX(&image)
        let out = [UInt8](unsafeUninitializedCapacity: Int(size)) { buffer, count in
            let written = rgba.pixels.withUnsafeBytes { px in
                png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, px.baseAddress, 0, nil)
            }
            count = written != 0 && Int(size) <= buffer.count ? Int(size) : 0
        }
        let failed = out.isEmpty
        let reason = message(image)
        png_image_free(&image)
        guard !failed else { throw .renderFailure("libpng: \(reason)") }
        // A copy of the file's size: the bound's buffer is about the pixels' size.
        return out.withUnsafeBufferPointer { Array($0) }
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
