// The library's rule for values parsed from text (Docs/Design.md, "Parsing values"): each of
// ScriptTag, FontWeight and LocaleTag has a quiet `init?(parsing:)` and a throwing
// `init(validating:key:)` whose error names the key; ScriptTag is a 4-byte value that runs carry.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ParsingRuleTests {
    @Test(arguments: [("Arab", "Arab"), ("arab", "Arab"), ("HANI", "Hani"), ("zyyy", "Zyyy")])
    func scriptTagParses(text: String, tag: String) throws {
        let parsed = try #require(ScriptTag(parsing: text))
        #expect(parsed.description == tag)
        #expect(try ScriptTag(validating: text) == parsed)
    }

    @Test(arguments: ["Arabic", "Ara", "", "Ar1b", "عربي", "Ar b"])
    func scriptTagRefuses(text: String) {
        #expect(ScriptTag(parsing: text) == nil)
        #expect(throws: BidiRenderError.invalidValue(
            key: "--script", value: text, reason: "not an ISO 15924 script tag: four letters (Arab, Hani, Latn)")
        ) { try ScriptTag(validating: text, key: "--script") }
    }

    @Test func scriptTagIsHarfBuzzsFourBytes() {
        #expect(MemoryLayout<ScriptTag>.size == 4)
        #expect(ScriptTag.arabic.rawValue == 0x4172_6162)  // HB_SCRIPT_ARABIC
        let literal: ScriptTag = "Latn"
        #expect(literal == .latin)
        #expect(ScriptTag(rawValue: 0x4879_6520).description == "Hye ")
    }

    @Test func runsCarryScriptTags() {
        let layout = TestLayout.layout("abc مرحبا 小明", .leftToRight)
        let scripts = layout.lines[0].runs.map(\.script)
        #expect(Set(scripts) == ["Latn", "Arab", "Hani"] && scripts.first == "Latn" && scripts.last == "Hani")
        #expect(layout.jsonDocument(fontDirectory: "").contains("\"script\":\"Arab\""))
    }

    @Test func fontWeightParses() throws {
        #expect(FontWeight(parsing: "heavy") == .black)
        #expect(FontWeight(parsing: "Extra-Bold") == .extraBold)
        #expect(try FontWeight(validating: "350").value == 350)
        #expect(FontWeight(parsing: "1001") == nil)
        #expect(throws: BidiRenderError.invalidValue(
            key: "--weight", value: "fat",
            reason: "a weight is a whole number from 1 to 1000 or a name (\(FontWeight.nameList))")
        ) { try FontWeight(validating: "fat", key: "--weight") }
        #expect(FontWeight.nameList.hasPrefix("hairline, thin, extralight, ultralight, light"))
    }

    @Test func localeTagParses() {
        #expect(LocaleTag(parsing: "zh_hans_cn")?.normalized == "zh-Hans-CN")
        #expect(LocaleTag(parsing: "!!") == nil)
        #expect(LocaleTag(parsing: "1ab") == nil)
    }
}
