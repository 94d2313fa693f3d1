// ChatCorpus.Kind: the choice between the two sets of the corpus, for callers that run on either.

extension ChatCorpus {
    /// The two sets of the corpus.
    public enum Kind: String, CaseIterable, Sendable {
        /// Real vocabulary from wordfreq, with code-switching, entities and bidi controls:
        /// `realMessages(count:seed:)`.
        case real
        /// The original corpus of about 80 distinct words: `messages(count:seed:)`.
        case synthetic
    }

    /// `count` messages of the set `kind`, with that set's default seed.
    public static func messages(_ kind: Kind, count: Int = 10_000) -> [String] {
        switch kind {
        case .real: return realMessages(count: count)
        case .synthetic: return messages(count: count)
        }
    }

    /// `count` long lines of about `length` code points of the set `kind`, with that set's default
    /// seed.
    public static func longLines(_ kind: Kind, count: Int = 100, length: Int = 5_000) -> [String] {
        switch kind {
        case .real: return realLongLines(count: count, length: length)
        case .synthetic: return longLines(count: count, length: length)
        }
    }
}
