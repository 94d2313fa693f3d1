// PNG compression settings (issue #38): zlib's level and libpng's row filters change the file, never
// the pixels. Level 0 stores deflate blocks uncompressed, so the test reads each row's filter byte
// straight from the file: all 0 without row filters, some other with them.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct PNGCompressionTests {
    /// A layout of mixed text and colour emoji at scale 2: rows of one colour and anti-aliased edges.
    static let layout = try! TestLayout.engine.layout(
        "Hello مرحبا world 😂 小明 @Ali 12:30", options: LayoutOptions(direction: .rightToLeft, locale: "ar", size: 20, maxWidth: 180))
    static let options = RenderOptions(scale: 2)

    /// The IDAT chunks' bytes, concatenated: the zlib stream.
    static func zlibStream(_ png: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = []
        var i = 8
        while i + 8 <= png.count {
            let length = png[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            if type == "IDAT" { stream += png[(i + 8)..<(i + 8 + length)] }
            i += 12 + length
        }
        return stream
    }

    /// The data of a zlib stream made only of stored deflate blocks (level 0), or nil when a block
    /// is compressed.
    static func storedData(_ stream: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 2  // the zlib header
        while i < stream.count {
            let header = stream[i]
            guard header & 0b110 == 0 else { return nil }  // BTYPE 00: stored
            let length = Int(stream[i + 1]) | Int(stream[i + 2]) << 8
            let complement = Int(stream[i + 3]) | Int(stream[i + 4]) << 8
            guard length ^ complement == 0xFFFF else { return nil }
            out += stream[(i + 5)..<(i + 5 + length)]
            i += 5 + length
            if header & 1 == 1 { break }  // BFINAL
        }
        return out
    }

    @Test func everySettingKeepsThePixels() throws {
        let rgba = try TestRender.renderer.rgba(Self.layout, options: Self.options)
        var sizes: [Int: Int] = [:]
        for level in 0...9 {
            for filters in [false, true] {
                let png = try TestRender.renderer.png(Self.layout, options: Self.options, compressionLevel: level, rowFilters: filters)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
                #expect(try RGBAImage(pngData: png) == rgba, "level \(level), filters \(filters)")
                if !filters { sizes[level] = png.count }
            }
        }
        // Stored: the rows and their filter bytes, plus the blocks' and chunks' headers.
        #expect(sizes[0]! > rgba.pixels.count)
        #expect(sizes[9]! < sizes[1]!)
        #expect(sizes[1]! * 5 < sizes[0]!)
        // The default is level 3 without filters, libpng's fast setting.
        #expect(try TestRender.renderer.png(Self.layout, options: Self.options).count == sizes[3]!)
    }

    @Test func rowFiltersAreThereOnlyWhenAsked() throws {
        let rgba = try TestRender.renderer.rgba(Self.layout, options: Self.options)
        let rowBytes = rgba.width * 4 + 1
        for filters in [false, true] {
            let png = try TestRender.renderer.png(Self.layout, options: Self.options, compressionLevel: 0, rowFilters: filters)
            let data = try #require(Self.storedData(Self.zlibStream(png)))
            #expect(data.count == rowBytes * rgba.height)
            let filterBytes = (0..<rgba.height).map { data[$0 * rowBytes] }
            #expect(filterBytes.allSatisfy { $0 <= 4 })
            #expect(filterBytes.contains { $0 != 0 } == filters, "filters \(filters): \(Set(filterBytes))")
            if !filters {
                // Unfiltered rows are the pixels themselves.
                #expect(Array(data[1..<rowBytes]) == Array(rgba.pixels[0..<(rowBytes - 1)]))
            }
        }
    }

    @Test(arguments: [-1, 10, Int.min, Int.max]) func levelsOutsideZlibsAreRefused(_ level: Int) throws {
        let expected = BidiRenderError.invalidValue(
            key: "compressionLevel", value: "\(level)", reason: "must be a zlib level from 0 (stored) to 9 (smallest)")
        #expect(throws: expected) { try TestRender.renderer.png(Self.layout, compressionLevel: level) }
        let scene = try Scene(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Examples/compose/follow-card.json").standardized.path)
        let composer = try SceneRenderer(engine: TestLayout.engine)
        #expect(throws: expected) { try composer.png(scene, compressionLevel: level) }
    }
}
