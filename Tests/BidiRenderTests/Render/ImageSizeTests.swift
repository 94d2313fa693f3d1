// RGBA images and PNG bytes of any claimed size: encoding and decoding refuse sizes past ImageLimits
// with an error, never an overflow trap or a terabyte allocation.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ImageSizeTests {
    @Test(arguments: [(Int.max, 2), (-1, 4), (0, 0), (2_000_000, 1)])
    func encodingRefusesImpossibleSizes(width: Int, height: Int) {
        #expect(throws: BidiRenderError.renderFailure("cannot encode a \(width)×\(height) image with 0 bytes")) {
            try RGBAImage(width: width, height: height, pixels: []).pngData()
        }
    }

    /// CRC-32 (ISO 3309, as PNG chunks use it).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A valid 1×1 PNG whose IHDR is rewritten to claim `width` × `height` (with a correct CRC).
    static func png(claiming width: UInt32, _ height: UInt32) throws -> [UInt8] {
        var bytes = try RGBAImage(width: 1, height: 1, fill: .white).pngData()
        // Signature (8), length (4), "IHDR" (4), then width and height, big-endian.
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(k))) }
        }
        let crc = crc32(bytes[12..<29])
        for k in 0..<4 { bytes[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return bytes
    }

    @Test func decodingRefusesHugeHeadersBeforeAllocating() throws {
        #expect(throws: BidiRenderError.renderFailure("a 1000000×1000000 px PNG is larger than 1000000 px a side or 100 megapixels")) {
            try RGBAImage(pngData: Self.png(claiming: 1_000_000, 1_000_000))
        }
        // Past libpng's own limit, libpng says so first.
        #expect(throws: BidiRenderError.self) { try RGBAImage(pngData: Self.png(claiming: 0x7FFF_FFFF, 0x7FFF_FFFF)) }
        // The same bytes with the real size still decode.
        let image = try RGBAImage(pngData: Self.png(claiming: 1, 1))
        #expect(image.width == 1 && image.height == 1 && image.pixels == [255, 255, 255, 255])
    }

    /// The encoder writes in one pass into libpng's upper bound: noise, which deflate cannot shrink,
    /// and a 1×1 and a flat image (the smallest files) round-trip exactly, each PNG no larger than
    /// the bound (pixels + zlib's overhead + the chunks).
    @Test func onePassEncodingRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = RGBAImage(width: 301, height: 97, pixels: (0..<(301 * 97 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for image in [noise, RGBAImage(width: 1, height: 1, fill: .white), RGBAImage(width: 640, height: 200, fill: .black)] {
            let png = try image.pngData()
            #expect(try RGBAImage(pngData: png) == image)
            #expect(png.count <= image.pixels.count + image.pixels.count / 8 + 1_024, "\(png.count) bytes")
        }
    }
}
