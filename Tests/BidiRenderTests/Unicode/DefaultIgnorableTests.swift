// DefaultIgnorable against DerivedCoreProperties.txt (Default_Ignorable_Code_Point) on every code
// point, and against the standard library's property the registry used before (same answers).
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct DefaultIgnorableTests {
    @Test func matchesDerivedCorePropertiesOnEveryCodePoint() throws {
        var expected = [Bool](repeating: false, count: 0x110000)
        var ranges = 0
        for line in try UCDFiles.dataLines("DerivedCoreProperties.txt") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, fields[1] == "Default_Ignorable_Code_Point" else { continue }
            ranges += 1
            for c in UCDFiles.codePointRange(Substring(fields[0])) { expected[Int(c)] = true }
        }
        #expect(ranges > 20)
        var wrong: [String] = []
        for c in UInt32(0)...0x10FFFF where DefaultIgnorable.contains(c) != expected[Int(c)] {
            wrong.append("U+" + String(c, radix: 16, uppercase: true))
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    /// The registry's coverage used `isDefaultIgnorableCodePoint || isVariationSelector` of the
    /// standard library: the same set on this toolchain, so coverage answers the same.
    @Test func matchesTheStandardLibrarysProperty() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let property = scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isVariationSelector
            if DefaultIgnorable.contains(value) != property { wrong.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }
}
