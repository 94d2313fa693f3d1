// PlainPreview: a preview as a plain string for an OS notification — the fields in the template, each
// isolated, spoilers replaced by a word, and when `maxGraphemes` is given each field cut to its share
// of grapheme clusters by the rules the layout uses (priority, minimum share, truncation mode, never
// inside an entity).

enum PlainPreview {
    /// The word a spoiler becomes in a plain string, in the locale's language.
    static func spoilerWord(_ locale: LocaleTag) -> String {
        switch locale.normalized.split(separator: "-").first.map(String.init) ?? "" {
        case "ar": return "[محتوى مخفي]"
        case "zh": return "[剧透]"
        default: return "[spoiler]"
        }
    }

    /// The plain string of `fields` in `template`; see `Preview.plainText`. `composed` is the
    /// template's text of the fields as given (the preview's sentence before any cut).
    static func text(
        _ fields: [NeutralField], template: PreviewTemplate, composed: String, locale: LocaleTag, direction: TextDirection,
        kinds: EntityKinds, maxGraphemes: Int?
    ) throws(BidiRenderError) -> String {
        let spoilers = fields.contains { $0.spans.contains { $0.entity == .spoiler } }
        if !spoilers, maxGraphemes == nil { return composed }
        var fields = fields.map { unspoiled($0, word: spoilerWord(locale)) }
        let whole = spoilers ? try template.compose(fields, locale: locale, direction: direction).text : composed
        guard let maxGraphemes, visibleGraphemes(whole) > maxGraphemes else { return whole }
        let counts = fields.map { NeutralField.graphemeStarts($0.scalars).count }
        var empty = fields
        for i in empty.indices { empty[i].scalars = [] }
        let bare = visibleGraphemes(try template.compose(empty, locale: locale, direction: direction).text)
        let budget = max(0, maxGraphemes - bare)
        // How many times the sentence shows each field ("{a} and {a}": twice): what a grapheme
        // cluster of it costs.
        var places: [Int] = []
        for i in fields.indices {
            var probe = empty
            probe[i].scalars = ["x"]
            places.append(max(0, visibleGraphemes(try template.compose(probe, locale: locale, direction: direction).text) - bare))
        }
        let allowed = PreviewShares.wholeUnits(
            PreviewShares.allocate(
                needs: fields.indices.map { places[$0] == 0 ? 0 : Double(places[$0] * min(counts[$0], budget / places[$0])) },
                minimums: fields.indices.map { i in
                    Double(places[i]) * max((fields[i].minShare * Double(budget) / Double(max(places[i], 1))).rounded(.down), 2)
                },
                priorities: fields.map(\.priority), budget: Double(budget)),
            counts: counts, costs: places, budget: budget)
        for i in fields.indices where allowed[i] < counts[i] {
            fields[i] = try cut(fields[i], toGraphemes: allowed[i], kinds: kinds)
        }
        return try template.compose(fields, locale: locale, direction: direction).text
    }

    /// `field` with the text of each spoiler span replaced by `word` (overlapping spoilers as one),
    /// which then stands for it: its spans are the words', of kind `.spoiler`, so that a cut keeps or
    /// drops a word whole. One pass over the text, however many spoilers.
    static func unspoiled(_ field: NeutralField, word: String) -> NeutralField {
        var field = field
        let spoilers = field.spans.filter { $0.entity == .spoiler }.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        guard !spoilers.isEmpty else {
            field.spans = []
            return field
        }
        let replacement = Array(word.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var words: [TextSpan] = []
        var copied = 0
        for range in spoilers {
            if range.lowerBound < copied {
                // Inside the spoiler just replaced: it grows to cover this one.
                copied = max(copied, range.upperBound)
                continue
            }
            out += field.scalars[copied..<range.lowerBound]
            words.append(TextSpan(range: out.count..<(out.count + replacement.count), entity: .spoiler))
            out += replacement
            copied = range.upperBound
        }
        out += field.scalars[copied...]
        field.scalars = out
        field.spans = words
        return field
    }

    /// The grapheme clusters of `text` that show something (not only bidi controls).
    static func visibleGraphemes(_ text: String) -> Int {
        text.reduce(0) { count, character in
            character.unicodeScalars.allSatisfy(UnicodeBidiData.isBidiControl) ? count : count + 1
        }
    }

    /// `field` cut to `count` grapheme clusters, "…" counted, by its truncation mode: the cut moved
    /// out of an entity (back to its start at an end cut, on to its end at a start cut; one at the
    /// field's edge goes whole too, and a field left with nothing keeps its first grapheme cluster,
    /// as the layout's cut does), a middle cut keeping a file name's extension.
    static func cut(_ field: NeutralField, toGraphemes count: Int, kinds: EntityKinds) throws(BidiRenderError) -> NeutralField {
        let starts = NeutralField.graphemeStarts(field.scalars) + [field.scalars.count]
        let n = starts.count - 1
        let keep = max(0, count - 1)
        let entities = EntityIsolation.resolved(field.scalars, direction: .auto, kinds: kinds, spans: field.spans).entities.map(\.range)
        let s = field.scalars
        // Out of an entity, and past the white space beside the ellipsis.
        func back(_ c: Int) -> Int {
            var c = entities.first { $0.lowerBound < c && c < $0.upperBound }?.lowerBound ?? c
            while c > 0, s[c - 1].properties.isWhitespace { c -= 1 }
            return c
        }
        func forward(_ c: Int) -> Int {
            var c = entities.first { $0.lowerBound < c && c < $0.upperBound }?.upperBound ?? c
            while c < s.count, s[c].properties.isWhitespace { c += 1 }
            return c
        }
        switch field.truncation {
        case .end:
            let c = back(starts[min(keep, n)])
            return field.cut(keeping: [0..<c], at: c)
        case .start:
            let c = forward(starts[max(0, n - keep)])
            return field.cut(keeping: [c..<field.scalars.count], at: c)
        case .middle:
            var tail = keep / 2
            if let dot = LineBreakScratch.extensionStart(field.scalars, 0..<field.scalars.count) {
                let needed = n - (starts.firstIndex { $0 >= dot } ?? n)
                if needed <= keep { tail = max(tail, needed) }
            }
            let h = back(starts[keep - tail])
            let t = forward(starts[n - tail])
            return field.cut(keeping: [0..<h, max(h, t)..<field.scalars.count].filter { !$0.isEmpty }, at: h)
        }
    }
}
