// Truncation: `LayoutOptions.maxLines` and `.ellipsis` — the stage after LineBreaker.fill that keeps a
// layout's first lines and rebuilds the last kept one, cut and ended by the ellipsis (the rules here
// are those of `.end`; TruncatedLine.swift builds the line for each `TruncationMode`, `.start` and
// `.middle` mirroring them at the line's start and inside it).
//
// Where the ellipsis goes: at the END edge of the PARAGRAPH's direction (the far left of the line in
// an RTL paragraph, the far right in an LTR one), whatever the direction of the text it replaces, as
// Arabic and Hebrew readers expect (w3c/alreq#156). It is one run of its own, with an empty range at
// the cut, outside the bidi reordering of the kept text: engines that reorder it with the text put it
// between an RTL paragraph's Arabic and its Latin tail (Flutter #113453, #134649; Pango gives it the
// lowest level of the text it replaces).
//
// What is kept: every line before the last kept one as the fill made it, then the last kept line's
// start up to the latest grapheme boundary such that its text, shaped as a line and without its
// trailing white space, plus the ellipsis fits in the width (the text after the fill's end of that
// line counts too, up to the paragraph's next mandatory break: a one-line preview shows as much as
// fits, "hello wo…", not only the words the fill put on the line), and not inside an entity: a
// mention, phone number, e-mail address or hashtag is kept or dropped whole ("call me at …", never
// "+966 55…"), a URL keeps its host ("https://example.com/…"); an entity that starts the line and is
// wider than it is cut at a grapheme boundary and stays an entity. The kept text is reshaped as
// a line, so an Arabic word cut at its end takes its final form. Without a width the last kept line
// is kept whole. When not even the first grapheme cluster fits beside the ellipsis, the line keeps
// no text and the ellipsis alone (which may then pass the width).

/// The truncation rules: how many of a paragraph's lines a layout keeps.
enum Truncation {
    /// How many of a paragraph's `lineCount` lines to keep when `linesBefore` lines are already laid
    /// out, and whether the last one kept is truncated: when the text needs more than `maxLines` in
    /// all, that is when this paragraph has more lines than the room left, or exactly as many with
    /// paragraphs after it.
    static func kept(
        lineCount: Int, linesBefore: Int, maxLines: Int?, moreParagraphs: Bool
    ) -> (count: Int, truncates: Bool) {
        guard let maxLines else { return (lineCount, false) }
        let room = max(0, maxLines - linesBefore)
        if lineCount > room { return (room, true) }
        return (lineCount, lineCount == room && moreParagraphs)
    }
}

/// The ellipsis of a truncated line, shaped.
struct Ellipsis {
    /// Its runs in visual order, one per font (clusters are offsets into the ellipsis string), each
    /// with the step of the fallback chain that gave its font.
    var runs: [(run: ShapedRun, source: FontSource)]
    /// Its bidi level: the paragraph's, or one above for an ellipsis of the other direction.
    var level: UInt8
    /// The sum of its runs' advances.
    var advance: Double

    /// `string` shaped in its own direction (UAX #9 P2–P3 on the string, else the paragraph's),
    /// in the fonts the fallback chain gives it for the layout's locale, weight and style
    /// (`ellipsisStyle`'s when it sets them): the first font of the chain that covers all of it, as
    /// one run. When none does ("… اقرأ المزيد": the Arabic font has no "…"), each grapheme cluster
    /// takes the font of the cluster before it when that font covers it, else its own from the
    /// chain, and each stretch of one font is a run: the words stay in the locale's font rather
    /// than going whole to a system font that happens to cover every character. Nil for an empty
    /// string.
    static func shaped(
        _ string: String, baseLevel: UInt8, registry: FontRegistry, shaper: Shaper, options: LayoutOptions
    ) -> Ellipsis? {
        guard !string.isEmpty else { return nil }
        let scalars = Array(string.unicodeScalars)
        let (weight, style) = (options.ellipsisStyle?.weight ?? options.weight, options.ellipsisStyle?.style ?? options.style)
        let strong = Paragraphs.firstStrongLevel(from: 0, to: scalars.count) {
            UnicodeBidiData.bidiClass(scalars[$0].value).rawValue
        }
        let level = (strong ?? baseLevel) & 1 == baseLevel & 1 ? baseLevel : baseLevel + 1
        // The stretches of one font, in logical order.
        var stretches: [(range: Range<Int>, choice: FontChoice)] = []
        let whole = registry.choice(for: string, locale: options.locale, weight: weight, style: style)
        if whole.source != .system && whole.source != .notdef {
            stretches = [(0..<scalars.count, whole)]
        } else {
            var offset = 0
            for cluster in string {
                let next = offset + cluster.unicodeScalars.count
                if let last = stretches.last, last.choice.font.covers(cluster) {
                    stretches[stretches.count - 1].range = last.range.lowerBound..<next
                } else {
                    let choice = registry.choice(for: String(cluster), locale: options.locale, weight: weight, style: style)
                    if let last = stretches.last, last.choice.font === choice.font {
                        stretches[stretches.count - 1].range = last.range.lowerBound..<next
                    } else {
                        stretches.append((offset..<next, choice))
                    }
                }
                offset = next
            }
        }
        var runs = stretches.map { stretch in
            let run = shaper.shape(
                scalars, range: stretch.range, font: stretch.choice.font, direction: TextDirection(level: level),
                script: ScriptResolver.resolve(Array(scalars[stretch.range])).first ?? .common,
                language: FallbackChainMemo.language(for: stretch.choice.source, locale: options.locale).map { LocaleTag($0) },
                size: options.size)
            return (run: run, source: stretch.choice.source)
        }
        if level & 1 == 1 { runs.reverse() }
        return Ellipsis(runs: runs, level: level, advance: runs.reduce(0) { $0 + $1.run.advance })
    }
}

/// The last ellipsis a scratch shaped, reused while its string, the options that choose and shape it
/// and the paragraph's direction stay the same (a list of previews truncates line after line).
struct EllipsisMemo {
    private struct Key: Equatable {
        var string: String
        var locale: LocaleTag
        var weight: FontWeight
        var style: FontStyle
        var size: Double
        var baseLevel: UInt8
    }
    private var key: Key?
    private var value: Ellipsis?

    /// `Ellipsis.shaped(string, …)`, from the memo when it holds it.
    mutating func ellipsis(
        _ string: String, baseLevel: UInt8, registry: FontRegistry, shaper: Shaper, options: LayoutOptions
    ) -> Ellipsis? {
        let key = Key(
            string: string, locale: options.locale, weight: options.ellipsisStyle?.weight ?? options.weight,
            style: options.ellipsisStyle?.style ?? options.style, size: options.size, baseLevel: baseLevel)
        if key == self.key { return value }
        value = Ellipsis.shaped(string, baseLevel: baseLevel, registry: registry, shaper: shaper, options: options)
        self.key = key
        return value
    }
}
