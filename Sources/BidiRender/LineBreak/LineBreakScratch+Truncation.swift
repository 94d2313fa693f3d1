// LineBreakScratch+Truncation: where a truncated line is cut — the latest grapheme boundary whose text,
// shaped as a line and without its trailing white space, fits in the room the ellipsis leaves, and
// that is not inside an entity: a mention, phone number, e-mail address or hashtag goes or stays
// whole, and a URL keeps its host ("https://example.com/…").

extension LineBreakScratch {
    /// The end of the kept text of a truncated line that starts at `start` in the loaded paragraph
    /// (`lines` was called for it): the latest grapheme boundary `c`, at most `end` and not past the
    /// paragraph's next mandatory break, such that [start, c) without its trailing white space is at
    /// most `room` px wide shaped as a line. The result is that boundary less the trailing white
    /// space (so the ellipsis follows the last visible character); `start` when not even the first
    /// grapheme cluster fits.
    ///
    /// The paragraph's shaping (the prefix sums) proposes the candidates: the boundaries whose
    /// visible text is at most `slack` (an em) wider than the room by it. The text shaped as a line
    /// decides (a word cut at the end reshaped, so an Arabic word takes its final form, which may be
    /// wider or narrower, and a longer cut may be narrower than a shorter one): the latest candidate
    /// that fits, found stepping back a grapheme cluster at a time. Only the shaped width decides, so
    /// at the width the line reports (its text's shaped width plus the ellipsis) the cut is the same:
    /// a truncated layout laid out again at its `contentWidth` keeps the same text.
    ///
    /// A cut inside one of `entities` (sorted) that starts after `start` moves back to the entity's
    /// start (`entityCut`); one that starts the line may be cut at a grapheme boundary (it is wider
    /// than the line) and stays an entity of the layout, unless `wholeAtEdge` (a preview's field,
    /// which keeps its first cluster instead): then it goes whole too, and so does a URL whose path
    /// the cut reaches.
    mutating func truncationEnd(
        from start: Int, to end: Int, room: Double, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double, entities: [Entity] = [], wholeAtEdge: Bool = false
    ) -> Int {
        let limit = room + 1e-6
        let reach = limit + Self.slack(items, size: size)
        let starts = text.graphemeStarts
        // Forward, by the estimate: the latest candidate.
        var c = start
        while c < end {
            var next = c + 1
            while next < end, !starts[next] { next += 1 }
            if !text.isHangingSpace(next - 1), advance(start, next) > reach { break }
            c = next
            if Self.isMandatoryBreak(text.scalars[next - 1].value) { break }
        }
        // Backward, by the text shaped as a line.
        while c > start {
            let visible = text.visibleEnd(start, c)
            let allowed = Self.entityCut(
                visible, after: wholeAtEdge ? start - 1 : start, entities: entities, text: text, urlPaths: !wholeAtEdge)
            if allowed < visible {
                c = allowed
                continue
            }
            if visible == start || measure(start, visible, cuts: .end, items: items, text: text, shape: &shape, tables: tables, size: size) <= limit {
                return visible
            }
            c -= 1
            while c > start, !starts[c] { c -= 1 }
        }
        return start
    }

    /// The latest cut at or before `cut` that is not inside an entity starting after `start`: the
    /// entity's start, or for a URL, with `urlPaths`, any boundary after the "/" that ends its host
    /// (the host stays whole; a URL without a path stays whole). Without `urlPaths` (a preview's
    /// field, whose kept text is laid out again: "https://example.com/abc…" would be a link to
    /// another page) a URL goes whole too.
    static func entityCut(_ cut: Int, after start: Int, entities: [Entity], text: TextBuffer, urlPaths: Bool = true) -> Int {
        guard !entities.isEmpty else { return cut }
        var e = entities.partitioningIndex { $0.range.upperBound > cut }
        while e < entities.count, entities[e].range.lowerBound < cut {
            let entity = entities[e]
            e += 1
            guard entity.range.lowerBound > start, entity.range.upperBound > cut, entity.kind.isCutWhole else { continue }
            if urlPaths, entity.kind == .url, let path = urlPathStart(entity.range, text: text), cut >= path { continue }
            return entity.range.lowerBound
        }
        return cut
    }

