// LayoutEngine.fontChoices: the font each cluster gets, as the itemizer chose it — over the chat
// corpus, the font of the cluster's run in the layout, and the reasons it gives.
import ChatCorpus
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct FontChoicesTests {
    /// Every cluster's font is the font of the run that holds it in `layout`, and the clusters
    /// partition the text; returns how many clusters had each reason.
    static func agree(
        _ texts: [String], engine: LayoutEngine, locale: String
    ) throws -> [ClusterFont.Reason: Int] {
        var reasons: [ClusterFont.Reason: Int] = [:]
        let options = LayoutOptions(locale: LocaleTag(locale))
        for text in texts {
            let clusters = try engine.fontChoices(for: text, options: options)
            let runs = try engine.layout(text, options: options).lines.flatMap(\.runs)
            #expect(clusters.first?.range.lowerBound == 0 && clusters.last?.range.upperBound == text.unicodeScalars.count)
            #expect(zip(clusters, clusters.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
            for cluster in clusters {
                reasons[cluster.reason, default: 0] += 1
                let run = runs.first { $0.range.contains(cluster.range.lowerBound) }
                guard run?.font != cluster.choice.font.descriptor else { continue }
                Issue.record("\(locale) \(text.debugDescription) \(cluster.range): query \(cluster.choice.font.descriptor.family), layout \(run?.font.family ?? "none")")
                return reasons
            }
        }
        return reasons
    }

    /// Over the corpus (a quarter of it in a sanitizer build) in three UI languages.
    @Test(arguments: ["ar", "zh-Hans", "en"])
    func corpusClustersHaveTheirRunsFont(locale: String) throws {
        let texts = ChatCorpus.realMessages(count: TestScale.sample(1_500)) + ChatCorpus.messages(count: TestScale.sample(500))
        let reasons = try Self.agree(texts, engine: TestLayout.engine, locale: locale)
        #expect(reasons[.primary, default: 0] > TestScale.sample(10_000) && reasons[.continuity, default: 0] > TestScale.sample(100), "\(reasons)")
    }

    /// With fontconfig: emoji go to the colour font, and the query says so.
    @Test func corpusWithSystemFontsAndEmoji() throws {
        let texts = ChatCorpus.realMessages(count: TestScale.sample(500)) + ["ok 😂 👍🏽 ❤️ ☺︎ 1️⃣ 🇫🇷", "小明 (hi) 👨‍👩‍👧 ما شاء الله!"]
        let reasons = try Self.agree(texts, engine: EmojiFontTests.engine, locale: "ar")
        #expect(reasons[.emojiPresentation, default: 0] >= 6, "\(reasons)")
    }

    /// Each reason on one text in an Arabic UI: Latin past the Arabic package (fallback), the space
    /// and digit after it kept in its font (continuity, where the chain's first font, Noto Sans
    /// Arabic, covers them too), Chinese and Arabic in their script's font, the emoji in the colour
    /// font, Armenian past the manifest.
    @Test func reasonsOfAMixedText() throws {
        let text = "hi 5 小明(是) 😂 سلام Ա"
        let clusters = try EmojiFontTests.engine.fontChoices(for: text, options: LayoutOptions(locale: LocaleTag("ar")))
        let seen = clusters.map { "\($0.range.lowerBound) \($0.reason.rawValue) \($0.script) \($0.choice.font.descriptor.family)" }
        let hani = (5...12).filter { $0 != 11 }.map { "\($0) primary Hani Noto Sans CJK SC" }
        let arab = (13...17).map { "\($0) primary Arab Noto Sans Arabic" }
        #expect(Array(seen.prefix(18)) == [
            "0 fallback Latn Noto Sans", "1 fallback Latn Noto Sans", "2 continuity Latn Noto Sans",
            "3 continuity Latn Noto Sans", "4 continuity Latn Noto Sans",
        ] + hani.prefix(6) + ["11 emojiPresentation Hani Noto Color Emoji"] + hani.suffix(1) + arab)
        #expect(clusters.count == 19 && clusters[18].reason == .fallback && clusters[18].choice.source != .defaultPackage)
    }

    @Test func throwsWhatLayoutThrows() {
        let engine = LayoutEngine(registry: TestFonts.registry, maxInputCodePoints: 4)
        #expect(throws: BidiRenderError.self) { try engine.fontChoices(for: "abcdef", options: LayoutOptions()) }
        #expect(throws: BidiRenderError.self) {
            try TestLayout.engine.fontChoices(for: "ab", spans: [TextSpan(range: 0..<9, weight: .bold)], options: LayoutOptions())
        }
    }
}
