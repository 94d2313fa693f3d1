// EntityCharacters: the character classes the entity grammars share, on code points (UInt32), with
// ASCII answered without a property lookup.

enum EntityCharacters {
    @inline(__always) static func isASCIIDigit(_ v: UInt32) -> Bool { v &- 0x30 < 10 }

    @inline(__always) static func isASCIILetter(_ v: UInt32) -> Bool { (v | 0x20) &- 0x61 < 26 }

    /// An ASCII letter, digit or "_": the characters an entity's first character may not follow
    /// (e-mail addresses, "a#b", "x+1").
    @inline(__always) static func isASCIIWordCharacter(_ v: UInt32) -> Bool {
        isASCIILetter(v) || isASCIIDigit(v) || v == 0x5F
    }

    /// L*, M*, N* or "_" (`MentionDetector.isNameCharacter`): a mention's or a hashtag's name.
    @inline(__always) static func isNameCharacter(_ v: UInt32) -> Bool {
        if v < 0x80 { return isASCIIWordCharacter(v) }
        guard let scalar = Unicode.Scalar(v) else { return false }
        return MentionDetector.isNameCharacter(scalar)
    }

    /// White space (Unicode White_Space) or a bidi formatting character: where a URL ends.
    @inline(__always) static func endsURL(_ v: UInt32) -> Bool {
        if v < 0x80 { return v <= 0x20 || v == 0x7F }
        guard let scalar = Unicode.Scalar(v) else { return true }
        return scalar.properties.isWhitespace || UnicodeBidiData.isBidiControl(scalar)
    }
}
