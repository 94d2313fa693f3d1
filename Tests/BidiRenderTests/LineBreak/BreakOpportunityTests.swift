// ICUBreakOpportunities: UAX #14 opportunities through the BreakOpportunitySource interface, and
// ICU's locale ids.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct BreakOpportunityTests {
    /// "." marks no break before a code point, "|" an allowed one, "!" a mandatory one.
    @Test(arguments: [
        ("hello world", "......|...."),
        ("مرحبا بالعالم", "......|......"),
        ("a\u{2028}b", "..!"),
        ("中文字", ".||"),
    ])
    func opportunities(text: String, expected: String) {
        var source: any BreakOpportunitySource = ICUBreakOpportunities()
        var breaks: [UInt8] = []
        let codePoints = text.unicodeScalars.map(\.value)
        let ok = codePoints.withUnsafeBufferPointer {
            source.opportunities(for: $0, locale: LocaleTag("en"), into: &breaks)
        }
        #expect(ok)
        let marks = breaks.enumerated().map { k, kind -> Character in
            k == 0 ? "." : kind == BreakOpportunity.mandatory ? "!" : kind == BreakOpportunity.allowed ? "|" : "."
        }
        #expect(String(marks) == expected)
    }

    @Test(arguments: [("default", ""), ("ar", "ar"), ("zh-Hans-CN", "zh_Hans_CN"), ("ar-EG", "ar_EG")])
    func icuLocale(tag: String, id: String) {
        #expect(ICUBreakOpportunities.icuLocale(LocaleTag(tag)) == id)
    }
}
