// EmailGrammar: an e-mail address in chat text.
//
// Grammar: a local part of ASCII letters, digits and . _ % + - that does not start or end with "."
// and follows no such character (so it is the whole run before the "@"); "@"; then a domain of at
// least two labels separated by single dots, each label one or more letters, marks, digits (any
// script) or "-", the last (the top-level domain) two or more letters or marks without a digit. A dot
// after the last label (a sentence's end) is left out. "ali@example" (no dot) is no address, nor is
// "20@李雷3.14" (chat text run together: its last label is "14").

enum EmailGrammar {
    /// A character of the local part.
    @inline(__always) static func isLocal(_ v: UInt32) -> Bool {
        EntityCharacters.isASCIILetter(v) || EntityCharacters.isASCIIDigit(v)
            || v == 0x2E || v == 0x5F || v == 0x25 || v == 0x2B || v == 0x2D  // . _ % + -
    }

    /// Whether an address could start at `i`: a local character other than "." after none.
    @inline(__always) static func canStart(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Bool {
        isLocal(s[i]) && s[i] != 0x2E && (i == 0 || !isLocal(s[i - 1]))
    }

    /// A character of a domain label: a letter, mark or digit of any script, or "-".
    @inline(__always) static func isDomain(_ v: UInt32) -> Bool {
        v == 0x2D || (v != 0x5F && EntityCharacters.isNameCharacter(v))
    }

    /// The end of the address that starts at `i` (where `canStart` holds), or nil: the longest
    /// domain whose last label is a top-level one.
    static func match(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Int? {
        var at = i
        while at < s.count, isLocal(s[at]) { at += 1 }
        guard at < s.count, s[at] == 0x40, s[at - 1] != 0x2E else { return nil }
        var end = at + 1
        var labels = 0
        var accepted: Int?
        while end < s.count {
            let labelStart = end
            while end < s.count, isDomain(s[end]) { end += 1 }
            guard end > labelStart else { break }
            labels += 1
            if labels >= 2, isTopLevel(UnsafeBufferPointer(rebasing: s[labelStart..<end])) { accepted = end }
            guard end + 1 < s.count, s[end] == 0x2E, isDomain(s[end + 1]) else { break }
            end += 1
        }
        return accepted
    }

    /// A top-level label: two or more letters or marks, no digit or "-" ("com", "السعودية"; not
    /// "14", "c").
    static func isTopLevel(_ label: UnsafeBufferPointer<UInt32>) -> Bool {
        guard label.count >= 2 else { return false }
        return label.allSatisfy { v in
            if v < 0x80 { return EntityCharacters.isASCIILetter(v) }
            return Unicode.Scalar(v)?.properties.numericType == nil
        }
    }
}
