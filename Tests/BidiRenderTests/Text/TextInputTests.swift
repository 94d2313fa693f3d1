// Strict UTF-8 decoding: the error names the byte offset of the first ill-formed sequence.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TextInputTests {
    @Test(arguments: [
        ([0xFF] as [UInt8], 0),
        ([0x61, 0x80], 1),  // lone continuation byte
        ([0x61, 0xC0, 0x80], 1),  // overlong NUL
        ([0x61, 0x62, 0xED, 0xA0, 0x80], 2),  // UTF-16 surrogate
        ([0xD8, 0xA8, 0xE4, 0xB8], 2),  // truncated at the end
        ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
    ])
    func invalidBytes(bytes: [UInt8], offset: Int) {
        #expect(throws: BidiRenderError.invalidUTF8(source: "t", byteOffset: offset)) {
            try TextInput.decodeUTF8(bytes, source: "t")
        }
    }

    @Test func validTextDecodes() throws {
        let text = "小明بدأ 🥺 a\u{0}"
        #expect(try TextInput.decodeUTF8(Array(text.utf8), source: "t") == text)
        #expect(try TextInput.decodeUTF8([UInt8](), source: "t") == "")
    }

    @Test func errorMessageSaysWhatAndWhere() {
        #expect(BidiRenderError.invalidUTF8(source: "in.txt", byteOffset: 7).description == "in.txt: invalid UTF-8 at byte offset 7")
    }
}

@Suite struct MentionGrammarTests {
    /// The ASCII short cut of the name characters agrees with the General_Category rule (L*, M*,
    /// N* or "_") on every ASCII character.
    @Test func asciiShortCutAgreesWithGeneralCategory() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!
            let byCategory: Bool = {
                if scalar == "_" { return true }
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                    return true
                default:
                    return false
                }
            }()
            #expect(MentionDetector.isNameCharacter(scalar) == byCategory, "U+\(String(value, radix: 16))")
        }
        #expect(MentionDetector.detect(Array("hi @sara_99! @علي".unicodeScalars)) == [3..<11, 13..<17])
    }
}
