// LayoutFuzzer: turns fuzz bytes into a text and layout options (direction, width, mentions, entities,
// digits, weight, locale, size) and runs the whole pipeline — strict UTF-8 decoding, bidi, mention and
// entity isolation, segmentation by every unit, break opportunities against ICU's, layout, JSON dump, and sometimes
// rendering — checking invariants that must hold for any input.
// With bit 0x20 of the third byte set, the width and the size are the raw bits of the next 16 bytes
// (any Double: huge, tiny, negative, NaN): they must either be refused with an error or laid out.
@_spi(Tools) @testable import BidiRender

/// Shared by every input, like a server's engine.
let engine: LayoutEngine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))
let renderer: Renderer = try! Renderer()
let locales = ["ar", "ar-EG", "ar-MA", "fa", "zh-CN", "zh-TW", "en-US", "he", "xx-unknown", "default", ""]
/// ICU's line breaker, the reference of the common classes' pass (one input at a time).
nonisolated(unsafe) var icuBreaks = ICUBreakOpportunities()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 4 else { return 0 }
    let (a, b, c, d) = (bytes[0], bytes[1], bytes[2], bytes[3])
    var rawNumbers: (width: Double, size: Double)?
    var bodyStart = 4
    if c & 0x20 != 0, bytes.count >= 20 {
        func double(at i: Int) -> Double {
            Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[i + $1]) })
        }
        rawNumbers = (double(at: 4), double(at: 12))
        bodyStart = 20
    }
    let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
    // Strict decoding must either succeed or name an offset inside the input.
    let text: String
    do {
        text = try TextInput.decodeUTF8(body, source: "fuzz")
    } catch {
        guard case .invalidUTF8(_, let offset) = error, offset >= 0, offset < body.count else {
            fatalError("bad UTF-8 error: \(error)")
        }
        text = String(decoding: body, as: UTF8.self)
    }
    let directions: [ParagraphDirection] = [.leftToRight, .rightToLeft, .auto, .autoWithFallback(.rightToLeft)]
    let widths: [Double?] = [nil, 1, 37.5, 120, 300]
    var options = LayoutOptions(
        direction: directions[Int(a & 3)], locale: LocaleTag(locales[Int(b) % locales.count]),
        weight: FontWeight(100 * (1 + Int(c % 9)))!, size: [4, 16, 31.5][Int((a >> 2) % 3)],
        maxWidth: widths[Int((a >> 4) % 5)],
        alignment: TextAlignment.allCases[Int(d) % TextAlignment.allCases.count],
        digits: DigitSubstitution.allCases[Int(d >> 4) % 4])
    options.style = c & 0x80 == 0 ? .normal : .italic
    options.isolate = EntityKinds(rawValue: (c >> 2) & EntityKinds.all.rawValue)
    // One or two lines, truncated with an ellipsis of either direction, when bit 0x40 of b is set.
    if b & 0x40 != 0 {
        options.maxLines = 1 + Int(d & 1)
        options.ellipsis = d & 2 == 0 ? "\u{2026}" : "\u{2026} اقرأ المزيد"
        options.truncation = [.end, .start, .middle, .end][Int(d >> 2) & 3]
        if c & 1 == 1 { options.ellipsisStyle = TextSpan(range: 0..<0, weight: .bold, color: .white, underline: true) }
    }
    if let (width, size) = rawNumbers {
        options.maxWidth = width
        options.size = size
    }
    let scalars = Array(text.unicodeScalars)
    var spans: [TextSpan] = []
    if b & 0x80 != 0, !scalars.isEmpty {
        let lo = Int(c) % scalars.count
        // The kinds a span may declare (an inline box needs its box; an ellipsis is the layout's).
        let kinds = EntityKind.declarable
        let kind = kinds[Int(d >> 3) % kinds.count]
        spans.append(TextSpan(range: lo..<min(scalars.count, lo + Int(d % 7) + 1), entity: kind, id: "x", weight: .bold))
    }

    // Bidi: the visual order of each paragraph is a permutation of its kept characters.
    let bidi = BidiText(text, direction: options.direction)
    for paragraph in bidi.paragraphs {
        let line = paragraph.singleLine
        precondition(Set(line.visualOrder).count == line.visualOrder.count, "duplicate in visual order")
        precondition(line.visualOrder.allSatisfy { paragraph.range.contains($0) }, "visual order outside the paragraph")
    }
    // Entity isolation (with the caller's spans) round-trips through strip when the text has no bidi
    // controls of its own, and its offset maps invert each other.
    let entities = EntityIsolation.isolated(text, direction: options.direction, kinds: options.isolate, spans: spans)
    if !text.unicodeScalars.contains(where: UnicodeBidiData.isBidiControl) {
        precondition(EntityIsolation.strip(entities.text) == text, "strip(isolate(t)) != t for entities")
    }
    for k in 0...entities.originalCount {
        precondition(try! entities.originalOffset(ofIsolated: entities.isolatedOffset(ofOriginal: k)) == k, "offset maps")
    }
    // reorder's display string keeps every character of a paragraph but the bidi controls, with and
    // without entities isolated.
    let isolatedBidi = BidiText(text, direction: options.direction, isolating: options.isolate)
    for analysis in [bidi, isolatedBidi] {
        for paragraph in analysis.paragraphs {
            let shown = analysis.displayString(paragraph.singleLine).unicodeScalars.count
            let kept = analysis.scalars[paragraph.range].count { !UnicodeBidiData.isBidiControl($0) }
            precondition(shown == kept, "display string lost or added characters")
        }
    }

    // Segmentation: each unit's boundaries increase and lie in 1...n, n the last; the grapheme ones
    // are the layout's (checked below).
    var graphemeEnds: [Int] = []
    for unit in TextBoundary.allCases {
        let found = try! engine.boundaries(in: text, by: unit, locale: options.locale)
        precondition(zip(found, found.dropFirst()).allSatisfy { $0 < $1 }, "\(unit) boundaries do not increase")
        precondition((found.first ?? 1) >= 1 && found.last == (scalars.isEmpty ? nil : scalars.count), "\(unit) boundaries out of range")
        if unit == .grapheme { graphemeEnds = found }
    }

    // Line breaking: where the pass of the common classes answers, ICU's root rules agree.
    var (common, icu): ([UInt8], [UInt8]) = ([], [])
    let codePoints = scalars.map(\.value)
    if codePoints.withUnsafeBufferPointer({ CommonBreakOpportunities.common($0, into: &common) }) {
        _ = codePoints.withUnsafeBufferPointer { icuBreaks.opportunities(for: $0, locale: LocaleTag("default"), into: &icu) }
        precondition(common == icu, "break opportunities differ from ICU's: \(codePoints.map { String($0, radix: 16) })")
    }

    let layout: Layout
    do {
        layout = try engine.layout(text, spans: spans, options: options)
    } catch {
        // Only numbers from the raw bytes may be refused, and only as an invalid value.
        guard rawNumbers != nil, case .invalidValue = error else { fatalError("valid options were rejected: \(error)") }
        return 0
    }
    checkTruncation(layout, options: options, scalars: scalars)
    // The flat result: the runs' glyph ranges, line by line and run by run, tile `layout.glyphs`.
    var nextGlyph = 0
    for run in layout.lines.flatMap(\.runs) {
        precondition(run.glyphRange.lowerBound == nextGlyph, "run glyphs at \(run.glyphRange), expected from \(nextGlyph)")
        nextGlyph = run.glyphRange.upperBound
    }
    precondition(nextGlyph == layout.glyphs.count, "\(layout.glyphs.count) glyphs, runs cover \(nextGlyph)")
    if spans.isEmpty {
        let ends = scalars.isEmpty ? [] : (1...scalars.count).filter { layout.graphemes.isBoundary($0) }
        precondition(graphemeEnds == ends, "segment's grapheme boundaries are not the layout's")
    }
    _ = layout.jsonDocument()
    checkGuard(text, scalars: scalars, layout: layout, role: TextRole.allCases[Int(c) % TextRole.allCases.count])
    if c & 0x40 != 0, layout.width < 2_000, layout.height < 2_000 {
        // Every other render clips each line's ink to its box and an allowance of 0 to 63 px.
        let overflow: Double? = d & 2 == 0 ? nil : Double(d >> 2)
        _ = try? renderer.rgba(layout, options: RenderOptions(padding: 2, debug: d & 1 == 1, inkOverflow: overflow))
        _ = try? renderer.svg(layout, options: RenderOptions(crop: d & 1 == 1 ? .ink : .none, inkOverflow: overflow))
    }
    return 0
}

