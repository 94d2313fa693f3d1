// The real-vocabulary chat corpus (ChatCorpus.realMessages): deterministic, 10–200 code points a
// message, the promised language mix, and every kind of token it promises present somewhere.
import ChatCorpus
import Testing

@Suite struct RealChatCorpusTests {
    static let sample = ChatCorpus.realMessages(count: 3_000)

    @Test func isDeterministicAndSeeded() {
        #expect(ChatCorpus.realMessages(count: 200) == Array(Self.sample.prefix(200)))
        #expect(ChatCorpus.messages(.real, count: 50) == Array(Self.sample.prefix(50)))
        let other = ChatCorpus.realMessages(count: 200, seed: ChatCorpus.realWarmUpSeed)
        #expect(zip(other, Self.sample).filter { $0 == $1 }.count < 5)
        // The synthetic set is the original corpus, unchanged.
        #expect(ChatCorpus.messages(.synthetic, count: 100) == ChatCorpus.messages(count: 100))
    }

    @Test func messagesAreTenToTwoHundredCodePoints() {
        let counts = Self.sample.map(\.unicodeScalars.count)
        #expect(counts.allSatisfy { (10...200).contains($0) }, "\(counts.min()!)…\(counts.max()!)")
        // Spread over the range, not piled at one end.
        #expect(counts.filter { $0 < 50 }.count > 300)
        #expect(counts.filter { $0 > 150 }.count > 300)
        let lines = ChatCorpus.realLongLines(count: 3, length: 2_000)
        #expect(lines.allSatisfy { (2_000...2_202).contains($0.unicodeScalars.count) })
    }

    /// The dominant script of a message: the one most of its letters are in, links, mentions and
    /// numbers left out.
    static func dominant(_ text: String) -> String {
        var arabic = 0, han = 0, latin = 0
        let words = text.split(separator: " ").filter { !$0.contains("/") && !$0.contains("@") && !$0.contains("＠") && !$0.contains(/\d/) }
        for s in words.joined().unicodeScalars {
            switch s.value {
            case 0x0620...0x064A, 0x066E...0x06D3: arabic += 1
            case 0x4E00...0x9FFF: han += 1
            case 0x41...0x5A, 0x61...0x7A: latin += 1
            default: break
            }
        }
        // A Chinese word is 1–3 characters where an Arabic or English one is 3–8: weigh Han more.
        let scores = [("arabic", arabic), ("chinese", han * 3), ("latin", latin)]
        return scores.max { $0.1 < $1.1 }!.0
    }

    @Test func languageMixIsAboutHalfArabicAThirdChinese() {
        var counts: [String: Int] = [:]
        for text in Self.sample { counts[Self.dominant(text), default: 0] += 1 }
        let n = Double(Self.sample.count)
        #expect(abs(Double(counts["arabic", default: 0]) / n - 0.47) < 0.08, "\(counts)")
        #expect(abs(Double(counts["chinese", default: 0]) / n - 0.33) < 0.08, "\(counts)")
        #expect(abs(Double(counts["latin", default: 0]) / n - 0.20) < 0.08, "\(counts)")
    }

    @Test func wordsFollowTheirFrequencies() {
        // The most frequent word of each language is the corpus's most frequent token of it, and
        // the vocabulary is large: thousands of distinct space-separated tokens, not ~80.
        var tokens: [Substring: Int] = [:]
        for text in Self.sample { for t in text.split(separator: " ") { tokens[t, default: 0] += 1 } }
        let top = tokens.sorted { $0.value > $1.value }.prefix(5).map { String($0.key) }
        #expect(top.contains("في") && top.contains("the"), "\(top)")
        #expect(tokens.count > 5_000)
        #expect(Self.sample.filter { $0.contains("的") }.count > 300)
    }

