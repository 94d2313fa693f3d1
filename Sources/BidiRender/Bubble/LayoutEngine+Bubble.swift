// LayoutEngine+Bubble: a chat bubble in one call — the direction a bubble of user text wants, the
// jumbomoji size, the balanced width, the slot's place, the size with padding.

extension LayoutEngine {
    /// A chat bubble of `text`: laid out no wider than `maxWidth` (padding included), as narrow as
    /// keeps its line count (`balanced`), with an optional trailing `slot` on its last line.
    ///
    /// **Direction.** A bubble holds what a user typed, in any language: with `options.direction`
    /// `.auto` (the default) the bubble uses `.autoWithFallback(uiDirection)`: each paragraph takes
    /// its first strong character's direction, and a message with none (digits, emoji, "12:30")
    /// the UI's. So "Hello, how are you?" in an Arabic UI reads left to right, not as
    /// "?Hello, how are you". Force a direction only for text the app wrote itself (a translated
    /// template with a name in it). `options.alignment` `.natural` (the default) puts each
    /// paragraph at its own leading edge, as chat apps do.
    ///
    /// **Width.** The text is laid out at `maxWidth` less the padding; with `balanced` (the
    /// default) the width then narrows, to 0.5 px, as long as the line count stays (and nothing
    /// more is truncated, and no more lines end inside a URL or a word: a URL that fits on a line
    /// stays whole); a one-line message is as wide as its text. `balanced: false` keeps the
    /// greedy lines, at their own width.
    ///
    /// **Jumbomoji.** A message of 1 to `jumbomoji.count` emoji (RGI sequences of UTS #51: keycaps,
    /// flags, tag, modifier and ZWJ sequences count one each; white space between them allowed;
    /// ©, ™ and digits without VS16 are not emoji) is laid out at `options.size` times
    /// `jumbomoji[count - 1]`: by default 3× for one, 2.5× for two, 2× for three. `[]` turns it off.
    ///
    /// - Parameters:
    ///   - text: the message.
    ///   - spans: attributed ranges and entities, as for `layout(_:spans:options:)`.
    ///   - options: the layout options; `maxWidth` is ignored (the bubble sets it), `maxLines`
    ///     truncates as in a layout.
    ///   - maxWidth: the bubble's largest width, padding included, in px.
    ///   - uiDirection: the app's direction (nil: the direction of `options.locale`): the fallback
    ///     direction of the text.
    ///   - horizontalPadding: px left and right of the text.
    ///   - verticalPadding: px above and below the text.
    ///   - slot: the trailing slot (a time, read receipts), or nil.
    ///   - slotGap: the least space between the last line's content and a slot beside it, in px.
    ///   - balanced: whether the width narrows to the balanced width.
    ///   - jumbomoji: the size factors for messages of 1, 2, … emoji; `[]` turns it off.
    /// - Throws: `.invalidValue` for a width, padding, gap, slot size or factor out of range (the
    ///   key names it: `maxWidth`, `padding`, `slotGap`, `slot`, `jumbomoji`), a slot wider than the
    ///   text's room, and whatever `layout(_:spans:options:)` throws.
    public func bubble(
        _ text: String, spans: [TextSpan] = [], options: LayoutOptions = LayoutOptions(), maxWidth: Double,
        uiDirection: TextDirection? = nil, horizontalPadding: Double = 0, verticalPadding: Double = 0,
        slot: BubbleSlot? = nil, slotGap: Double = 8, balanced: Bool = true, jumbomoji: [Double] = [3, 2.5, 2]
    ) throws(BidiRenderError) -> Bubble {
        let parameters = BubbleParameters(
            maxWidth: maxWidth, uiDirection: uiDirection, horizontalPadding: horizontalPadding,
            verticalPadding: verticalPadding, slot: slot, slotGap: slotGap, balanced: balanced, jumbomoji: jumbomoji)
        return try bubble(text, spans: spans, options: options, parameters: parameters)
    }

