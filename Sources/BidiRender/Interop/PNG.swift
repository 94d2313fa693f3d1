// PNG: encoding RGBA images with libpng's full API through CPNG's C writer (one pass, the zlib level
// and row filters the caller's; fast by default), decoding them with its simplified API
// (png_image_begin_read_from_memory / png_image_finish_read). The only code that calls libpng.
//
// Thread-safety: each call owns its png_image for the call's duration; concurrent calls are safe.

internal import CPNG

extension RGBAImage {
    /// The image as PNG bytes (libpng) at zlib `level` (0…9, `PNGSettings.fastLevel` by default),
    /// its rows filtered when `rowFilters`.
    /// - Throws: `.renderFailure` with libpng's message; `.invalidValue` for a level outside 0…9.
    package func pngData(level: Int = PNGSettings.fastLevel, rowFilters: Bool = false) throws(BidiRenderError) -> [UInt8] {
        try PNGCodec.encode(self, level: level, rowFilters: rowFilters)
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

/// The PNG settings a caller chooses: the zlib level and whether rows are filtered.
package enum PNGSettings {
    /// libpng's fast setting (`PNG_IMAGE_FLAG_FAST`): zlib level 3 without row filters. On rendered
    /// text, whose rows are mostly one colour, its files are also about 11 % smaller than libpng's
    /// default (level 6 with adaptive filters); see Docs/Performance.md, "Issue #38".
    package static let fastLevel = 3

    /// Throws `.invalidValue` naming "compressionLevel" unless `level` is 0…9.
    package static func check(level: Int) throws(BidiRenderError) {
        guard (0...9).contains(level) else {
            throw .invalidValue(key: "compressionLevel", value: "\(level)", reason: "must be a zlib level from 0 (stored) to 9 (smallest)")
        }
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

    /// The PNG file of `rgba` at zlib `level` (0…9; 3, without row filters, is libpng's fast
    /// setting), its rows filtered by libpng's adaptive choice when `rowFilters`.
    static func encode(_ rgba: RGBAImage, level: Int = PNGSettings.fastLevel, rowFilters: Bool = false) throws(BidiRenderError) -> [UInt8] {
        guard let count = byteCount(width: rgba.width, height: rgba.height), rgba.pixels.count == count else {
            throw .renderFailure("cannot encode a \(rgba.width)×\(rgba.height) image with \(rgba.pixels.count) bytes")
        }
        try PNGSettings.check(level: level)
        // libpng's full API through CPNG's writer, whose setjmp and callbacks stay in C. The
        // buffer is this call's: freed on every path.
        var buffer = CPNGBuffer()
        defer { cpng_buffer_free(&buffer) }
        // Rendered text compresses to well under a byte a pixel at the fast setting.
        _ = cpng_buffer_reserve(&buffer, rgba.width * rgba.height / 2 + 1_024)
        var message = [CChar](repeating: 0, count: 160)
        let written = rgba.pixels.withUnsafeBufferPointer { px in
            cpng_write_rgba(
                px.baseAddress, png_uint_32(rgba.width), png_uint_32(rgba.height), Int32(level), rowFilters ? 1 : 0, &buffer,
                &message, message.count)
        }
        guard written != 0, let bytes = buffer.bytes else {
            throw .renderFailure("libpng: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
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
