// URLGrammar: a URL in chat text.
//
// Grammar: a scheme "http://" or "https://", or "www." (ASCII, any case), not right after an ASCII
// letter, digit or "_"; then every character up to white space (White_Space) or a bidi formatting
// character. Trailing sentence punctuation is left out — . , : ; ! ? ' " and the Arabic and CJK
// ones (، ؛ ؟ 。 ， ！ ？ ： ； …) — and so is a trailing closing bracket ) ] } or ） unless the URL
// opened it ("https://en.wikipedia.org/wiki/Bidi_(text)" keeps its ")"). At least one character
// must remain after the prefix.

enum URLGrammar {
    /// The end of the URL that starts at `i`, or nil.
    static func match(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Int? {
        if i > 0, EntityCharacters.isASCIIWordCharacter(s[i - 1]) { return nil }
        guard let prefix = prefixLength(s, i) else { return nil }
        let bodyStart = i + prefix
        var end = bodyStart
        while end < s.count, !EntityCharacters.endsURL(s[end]) { end += 1 }
        // Opening less closing brackets of each pair in the URL, counted once (only when its end
        // may go), then kept as closing brackets are left out: linear however many there are.
        var balance: SIMD4<Int32>?
        while end > bodyStart {
            let last = s[end - 1]
            if let pair = pairIndex(ofClosing: last) {
                if balance == nil { balance = brackets(s, i..<end) }
                guard balance![pair] < 0 else { break }  // no-trap: set on the line above
                balance![pair] += 1  // no-trap: as above
                end -= 1
                continue
            }
            guard isTrailingPunctuation(last) else { break }
            end -= 1
        }
        return end > bodyStart ? end : nil
    }

    /// The length of "http://", "https://" or "www." at `i` (any ASCII case), or nil.
    private static func prefixLength(_ s: UnsafeBufferPointer<UInt32>, _ i: Int) -> Int? {
        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard i + count <= s.count else { return false }
            return literal.withUTF8Buffer { bytes in
                for k in 0..<count {
                    var v = s[i + k]
                    if EntityCharacters.isASCIILetter(v) { v |= 0x20 }
                    if v != UInt32(bytes[k]) { return false }
                }
                return true
            }
        }
        if matches("https://") { return 8 }
        if matches("http://") { return 7 }
        if matches("www.") { return 4 }
        return nil
    }

    /// The pair of a closing bracket a URL may end with — ( ) [ ] { } （ ） — as 0, 1, 2 or 3.
    @inline(__always) private static func pairIndex(ofClosing v: UInt32) -> Int? {
        switch v {
        case 0x29: return 0
        case 0x5D: return 1
        case 0x7D: return 2
        case 0xFF09: return 3
        default: return nil
        }
    }

    /// For each pair, the opening less the closing brackets in `range`.
    private static func brackets(_ s: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> SIMD4<Int32> {
        var balance = SIMD4<Int32>()
        for k in range {
            switch s[k] {
            case 0x28: balance[0] += 1
            case 0x5B: balance[1] += 1
            case 0x7B: balance[2] += 1
            case 0xFF08: balance[3] += 1
            default: if let pair = pairIndex(ofClosing: s[k]) { balance[pair] -= 1 }
            }
        }
        return balance
    }

    /// Sentence punctuation left out at a URL's end.
    private static func isTrailingPunctuation(_ v: UInt32) -> Bool {
        switch v {
        case 0x2E, 0x2C, 0x3A, 0x3B, 0x21, 0x3F, 0x27, 0x22,  // . , : ; ! ? ' "
            0x060C, 0x061B, 0x061F,  // ، ؛ ؟
            0x3002, 0xFF0C, 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0x2026:  // 。 ， ！ ？ ： ； …
            return true
        default: return false
        }
    }
}
