// LayoutEngine+Preview: several fields in one line or two — each field made safe and isolated, put
// into the template, and when they do not fit together each given a share of the width by its
// priority and minimum share, cut to it with its own truncation mode; then the sentence laid out
// (spoilers masked, the layout's own truncation as the last guard) and the plain string made.

extension LayoutEngine {
    /// The most fields a preview takes.
    static let maxPreviewFields = 16

    /// A preview of `fields` in `template`, laid out with `options` in at most `options.maxLines`
    /// lines (one when nil) of `options.maxWidth` px.
    ///
    /// Each field is made safe (line breaks as spaces, LRE/RLE/LRO/RLO/PDF removed, isolates
    /// balanced) and isolated, so a name of the other direction cannot move the separator. When the
    /// fields do not fit together, each keeps `minShare` of the width (at least its first grapheme
    /// cluster and "…"), then the fields take what is left by priority, higher first, and a field
    /// given less than its width is cut to it by its own `truncation`, never inside an entity. With
    /// two lines or more the lowest-priority field (the message) is not cut on its own: it flows
    /// and the layout's truncation ends the last line. Spoilers (spans of `entity: .spoiler`) are
    /// masked in the layout and replaced by a word in `plainText`.
    ///
    /// - Parameters:
    ///   - template: a pattern placing every field ("{sender}: {message}"; "{{" for a brace), nil
    ///     for the fields in order with ": " between them; with `catalog`, the key of the pattern
    ///     in it (the language's own order and punctuation: "小明：" in Chinese).
    ///   - maxGraphemes: the most grapheme clusters of `plainText` (nil: no limit).
    /// - Throws: `.invalidValue` for options out of range, no field or more than 16, a name that is
    ///   empty, repeated or not letters, digits and "_", a minimum share outside 0…1, a template
    ///   that places an unknown field or leaves one out, spans outside their field, or
    ///   `maxGraphemes` below 1; what `MessageCatalog.format` throws; `.inputTooLarge` past
    ///   `maxInputCodePoints` in all.
    public func preview(
        _ fields: [PreviewField], template: String? = nil, catalog: MessageCatalog? = nil, options: LayoutOptions,
        maxGraphemes: Int? = nil
    ) throws(BidiRenderError) -> Preview {
        try options.validate()
        try checkPreview(fields, maxGraphemes: maxGraphemes)
        var neutral: [NeutralField] = []
        for field in fields { neutral.append(try NeutralField(field)) }
        let shares = neutral.reduce(0) { $0 + $1.minShare }
        if shares > 1 { for i in neutral.indices { neutral[i].minShare /= shares } }
        let template = try PreviewTemplate.make(template, catalog: catalog, fields: neutral)
        var oneLine = options
        (oneLine.maxWidth, oneLine.maxLines) = (nil, nil)
        let whole = try template.compose(neutral, locale: options.locale, direction: options.layoutDirection)
        let natural = try composedLayout(whole, fields: neutral, catalog: catalog != nil, options: oneLine)

        var shown = neutral
        var truncated: Set<String> = []
        if let width = options.maxWidth, natural.contentWidth > width {
            let widths = neutral.map { Self.width(of: whole.argumentRanges[$0.name], in: natural) }
            let ellipsis = try layout("\u{2026}", options: oneLine).contentWidth
            let lines = options.maxLines ?? 1
            // The absorber: with several lines, the lowest-priority field flows and is cut by the layout.
            let absorber = lines > 1 ? neutral.indices.min { (neutral[$0].priority, -$0) < (neutral[$1].priority, -$1) } : nil
            let budget = width - (natural.contentWidth - widths.reduce(0, +)) - 0.5
            let firsts = neutral.map { Self.firstGraphemeWidth(of: whole.argumentRanges[$0.name], in: natural, text: whole.text) }
            let allowed = PreviewShares.allocate(
                needs: neutral.indices.map { $0 == absorber ? 0 : widths[$0] },
                minimums: neutral.indices.map { max(neutral[$0].minShare * budget, firsts[$0] + ellipsis) },
                priorities: neutral.map(\.priority), budget: budget)
            for i in neutral.indices where i != absorber && allowed[i] < widths[i] - 0.01 {
                if let cut = try neutral[i].cut(toWidth: allowed[i], engine: self, options: oneLine) {
                    shown[i] = cut
                    truncated.insert(neutral[i].name)
                }
            }
        }
        var message = try template.compose(shown, locale: options.locale, direction: options.layoutDirection)
        var final = options
        final.maxLines = options.maxLines ?? (options.maxWidth == nil ? nil : 1)
        final.truncation = .end
        let layout = try composedLayout(message, fields: shown, catalog: catalog != nil, options: final)
        if layout.truncated, let cut = layout.entities.first(where: { $0.kind == .ellipsis })?.range.lowerBound {
            for (name, range) in message.argumentRanges where range.upperBound > cut { truncated.insert(name) }
        }
        // The hidden text leaves the sentence too: each of its code points becomes "█" (the offsets stay).
        let spoilers = message.spans(of: shown).filter { $0.entity == .spoiler }.map(\.range)
        if !spoilers.isEmpty {
            var text = Array(message.text.unicodeScalars)
            for range in spoilers { for i in range { text[i] = "\u{2588}" } }
            message = LocalizedMessage(
                key: message.key, locale: message.locale, served: message.served, direction: message.direction,
                text: String(String.UnicodeScalarView(text)), argumentRanges: message.argumentRanges)
        }
        let plain = try PlainPreview.text(
            neutral, template: template, locale: options.locale, direction: options.layoutDirection, kinds: options.isolate,
            maxGraphemes: maxGraphemes)
        return Preview(layout: layout, message: message, truncatedFields: truncated, plainText: plain)
    }

