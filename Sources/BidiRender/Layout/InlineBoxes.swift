// InlineBoxes: the inline boxes of a built line placed against it — each box's top by its alignment,
// the line grown to hold the boxes taller than its text, their ink — and, on the finished layout, the
// boxes reported as entities whose one rectangle is the box.

/// Places inline boxes (`InlineBox`) on lines and reports them.
enum InlineBoxes {
    /// Places the boxes of `line` (built, truncated, and fitted to the line height: its ascent and
    /// descent are its text's) and grows its ascent and descent to hold them, CSS's way: the boxes
    /// that align to the text (baseline, middle, text-top, text-bottom) first, then those that
    /// align to the line box (top, bottom), which grow it only by what still does not fit (a top
    /// box downwards, a bottom one upwards). Each box's rectangle joins the line's ink.
    static func fit(_ line: inout LayoutLine, boxes: [InlineSpan]) {
        guard !boxes.isEmpty, line.runs.contains(where: \.isInlineBox) else { return }
        let (textAscent, textDescent, halfGap) = (line.ascent, line.descent, line.lineGap / 2)
        var (ascent, descent) = (textAscent, textDescent)
        for r in line.runs.indices where line.runs[r].isInlineBox {
            let box = boxes[Int(line.runs[r].inlineBox)].box
            guard !box.alignsToLineBox else { continue }
            let top = box.top(textAscent: textAscent, textDescent: textDescent, lineTop: 0, lineBottom: 0)
            line.runs[r].inlineTop = top
            (ascent, descent) = (max(ascent, -top), max(descent, top + box.height))
        }
        for r in line.runs.indices where line.runs[r].isInlineBox {
            let box = boxes[Int(line.runs[r].inlineBox)].box
            guard box.alignsToLineBox else { continue }
            let excess = box.height - (ascent + descent + 2 * halfGap)
            if excess > 0 {
                if box.alignment == .top { descent += excess } else { ascent += excess }
            }
        }
        (line.ascent, line.descent) = (ascent, descent)
        for r in line.runs.indices where line.runs[r].isInlineBox {
            let run = line.runs[r]
            let box = boxes[Int(run.inlineBox)].box
            if box.alignsToLineBox {
                line.runs[r].inlineTop = box.top(
                    textAscent: textAscent, textDescent: textDescent, lineTop: -(ascent + halfGap),
                    lineBottom: descent + halfGap)
            }
            let top = line.runs[r].inlineTop
            if box.width > 0, box.height > 0 {
                InkBox.unite(&line.ink, InkBox(minX: run.x, minY: top, maxX: run.x + run.advance, maxY: top + box.height))
            }
        }
    }

    /// The boxes of a finished layout as entities, sorted by start: kind `.inlineBox`, the span's
    /// id, the direction of the run it is, and its one rectangle (none for a box truncation cut
    /// off).
    static func entities(of lines: [LayoutLine], boxes: [InlineSpan]) -> [Entity] {
        var entities = boxes.map { Entity(kind: .inlineBox, range: $0.range, direction: .leftToRight, id: $0.id) }
        for line in lines {
            for run in line.runs where run.isInlineBox {
                let k = Int(run.inlineBox)
                entities[k].direction = TextDirection(level: run.level)
                entities[k].rects = [LayoutRect(
                    x: run.x, y: line.baseline + run.inlineTop, width: run.advance, height: boxes[k].box.height)]
            }
        }
        return entities
    }

    /// `entities` and `boxes` (both sorted by start) merged, by start; an entity that holds a box
    /// comes before it.
    static func merge(_ entities: [Entity], _ boxes: [Entity]) -> [Entity] {
        guard !boxes.isEmpty else { return entities }
        var merged: [Entity] = []
        merged.reserveCapacity(entities.count + boxes.count)
        var b = 0
        for entity in entities {
            while b < boxes.count, boxes[b].range.lowerBound < entity.range.lowerBound {
                merged.append(boxes[b])
                b += 1
            }
            merged.append(entity)
        }
        merged.append(contentsOf: boxes[b...])
        return merged
    }
}
