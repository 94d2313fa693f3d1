// BCP 47 normalization and the locale fallback chain.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LocaleTagTests {
    @Test(arguments: [
        ("en-US", "en-US", ["en-US", "en"]),
        ("en_us", "en-US", ["en-US", "en"]),
        ("EN", "en", ["en"]),
        ("ZH_hans_cn", "zh-Hans-CN", ["zh-Hans-CN", "zh-Hans", "zh"]),
        ("zh-CN", "zh-CN", ["zh-CN", "zh-Hans-CN", "zh-Hans", "zh"]),
        ("zh-SG", "zh-SG", ["zh-SG", "zh-Hans-SG", "zh-Hans", "zh"]),
        ("zh-TW", "zh-TW", ["zh-TW", "zh-Hant-TW", "zh-Hant", "zh"]),
        ("zh-HK", "zh-HK", ["zh-HK", "zh-Hant-HK", "zh-Hant", "zh"]),
        ("zh", "zh", ["zh", "zh-Hans"]),
        ("ar-EG", "ar-EG", ["ar-EG", "ar"]),
        ("ar_sa", "ar-SA", ["ar-SA", "ar"]),
        ("es-419", "es-419", ["es-419", "es"]),
        ("sr-RS", "sr-RS", ["sr-RS", "sr-Cyrl-RS", "sr-Cyrl", "sr"]),
        ("xx-Unknown", "xx-unknown", ["xx-unknown", "xx"]),
        ("", "", []),
    ])
    func normalization(input: String, normalized: String, chain: [String]) {
        let tag = LocaleTag(input)
        #expect(tag.normalized == normalized)
        #expect(tag.fallbackChain == chain)
    }
}