/// The invariants of lines and truncation: lines partition each paragraph (but for the cut: the last
/// kept line of an end or middle truncation ends at it, the first of a start truncation starts at
/// it, and the paragraphs before that show no line); runs cover each line exactly once (a middle
/// truncation's line less the text between its head and its tail); the ellipsis's glyphs are at its
/// cut; no cut falls inside an entity but as the rules allow, and the ellipsis is an entity there.
func checkTruncation(_ layout: Layout, options: LayoutOptions, scalars: [Unicode.Scalar]) {
    let mode = options.maxLines == nil ? TruncationMode.end : options.truncation
    let firstKept = layout.lines.first?.paragraph ?? 0
    for (p, paragraph) in layout.paragraphs.enumerated() {
        let lines = layout.lines.filter { $0.paragraph == p }
        if mode == .start, layout.truncated, p < firstKept {
            precondition(lines.isEmpty, "a paragraph before the first kept line has lines")
            continue
        }
        let startCut = mode == .start && layout.truncated && p == firstKept
        precondition(
            startCut ? (lines.first?.range.lowerBound ?? -1) >= paragraph.range.lowerBound : lines.first?.range.lowerBound == paragraph.range.lowerBound,
            "lines do not start the paragraph")
        let cutHere = layout.truncated && mode != .start && p == layout.paragraphs.count - 1
        precondition(
            cutHere ? (lines.last?.range.upperBound ?? -1) <= paragraph.range.upperBound : lines.last?.range.upperBound == paragraph.range.upperBound,
            "lines do not end the paragraph")
        for line in lines {
            let covered = line.runs.reduce(0) { $0 + $1.range.count }
            let hole = mode == .middle && line.runs.contains(where: \.isEllipsis)
            precondition(hole ? covered <= line.range.count : covered == line.range.count, "runs do not cover the line")
            for run in line.runs {
                for glyph in layout.glyphs[run.glyphRange] {
                    precondition(
                        run.isEllipsis
                            ? glyph.cluster == run.range.lowerBound && (line.range.contains(glyph.cluster) || glyph.cluster == line.range.upperBound)
                            : line.range.contains(glyph.cluster),
                        "glyph outside its line")
                }
            }
        }
    }
    // A cut is never inside an entity but as the rules allow (without a width, or at its
    // paragraph's end, a line is kept whole: nothing is cut there); the ellipsis is an entity at it.
    guard layout.truncated, let line = mode == .start ? layout.lines.first : layout.lines.last,
        let ellipsis = line.runs.first(where: \.isEllipsis)
    else { return }
    let cut = ellipsis.range.lowerBound
    let entities = layout.entities.filter { $0.kind != .ellipsis && $0.kind != .inlineBox && $0.kind != .spoiler }
    if options.maxWidth != nil {
        switch mode {
        case .end, .middle:
            for e in entities where e.kind != .url && e.range.lowerBound > line.range.lowerBound {
                precondition(!(e.range.lowerBound < cut && cut < e.range.upperBound), "a cut at \(cut) inside \(e.kind) \(e.range)")
            }
            if mode == .middle,
                let tail = line.runs.filter({ !$0.isEllipsis && !$0.range.isEmpty && $0.range.lowerBound >= cut }).map(\.range.lowerBound).min()
            {
                for e in entities where e.range.upperBound < line.range.upperBound {
                    precondition(!(e.range.lowerBound < tail && tail < e.range.upperBound), "a tail at \(tail) inside \(e.kind) \(e.range)")
                }
            }
        case .start:
            let end = line.runs.filter { !$0.isEllipsis }.map(\.range.upperBound).max() ?? cut
            var visibleEnd = end
            while visibleEnd > cut, [.whiteSpace, .segmentSeparator, .boundaryNeutral].contains(BidiClass(scalars[visibleEnd - 1])) { visibleEnd -= 1 }
            for e in entities where e.range.upperBound < visibleEnd {
                precondition(!(e.range.lowerBound < cut && cut < e.range.upperBound), "a start cut at \(cut) inside \(e.kind) \(e.range)")
            }
        }
    }
    precondition(layout.entities.contains { $0.kind == .ellipsis && $0.range == cut..<cut }, "no ellipsis entity at the cut")
}

