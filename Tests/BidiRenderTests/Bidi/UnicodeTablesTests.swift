// Checks the generated Unicode 15 tables against the UCD files for every code point.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct UnicodeTablesTests {
    /// Long Bidi_Class value names of DerivedBidiClass.txt's @missing lines.
    static let longNames: [String: String] = [
        "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
        "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
        "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
        "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    ]

    /// Bidi_Class of every code point, read independently from DerivedBidiClass.txt.
    static func expectedClasses() throws -> [BidiClass] {
        var classes = [BidiClass](repeating: .leftToRight, count: 0x110000)
        var explicit: [(ClosedRange<UInt32>, BidiClass)] = []
        for line in try UCDFiles.rawLines("extracted/DerivedBidiClass.txt") {
            if line.hasPrefix("# @missing:") {
                let fields = line.dropFirst("# @missing:".count).split(separator: ";")
                let cls = BidiClass(shortName: longNames[fields[1].trimmingCharacters(in: .whitespaces)]!)!
                for cp in UCDFiles.codePointRange(fields[0]) { classes[Int(cp)] = cls }
            } else if !line.hasPrefix("#"), !line.isEmpty {
                let fields = line.split(separator: "#")[0].split(separator: ";")
                let name = fields[1].trimmingCharacters(in: .whitespaces)
                explicit.append((UCDFiles.codePointRange(fields[0]), BidiClass(shortName: name)!))
            }
        }
        for (range, cls) in explicit { for cp in range { classes[Int(cp)] = cls } }
        return classes
    }

    @Test func unicodeVersionIs15() {
        #expect(UnicodeBidiData.unicodeVersion == "15.0.0")
    }

    @Test func everyCodePointHasTheUCDBidiClass() throws {
        let expected = try Self.expectedClasses()
        var mismatches: [String] = []
        for cp in 0..<UInt32(0x110000) where UnicodeBidiData.bidiClass(cp) != expected[Int(cp)] {
            mismatches.append(String(cp, radix: 16))
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(10))")
    }

    @Test func everyCodePointHasTheUCDBracket() throws {
        var expected: [UInt32: (UInt32, BracketKind)] = [:]
        for line in try UCDFiles.dataLines("BidiBrackets.txt") {
            let f = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            expected[UInt32(f[0], radix: 16)!] = (UInt32(f[1], radix: 16)!, f[2] == "o" ? .open : .close)
        }
        #expect(expected.count == 128)
        for cp in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            let got = UnicodeBidiData.pairedBracket(of: scalar)
            if let (pair, kind) = expected[cp] {
                #expect(got == PairedBracket(pair: Unicode.Scalar(pair)!, kind: kind), "U+\(String(cp, radix: 16))")
            } else if got != nil {
                Issue.record("U+\(String(cp, radix: 16)) is not a bracket in BidiBrackets.txt")
            }
        }
    }

    @Test func everyCodePointHasTheUCDMirror() throws {
        var expected: [UInt32: UInt32] = [:]
        for line in try UCDFiles.dataLines("BidiMirroring.txt") {
            let f = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            expected[UInt32(f[0], radix: 16)!] = UInt32(f[1], radix: 16)!
        }
        #expect(expected.count == 428)
        for cp in 0..<UInt32(0x110000) {
            guard let scalar = Unicode.Scalar(cp) else { continue }
            let got = UnicodeBidiData.mirroringGlyph(of: scalar)?.value
            if got != expected[cp] {
                Issue.record("U+\(String(cp, radix: 16)): got \(String(describing: got)), want \(String(describing: expected[cp]))")
            }
        }
    }

    /// The emoji the issue names are ON in Unicode 15 (FriBidi 1.0.8's Unicode 10 tables say L).
    @Test(arguments: [0x1F97A, 0x1F970, 0x1FAE0] as [UInt32])
    func newEmojiAreOtherNeutral(_ cp: UInt32) {
        #expect(BidiClass(Unicode.Scalar(cp)!) == .otherNeutral)
    }
}