    /// The offset after the "/" that ends the host of the URL at `range` ("https://example.com/a":
    /// after "com/"), or nil when it has no path.
    static func urlPathStart(_ range: Range<Int>, text: TextBuffer) -> Int? {
        let s = text.scalars
        var host = range.lowerBound
        // After the scheme's "://", when there is one.
        for i in range.lowerBound..<max(range.lowerBound, range.upperBound - 2) where s[i] == ":" && s[i + 1] == "/" && s[i + 2] == "/" {
            host = i + 3
            break
        }
        guard let slash = (host..<range.upperBound).first(where: { s[$0] == "/" || s[$0] == "?" || s[$0] == "#" }) else { return nil }
        return slash + 1
    }
}

extension LineBreakScratch {
    /// The start of the kept text of a line truncated at its start (or the tail of a line truncated
    /// in its middle) that ends at `end` (a visible end) in the loaded paragraph: the earliest
    /// grapheme boundary `c`, at least `lower` and not before the last mandatory break before `end`,
    /// such that [c, end) less its leading white space is at most `room` px wide shaped as a line
    /// with an ellipsis before it. The result is that boundary past the leading white space (so the
    /// ellipsis meets the first visible character); `end` when not even the last grapheme cluster
    /// fits. `truncationEnd` read backwards: the prefix sums propose, the text shaped as a line
    /// (cut at its start, so an Arabic word takes its initial form) decides.
    ///
    /// A cut inside one of `entities` that ends before `end` moves on to the entity's end (the
    /// whole entity goes); one that ends the kept text may be cut (it is wider than the line),
    /// unless `wholeAtEdge`: then it goes whole too.
    mutating func truncationStart(
        from lower: Int, to end: Int, room: Double, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double, entities: [Entity] = [], wholeAtEdge: Bool = false
    ) -> Int {
        let limit = room + 1e-6
        let reach = limit + Self.slack(items, size: size)
        let starts = text.graphemeStarts
        // Backward, by the estimate: the earliest candidate.
        var c = end
        while c > lower, !Self.isMandatoryBreak(text.scalars[c - 1].value) {
            var previous = c - 1
            while previous > lower, !starts[previous] { previous -= 1 }
            if !text.isHangingSpace(previous), advance(previous, end) > reach { break }
            c = previous
        }
        // Forward, by the text shaped as a line.
        while c < end {
            let visible = Self.visibleStart(c, end, text: text)
            let allowed = Self.entityCutForward(visible, before: wholeAtEdge ? end + 1 : end, entities: entities)
            if allowed > visible {
                c = allowed
                continue
            }
            if visible == end || measure(visible, end, cuts: .start, items: items, text: text, shape: &shape, tables: tables, size: size) <= limit {
                return visible
            }
            c += 1
            while c < end, !starts[c] { c += 1 }
        }
        return end
    }

    /// `c` moved past the hanging white space after it, at most to `end`.
    static func visibleStart(_ c: Int, _ end: Int, text: TextBuffer) -> Int {
        var c = c
        while c < end, text.isHangingSpace(c) { c += 1 }
        return c
    }

    /// The earliest cut at or after `cut` that is not inside an entity ending before `end`: the
    /// entity's end (a URL goes whole too: a tail without its host would name no site).
    static func entityCutForward(_ cut: Int, before end: Int, entities: [Entity]) -> Int {
        guard !entities.isEmpty else { return cut }
        var e = entities.partitioningIndex { $0.range.upperBound > cut }
        while e < entities.count, entities[e].range.lowerBound < cut {
            let entity = entities[e]
            e += 1
            guard entity.range.upperBound < end, entity.kind.isCutWhole else { continue }
            return entity.range.upperBound
        }
        return cut
    }

