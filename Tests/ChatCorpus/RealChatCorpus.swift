// RealChatCorpus: chat messages built from real vocabulary (issue #18): Arabic, Chinese and English
// words sampled by their wordfreq frequencies, with code-switching, mentions, emoji, numbers, URLs
// and, in a few percent of messages, explicit bidi controls. The tokens other than words are in
// RealChatCorpus+Tokens.swift.

extension ChatCorpus {
    /// The seed of `realMessages()`.
    public static let realSeed: UInt64 = 0x5EED_2EA1
    /// Another seed for the real corpus: a different slice of it, e.g. to warm a cache on before
    /// measuring `realMessages()`, so that only words both slices share hit.
    public static let realWarmUpSeed: UInt64 = 0xC0FF_EE18

    /// `count` chat messages of 10–200 code points built from real vocabulary. The same `seed`
    /// always gives the same messages.
    ///
    /// The proportions, per message: the dominant language is Arabic for 47 %, Chinese for 33 %
    /// and English for 20 % (as in `messages()`). Per token: 55 % a word of the dominant language
    /// (drawn by frequency from wordfreq's top 3,000), 9 % a code-switch (a run of 1–4 words of
    /// another language), 6 % a mention (`@` or, one time in eight, the fullwidth `＠`, then a name
    /// or word of any script, sometimes with `_` and digits), 8 % a number (Western, Arabic-Indic
    /// or Extended Arabic-Indic digits; integers, phone numbers, times, percentages, currency,
    /// decimals with separators, dates), 7 % emoji (single, skin tones, ZWJ sequences, flags,
    /// keycaps, VS16, sometimes repeated), 12 % the dominant script's punctuation (attached to the
    /// word before it), 3 % a URL or an e-mail address; and 4 % of tokens are put in the script's
    /// brackets. Chinese words are not separated by spaces (other tokens are, half of the time).
    ///
    /// Explicit bidi controls: 3 % of messages get 1–3 marks (LRM, RLM or ALM) after tokens, 3 %
    /// put one token in an isolate (LRI, RLI or FSI … PDI; one in six left unclosed), and 0.8 %
    /// put one in an embedding or override (LRE, RLE, LRO or RLO … PDF; one in four unclosed).
    public static func realMessages(count: Int = 10_000, seed: UInt64 = realSeed) -> [String] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in realMessage(&rng) }
    }

    /// `count` long lines of about `length` code points each: real messages joined by spaces.
    public static func realLongLines(count: Int = 100, length: Int = 5_000, seed: UInt64 = 0x10_18) -> [String] {
        joinedLines(count: count, length: length, seed: seed, message: realMessage)
    }

    /// The explicit bidi controls a message gets (see `realMessages`).
    enum Controls {
        case none, marks, isolate, embedding
    }

    static func realMessage(_ rng: inout SplitMix64) -> String {
        let roll = rng.next(100)
        let dominant: Dominant = roll < 47 ? .arabic : roll < 80 ? .chinese : .latin
        let controlRoll = rng.next(1_000)
        let controls: Controls = controlRoll < 30 ? .marks : controlRoll < 60 ? .isolate : controlRoll < 68 ? .embedding : .none
        var marksLeft = controls == .marks ? 1 + rng.next(3) : 0
        let wrapAt = rng.next(3)
        let target = 10 + rng.next(191)
        var text = ""
        var count = 0
        var index = 0
        var previousWasChinese = false
        while count < target {
            let (kind, raw) = realToken(dominant, &rng)
            if index == 0, kind == .punctuation { continue }  // a message does not open with punctuation
            var token = raw
            if kind != .punctuation, rng.next(100) < 4 { token = realBracket(token, dominant, &rng) }
            if index == wrapAt {
                switch controls {
                case .isolate: token = isolate(token, &rng)
                case .embedding: token = embedding(token, &rng)
                case .marks, .none: break
                }
            }
            if marksLeft > 0, rng.next(3) == 0 {
                token += ["\u{200E}", "\u{200F}", "\u{061C}"][rng.next(3)]
                marksLeft -= 1
            }
            let isChinese = kind == .word && dominant == .chinese
            let separator: String
            if index == 0 || kind == .punctuation {
                separator = ""
            } else if dominant == .chinese {
                separator = isChinese && previousWasChinese ? "" : rng.next(2) == 0 ? " " : ""
            } else {
                separator = " "
            }
            let piece = separator + token
            let pieceCount = piece.unicodeScalars.count
            if count + pieceCount > 200 { break }
            text += piece
            count += pieceCount
            previousWasChinese = isChinese
            index += 1
        }
        while count < 10 {
            let piece = (dominant == .chinese ? "" : " ") + word(of: dominant, &rng)
            text += piece
            count += piece.unicodeScalars.count
        }
        return text
    }

    /// A word of a language, drawn by frequency.
    static func word(of language: Dominant, _ rng: inout SplitMix64) -> String {
        switch language {
        case .arabic: return Vocabulary.arabic.sample(&rng)
        case .chinese: return Vocabulary.chinese.sample(&rng)
        case .latin: return Vocabulary.english.sample(&rng)
        }
    }

    /// A run of 1–4 words of `language`, spaced as that language is.
    static func wordRun(of language: Dominant, _ rng: inout SplitMix64) -> String {
        let words = (0...rng.next(4)).map { _ in word(of: language, &rng) }
        return words.joined(separator: language == .chinese ? "" : " ")
    }

    /// What a token is, for the spacing around it.
    enum TokenKind {
        case word, switchRun, mention, number, emoji, punctuation, link
    }

    static func realToken(_ dominant: Dominant, _ rng: inout SplitMix64) -> (TokenKind, String) {
        let roll = rng.next(100)
        switch roll {
        case 0..<6: return (.mention, mention(&rng))
        case 6..<14: return (.number, number(&rng))
        case 14..<21: return (.emoji, emoji(&rng))
        case 21..<33: return (.punctuation, pick(realPunctuation(dominant), &rng))
        case 33..<42:
            let others = Dominant.allCases.filter { $0 != dominant }
            return (.switchRun, wordRun(of: others[rng.next(others.count)], &rng))
        case 42..<45: return (.link, link(&rng))
        default:
            var w = word(of: dominant, &rng)
            if dominant == .latin, rng.next(8) == 0, let first = w.first { w = first.uppercased() + w.dropFirst() }
            return (.word, w)
        }
    }

    /// `token` in an isolate: LRI, RLI or FSI, then PDI unless left unclosed (one time in six).
    static func isolate(_ token: String, _ rng: inout SplitMix64) -> String {
        let opener = ["\u{2066}", "\u{2067}", "\u{2068}"][rng.next(3)]
        return opener + token + (rng.next(6) == 0 ? "" : "\u{2069}")
    }

    /// `token` in an embedding or override: LRE, RLE, LRO or RLO, then PDF unless left unclosed
    /// (one time in four).
    static func embedding(_ token: String, _ rng: inout SplitMix64) -> String {
        let opener = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}"][rng.next(4)]
        return opener + token + (rng.next(4) == 0 ? "" : "\u{202C}")
    }
}