    /// Each kind of token the corpus promises, and a test for it.
    static let promised: [(String, @Sendable (String) -> Bool)] = [
        ("LRM", { $0.unicodeScalars.contains("\u{200E}") }),
        ("RLM", { $0.unicodeScalars.contains("\u{200F}") }),
        ("ALM", { $0.unicodeScalars.contains("\u{061C}") }),
        ("LRI", { $0.unicodeScalars.contains("\u{2066}") }),
        ("RLI", { $0.unicodeScalars.contains("\u{2067}") }),
        ("FSI", { $0.unicodeScalars.contains("\u{2068}") }),
        ("PDI", { $0.unicodeScalars.contains("\u{2069}") }),
        ("unclosed isolate", { text in
            let s = text.unicodeScalars
            return s.filter { (0x2066...0x2068).contains($0.value) }.count > s.filter { $0.value == 0x2069 }.count
        }),
        ("LRE or RLE", { $0.unicodeScalars.contains { $0.value == 0x202A || $0.value == 0x202B } }),
        ("LRO or RLO", { $0.unicodeScalars.contains { $0.value == 0x202D || $0.value == 0x202E } }),
        ("PDF", { $0.unicodeScalars.contains("\u{202C}") }),
        ("URL", { $0.contains("https://") || $0.contains("www.") }),
        ("e-mail", { $0.contains(/[a-z0-9]@[a-z]+\.[a-z]/) }),
        ("mention", { $0.contains(/(^| )@\w/) }),
        ("fullwidth mention", { $0.contains("＠") }),
        ("Arabic-Indic digits", { $0.unicodeScalars.contains { (0x0660...0x0669).contains($0.value) } }),
        ("Extended Arabic-Indic digits", { $0.unicodeScalars.contains { (0x06F0...0x06F9).contains($0.value) } }),
        ("Arabic separators", { $0.unicodeScalars.contains("\u{066B}") && $0.unicodeScalars.contains("\u{066C}") }),
        ("phone number", { $0.contains(/\+\d{1,3} \d/) }),
        ("time", { $0.contains(/\d:\d\d/) }),
        ("percentage", { $0.contains("%") || $0.contains("٪") }),
        ("currency", { $0.contains("$") || $0.contains("ر.س") || $0.contains("¥") }),
        ("skin tone", { $0.unicodeScalars.contains { (0x1F3FB...0x1F3FF).contains($0.value) } }),
        ("ZWJ sequence", { $0.unicodeScalars.contains("\u{200D}") }),
        ("flag", { $0.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) } }),
        ("keycap", { $0.unicodeScalars.contains("\u{20E3}") }),
        ("VS16", { $0.unicodeScalars.contains("\u{FE0F}") }),
        ("Arabic punctuation", { $0.contains("،") || $0.contains("؟") }),
        ("Chinese punctuation", { $0.contains("，") || $0.contains("。") }),
        ("CJK brackets", { $0.contains("【") || $0.contains("「") || $0.contains("（") }),
        ("guillemets", { $0.contains("«") }),
        ("Chinese code-switch in Arabic", { $0.contains(/[\u{0627}-\u{064A}]+ [\u{4E00}-\u{9FFF}]+ [\u{0627}-\u{064A}]/) }),
    ]

    @Test func everyPromisedTokenIsThere() {
        for (name, test) in Self.promised {
            #expect(Self.sample.contains(where: test), "no message has \(name)")
        }
        // Explicit controls stay a few percent of messages, embeddings and overrides rarer still.
        let controls = Self.sample.filter { $0.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) || [0x200E, 0x200F, 0x061C].contains($0.value) } }
        #expect((60...300).contains(controls.count), "\(controls.count) of 3,000")
        let embeddings = Self.sample.filter { $0.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) } }
        #expect((5...50).contains(embeddings.count), "\(embeddings.count) of 3,000")
    }

    @Test func chineseWordsAreNotSpaced() {
        // In a Chinese-dominant message two Han characters are far more often adjacent than split
        // by a space.
        let chinese = Self.sample.filter { Self.dominant($0) == "chinese" }.joined()
        let adjacent = chinese.matches(of: /[\u{4E00}-\u{9FFF}]{2}/).count
        let spaced = chinese.matches(of: /[\u{4E00}-\u{9FFF}] [\u{4E00}-\u{9FFF}]/).count
        #expect(adjacent > 20 * spaced, "\(adjacent) adjacent, \(spaced) spaced")
    }
}
