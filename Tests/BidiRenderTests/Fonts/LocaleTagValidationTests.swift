// LocaleTag(validating:key:): BCP 47 syntax and a length bound, errors naming the key; the
// non-validating init and the fallback chain stay linear on hostile tags.
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct LocaleTagValidationTests {
    static let syntax = "not a BCP 47 tag: subtags are 1 to 8 ASCII letters and digits separated by '-' or '_'"
    static let language = "not a BCP 47 tag: the language subtag is 2 to 8 letters (ar, zh, fil)"

    @Test(arguments: ["en", "zh_hans_CN", "default", "", "sr-Latn-RS", "de-DE-u-co-phonebk", "x-private1",
                      "i-klingon", "fil", "root", "ab-" + String(repeating: "a-", count: 61) + "abc"])
    func acceptsTags(tag: String) throws {
        #expect(try LocaleTag(validating: tag).normalized == LocaleTag(tag).normalized)
    }

    @Test(arguments: [
        ("!!", syntax),
        ("ar EG", syntax),
        ("عر", syntax),
        ("en--US", "not a BCP 47 tag: an empty subtag"),
        ("en-", "not a BCP 47 tag: an empty subtag"),
        ("-en", "not a BCP 47 tag: an empty subtag"),
        ("en-abcdefghi", "not a BCP 47 tag: a subtag has more than 8 characters"),
        ("1ab", language),
        ("a-b", language),
        ("e1-US", language),
    ])
    func rejectsMalformedTags(tag: String, reason: String) {
        #expect(throws: BidiRenderError.invalidValue(key: "--locale", value: tag, reason: reason)) {
            try LocaleTag(validating: tag, key: "--locale")
        }
    }

    @Test func rejectsLongTagsShowingThemCutShort() {
        let tag = Array(repeating: "ab", count: 20_000).joined(separator: "-")  // 59,999 characters
        #expect(throws: BidiRenderError.invalidValue(
            key: "locale", value: String(tag.prefix(40)) + "…", reason: "a BCP 47 tag is at most 128 characters, not 59999")
        ) { try LocaleTag(validating: tag) }
        let limit = String(repeating: "a-", count: 64) + "a"  // 129
        #expect(throws: BidiRenderError.self) { try LocaleTag(validating: limit) }
    }

    /// 20,000 subtags took 18.5 s and 416 MB when the chain was quadratic; four times the subtags
    /// now take less than `Growth.limit` times as long.
    @Test func hugeTagIsLinear() {
        func tag(_ n: Int) -> String { Array(repeating: "ab", count: n).joined(separator: "-") }
        let (small, large, ratio) = Growth.ratio(20_000, text: tag) { _ = LocaleTag($0).fallbackChain }
        #expect(Growth.linear(ratio), "n: \(small) s, 4n: \(large) s")
        let locale = LocaleTag(tag(20_000))
        let chain = locale.fallbackChain
        #expect(locale.subtags.count == 20_000)
        #expect(chain.first == "ab" + String(repeating: "-AB", count: 19_999))  // regions upper-cased
        #expect(chain.count == 1 + 43)  // "ab" … the prefixes of 43 subtags (128 characters) at most
        #expect(chain.dropFirst().allSatisfy { $0.utf8.count <= LocaleTag.maximumLength })
        #expect(chain.last == "ab")
    }
}