/// The text guard (issue #36): findings lie inside the text and come in order; a neutralized string
/// holds no override or embedding and is one closed isolate; a clamped one has no marks finding of
/// its own and keeps every scalar but marks; the layout's findings outside the ink check are the
/// message findings.
func checkGuard(_ text: String, scalars: [Unicode.Scalar], layout: Layout, role: TextRole) {
    let found = try! engine.findings(in: text, as: role, confusableWith: role == .name ? "paypal" : nil)
    precondition(found.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= scalars.count && !$0.range.isEmpty || scalars.isEmpty },
        "a finding outside the text")
    precondition(zip(found, found.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound }, "findings out of order")
    let neutral = try! engine.repaired(text, neutralizing: true)
    precondition(!neutral.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, "neutralized text keeps an override or embedding")
    precondition(try! engine.findings(in: neutral).allSatisfy { $0.kind != .bidiOverride }, "neutralized text still has a bidi-override finding")
    let clamped = try! engine.repaired(text, maxExtraMarks: 0)
    precondition(try! engine.findings(in: clamped).allSatisfy { $0.kind != .marks }, "clamped text still has a marks finding")
    precondition(clamped.unicodeScalars.filter { BidiClass($0) != .nonspacingMark }.elementsEqual(scalars.filter { BidiClass($0) != .nonspacingMark }),
        "the clamp removed something other than marks")
    let message = Set(try! engine.findings(in: text).map { "\($0.kind)\($0.range)" })
    precondition(layout.findings.filter { !$0.detail.hasPrefix("the ink of line") }.allSatisfy { message.contains("\($0.kind)\($0.range)") } || !layout.entities.isEmpty,
        "a layout finding the message has not")
}