    /// The bubble of `text` with the bubble's `parameters` (the CLI's and `--jsonl`'s way in).
    package func bubble(
        _ text: String, spans: [TextSpan], options: LayoutOptions, parameters: BubbleParameters
    ) throws(BidiRenderError) -> Bubble {
        let request = try BubbleRequest(options: options, parameters: parameters)
        var options = request.textOptions
        let emoji = request.jumbomoji.isEmpty ? nil : Jumbomoji.count(in: text, max: request.jumbomoji.count)
        var spans = spans
        if let emoji {
            // The emoji at the larger size, as spans over them (the white space between stays at
            // the text's size): the line's strut stays the locale's first font at the text's size,
            // and the emoji font's own metrics at their size make the line. With options.size × 3
            // the strut, an Arabic UI's Noto Sans Arabic, was 2.1 em tall: 30 px of fill under a
            // 45 px emoji; a space at that size in it would be too.
            var start: Int?
            let scalars = Array(text.unicodeScalars) + [" "]
            for (i, scalar) in scalars.enumerated() {
                if scalar.properties.isWhitespace {
                    if let s = start {
                        var large = TextSpan(range: s..<i)
                        large.size = options.size * request.jumbomoji[emoji - 1]
                        spans.append(large)
                    }
                    start = nil
                } else if start == nil {
                    start = i
                }
            }
        }
        options.maxWidth = request.textWidth
        // Shaped once; each width after is line filling alone (PreparedText).
        let prepared = try prepare(text, spans: spans, options: options)
        // Each width laid out once: a one-line text's tight layout and the slot's plain one are the
        // same width, laid out twice before.
        var laidOut: [(width: Double, layout: Layout)] = []
        let layoutAt = { (width: Double) throws(BidiRenderError) -> Layout in
            if let known = laidOut.first(where: { $0.width == width }) { return known.layout }
            let layout = try prepared.layout(width: width, maxLines: options.maxLines)
            laidOut.append((width, layout))
            return layout
        }
        let probe = { (width: Double) throws(BidiRenderError) -> BalancedWidth.Probe in
            let filled = try prepared.lineRanges(width: width, maxLines: options.maxLines)
            return BalancedWidth.Probe(
                lines: filled.ranges.count, truncated: filled.truncated, forced: filled.forced,
                overflowing: filled.overflowing)
        }
        let greedy = try layoutAt(request.textWidth)
        let forced = prepared.forcedBreaks(greedy.lines)
        var text = try BalancedWidth.layout(
            greedy: greedy, forced: forced, balanced: request.balanced, probe: probe, layoutAt: layoutAt)
        let slot = try slotContent(request)
        // A text with nothing to show (empty, or white space only, which hangs) takes no width: its
        // layout keeps the maximum width (a layout's width is positive), its bubble does not.
        func place(_ text: Layout) -> SlotPlacement {
            SlotPlacement.place(
                slot: slot.size, baseline: slot.baseline, text: text, textWidth: text.contentWidth > 0 ? text.width : 0,
                maxWidth: request.textWidth, gap: request.slotGap)
        }
        var placement = place(text)
        if request.balanced, let size = slot.size,
            !Self.fitsOwnWidth(placement, greedy: greedy, slot: size, baseline: slot.baseline, request: request)
        {
            let plain = try BalancedWidth.layout(greedy: greedy, forced: forced, balanced: false, probe: probe, layoutAt: layoutAt)
            (text, placement) = try Self.keepingTheSlot((text, placement), greedy: plain, place: place, layoutAt: layoutAt)
        }
        let textWidth = text.contentWidth > 0 ? text.width : 0
        let (px, py) = request.padding
        return Bubble(
            width: placement.width + 2 * px, height: placement.height + 2 * py, layout: text,
            textFrame: LayoutRect(x: px + placement.textX, y: py, width: textWidth, height: text.height),
            slotFrame: placement.slot.map { LayoutRect(x: $0.x + px, y: $0.y + py, width: $0.width, height: $0.height) },
            slotLayout: slot.layout, slotOnOwnLine: placement.ownLine, isJumbomoji: emoji != nil,
            greedyWidth: greedy.contentWidth, horizontalPadding: px, verticalPadding: py)
    }

