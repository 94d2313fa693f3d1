// LayoutEngine+Guard: the text guard's two calls — what a text holds that attacks its readers
// (findings), and the fixes, each an option off by default (neutralizing, clamping marks) — and the
// scan a layout runs on its own text for `Layout.findings`. The scans are in Guard/.

extension LayoutEngine {
    /// The most code points `findings(in:as:confusableWith:)` and `repaired(_:neutralizing:maxExtraMarks:)` read.
    static let maxGuardCodePoints = 1 << 20

    /// What `text` holds that attacks its readers: bidi overrides and unclosed embeddings, an
    /// identifier that displays other than it is or poses as another, invisible characters where
    /// they do not belong, more marks on a base than its script uses. In text order of where each
    /// starts.
    ///
    /// - Parameters:
    ///   - role: what `text` is. A `.message` gets the identifier checks (bidi spoofing, mixed
    ///     scripts, confusables) on its mentions, URL hosts and e-mail domains only; a `.name`,
    ///   `.url` or `.fileName` is itself the identifier (a file name's shown extension is also
    ///   compared with its own).
    ///   - other: a name to compare with (UTS #39 skeletons): a `.confusable` finding when `text`
    ///     (or, in a message, one of its mentions) can pass for it.
    /// - Throws: `.inputTooLarge` past 1,048,576 code points.
    public func findings(in text: String, as role: TextRole = .message, confusableWith other: String? = nil) throws(BidiRenderError) -> [TextFinding] {
        let scalars = try Self.guardScalars(text)
        let classes = scalars.map { BidiClass($0) }
        var found = TextGuardScan.findings(scalars, classes: classes)
        let identifiers: [(Range<Int>, TextRole)]
        if role == .message {
            identifiers = TextGuardScan.identifiers(scalars)
        } else {
            identifiers = [(0..<scalars.count, role)]
        }
        for (range, kind) in identifiers {
            found += IdentifierCheck.findings(scalars, range, role: kind, confusableWith: other)
        }
        return found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// `text` with the guard's fixes applied; with neither, `text` unchanged.
    ///
    /// - Parameters:
    ///   - neutralizing: removes overrides and embeddings (LRE, RLE, LRO, RLO, PDF), turns line
    ///     breaks into spaces, drops a PDI that closes nothing, closes the isolates left open, and
    ///     isolates the result (FSI … PDI): a name that cannot reorder the sentence it is put into.
    ///   - maxExtraMarks: keeps on each base at most the marks its script uses plus this many
    ///     (Arabic harakat with shadda, Hebrew nikud with cantillation, Vietnamese, Thai and
    ///     Devanagari vowel signs stay whole; Zalgo is cut); nil keeps every mark.
    /// - Throws: `.inputTooLarge` past 1,048,576 code points; `.invalidValue` for a negative
    ///   `maxExtraMarks`.
    public func repaired(_ text: String, neutralizing: Bool = false, maxExtraMarks: Int? = nil) throws(BidiRenderError) -> String {
        var scalars = try Self.guardScalars(text)
        if let maxExtraMarks {
            guard maxExtraMarks >= 0 else {
                throw .invalidValue(key: "maxExtraMarks", value: "\(maxExtraMarks)", reason: "must be 0 or more marks")
            }
            scalars = MarkScan.clamped(scalars, extra: maxExtraMarks)
        }
        if neutralizing { scalars = ["\u{2068}"] + BidiNeutralizer.neutralized(scalars).scalars + ["\u{2069}"] }
        return String(scalars: scalars)
    }

    static func guardScalars(_ text: String) throws(BidiRenderError) -> [Unicode.Scalar] {
        if text.utf8.count > maxGuardCodePoints {
            let count = text.unicodeScalars.count
            if count > maxGuardCodePoints { throw .inputTooLarge(limit: maxGuardCodePoints, count: count) }
        }
        return Array(text.unicodeScalars)
    }
}
