// PreviewField: one field of a preview ("sender", "message") as the caller gives it, and the same made
// safe to put into a sentence: line breaks as spaces, overrides and embeddings removed, isolates
// balanced, its spans moved with its text.

/// One field of a preview: a name the template places ("{sender}"), its text and spans, and how it
/// gives way when the fields do not fit together (`LayoutEngine.preview`).
public struct PreviewField: Sendable, Hashable {
    package let name: String
    let text: String
    let spans: [TextSpan]
    let priority: Int
    let minShare: Double
    let truncation: TruncationMode

    /// A field.
    /// - Parameters:
    ///   - name: what the template calls it: letters, digits and "_" ("sender", "message").
    ///   - text: its text. Line breaks become spaces; LRE, RLE, LRO, RLO and PDF are removed and the
    ///     other bidi controls balanced, so a name cannot reorder the sentence around it.
    ///   - spans: attributes over the field's own code points (a spoiler's span, `entity:
    ///     .spoiler`, hides its text in the preview).
    ///   - priority: which field keeps its text first when they do not fit (higher first; equal
    ///     priorities in the template's order).
    ///   - minShare: the part of the width (0…1) the field keeps whatever the others need, at least
    ///     its first grapheme cluster and an ellipsis.
    ///   - truncation: where the field is cut when it must be (`.end`, `.start`, `.middle`).
    public init(
        name: String, text: String, spans: [TextSpan] = [], priority: Int = 0, minShare: Double = 0.25,
        truncation: TruncationMode = .end
    ) {
        (self.name, self.text, self.spans) = (name, text, spans)
        (self.priority, self.minShare, self.truncation) = (priority, minShare, truncation)
    }
}

/// A field made safe to put into a sentence, its spans moved with its text.
struct NeutralField {
    var name: String
    var scalars: [Unicode.Scalar]
    var spans: [TextSpan]
    var priority: Int
    var minShare: Double
    var truncation: TruncationMode

    /// `field` with its line breaks (paragraph separators, VT, FF, LS) as spaces, LRE, RLE, LRO, RLO and PDF removed, a PDI that closes
    /// nothing removed and the isolates it leaves open closed at its end. Its spans are checked
    /// against its text (`.invalidValue` naming the field) and moved with it; one left empty goes.
    init(_ field: PreviewField) throws(BidiRenderError) {
        do {
            try LayoutEngine.checkSpans(field.spans, in: field.text)
        } catch {
            throw .invalidValue(key: "fields.\(field.name).spans", value: "\(field.spans.count) span(s)", reason: error.description)
        }
        self.init(
            name: field.name, source: Array(field.text.unicodeScalars), spans: field.spans, priority: field.priority,
            minShare: field.minShare, truncation: field.truncation)
    }

    /// `source` made safe as `init(_:)` makes a field's text, `spans` (checked against it) moved
    /// with it.
    init(
        name: String, source: [Unicode.Scalar], spans: [TextSpan], priority: Int, minShare: Double, truncation: TruncationMode
    ) {
        (self.name, self.priority, self.minShare, self.truncation) = (name, priority, minShare, truncation)
        let (out, map) = BidiNeutralizer.neutralized(source)
        scalars = out
        self.spans = spans.compactMap { span in
            var moved = span
            moved.range = map[span.range.lowerBound]..<map[span.range.upperBound]
            return moved.range.isEmpty ? nil : moved
        }
    }

    var string: String { String(scalars: scalars) }
}