    /// The cuts of a line truncated in its middle, [start, end) (`end` a visible end) in the loaded
    /// paragraph: the tail first, `truncationStart` in half the room, moved back to take in a file
    /// name's extension when that fits in the room; then the head, `truncationEnd` in what the tail
    /// leaves. The kept text is [start, head) and [tail, end).
    ///
    /// An entity at the line's end that the tail's cut enters (wider than half the room) is kept
    /// whole when it fits in the room, the head giving way ("hello…@someone", not "hello
    /// ther…omeone"); so is one at the line's start that the head's cut enters, the tail giving
    /// way. Only an entity wider than the whole room is cut, as at the other two modes' edges.
    mutating func middleCut(
        from start: Int, to end: Int, room: Double, items: [Item], text: TextBuffer, shape: inout ShapeScratch,
        tables: ItemTables, size: Double, entities: [Entity] = [], wholeAtEdge: Bool = false
    ) -> (head: Int, tail: Int) {
        var tail = truncationStart(
            from: start, to: end, room: room / 2, items: items, text: text, shape: &shape, tables: tables, size: size,
            entities: entities, wholeAtEdge: wholeAtEdge)
        if let dot = Self.extensionStart(text.scalars, start..<end), dot < tail,
            measure(dot, end, cuts: .start, items: items, text: text, shape: &shape, tables: tables, size: size) <= room
        {
            tail = dot
        }
        let cutWhole = entities.filter(\.kind.isCutWhole)
        if let entity = cutWhole.first(where: { $0.range.lowerBound < tail && tail < $0.range.upperBound && $0.range.upperBound >= end }),
            entity.range.lowerBound >= start,
            measure(entity.range.lowerBound, end, cuts: .start, items: items, text: text, shape: &shape, tables: tables, size: size) <= room
        {
            tail = entity.range.lowerBound
        }
        var tailWidth = tail < end
            ? measure(tail, end, cuts: .start, items: items, text: text, shape: &shape, tables: tables, size: size) : 0
        var head = truncationEnd(
            from: start, to: tail, room: room - tailWidth, items: items, text: text, shape: &shape, tables: tables, size: size,
            entities: entities, wholeAtEdge: wholeAtEdge)
        if let entity = cutWhole.first(where: { $0.range.lowerBound <= start && start < head && head < $0.range.upperBound }),
            entity.range.upperBound <= end
        {
            let entityWidth = measure(start, entity.range.upperBound, cuts: .end, items: items, text: text, shape: &shape, tables: tables, size: size)
            if entityWidth <= room {
                // The tail in what the entity leaves, at least past the entity.
                tail = max(entity.range.upperBound, truncationStart(
                    from: entity.range.upperBound, to: end, room: room - entityWidth, items: items, text: text, shape: &shape,
                    tables: tables, size: size, entities: entities, wholeAtEdge: wholeAtEdge))
                tailWidth = tail < end
                    ? measure(tail, end, cuts: .start, items: items, text: text, shape: &shape, tables: tables, size: size) : 0
                head = truncationEnd(
                    from: start, to: tail, room: room - tailWidth, items: items, text: text, shape: &shape, tables: tables,
                    size: size, entities: entities, wholeAtEdge: wholeAtEdge)
            }
        }
        return (head, tail)
    }

    /// Where the file name extension at the end of `range` of `scalars` starts: the last "." of its
    /// last word, after something that is not white space and followed by one to eight letters or
    /// digits ("report-v3.pdf": the "." of ".pdf"), or nil. Middle truncation keeps it in the tail
    /// (a layout's, and a plain preview string's).
    static func extensionStart(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Int? {
        var i = range.upperBound
        while i > range.lowerBound, i > range.upperBound - 9,
            scalars[i - 1].properties.isAlphabetic || scalars[i - 1].properties.numericType != nil
        {
            i -= 1
        }
        guard i < range.upperBound, i - 1 > range.lowerBound, scalars[i - 1] == ".", !scalars[i - 2].properties.isWhitespace
        else { return nil }
        return i - 1
    }
}

extension EntityKind {
    /// Whether a truncation's cut keeps or drops an entity of this kind whole: not an inline box
    /// (one code point: nothing to cut inside), nor a spoiler (a masked block shows no text, so a
    /// cut inside it reveals nothing and leaves the rest of the line to the text).
    var isCutWhole: Bool { self != .inlineBox && self != .spoiler }
}
