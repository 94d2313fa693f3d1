// A cold run is shaped once and cut into its words where HarfBuzz says the cut changes nothing
// (HB_GLYPH_FLAG_UNSAFE_TO_BREAK). What goes into the cache and into the layout must be exactly what
// shaping word by word gives: glyph ids, clusters and positions, on corpus text in each script's font
// and on text built to make HarfBuzz join, kern and ligate across word edges.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ShapeRunOnceTests {
    /// `text` shaped as one run through a fresh cache, cut from one HarfBuzz call or word by word.
    static func shapeWords(
        _ text: String, font: Font, script: ScriptTag, rightToLeft: Bool, once: Bool, primer: String? = nil
    ) -> [ShapedGlyph] {
        let shaper = Shaper()
        shaper.shapesRunsOnce = once
        let cache = ShapeCache(limits: .init(entries: 1_024, codePoints: 65_536, glyphs: 65_536, longestWord: 64))
        if let primer {
            shaper.shapesRunsOnce = false
            _ = shapeWords(primer, font: font, script: script, rightToLeft: rightToLeft, shaper: shaper, cache: cache)
            shaper.shapesRunsOnce = once
        }
        return shapeWords(text, font: font, script: script, rightToLeft: rightToLeft, shaper: shaper, cache: cache)
    }

    static func shapeWords(
        _ text: String, font: Font, script: ScriptTag, rightToLeft: Bool, shaper: Shaper, cache: ShapeCache
    ) -> [ShapedGlyph] {
        let scalars = text.unicodeScalars.map(\.value)
        var starts = [Bool](repeating: false, count: scalars.count)
        var offset = 0
        for character in text {
            starts[offset] = true
            offset += character.unicodeScalars.count
        }
        var glyphs: [ShapedGlyph] = []
        scalars.withUnsafeBufferPointer { all in
            starts.withUnsafeBufferPointer { clusterStarts in
                // The run is the text less its first and last code points, which are its context.
                let range = min(1, all.count)..<max(min(1, all.count), all.count - 1)
                shaper.shapeWords(
                    text: all, range: range, context: 0..<all.count, clusterStarts: clusterStarts, font: font,
                    rightToLeft: rightToLeft, script: script, language: nil, languageID: 0, size: 16, clusterBase: 0,
                    cache: cache, into: &glyphs)
            }
        }
        return glyphs
    }

    static let fonts: [(font: Font, script: ScriptTag, rightToLeft: Bool)] = [
        (TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font, "Arab", true),
        // An Arabic-script run at an even level (an LTR island in RTL text keeps its script).
        (TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font, "Arab", false),
        (TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .regular).font, "Latn", false),
        (TestFonts.registry.choice(for: "你", locale: LocaleTag("zh-Hans"), weight: .regular).font, "Hani", false),
    ]

    @Test func cuttingOneShapingEqualsShapingEachWord() {
        let crafted = [
            "AVAT AV. To Ty We Yo ffi office", "مرحبا بكم في هذا اليوم الجميل", "لا لأ ﻻ مَرْحَبًا  بِكُمْ",
            "今天天气很好，我们明天见。", "«مرحبا» (hello) [你好] 2024 ١٢٣", "a\u{301}\u{302} e\u{300} ق\u{651}\u{64E} ",
            "x @小明 @محمد 👍🏽 👨‍👩‍👧 🇸🇦 ok", "  leading and trailing  ",
            // HarfBuzz 6.0 orders a hidden variation selector and a .notdef differently alone and in
            // a run, without flagging the edge (the corpus's message 4,018 found it).
            " 🇸🇦 ❤️ 视频 ", "a ❤️ b \u{200D}x \u{FEFF}y z\u{E0101} ",
        ]
        let texts = crafted + ChatCorpus.messages(count: 300)
        var compared = 0
        for text in texts where text.unicodeScalars.count > 2 {
            for face in Self.fonts {
                let once = Self.shapeWords(text, font: face.font, script: face.script, rightToLeft: face.rightToLeft, once: true)
                let apart = Self.shapeWords(text, font: face.font, script: face.script, rightToLeft: face.rightToLeft, once: false)
                if once != apart {
                    let k = (0..<min(once.count, apart.count)).first { once[$0] != apart[$0] } ?? min(once.count, apart.count)
                    let near = { (g: [ShapedGlyph]) in g[max(0, k - 1)..<min(g.count, k + 2)].map { "\($0.id)@\($0.cluster)+\($0.xAdvance),\($0.xOffset)" } }
                    Issue.record("\(face.font.descriptor.family) \(face.script) rtl=\(face.rightToLeft) glyph \(k): once \(near(once)) apart \(near(apart)) in \(text.debugDescription)")
                }
                compared += 1
            }
        }
        #expect(compared > 1_200)
    }

    /// With the cache already holding some of a run's words, only the others are shaped together
    /// (in one call, side by side, though they are not neighbours in the run) and cut: the result is
    /// still what shaping each word alone gives. The primer holds every other word, or every third.
    @Test func cuttingTheMissedWordsEqualsShapingEachWord() {
        let texts = [
            "AVAT AV. To Ty We Yo ffi office", "مرحبا بكم في هذا اليوم الجميل", "لا لأ ﻻ مَرْحَبًا  بِكُمْ",
            "«مرحبا» (hello) [你好] 2024 ١٢٣", "x @小明 @محمد 👍🏽 👨‍👩‍👧 🇸🇦 ok", "a ❤️ b \u{200D}x \u{FEFF}y z\u{E0101} ",
        ] + ChatCorpus.messages(count: 200)
        var compared = 0
        var primed = 0
        for text in texts where text.unicodeScalars.count > 2 {
            let words = text.split(separator: " ")
            for every in [2, 3] {
                let primer = words.enumerated().filter { $0.offset % every == 1 }.map(\.element).joined(separator: " ")
                for face in Self.fonts {
                    let cut = Self.shapeWords(
                        text, font: face.font, script: face.script, rightToLeft: face.rightToLeft, once: true, primer: " \(primer) ")
                    let apart = Self.shapeWords(text, font: face.font, script: face.script, rightToLeft: face.rightToLeft, once: false)
                    if cut != apart {
                        let k = (0..<min(cut.count, apart.count)).first { cut[$0] != apart[$0] } ?? min(cut.count, apart.count)
                        Issue.record("\(face.font.descriptor.family) \(face.script) rtl=\(face.rightToLeft) glyph \(k) differs in \(text.debugDescription) (primer every \(every))")
                    }
                    compared += 1
                    if words.count > 3 { primed += 1 }
                }
            }
        }
        #expect(compared > 1_400 && primed > 1_000)
    }

    /// The missed words of a run are shaped in one HarfBuzz call, not the whole run: with all but
    /// two words of a long Arabic run in the cache, HarfBuzz sees those two words only.
    @Test func onlyTheMissedWordsAreShaped() {
        let face = Self.fonts[0]
        let words = ["مرحبا ", "بكم ", "في ", "هذا ", "اليوم ", "الجميل ", "جدا ", "يا ", "صديقي"]
        let text = " " + words.joined() + " "
        let primer = " " + words.enumerated().filter { $0.offset != 2 && $0.offset != 6 }.map(\.element).joined() + " "
        let shaper = Shaper()
        let cache = ShapeCache(limits: .init(entries: 1_024, codePoints: 65_536, glyphs: 65_536, longestWord: 64))
        _ = Self.shapeWords(primer, font: face.font, script: face.script, rightToLeft: true, shaper: shaper, cache: cache)
        let before = cache.currentStatistics
        let glyphs = Self.shapeWords(text, font: face.font, script: face.script, rightToLeft: true, shaper: shaper, cache: cache)
        let after = cache.currentStatistics
        #expect(after.misses - before.misses == 2)
        #expect(after.hits - before.hits == words.count - 2)
        #expect(shaper.lastBatchCodePoints == words[2].unicodeScalars.count + words[6].unicodeScalars.count)
        let apart = Self.shapeWords(text, font: face.font, script: face.script, rightToLeft: true, once: false)
        #expect(glyphs.count == apart.count && glyphs.elementsEqual(apart), "the cut glyphs differ from shaping word by word")
    }
}
