// BubbleFuzzer: `bidirender bubble --jsonl` lines from arbitrary bytes. The input is one line (at
// most 8 KB); it is decoded as the CLI decodes it (`JSONLines.decode` with the layout's and the
// bubble's keys), then its layout options (`LayoutRequest.options`) and its bubble fields
// (`BubbleFields.parameters`, "width" the maximum width) are read, and the bubble laid out. Each step
// must succeed or fail with an error that says something; never crash or trap. A bubble must keep
// its promises: no wider than the maximum width, its text and slot inside it, the slot over no
// glyph of the text's content, the line count of the greedy layout (without spans or inline boxes),
// each inline box one run of one glyph whose entity's one rectangle is as wide, its JSON a document
// that parses.
//
// The fuzzer links the library only; a debug build allows the testable import.
@_spi(Tools) @testable import BidiRender
import Foundation

/// One engine on the embedded fonts for every run.
let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size <= 8192 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let keys = LayoutRequest.lineKeys.union(BubbleFields.keys)
    guard case .success(let object) = JSONLines.decode(bytes[...], source: "fuzz.jsonl", offset: 0, keys: keys) else { return 0 }
    let bubble: Bubble
    let parameters: BubbleParameters
    let options: LayoutOptions
    do {
        let text = try LayoutRequest.text(object)
        let (o, spans) = try LayoutRequest.options(object, base: LayoutOptions(), direction: DirectionRequest())
        options = o
        parameters = try BubbleFields.parameters(object, base: BubbleParameters(maxWidth: 240), maxWidth: o.maxWidth)
        bubble = try engine.bubble(text, spans: spans, options: o, parameters: parameters)
    } catch let error as WireError {
        precondition(!error.message.isEmpty, "a bubble line failed with an empty message")
        return 0
    } catch {
        precondition(!"\(error)".isEmpty, "a bubble failed without a message")
        return 0
    }
    let slack = 1e-6 * max(1, parameters.maxWidth)
    precondition(bubble.width <= parameters.maxWidth + slack, "\(bubble.width) px wide, more than \(parameters.maxWidth)")
    let text = bubble.textFrame
    precondition(text.x >= -slack && text.x + text.width <= bubble.width + slack, "the text's frame \(text) is outside \(bubble.width)")
    if let slot = bubble.slotFrame {
        precondition(slot.x >= -slack && slot.x + slot.width <= bubble.width + slack, "the slot \(slot) is outside \(bubble.width)")
        precondition(slot.y + slot.height <= bubble.height + slack, "the slot \(slot) is below \(bubble.height)")
    }
    var greedy = options
    greedy.maxWidth = parameters.maxWidth - 2 * parameters.horizontalPadding
    if let emoji = bubble.isJumbomoji ? Jumbomoji.count(in: object["text"] as? String ?? "", max: parameters.jumbomoji.count) : nil {
        greedy.size *= parameters.jumbomoji[emoji - 1]
    }
    if greedy.direction == .auto { greedy.direction = bubble.layout.options.direction }
    if let plain = try? engine.layout(object["text"] as? String ?? "", options: greedy), object["spans"] == nil,
        object["inlines"] == nil
    {
        precondition(plain.lines.count == bubble.layout.lines.count, "\(plain.lines.count) greedy lines, \(bubble.layout.lines.count) in the bubble")
    }
    // Each inline box on a line is one run of one glyph of its width, and its one rectangle is that size.
    for line in bubble.layout.lines {
        for run in line.runs where run.isInlineBox {
            precondition(run.glyphRange.count == 1, "an inline box's run has \(run.glyphRange.count) glyphs")
            let found = bubble.layout.entities.first { $0.kind == .inlineBox && $0.range == run.range }
            guard let box = found else { preconditionFailure("no entity for the inline box at \(run.range)") }
            precondition(box.rects.count == 1 && abs(box.rects[0].width - run.advance) <= slack, "box \(box) vs run \(run.advance)")
        }
    }
    var out = ""
    bubble.writeJSON(to: &out)
    precondition((try? JSONSerialization.jsonObject(with: Data(out.utf8))) is [String: Any], "not a JSON document: \(out.prefix(200))")
    return 0
}
