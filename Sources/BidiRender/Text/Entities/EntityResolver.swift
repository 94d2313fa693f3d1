// EntityResolver: the text stage's entity pass for one layout call — the caller's entity spans and
// the entities detected by the grammars, merged, each given its isolation direction, and the base
// level of every paragraph. Its arrays are reused from call to call (a layout scratch keeps one).
//
// Rules:
// - Caller entity spans (`TextSpan.entity`) are always honoured, whatever `kinds` says, and win:
//   a detected entity that overlaps one is dropped. A span is clipped to the paragraph it starts in.
// - URLs, e-mail addresses and phone numbers are isolated left to right; mentions and hashtags by
//   their first strong character (UAX #9 P2–P3 over the entity), else their paragraph's direction.
// - An auto paragraph takes its direction (P2–P3) from the text outside its entities: a name or a URL
//   says nothing about the message's language.

/// Entities and paragraph levels of one text, in storage reused across calls.
struct EntityResolver {
    /// The entities, sorted and not overlapping.
    private(set) var entities: [Entity] = []
    /// The paragraphs' content ranges (UAX #9 P1 on the original text, separators excluded).
    private(set) var paragraphs: [Range<Int>] = []
    /// The base level of each paragraph.
    private(set) var paragraphLevels: [UInt8] = []
    /// The detected entities before merging, and the caller's entity spans (sorted, clipped).
    private var detected: [Entity] = []
    private var caller: [Entity] = []

    /// Lets go of storage a very long text grew.
    mutating func trim() {
        if entities.capacity > 4_096 || detected.capacity > 4_096 { self = EntityResolver() }
    }