    /// `message` laid out with its fields' spans: in its catalog language's direction, or (a
    /// pattern's) in the options'.
    private func composedLayout(
        _ message: LocalizedMessage, fields: [NeutralField], catalog: Bool, options: LayoutOptions
    ) throws(BidiRenderError) -> Layout {
        var o = options
        if catalog { o.direction = message.paragraphDirection }
        return try layout(message.text, spans: message.spans(of: fields), options: o)
    }

    /// The advance of the runs inside `range` (a field's) in `layout`: its width as laid out.
    static func width(of range: Range<Int>?, in layout: Layout) -> Double {
        guard let range else { return 0 }
        var width = 0.0
        for line in layout.lines {
            for run in line.runs where !run.isEllipsis && run.range.lowerBound >= range.lowerBound && run.range.upperBound <= range.upperBound {
                width += run.advance
            }
        }
        return width
    }

    /// The advance of the glyphs of the first grapheme cluster of `range` (a field's) in `layout`.
    static func firstGraphemeWidth(of range: Range<Int>?, in layout: Layout, text: String) -> Double {
        guard let range, !range.isEmpty else { return 0 }
        let end = layout.graphemes.boundary(after: range.lowerBound)
        var width = 0.0
        for line in layout.lines {
            for run in line.runs where !run.isEllipsis {
                for glyph in run.glyphs where (range.lowerBound..<end).contains(glyph.cluster) { width += glyph.advance }
                if run.glyphs.isEmpty, run.range.overlaps(range.lowerBound..<end) { width += run.advance }
            }
        }
        return width
    }

    /// Throws `.invalidValue` for no field or more than `maxPreviewFields`, a bad or repeated name,
    /// a minimum share outside 0…1 and `maxGraphemes` below 1; `.inputTooLarge` past
    /// `maxInputCodePoints` in all.
    func checkPreview(_ fields: [PreviewField], maxGraphemes: Int?) throws(BidiRenderError) {
        guard (1...Self.maxPreviewFields).contains(fields.count) else {
            throw .invalidValue(key: "fields", value: "\(fields.count)", reason: "a preview has 1 to \(Self.maxPreviewFields) fields")
        }
        var names: Set<String> = []
        var total = 0
        for field in fields {
            let name = field.name.unicodeScalars
            guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) })
            else {
                throw .invalidValue(key: "fields", value: String(field.name.prefix(40)), reason: "a field name is 1 to 64 letters, digits or _")
            }
            guard names.insert(field.name).inserted else {
                throw .invalidValue(key: "fields", value: field.name, reason: "names two fields")
            }
            guard field.minShare.isFinite, (0...1).contains(field.minShare) else {
                throw .invalidValue(key: "fields.\(field.name).minShare", value: "\(field.minShare)", reason: "must be a share of the width from 0 to 1")
            }
            total += field.text.unicodeScalars.count
        }
        if total > maxInputCodePoints { throw .inputTooLarge(limit: maxInputCodePoints, count: total) }
        if let maxGraphemes, maxGraphemes < 1 {
            throw .invalidValue(key: "maxGraphemes", value: "\(maxGraphemes)", reason: "must be a whole number of grapheme clusters, at least 1")
        }
    }
}
