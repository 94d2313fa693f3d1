// UAX #24 script resolution: Common and Inherited take their neighbours' script; brackets share one.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ScriptResolverTests {
    @Test(arguments: [
        ("abc", ["Latn", "Latn", "Latn"]),
        ("1 a", ["Latn", "Latn", "Latn"]),  // leading Common takes the first real script
        ("a 你", ["Latn", "Latn", "Hani"]),  // Common stays with the run before it
        ("مَ", ["Arab", "Arab"]),  // Inherited (fatha) takes its base's script
        ("你(a)好", ["Hani", "Hani", "Latn", "Hani", "Hani"]),  // ")" takes "("'s script
        ("a（你）b", ["Latn", "Latn", "Hani", "Latn", "Latn"]),
        ("123 !", ["Zyyy", "Zyyy", "Zyyy", "Zyyy", "Zyyy"]),
        ("مرحبا@我", ["Arab", "Arab", "Arab", "Arab", "Arab", "Arab", "Hani"]),
        ("ש ו", ["Hebr", "Hebr", "Hebr"]),
    ])
    func resolution(text: String, expected: [String]) {
        #expect(ScriptResolver.resolve(Array(text.unicodeScalars)).map(\.description) == expected)
    }
}

@Suite struct FastScriptTests {
    /// The script shortcut gives HarfBuzz's Script on every code point it answers for, and answers
    /// for the blocks it promises.
    @Test func agreesWithHarfBuzz() {
        var answered = 0
        for cp in UInt32(0)...0xFFFF {
            guard let fast = ScriptResolver.fastScript(cp) else { continue }
            answered += 1
            #expect(fast == HarfBuzzUnicode.script(cp), "U+\(String(cp, radix: 16))")
        }
        #expect(answered == 0x80 + 0x20 + 0x0A + 0x0A + 0x0B + 0x5200)
    }
}
