// ScalarStringTests: `String(scalars:)` against the standard library's scalar-by-scalar string, and
// a field's first grapheme cluster (found on a prefix) against Swift's `Character`.

import Testing
@testable import BidiRender

@Suite struct ScalarStringTests {
    @Test func stringsOfScalarsOfEveryUTF8Length() {
        let texts = ["", "a", "é", "مرحبا بك", "小明：你好", "👨‍👩‍👧‍👦 🇸🇦", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"]
        for text in texts {
            let scalars = Array(text.unicodeScalars)
            let made = String(scalars: scalars)
            #expect(made == text)
            #expect(made.utf8.count == text.utf8.count)
            #expect(Array(made.unicodeScalars) == scalars)
            // A slice, as the template's parser passes one.
            #expect(String(scalars: scalars.dropFirst()) == String(String.UnicodeScalarView(scalars.dropFirst())))
        }
    }

    @Test func firstGraphemeClusterOfAFieldAsCharacterSeesIt() {
        let zalgo = "a" + String(repeating: "\u{0301}", count: 70) + "b"
        let family = "👨‍👩‍👧‍👦"
        let cases = ["", "x", "ab", "سارة", "e\u{0301}tude", family + "!", String(repeating: family, count: 3), zalgo, "🇸🇦🇨🇳"]
        for text in cases {
            let expected = text.first.map { $0.unicodeScalars.count } ?? 0
            #expect(NeutralField.firstGraphemeLength(Array(text.unicodeScalars)) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // The mark run is longer than the first prefix (32) and than its double: it is found whole.
        #expect(NeutralField.firstGraphemeLength(Array(zalgo.unicodeScalars)) == 71)
        #expect(NeutralField.firstGraphemeLength(Array("🇸🇦🇨🇳".unicodeScalars)) == 2)
    }
}