    /// Whether `placement` (the balanced text's) fits in the bubble of the greedy lines at their own
    /// width, which `keepingTheSlot` bounds it by, found without laying them out there: the slot
    /// placed after `greedy`'s last line where that width aligns it (the lines' heights and widths
    /// do not depend on the layout's width). That is the bound itself when the greedy lines keep
    /// their breaks at their own width (always, but for a rounding at a break), and a smaller one
    /// otherwise (the bound is then the greedy layout's, at the maximum width): so `placement`
    /// fitting it fits the bound, and no layout is made.
    private static func fitsOwnWidth(
        _ placement: SlotPlacement, greedy: Layout, slot: (width: Double, height: Double), baseline: Double?,
        request: BubbleRequest
    ) -> Bool {
        let width = greedy.contentWidth
        guard let last = greedy.lines.last, width > 0, width < greedy.width else { return false }
        let direction = greedy.paragraphs[last.paragraph].direction
        let x = last.alignedX(width: width, paragraphDirection: direction, options: greedy.options)
        let bound = SlotPlacement.place(
            slot: slot, baseline: baseline, after: last, at: x, rtl: direction == .rightToLeft,
            textHeight: greedy.height, textWidth: width, maxWidth: request.textWidth, gap: request.slotGap)
        return placement.fits(in: bound)
    }

    /// Balancing moves words to the last line: the slot may then leave it for a row of its own, or
    /// widen the bubble beside it. A balanced bubble is never taller or wider than the `greedy` one
    /// (its lines at their own width): when `balanced` is, the narrowest width between the two that
    /// is neither (as many lines, no truncation) is searched for by bisection, as the balanced width
    /// is, each step a layout of the prepared text (`layoutAt`); the greedy lines when none is.
    private static func keepingTheSlot(
        _ balanced: (text: Layout, placement: SlotPlacement), greedy: Layout, place: (Layout) -> SlotPlacement,
        layoutAt: (Double) throws(BidiRenderError) -> Layout
    ) throws(BidiRenderError) -> (text: Layout, placement: SlotPlacement) {
        let bound = place(greedy)
        guard !balanced.placement.fits(in: bound) else { return balanced }
        // From the balanced width (too narrow for the slot) up to the greedy one (fits).
        var (lo, hi) = (balanced.text.width, greedy.width)
        var best = (text: greedy, placement: bound)
        while hi - lo > BalancedWidth.precision {
            let mid = (lo + hi) / 2
            let candidate = try layoutAt(mid)
            let p = place(candidate)
            if candidate.lines.count == greedy.lines.count, !candidate.truncated, p.fits(in: bound) {
                (best, hi) = ((candidate, p), mid)
            } else {
                lo = mid
            }
        }
        return best
    }

    /// The slot's size, and for a text slot its layout and first baseline.
    private func slotContent(
        _ request: BubbleRequest
    ) throws(BidiRenderError) -> (size: (width: Double, height: Double)?, baseline: Double?, layout: Layout?) {
        switch request.slot {
        case nil: return (nil, nil, nil)
        case .box(let width, let height)?: return ((width, height), nil, nil)
        case .text(let string, let size, let color)?:
            let options = LayoutOptions(
                direction: .autoWithFallback(request.uiDirection), locale: request.textOptions.locale, size: size)
            let count = string.unicodeScalars.count
            let layout = try self.layout(
                string, spans: count == 0 ? [] : [TextSpan(range: 0..<count, color: color)], options: options)
            guard layout.contentWidth <= request.textWidth else {
                // To a thousandth of a px, as the dumps write lengths (a sum of advances has noise).
                func px(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
                throw .invalidValue(
                    key: "slot.text", value: string,
                    reason: "is \(px(layout.contentWidth)) px wide, more than the text's \(px(request.textWidth)) px")
            }
            return ((layout.contentWidth, layout.height), layout.lines.first?.baseline, layout)
        }
    }
}
