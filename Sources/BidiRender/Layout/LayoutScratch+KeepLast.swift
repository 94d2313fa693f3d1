// LayoutScratch+KeepLast: `.start` truncation — which lines a layout that keeps the text's last
// `maxLines` lines begins with, counted from the end over a prepared text's paragraphs.

/// Where the kept lines of a layout truncated at its start begin: a paragraph, the lines line
/// filling makes of it (found once, here), the index of the first kept one, and whether text comes
/// before that line (then it starts with the ellipsis).
struct FirstKeptLine {
    var paragraph: Int
    var lines: [Range<Int>]
    var line: Int
    var truncates: Bool
}

extension LayoutScratch {
    /// The first kept line when `snapshot` (swapped into this scratch, its items bound to `tables`)
    /// is laid out with `options` keeping its last `options.maxLines` lines: the paragraphs filled
    /// from the last back until they have that many lines. Nil without a line limit or when the
    /// whole text fits. Throws `.cancelled` when the task is cancelled.
    mutating func firstKeptLine(
        _ snapshot: PreparedSnapshot, options: LayoutOptions, tables: ItemTables
    ) throws(BidiRenderError) -> FirstKeptLine? {
        guard let maxLines = options.maxLines else { return nil }
        var count = 0
        for prepared in snapshot.paragraphs.reversed() {
            try LayoutEngine.checkCancellation()
            var paragraph = prepared.line
            tables.rebind(&paragraph.items)
            let lines = lineBreak.lines(
                prepared.range, items: paragraph.items, text: text, entities: snapshot.entities,
                maxWidth: options.maxWidth, locale: options.locale, shape: &shape, tables: tables, size: options.size,
                lineLimit: nil, breaks: prepared.knownBreaks, prefix: prepared.prefix)
            if count + lines.count >= maxLines {
                let skip = lines.count - (maxLines - count)
                return FirstKeptLine(paragraph: paragraph.index, lines: lines, line: skip, truncates: skip > 0 || paragraph.index > 0)
            }
            count += lines.count
        }
        return nil
    }
}
