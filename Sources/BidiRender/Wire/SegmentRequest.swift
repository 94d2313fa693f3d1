// SegmentRequest: a `segment --jsonl` line ({"text", "by", "locale"}) read over the command line's
// defaults, and the document `segment` writes: {"by":"word","boundaries":[k, …]}.

/// One segmentation request: the text, the unit and the locale whose rules apply.
package struct SegmentRequest: Sendable {
    /// The text.
    package var text: String
    /// What to find the boundaries of.
    package var unit: TextBoundary
    /// The locale whose word, sentence and line rules apply.
    package var locale: LocaleTag

    /// The keys of a `segment --jsonl` line.
    package static let lineKeys: Set<String> = ["text", "by", "locale"]

    /// A request for `text` by `unit` under `locale`.
    package init(text: String, unit: TextBoundary, locale: LocaleTag) {
        (self.text, self.unit, self.locale) = (text, unit, locale)
    }

    /// One line's request: its fields over `unit` and `locale`.
    package init(_ object: [String: Any], unit: TextBoundary, locale: LocaleTag) throws(WireError) {
        text = try LayoutRequest.text(object)
        self.unit = try WireFields.choice(object, "by", as: TextBoundary.self) ?? unit
        if let tag = try WireFields.string(object, "locale") {
            self.locale = try LayoutRequest.locale(tag, at: [.key("locale")])
        } else {
            self.locale = locale
        }
    }

    /// The document for `boundaries` found by `unit`: {"by":"…","boundaries":[k, …]}.
    package static func document(_ boundaries: [Int], by unit: TextBoundary) -> String {
        var w = JSONWriter(capacity: 32 + 8 * boundaries.count)
        w.string("{\"by\":", unit.rawValue)
        w.raw(",\"boundaries\":[")
        for (i, k) in boundaries.enumerated() {
            w.comma(unless: i == 0)
            w.integer(k)
        }
        w.raw("]}")
        return w.string
    }
}
