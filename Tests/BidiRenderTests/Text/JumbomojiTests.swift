// Jumbomoji against Unicode's reference, emoji-test.txt (Debian's unicode-data, Emoji 15.0, the
// version ICU 72 implements): every RGI sequence alone, in twos and in threes, with white space and
// without; and the near misses (too many emoji, a letter, text-presentation characters, the
// minimally-qualified and unqualified forms).
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct JumbomojiTests {
    /// The sequences of emoji-test.txt by status, as strings, in the file's order.
    static let reference: [String: [String]] = {
        var byStatus: [String: [String]] = [:]
        // A missing file fails the tests that read it (`#require` below), not the suite's loading.
        for line in (try? UCDFiles.dataLines("emoji/emoji-test.txt")) ?? [] {
            let fields = line.split(separator: ";")
            guard fields.count == 2 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let status = fields[1].trimmingCharacters(in: .whitespaces)
            byStatus[status, default: []].append(String(String.UnicodeScalarView(scalars)))
        }
        return byStatus
    }()

    static func sequences(_ status: String) throws -> [String] {
        let list = reference[status] ?? []
        try #require(!list.isEmpty, "no \(status) lines in \(UCDFiles.directory)/emoji/emoji-test.txt: install unicode-data")
        return list
    }

    /// Every fully-qualified sequence and every component alone is one emoji, with white space
    /// after it or not, and before it but for a skin tone (which joins the cluster before it).
    /// Components (skin tones, hair styles) are Basic_Emoji in emoji-sequences.txt, so RGI_Emoji
    /// holds them.
    @Test(arguments: ["fully-qualified", "component"])
    func everySequenceAloneIsOne(status: String) throws {
        let list = try Self.sequences(status)
        #expect(list.count == (status == "component" ? 9 : 3655))
        for s in list {
            #expect(Jumbomoji.count(in: s, max: 1) == 1, "\(Self.hex(s))")
            #expect(Jumbomoji.count(in: "\(s)\n \t", max: 3) == 1, "\(Self.hex(s))")
            let expected = Self.isSkinTone(s) ? nil : 1
            #expect(Jumbomoji.count(in: " \(s)\n", max: 3) == expected, "\(Self.hex(s))")
        }
    }

    /// Each sequence with its neighbour in the file and with its mirror image in the list (a
    /// different group: a flag with a face), with a space and without; each with the next two, with
    /// nothing, spaces, a tab and a newline, an NBSP and an ideographic space between.
    @Test func pairsAndTriples() throws {
        let list = try Self.sequences("fully-qualified")
        let n = list.count
        var checked = 0
        for i in 0..<n {
            let (a, b, c, far) = (list[i], list[(i + 1) % n], list[(i + 2) % n], list[n - 1 - i])
            for separator in ["", " "] {
                #expect(Jumbomoji.count(in: a + separator + b, max: 3) == 2, "\(Self.hex(a)) + \(Self.hex(b))")
                #expect(Jumbomoji.count(in: a + separator + far, max: 3) == 2, "\(Self.hex(a)) + \(Self.hex(far))")
                checked += 2
            }
            for (s1, s2) in [("", ""), (" ", "  "), ("\t", "\n"), ("\u{A0}", "\u{3000}")] {
                #expect(Jumbomoji.count(in: a + s1 + b + s2 + c, max: 3) == 3, "\(Self.hex(a)) \(Self.hex(b)) \(Self.hex(c))")
                checked += 1
            }
            // The same three with a fourth: too many for 3, right for 4.
            #expect(Jumbomoji.count(in: a + b + c + far, max: 3) == nil)
            #expect(Jumbomoji.count(in: a + b + c + " " + far, max: 4) == 4)
        }
        #expect(checked == 8 * n)
    }

    /// Components side by side: a skin tone joins the cluster before it (Grapheme_Cluster_Break
    /// Extend), white space or not, which is then no RGI sequence; a hair style after white space
    /// is an emoji of its own.
    @Test func componentsInTwos() throws {
        let list = try Self.sequences("component")
        for a in list {
            for b in list {
                let expected = Self.isSkinTone(b) ? nil : 2
                #expect(Jumbomoji.count(in: a + " " + b, max: 3) == expected, "\(Self.hex(a)) \(Self.hex(b))")
                #expect(Jumbomoji.count(in: a + b, max: 3) == expected, "\(Self.hex(a))\(Self.hex(b))")
            }
        }
        #expect(Jumbomoji.count(in: "\u{1F3FB}\u{1F3FB}", max: 3) == nil)
        #expect(Jumbomoji.count(in: "\u{1F44D}\u{1F3FB}", max: 3) == 1)  // 👍🏻, a modifier sequence
        #expect(Jumbomoji.count(in: "\u{1F600}\u{1F3FB}", max: 3) == nil)  // 😀 takes no skin tone
        #expect(Jumbomoji.count(in: "\u{1F9B0}\u{1F9B1}", max: 3) == 2)  // hair styles are pictographs: two clusters
    }

    /// The minimally-qualified and unqualified forms are not RGI: alone, they are no emoji, and one
    /// spoils a message of fully-qualified ones.
    @Test(arguments: ["minimally-qualified", "unqualified"])
    func unqualifiedFormsAreNot(status: String) throws {
        let list = try Self.sequences(status)
        #expect(list.count == (status == "unqualified" ? 242 : 827))
        for s in list {
            #expect(Jumbomoji.count(in: s, max: 3) == nil, "\(Self.hex(s))")
            #expect(Jumbomoji.count(in: "😀 " + s, max: 3) == nil, "\(Self.hex(s))")
        }
    }

    /// The near misses, each against the reason it is not (or is) jumbomoji.
    @Test(arguments: [
        ("", nil), ("   \n\t", nil), ("\u{2028}", nil),  // nothing but white space
        ("😀a", nil), ("a 😀", nil), ("😀 ok", nil), ("مرحبا 😀", nil),  // a letter
        ("©", nil), ("™", nil), ("®", nil), ("1", nil), ("#", nil), ("*", nil), ("123", nil), ("☺", nil),  // text presentation
        ("©\u{FE0F}", 1), ("™\u{FE0F}", 1), ("☺\u{FE0F}", 1),  // their emoji forms, VS16
        ("1\u{20E3}", nil), ("1\u{FE0F}\u{20E3}", 1), ("#\u{FE0F}\u{20E3}", 1),  // keycaps need VS16
        ("😀\u{FE0E}", nil),  // VS15 asks for text presentation: not RGI
        ("\u{1F1F8}", nil), ("\u{1F1F8}\u{1F1E6}", 1), ("\u{1F1E6}\u{1F1E6}", nil),  // flags: RGI pairs only
        ("\u{1F1F8}\u{1F1E6}\u{1F1E8}\u{1F1F3}", 2),  // 🇸🇦🇨🇳
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 1),  // England, a tag sequence
        ("\u{1F3F4}\u{E0067}\u{E0062}\u{E0078}\u{E0078}\u{E0078}\u{E007F}", nil),  // an unknown subdivision
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 1),  // family, a ZWJ sequence
        ("\u{1F468}\u{200D}\u{1F996}", nil),  // a ZWJ sequence outside the RGI set
        ("😀\u{301}", nil), ("😀\u{200B}😀", nil), ("😀\u{200D}", nil),  // a mark, a ZWSP, a dangling ZWJ
        ("😀\u{A0}😀", 2), ("\n😀\r\n😀\n", 2), ("😀😀😀", 3), ("😀😀😀😀", nil),  // white space, three, four
    ] as [(String, Int?)])
    func nearMisses(text: String, expected: Int?) {
        #expect(Jumbomoji.count(in: text, max: 3) == expected, "\(Self.hex(text))")
    }

    /// The limit N: 1 to N emoji; N below 1 allows none.
    @Test func theLimit() {
        #expect(Jumbomoji.count(in: "😀", max: 0) == nil)
        #expect(Jumbomoji.count(in: "😀", max: -5) == nil)
        #expect(Jumbomoji.count(in: "😀 😀", max: 1) == nil)
        #expect(Jumbomoji.count(in: "😀 😀", max: 2) == 2)
        #expect(Jumbomoji.count(in: String(repeating: "😀", count: 50), max: 50) == 50)
        #expect(Jumbomoji.count(in: String(repeating: "😀", count: 51), max: 50) == nil)
    }

    /// No RGI sequence is longer than the bound past which a cluster is refused without asking ICU;
    /// a cluster past it (an emoji with 100,000 marks) is no emoji.
    @Test func longestSequenceBound() throws {
        let longest = try Self.sequences("fully-qualified").map(\.unicodeScalars.count).max() ?? 0
        #expect(longest == 10 && longest <= Jumbomoji.longestSequence)
        #expect(Jumbomoji.count(in: "😀" + String(repeating: "\u{301}", count: 100_000), max: 3) == nil)
    }

    /// Linear in the text: white space around one emoji (the walk must cross it), n and 4n.
    @Test func linearTime() {
        let (t1, t2, ratio) = Growth.ratio(100_000, runs: 3, text: { String(repeating: " \n", count: $0) + "😀" }) { text in
            #expect(Jumbomoji.count(in: text, max: 3) == 1)
        }
        #expect(Growth.linear(ratio), "\(t1) s, \(t2) s")
    }

    /// Whether `s` is one of the five skin tones, U+1F3FB to U+1F3FF.
    static func isSkinTone(_ s: String) -> Bool {
        s.unicodeScalars.count == 1 && (0x1F3FB...0x1F3FF).contains(s.unicodeScalars.first?.value ?? 0)
    }

    static func hex(_ s: String) -> String {
        s.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
