// BidiReorderer+Line: line reordering (UAX #9 L1–L2) through the chosen engine (NativeEngine+Line.swift,
// FriBidiEngine.swift), and the whole-text visual order of the hot path.

private typealias Class = BidiClassValue

extension BidiReorderer {
    static let x9RemovedMask: UInt32 = BidiClass.allCases.filter(\.isRemovedByX9).reduce(0) { $0 | 1 << UInt32($1.rawValue) }

    /// Reorders `lineStart..<lineEnd` of paragraph `index` (L1–L2) with `engine` into
    /// `map[lineStart..<lineEnd]` (offsets from the paragraph's start), after `resolve`, and writes the
    /// line's L1 into `levels`. Returns false when the engine could not (FriBidi could not allocate).
    func reorder(paragraph index: Int, baseLevel: UInt8, lineStart: Int, lineEnd: Int) -> Bool {
        if lineEnd == lineStart { return true }
        let p = paragraphs[index]
        let (classes, levels, map) = (self.classes + p.start, self.levels + p.start, self.map + lineStart)
        let (start, end) = (lineStart - p.start, lineEnd - p.start)
        let separators = p.classSet & (1 << UInt32(Class.S)) != 0
        switch engine {
        case .native:
            return native.reorderLine(
                classes: classes, levels: levels, lineStart: start, lineEnd: end, baseLevel: baseLevel,
                segmentSeparators: separators, map: map)
        case .fribidi:
            return fribidi.reorderLine(
                classes: classes, levels: levels, lineStart: start, lineEnd: end, baseLevel: baseLevel,
                segmentSeparators: separators, map: map)
        }
    }

    /// Resolves and reorders every paragraph as one line, and writes the visual order into `visual`
    /// without X9-removed characters (and without separators unless `includeSeparators`). Returns the
    /// number of entries. A line FriBidi cannot reorder keeps logical order.
    func reorderAll(direction: ParagraphDirection, includeSeparators: Bool) -> Int {
        var out = 0
        let removed = Self.x9RemovedMask
        let (map, classes, visual) = (self.map, self.classes, self.visual)
        for index in paragraphs.indices {
            let p = paragraphs[index]
            let base = resolve(paragraph: index, direction: direction)
            let end = includeSeparators ? p.end : p.contentEnd
            if engine == .native, end == p.end, p.classSet & removed == 0 {
                // Nothing to leave out (most chat text): the line's order goes straight to `visual`
                // (offsets from the text's start: the whole text is the engine's base).
                _ = native.reorderLine(
                    classes: classes, levels: levels, lineStart: p.start, lineEnd: p.end, baseLevel: base,
                    segmentSeparators: p.classSet & (1 << UInt32(Class.S)) != 0, map: visual + out)
                out += p.end - p.start
                continue
            }
            if !reorder(paragraph: index, baseLevel: base, lineStart: p.start, lineEnd: p.end) {
                for i in p.start..<p.end { map[i] = Int32(i - p.start) }
            }
            for i in p.start..<p.end {
                let logical = p.start + Int(map[i])
                if logical >= end || removed & (1 << UInt32(classes[logical])) != 0 { continue }
                visual[out] = Int32(logical)
                out += 1
            }
        }
        return out
    }
}
