// LayoutFindings: the text guard run by every layout on its own text (`Layout.findings`) — the scans
// of the whole text, the identifier checks on the entities it found, and per line the ink that rises
// above the line box or falls below it by more than a quarter of the size (Zalgo painting over the
// lines around it).

extension LayoutScratch {
    /// The findings of the loaded text with `entities` found in it, on `lines` laid out at `size`.
    /// An inline box's placeholder (U+FFFC, then CGJs) is not the text's: `boxes` are skipped.
    func guardFindings(entities: [Entity], boxes: [InlineSpan], lines: [LayoutLine], size: Double) -> [TextFinding] {
        Self.withInkOverflow(textFindings(entities: entities, boxes: boxes), lines: lines, size: size)
    }

    /// `found`, the findings of a text, with `inkOverflow`'s of its `lines`, in text order.
    static func withInkOverflow(_ found: [TextFinding], lines: [LayoutLine], size: Double) -> [TextFinding] {
        var found = found
        found += Self.inkOverflow(lines, size: size)
        guard found.count > 1 else { return found }
        return found.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
    }

    /// The findings of the loaded text alone, whatever its width: the scans and the identifier
    /// checks (`guardFindings` less the lines' ink). A prepared text keeps them for every width.
    func textFindings(entities: [Entity], boxes: [InlineSpan]) -> [TextFinding] {
        let scalars = text.scalars
        var found = TextGuardScan.findings(scalars, classes: text.classes)
        if !boxes.isEmpty {
            // The marks findings come in text order, the boxes sorted so: one walk, however many.
            let ranges = boxes.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
            var b = 0
            found.removeAll { f in
                guard f.kind == .marks else { return false }
                while b < ranges.count, ranges[b].upperBound <= f.range.lowerBound { b += 1 }
                return b < ranges.count && ranges[b].overlaps(f.range)
            }
        }
        // Each entity's identifier checked where it is found: no array of them is made.
        for entity in entities {
            guard let (range, role) = TextGuardScan.identifier(entity, in: scalars) else { continue }
            found += IdentifierCheck.findings(scalars, range, role: role, confusableWith: nil)
        }
        return found
    }

    /// A marks finding for each line whose glyphs' ink rises above its box's top or falls below its
    /// bottom by more than `size / 4` px, saying by how much.
    static func inkOverflow(_ lines: [LayoutLine], size: Double) -> [TextFinding] {
        var found: [TextFinding] = []
        for (i, line) in lines.enumerated() {
            guard let ink = line.ink else { continue }
            let rise = line.top - ink.minY
            let fall = ink.maxY - (line.top + line.height)
            guard max(rise, fall) > size / 4 else { continue }
            var words: [String] = []
            if rise > size / 4 { words.append("rises \(Self.px(rise)) px above") }
            if fall > size / 4 { words.append("falls \(Self.px(fall)) px below") }
            found.append(TextFinding(.marks, line.range, "the ink of line \(i) \(words.joined(separator: " and ")) its box"))
        }
        return found
    }

    /// `value` to a tenth of a px.
    static func px(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
