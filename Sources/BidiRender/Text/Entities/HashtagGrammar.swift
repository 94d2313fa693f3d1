// HashtagGrammar: a hashtag in chat text.
//
// Grammar: "#" (U+0023) not right after an ASCII letter, digit or "_", then one or more characters of
// general category L*, M*, N* or "_" (the mention's name characters): "#مرحبا", "#swift_6", "#7".
// "a#b" and "C#" start none.

enum HashtagGrammar {
    /// The end of the hashtag that starts at `i` (a "#"), or nil.
    static func match(_ s: UnsafeBufferPointer<UInt32>, at i: Int) -> Int? {
        if i > 0, EntityCharacters.isASCIIWordCharacter(s[i - 1]) { return nil }
        var end = i + 1
        while end < s.count, EntityCharacters.isNameCharacter(s[end]) { end += 1 }
        return end > i + 1 ? end : nil
    }
}
