// JSONWriter: the byte writer behind every JSON document. Its numbers and strings must be the bytes
// the String-building forms wrote before it (the dumps are a contract), checked against a reference
// written here the old way, on edge values and on a million pseudo-random ones.
import Foundation
import Testing
@testable import BidiRender

@Suite struct JSONWriterTests {
    /// The number format as it was built with Strings before the writer: thousandths, then digits.
    static func referenceNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        if thousandths == 0 { return "0" }
        let negative = thousandths < 0
        guard let magnitude = Int64(exactly: abs(thousandths)) else {
            // From ±1e21 the shortest exponent form, as JavaScript and Python write them.
            if abs(value) >= 1e21 { return value.description }
            return (negative ? "-" : "") + String(format: "%.0f", abs(value).rounded())
        }
        var text = String(magnitude / 1000)
        let fraction = magnitude % 1000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return negative ? "-" + text : text
    }

    /// RFC 8259 escaping as it was done scalar by scalar.
    static func referenceQuote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static let edges: [Double] = [
        0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 0.001, 0.5, -0.5, 1, -1, 9.9995, 12.5, -3.125, 0.1 + 0.2, 1.0 / 3,
        123_456.789, 999.9996, 1e15, 9.2e15, 9.3e15, -9.3e15, 1.8e19, 1.9e19, 9.99e20, 1e21, -1e21, 1e300, -1e300, 1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        Double(Int64.max), Double(Int64.max) / 1000, Double(Int64.min) / 1000,
        // Halves of a thousandth both ways, where the thousandths stop having fractions (2^52, 2^53)
        // and just inside and outside ±2^63 thousandths: the rounding without libm.
        0.0025, -0.0025, 1.0005, -1.0005, 4_503_599_627_370_495.5 / 1000, -4_503_599_627_370_495.5 / 1000,
        Double(1 << 52) / 1000, Double(1 << 53) / 1000, (Double(1 << 53) + 2) / 1000,
        9_223_372_036_854_775_808.0.nextDown / 1000, -9_223_372_036_854_775_808.0.nextDown / 1000,
        9_223_372_036_854_775_808.0 / 1000, -9_223_372_036_854_775_808.0 / 1000, 0.4999999999999999 / 1000,
    ]

    @Test func numbersAreTheReferenceBytes() {
        for value in Self.edges {
            var w = JSONWriter()
            w.number(value)
            #expect(w.string == Self.referenceNumber(value), "value \(value)")
        }
        // Pseudo-random px values across magnitudes, and values on the thousandths' rounding edges.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var w = JSONWriter()
        var expected = ""
        for i in 0..<1_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            let scale = [1.0, 10, 300, 1e4, 1e9, 1e16][i % 6]
            var value = (unit - 0.5) * 2 * scale
            if i % 7 == 0 { value = (value * 1000).rounded(.down) / 1000 + 0.0005 }
            w.number(value)
            w.byte(UInt8(ascii: " "))
            expected += Self.referenceNumber(value) + " "
        }
        #expect(w.string == expected)
    }

    @Test func integersAndBooleans() {
        var w = JSONWriter()
        for value in [0, 7, 10, -10, 1_234_567, Int.max, Int.min] {
            w.integer(value)
            w.comma(unless: false)
        }
        w.integer(UInt64.max)
        w.raw(",")
        w.integer(UInt32.max)
        w.boolean(true)
        w.boolean(false)
        #expect(w.string == "0,7,10,-10,1234567,\(Int.max),\(Int.min),\(UInt64.max),\(UInt32.max)truefalse")
    }

    @Test func stringsAreEscapedAsBefore() throws {
        let texts = [
            "", "plain", "\"quoted\"", "back\\slash", "line\nfeed\r\ttab", "\u{0}\u{1}\u{1F}\u{7F}", "مرحبا @علي",
            "😂🇸🇦 family 👨‍👩‍👧", "\u{FEFF}bom", "e\u{301}", String(repeating: "a\"", count: 5_000),
        ]
        for text in texts {
            var w = JSONWriter()
            w.string(text)
            #expect(w.string == Self.referenceQuote(text), "text \(text.debugDescription)")
            #expect(JSONText.quote(text) == Self.referenceQuote(text))
            // Foundation drops a raw U+FEFF that opens a string (JSONLines.escapingByteOrderMarks).
            if !text.hasPrefix("\u{FEFF}") {
                #expect(try JSONSerialization.jsonObject(with: Data(w.bytes), options: .fragmentsAllowed) as? String == text)
            }
        }
        let text = "path/to/Fonts/a.ttf"
        var w = JSONWriter()
        w.string(text.dropFirst(8))
        #expect(w.string == "\"Fonts/a.ttf\"")
    }

    /// A glyph object in one bounds check equals the same object written value by value, the slow
    /// path for coordinates past ±9.2e15 px included.
    @Test func glyphsEqualTheirFields() {
        let cases: [(UInt32, Int, Double, Double, Double)] = [
            (0, 0, 0, 0, 0), (1_234, 17, 123.4567, -8.5, 9.001), (UInt32.max, Int.max, -0.0004, 1e300, .nan),
            (5, -3, 9.3e15, -9.3e15, .infinity),
        ]
        for (first, (id, cluster, x, y, advance)) in zip([true, false, false, true], cases) {
            var fast = JSONWriter()
            fast.glyph(id: id, cluster: cluster, x: x, y: y, advance: advance, first: first)
            let expected = (first ? "" : ",") + "{\"id\":\(id),\"cluster\":\(cluster),\"x\":\(Self.referenceNumber(x)),"
                + "\"y\":\(Self.referenceNumber(y)),\"advance\":\(Self.referenceNumber(advance))}"
            #expect(fast.string == expected)
        }
    }

    /// The buffer starts small and grows by doubling: 200,000 glyph objects written from a capacity
    /// of 0 are all there, and `removeAll` keeps writing from the start.
    @Test func growsAndEmpties() {
        var w = JSONWriter(capacity: 0)
        for i in 0..<200_000 {
            w.glyph(id: UInt32(i), cluster: i, x: Double(i) / 8, y: 1, advance: 2, first: i == 0)
        }
        let text = w.string
        #expect(text.utf8.count == w.count)
        #expect(text.hasPrefix("{\"id\":0,\"cluster\":0,\"x\":0,\"y\":1,\"advance\":2},{\"id\":1,"))
        #expect(text.hasSuffix(",{\"id\":199999,\"cluster\":199999,\"x\":24999.875,\"y\":1,\"advance\":2}"))
        w.removeAll()
        #expect(w.count == 0)
        w.raw("[]")
        #expect(w.string == "[]")
    }
}