    /// Resolves `scalars` (with their bidi `classes`): paragraphs, their levels under `direction`, and
    /// the entities of `kinds` merged with the caller's entity spans among `spans`.
    mutating func resolve(
        _ scalars: [Unicode.Scalar], classes: [BidiClass], direction: ParagraphDirection, kinds: EntityKinds,
        spans: [TextSpan]
    ) {
        splitParagraphs(scalars, classes)
        collectCallerSpans(spans, count: scalars.count)
        detected.removeAll(keepingCapacity: true)
        scalars.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: UInt32.self) { EntityDetector.detect($0, kinds: kinds, into: &detected) }
        }
        merge()
        assignDirections(classes, direction: direction)
    }

    /// UAX #9 P1 on the original text (`Paragraphs.split`).
    private mutating func splitParagraphs(_ scalars: [Unicode.Scalar], _ classes: [BidiClass]) {
        var out: [Range<Int>] = []
        swap(&out, &paragraphs)
        out.removeAll(keepingCapacity: true)
        Paragraphs.split(count: scalars.count, classAt: { classes[$0].rawValue }, scalarAt: { scalars[$0].value }) {
            start, contentEnd, _ in out.append(start..<contentEnd)
        }
        swap(&out, &paragraphs)
    }

    /// The caller's entity spans, sorted, clipped to their paragraph, overlaps dropped.
    private mutating func collectCallerSpans(_ spans: [TextSpan], count: Int) {
        caller.removeAll(keepingCapacity: true)
        for span in spans {
            guard let kind = span.entity, kind != .inlineBox, kind != .ellipsis else { continue }
            caller.append(Entity(kind: kind, range: span.range, direction: .leftToRight, id: span.id))
        }
        guard !caller.isEmpty else { return }
        if !caller.indices.dropFirst().allSatisfy({ caller[$0 - 1].range.lowerBound <= caller[$0].range.lowerBound }) {
            caller.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        var kept = 0
        for k in caller.indices {
            var span = caller[k]
            let lo = max(0, min(span.range.lowerBound, count))
            let paragraph = paragraphContaining(lo)
            span.range = lo..<max(lo, min(span.range.upperBound, paragraph.upperBound))
            // Over the same range the later span wins (the sort is stable); an overlap is refused
            // before (`TextSpan.checkEntities`) but for a spoiler's, which is dropped.
            if kept > 0, caller[kept - 1].range == span.range, !span.range.isEmpty, span.kind != .spoiler,
                caller[kept - 1].kind != .spoiler
            {
                caller[kept - 1] = span
                continue
            }
            if span.range.isEmpty || (kept > 0 && caller[kept - 1].range.overlaps(span.range)) { continue }
            caller[kept] = span
            kept += 1
        }
        caller.removeLast(caller.count - kept)
    }

    /// The paragraph that holds offset `i` (the last one for the end of the text).
    private func paragraphContaining(_ i: Int) -> Range<Int> {
        let k = paragraphs.partitioningIndex { $0.upperBound >= i }
        return paragraphs[min(k, paragraphs.count - 1)]
    }

    /// `entities` = the caller's spans and the detected entities that overlap none of them, sorted.
    private mutating func merge() {
        entities.removeAll(keepingCapacity: true)
        var c = 0
        for entity in detected {
            while c < caller.count, caller[c].range.upperBound <= entity.range.lowerBound {
                entities.append(caller[c])
                c += 1
            }
            if c < caller.count, caller[c].range.overlaps(entity.range) { continue }
            entities.append(entity)
        }
        entities.append(contentsOf: caller[c...])
    }

    /// Each paragraph's base level, and each entity's direction.
    private mutating func assignDirections(_ classes: [BidiClass], direction: ParagraphDirection) {
        paragraphLevels.removeAll(keepingCapacity: true)
        var e = 0
        for paragraph in paragraphs {
            let first = e
            while e < entities.count, entities[e].range.lowerBound < paragraph.upperBound { e += 1 }
            let inside = first..<e
            let base = direction.forcedLevel
                ?? Self.firstStrongLevel(classes, paragraph, skipping: entities[inside])
                ?? direction.fallbackLevel
            paragraphLevels.append(base)
            for k in inside {
                if entities[k].kind.isAlwaysLeftToRight {
                    entities[k].direction = .leftToRight
                } else {
                    let level = Self.firstStrongLevel(classes, entities[k].range, skipping: ArraySlice<Entity>()) ?? base
                    entities[k].direction = TextDirection(level: level)
                }
            }
        }
    }

    /// Cuts each entity that covers part of one of `boxes` (sorted) to end before the box, or to
    /// start after it when the box holds its start; one left empty is dropped. A box is one unit: an
    /// entity holds it whole or not at all.
    mutating func keepWhole(_ boxes: [InlineSpan]) {
        guard !boxes.isEmpty, !entities.isEmpty else { return }
        var kept = 0
        var b = 0
        for var entity in entities {
            while b < boxes.count, boxes[b].range.upperBound <= entity.range.lowerBound { b += 1 }
            var k = b
            while k < boxes.count, boxes[k].range.lowerBound < entity.range.upperBound {
                let box = boxes[k].range
                if box.lowerBound < entity.range.lowerBound {
                    entity.range = min(box.upperBound, entity.range.upperBound)..<entity.range.upperBound
                } else if box.upperBound > entity.range.upperBound {
                    entity.range = entity.range.lowerBound..<box.lowerBound
                }
                k += 1
            }
            guard !entity.range.isEmpty else { continue }
            entities[kept] = entity
            kept += 1
        }
        entities.removeLast(entities.count - kept)
    }

    /// UAX #9 P2–P3 over `range` (`Paragraphs.firstStrongLevel`), not looking inside `skipping`
    /// (sorted entities within `range`).
    static func firstStrongLevel(_ classes: [BidiClass], _ range: Range<Int>, skipping: ArraySlice<Entity>) -> UInt8? {
        let neutral = BidiClass.otherNeutral.rawValue
        if skipping.isEmpty {
            return Paragraphs.firstStrongLevel(from: range.lowerBound, to: range.upperBound) { classes[$0].rawValue }
        }
        return Paragraphs.firstStrongLevel(from: range.lowerBound, to: range.upperBound) { i in
            let k = skipping.partitioningIndex { $0.range.upperBound > i }
            return k < skipping.endIndex && skipping[k].range.contains(i) ? neutral : classes[i].rawValue
        }
    }
}
