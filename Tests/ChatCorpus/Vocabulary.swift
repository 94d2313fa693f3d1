// Vocabulary: one language's words with their frequencies (Vocabulary.generated.swift, from
// wordfreq), parsed once, and sampled by frequency.

/// A list of words with integer weights, sampled in proportion to the weights.
struct Vocabulary: Sendable {
    /// The words, most frequent first.
    let words: [String]
    /// `cumulative[k]` is the sum of the weights of `words[0...k]`.
    let cumulative: [UInt64]

    /// Parses `word<TAB>weight` lines (blank lines skipped). A malformed line is a bug in the
    /// generated file, so it stops the program with the line.
    init(parsing text: String) {
        var words: [String] = []
        var cumulative: [UInt64] = []
        var total: UInt64 = 0
        for line in text.split(separator: "\n") where !line.isEmpty {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let weight = UInt64(fields[1]), weight > 0 else {
                fatalError("Vocabulary: malformed line \"\(line)\" (expected word<TAB>weight)")
            }
            total += weight
            words.append(String(fields[0]))
            cumulative.append(total)
        }
        precondition(!words.isEmpty, "Vocabulary: no words")
        self.words = words
        self.cumulative = cumulative
    }

    /// A word drawn with probability proportional to its weight (binary search of the cumulative
    /// weights).
    func sample(_ rng: inout SplitMix64) -> String {
        let r = rng.next() % cumulative[cumulative.count - 1]
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let mid = (low + high) / 2
            if cumulative[mid] > r { high = mid } else { low = mid + 1 }
        }
        return words[low]
    }

    static let arabic = Vocabulary(parsing: ChatCorpus.arabicVocabularyText)
    static let chinese = Vocabulary(parsing: ChatCorpus.chineseVocabularyText)
    static let english = Vocabulary(parsing: ChatCorpus.englishVocabularyText)
}
