// TextFinding: what the text guard sees in a text that strangers wrote — a bidi override or an
// unclosed embedding, an identifier that displays other than it is or poses as another, an invisible
// character where it does not belong, a cluster of more marks than its script uses — with where.

/// One finding of the text guard (`LayoutEngine.findings(in:as:confusableWith:)`, `Layout.findings`).
public struct TextFinding: Sendable, Hashable {
    /// What was found.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// LRO or RLO anywhere; LRE, RLE, LRI, RLI or FSI not closed by the end of its paragraph;
        /// PDF or PDI with nothing to close.
        case bidiOverride = "bidi-override"
        /// A name, URL, e-mail address or file name that displays in another order than it is
        /// ("invoice\u{202E}fdp.exe" shows "invoiceexe.pdf").
        case bidiSpoof = "bidi-spoof"
        /// An identifier that looks like another (UTS #39 skeletons: Cyrillic "раураl" as "paypal").
        case confusable
        /// An identifier mixing Latin, Greek and Cyrillic letters (beyond UTS #39's moderately
        /// restrictive level, which keeps those apart): their letters pass for each other.
        case mixedScript = "mixed-script"
        /// A default-ignorable character that shows nothing where it does not belong (ZWSP, word
        /// joiner, tags outside an emoji tag sequence, Hangul fillers, a variation selector on a base
        /// that has none); ZWJ and ZWNJ where a script or an emoji sequence uses them are not.
        case invisible
        /// A cluster with more combining marks than its script uses (Zalgo).
        case marks
    }

    /// What was found.
    public let kind: Kind
    /// Where, in Unicode scalar offsets into the text.
    public let range: Range<Int>
    /// What it is, in words ("RLO not closed", "looks like \"paypal\"", "12 marks on one base").
    public let detail: String

    init(_ kind: Kind, _ range: Range<Int>, _ detail: String) {
        (self.kind, self.range, self.detail) = (kind, range, detail)
    }
}

/// What a text is, for the guard: a message (the identifier checks run on its mentions, URLs and
/// e-mail addresses only: a sentence mixing Arabic, Chinese and English is normal chat text), or an
/// identifier itself.
public enum TextRole: String, Sendable, Hashable, CaseIterable {
    case message, name, url
    case fileName = "filename"
}
