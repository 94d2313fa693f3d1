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
    ///   - maxGraphemes: the most grapheme clusters of `plainText` that show something (the
    ///     isolates around each field are not counted; nil: no limit).
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
        let whole = try template.compose(neutral, locale: options.locale, direction: options.layoutDirection)
        var final = options
        final.maxLines = options.maxLines ?? (options.maxWidth == nil ? nil : 1)
        final.truncation = .end
        // The last guard never cuts inside an entity, not even one that starts a line.
        final.entitiesWholeAtCut = true
        // Every field is isolated, so `.auto` sees only the template's own words: with none strong
        // (": "), the paragraph takes the locale's direction, not left to right.
        if catalog != nil {
            final.direction = whole.paragraphDirection
        } else if final.direction == .auto {
            final.direction = .autoWithFallback(options.layoutDirection)
        }
        // The sentence with every field whole, prepared once: laid out as it is when it fits.
        let spans = whole.spans(of: neutral)
        let snapshot = try withScratch(whole.text, options: final) { (scratch) throws(BidiRenderError) in
            try scratch.prepare(whole.text, spans: spans, options: final, registry: registry, findingBreaks: false, findingInk: false)
        }
        var message = whole
        var shown = neutral
        var truncated: Set<String> = []
        // The fields cut to share `width`, and the sentence they make laid out.
        func cutToFit(_ width: Double) throws(BidiRenderError) -> Layout {
            shown = try fitted(neutral, in: whole, snapshot: snapshot, width: width, options: final, truncated: &truncated)
            message = try template.compose(shown, locale: options.locale, direction: options.layoutDirection)
            return try self.layout(message.text, spans: message.spans(of: shown), options: final)
        }
        let layout: Layout
        let first = snapshot.paragraphs.first
        if let width = options.maxWidth, final.maxLines == 1, snapshot.paragraphs.count == 1, let first,
            first.prefix[snapshot.text.visibleEnd(0, first.range.upperBound) - first.range.lowerBound] > width + 1e-6
        {
            // One line whose text is wider than the width is cut: no need to lay it out to know.
            layout = try cutToFit(width)
        } else {
            let whole = try withPooledScratch { (scratch) throws(BidiRenderError) in
                try scratch.layout(snapshot, options: final, registry: registry)
            }
            if whole.truncated, let width = options.maxWidth { layout = try cutToFit(width) } else { layout = whole }
        }
        if layout.truncated, let cut = layout.entities.first(where: { $0.kind == .ellipsis })?.range.lowerBound {
            for (name, range) in message.argumentRanges where range.upperBound > cut { truncated.insert(name) }
        }
        // The hidden text leaves the sentence too: each of its code points becomes "█" (the offsets stay).
        let spoilers = message.spans(of: shown).filter { $0.entity == .spoiler }.map(\.range)
        if !spoilers.isEmpty {
            // Each code point under a spoiler, found in one pass however many overlap.
            var text = Array(message.text.unicodeScalars)
            var depth = [Int](repeating: 0, count: text.count + 1)
            for range in spoilers {
                depth[range.lowerBound] += 1
                depth[range.upperBound] -= 1
            }
            var inside = 0
            for i in text.indices {
                inside += depth[i]
                if inside > 0 { text[i] = "\u{2588}" }
            }
            message = LocalizedMessage(
                key: message.key, locale: message.locale, served: message.served, direction: message.direction,
                text: String(scalars: text), argumentRanges: message.argumentRanges)
        }
        let plain = try PlainPreview.text(
            neutral, template: template, composed: whole.text, locale: options.locale, direction: options.layoutDirection,
            kinds: options.isolate, maxGraphemes: maxGraphemes)
        return Preview(layout: layout, message: message, truncatedFields: truncated, plainText: plain)
    }

    /// The fields of `whole` (prepared as `snapshot`) cut to share `width`: each keeps its minimum
    /// (its share of the budget, at least its first grapheme cluster and "…"), the rest goes by
    /// priority (`PreviewShares`), and a field given less than its width is cut by its mode where
    /// the line break stage's truncation cuts it. With several lines the lowest-priority field is
    /// left to the layout. The names of the fields cut join `truncated`.
    private func fitted(
        _ fields: [NeutralField], in whole: LocalizedMessage, snapshot: PreparedSnapshot, width: Double, options: LayoutOptions,
        truncated: inout Set<String>
    ) throws(BidiRenderError) -> [NeutralField] {
        let ranges = fields.map { whole.argumentRanges[$0.name] }
        let firsts = fields.indices.map { i -> Range<Int>? in
            guard let range = ranges[i], !fields[i].scalars.isEmpty else { return nil }
            return range.lowerBound..<(range.lowerBound + NeutralField.firstGraphemeLength(fields[i].scalars))
        }
        let lines = options.maxLines ?? 1
        let absorber = lines > 1 ? fields.indices.min { (fields[$0].priority, -$0) < (fields[$1].priority, -$1) } : nil
        // Measured, shared out and cut on one load of the prepared sentence.
        let (cuts, results) = try withPooledScratch { (scratch) throws(BidiRenderError) in
            try scratch.previewFit(snapshot, ranges: ranges + firsts, options: options, registry: registry) { measured, earlier in
                let widths = Array(measured.fields[..<fields.count]), first = Array(measured.fields[fields.count...])
                let budget = width - (measured.total - widths.reduce(0, +)) - 0.5
                // A field whose cut an entity stopped (the entity went whole, as in "@…") keeps that
                // cut, and the room it left goes to the others.
                var kept: [Int: (cut: PreviewCut, width: Double)] = [:]
                for (cut, advance) in earlier where advance > 0 || cut.mode != .start {
                    let shown = (advance > 0 ? advance : first[cut.field]) + measured.ellipsis
                    if shown < cut.room + measured.ellipsis - 0.5 { kept[cut.field] = (cut, shown) }
                }
                let allowed = PreviewShares.allocate(
                    needs: fields.indices.map { kept[$0]?.width ?? ($0 == absorber ? 0 : min(widths[$0], max(0, budget))) },
                    minimums: fields.indices.map { kept[$0]?.width ?? max(fields[$0].minShare * budget, first[$0] + measured.ellipsis) },
                    priorities: fields.map(\.priority), budget: budget)
                // What the others leave unused, once satisfied, goes to a field an entity stopped,
                // by priority, when it is enough to show that field whole: "@mohammed_alrashid: see…"
                // rather than "@…: see…" in 320 px, when both cuts were stopped.
                var left = budget - fields.indices.reduce(0.0) { $0 + (kept[$1]?.width ?? min(allowed[$1], widths[$1])) }
                var whole: Set<Int> = []
                for i in fields.indices.sorted(by: { (fields[$0].priority, -$0) > (fields[$1].priority, -$1) }) {
                    guard let stopped = kept[i], widths[i] - stopped.width <= left else { continue }
                    left -= widths[i] - stopped.width
                    whole.insert(i)
                }
                return fields.indices.compactMap { i in
                    if whole.contains(i) { return nil }
                    if let kept = kept[i] { return kept.cut }
                    guard i != absorber, let range = ranges[i], allowed[i] < widths[i] - 0.01 else { return nil }
                    return PreviewCut(field: i, range: range, room: allowed[i] - measured.ellipsis, mode: fields[i].truncation)
                }
            }
        }
        var shown = fields
        for (cut, result) in zip(cuts, results) {
            guard let result else { continue }
            let start = cut.range.lowerBound
            let local = result.pieces.map { ($0.lowerBound - start)..<($0.upperBound - start) }
            shown[cut.field] = fields[cut.field].cut(keeping: local, at: result.at - start)
            truncated.insert(fields[cut.field].name)
        }
        return shown
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
            guard !name.isEmpty, name.count <= 64, name.allSatisfy(PreviewTemplate.isNameScalar)
            else {
                throw .invalidValue(key: "fields", value: String(field.name.prefix(40)), reason: "a field name is 1 to 64 letters, digits or _")
            }
            guard names.insert(field.name).inserted else {
                throw .invalidValue(key: "fields", value: field.name, reason: "names two fields")
            }
            guard field.minShare.isFinite, (0...1).contains(field.minShare) else {
                throw .invalidValue(key: "fields.\(field.name).minShare", value: field.minShare.valueText, reason: "must be a share of the width from 0 to 1")
            }
            // A code point has at least one UTF-8 byte: counted only when the bytes are too many.
            total += field.text.utf8.count
        }
        if total > maxInputCodePoints { total = fields.reduce(0) { $0 + $1.text.unicodeScalars.count } }
        if total > maxInputCodePoints { throw .inputTooLarge(limit: maxInputCodePoints, count: total) }
        if let maxGraphemes, maxGraphemes < 1 {
            throw .invalidValue(key: "maxGraphemes", value: "\(maxGraphemes)", reason: "must be a whole number of grapheme clusters, at least 1")
        }
    }
}
