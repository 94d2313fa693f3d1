// Font files as HarfBuzz reads them: an outline face is shaped from an
// hb_face of its file (no FreeType, no lock), and a file HarfBuzz does not read whole (WOFF, which
// FreeType unpacks) falls back to hb-ft on the FT_Face. Either way a WOFF shapes as its TTF does. A
// named instance's coordinates come from the face index's instance bits, which HarfBuzz reads too.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FontFileFormatTests {
    /// `sfnt` (a TrueType or OpenType file of one face) as WOFF 1.0 with every table stored
    /// uncompressed (compLength = origLength, which the format allows).
    static func woff(of sfnt: [UInt8]) -> [UInt8] {
        func u16(_ at: Int) -> Int { Int(sfnt[at]) << 8 | Int(sfnt[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        func put16(_ v: Int, _ out: inout [UInt8]) { out += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func put32(_ v: Int, _ out: inout [UInt8]) { put16(v >> 16 & 0xFFFF, &out); put16(v & 0xFFFF, &out) }
        let count = u16(4)
        let tables = (0..<count).map { k -> (tag: Int, checksum: Int, offset: Int, length: Int) in
            let r = 12 + 16 * k
            return (u32(r), u32(r + 4), u32(r + 8), u32(r + 12))
        }
        let padded = { (n: Int) in (n + 3) & ~3 }
        var offset = 44 + 20 * count
        var directory: [UInt8] = []
        var data: [UInt8] = []
        for table in tables {
            put32(table.tag, &directory)
            put32(offset + data.count, &directory)
            put32(table.length, &directory)
            put32(table.length, &directory)
            put32(table.checksum, &directory)
            data += sfnt[table.offset..<table.offset + table.length]
            data += [UInt8](repeating: 0, count: padded(table.length) - table.length)
        }
        offset += data.count
        var header: [UInt8] = []
        put32(0x774F_4646, &header)  // 'wOFF'
        put32(u32(0), &header)  // the flavor: the sfnt's version
        put32(offset, &header)
        put16(count, &header)
        put16(0, &header)
        put32(12 + 16 * count + tables.reduce(0) { $0 + padded($1.length) }, &header)
        put16(1, &header)
        put16(0, &header)
        for _ in 0..<5 { put32(0, &header) }  // no metadata, no private data
        return header + directory + data
    }

    /// The Latin and the Arabic font of the repository's registry, written again as WOFF: the same
    /// glyph ids, clusters and advances as the TTF for words that ligate, kern and join.
    @Test(arguments: [
        ("a", "en", "Latn", TextDirection.leftToRight, "office AVATAR, 1234 fi"),
        ("م", "ar", "Arab", .rightToLeft, "لا إله إلا الله، مرحبا بالعالم"),
    ])
    func woffShapesAsItsTTF(probe: String, locale: String, script: String, direction: TextDirection, text: String) throws {
        let ttf = TestFonts.registry.choice(for: probe, locale: LocaleTag(locale), weight: .regular).font
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("woff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("font.woff").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ttf.descriptor.file)))
        try Data(Self.woff(of: bytes)).write(to: URL(fileURLWithPath: path))
        let woff = try Font(library: FTLibrary(), file: path, index: 0, weight: nil, style: nil)
        let scalars = Array(text.unicodeScalars)
        let shape = { (font: Font) in
            Shaper().shape(
                scalars, range: 0..<scalars.count, font: font, direction: direction, script: ScriptTag(parsing: script)!,
                language: LocaleTag(locale), size: 20
            ).glyphs.map { "\($0.id)=\($0.cluster)+\($0.xAdvance)" }
        }
        let expected = shape(ttf)
        #expect(woff.hbFont.unitsPerEm == ttf.hbFont.unitsPerEm)
        #expect(shape(woff) == expected)
        #expect(expected.count > 10 && !expected.contains { $0.hasPrefix("0=") })  // no .notdef
    }

    /// A named instance of a variable font, opened by FreeType's index with instance bits (as
    /// fontconfig gives a system font), shapes with that instance's advances: Inter's seventh named
    /// instance (Bold) as the instance made at wght 700, not as the default one. (hb-ft copied the
    /// FT_Face's coordinates; the hb_face of the file has them from the same index: `hb_font_create`
    /// applies its instance bits.)
    @Test func namedInstanceShapesAtItsCoordinates() throws {
        let library = try FTLibrary()
        let path = TestFaces.interPath
        let named = try Font(library: library, file: path, index: 7 << 16, weight: nil, style: nil)
        let bold = try Font(library: library, file: path, index: 0, weight: nil, style: nil, variationWeight: 700)
        let regular = try Font(library: library, file: path, index: 0, weight: nil, style: nil)
        let scalars = Array("Hamburgefonstiv WAVE 1234".unicodeScalars)
        let advances = { (font: Font) in
            Shaper().shape(
                scalars, range: 0..<scalars.count, font: font, direction: .leftToRight, script: ScriptTag(parsing: "Latn")!,
                language: LocaleTag("en"), size: 100
            ).glyphs.map(\.xAdvance)
        }
        #expect(advances(named) == advances(bold))
        #expect(advances(named) != advances(regular))
    }
}

