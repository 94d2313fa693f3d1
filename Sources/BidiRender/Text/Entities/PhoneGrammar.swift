// PhoneGrammar: an international phone number in chat text.
//
// Grammar: "+" or "00", not right after an ASCII letter, digit, "_" or "+"; then 7 to 15 ASCII digits
// in groups. A group is one or more digits, or one bracketed area code "(" digits ")" (at most one
// per number). Groups are separated by a single space (U+0020, U+00A0 or U+202F), "-" or ".", or by
// nothing next to the bracket ("+1(555)123-4567", "+44 (0)20 7946 0958"). The number ends after a
// group that is followed by no ASCII letter, digit or "_"; when a longer run of groups holds more than
// 15 digits, the longest leading run of 7 to 15 is the number. "2024-10-12" (no "+" or "00") is
// none, nor is "+12 34" (too few digits).

enum PhoneGrammar {
    static let minDigits = 7
    static let maxDigits = 15

    /// The end of the phone number that starts at `i`, or nil.
    static func match(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Int? {
        let n = s.count
        if i > 0, EntityCharacters.isASCIIWordCharacter(s[i - 1]) || s[i - 1] == 0x2B { return nil }
        var k: Int
        if s[i] == 0x2B {
            k = i + 1
        } else if s[i] == 0x30, i + 1 < n, s[i + 1] == 0x30 {
            k = i + 2
        } else {
            return nil
        }
        var digits = 0
        var bracketUsed = false
        var best: Int?
        while k < n {
            // One group.
            var end = k
            if s[k] == 0x28 {
                guard !bracketUsed else { break }
                end += 1
                while end < n, EntityCharacters.isASCIIDigit(s[end]) { end += 1 }
                guard end > k + 1, end < n, s[end] == 0x29 else { break }
                digits += end - k - 1
                end += 1
                bracketUsed = true
            } else if EntityCharacters.isASCIIDigit(s[k]) {
                while end < n, EntityCharacters.isASCIIDigit(s[end]) { end += 1 }
                digits += end - k
            } else {
                break
            }
            guard digits <= maxDigits else { break }
            if digits >= minDigits, end == n || !EntityCharacters.isASCIIWordCharacter(s[end]) { best = end }
            k = end
            // The separator before the next group, or none next to a bracket.
            guard k < n else { break }
            if isSeparator(s[k]) {
                k += 1
            } else if !(s[k] == 0x28 || (s[k - 1] == 0x29 && EntityCharacters.isASCIIDigit(s[k]))) {
                break
            }
        }
        return best
    }

    /// A single space (U+0020, U+00A0, U+202F), "-" or ".".
    @inline(__always) static func isSeparator(_ v: UInt32) -> Bool {
        v == 0x20 || v == 0x2D || v == 0x2E || v == 0xA0 || v == 0x202F
    }
}
