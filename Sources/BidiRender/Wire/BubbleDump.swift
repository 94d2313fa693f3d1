// BubbleDump: a Bubble as the CLI's JSON document, or as text — its size, the text's frame, the
// slot, then the text's layout in the layout command's form.

extension Bubble {
    /// The bubble as compact JSON:
    /// {"size":{"width","height"},"text":{"x","y","width","height"},"lines":N,"greedyWidth":W,
    ///  "slot":{"x","y","width","height","ownLine"}|null,"jumbomoji":bool,"layout":{…the layout JSON…}}
    /// Every x and y is in px from the bubble's top-left corner, except inside "layout", whose
    /// coordinates are the text's own (add "text"'s x and y).
    package func writeJSON(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        func number(_ v: Double) -> String { JSONText.number(v) }
        func rect(_ r: LayoutRect) -> String {
            "\"x\":\(number(r.x)),\"y\":\(number(r.y)),\"width\":\(number(r.width)),\"height\":\(number(r.height))"
        }
        out.write("{\"size\":{\"width\":\(number(width)),\"height\":\(number(height))},\"text\":{\(rect(textFrame))}")
        out.write(",\"lines\":\(layout.lines.count),\"greedyWidth\":\(number(greedyWidth)),\"slot\":")
        out.write(slotFrame.map { "{\(rect($0)),\"ownLine\":\(slotOnOwnLine)}" } ?? "null")
        out.write(",\"jumbomoji\":\(isJumbomoji),\"layout\":")
        layout.writeJSON(to: &out, fontDirectory: fontDirectory)
        out.write("}")
    }

    /// The bubble as text: `bubble W×H text x,y W×H lines N greedy W [slot x,y W×H own-line|last-line]
    /// [jumbomoji]`, then the layout's text dump (`Layout.writeText`).
    package func writeText(to out: inout some TextOutputStream, fontDirectory: String? = nil) {
        func number(_ v: Double) -> String { JSONText.number(v) }
        var head = "bubble \(number(width))×\(number(height)) text \(number(textFrame.x)),\(number(textFrame.y))"
        head += " \(number(textFrame.width))×\(number(textFrame.height)) lines \(layout.lines.count) greedy \(number(greedyWidth))"
        if let slot = slotFrame {
            head += " slot \(number(slot.x)),\(number(slot.y)) \(number(slot.width))×\(number(slot.height))"
            head += slotOnOwnLine ? " own-line" : " last-line"
        }
        out.write(head + (isJumbomoji ? " jumbomoji\n" : "\n"))
        layout.writeText(to: &out, fontDirectory: fontDirectory)
    }
}
