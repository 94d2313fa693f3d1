// PreviewFuzzer: `LayoutEngine.preview` on fields from arbitrary bytes. The first four bytes choose
// the width, the line limit, the direction and locale, the template, each field's priority, share and
// truncation mode, a spoiler span and the plain string's limit; the rest, split at 0x00, is up to three
// fields' text (invalid UTF-8 repaired). The preview must succeed (or fail only with an error that says
// what, for a span or template the bytes made bad) and keep its promises: each field's range inside
// the sentence, which holds no LRE/RLE/LRO/RLO/PDF inside a field and "█" where a spoiler was; no
// glyph of a spoiler's code points; at most the lines asked for; the plain string within its limit
// when the limit leaves each field its two grapheme clusters; the JSON and text dumps written.
//
// The fuzzer links the library only; a debug build allows the testable import.
@_spi(Tools) @testable import BidiRender
import Foundation

let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))
let catalog = try! MessageCatalog(messages: [
    "default": ["p": "{a}: {b}", "q": "{b} — {a} {c}"], "ar": ["p": "{a}: {b}"], "zh-Hans": ["p": "{a}：{b}"],
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4, size <= 4096 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (a, b, c, d) = (bytes[0], bytes[1], bytes[2], bytes[3])
    let texts = bytes[4...].split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let names = ["a", "b", "c"]
    var fields: [PreviewField] = []
    for (i, text) in texts.enumerated() {
        let length = text.unicodeScalars.count
        var spans: [TextSpan] = []
        if length > 0, (c >> i) & 1 == 1 {
            let lo = Int(d) % length
            spans.append(TextSpan(range: lo..<min(length, lo + 1 + Int(a % 9)), entity: .spoiler))
        }
        fields.append(PreviewField(
            name: names[i], text: text, spans: spans, priority: Int((b >> (2 * i)) & 3), minShare: [0, 0.25, 0.5, 1][Int(c >> 4) & 3],
            truncation: TruncationMode.allCases[Int(d >> (2 * i)) % 3]))
    }
    let locales = ["default", "ar", "zh-Hans", "he"]
    var options = LayoutOptions(
        direction: [.auto, .leftToRight, .rightToLeft][Int(a & 3) % 3], locale: LocaleTag(locales[Int(a >> 2) & 3]),
        maxWidth: [nil, 1, 60, 140, 260, 500][Int(a >> 4) % 6], maxLines: [nil, 1, 2][Int(b >> 6) % 3])
    options.isolate = c & 0x40 == 0 ? .all : []
    let template: String? = [nil, "{a}: {b} {c}", "p", "q"][Int(c >> 6)]
    let useCatalog = template == "p" || template == "q"
    let maxGraphemes: Int? = d & 0x80 == 0 ? nil : 1 + Int(d & 0x3F)
    let preview: Preview
    do {
        preview = try engine.preview(
            fields, template: template == nil || useCatalog || fields.count == 3 ? template : "{a}: {b}",
            catalog: useCatalog ? catalog : nil, options: options, maxGraphemes: maxGraphemes)
    } catch {
        precondition(!error.description.isEmpty, "a preview failed without a message")
        return 0
    }
    let text = Array(preview.message.text.unicodeScalars)
    for (name, range) in preview.message.argumentRanges {
        precondition(range.upperBound <= text.count, "field \(name)'s range \(range) past the sentence")
        precondition(!text[range].contains { (0x202A...0x202E).contains($0.value) }, "an override inside field \(name)")
    }
    let spoilers = preview.layout.entities.filter { $0.kind == .spoiler }
    for spoiler in spoilers {
        precondition(text[spoiler.range].allSatisfy { $0 == "\u{2588}" }, "a spoiler's text is in the sentence")
        for line in preview.layout.lines {
            for run in line.runs where !run.isEllipsis {
                precondition(!preview.layout.glyphs[run.glyphRange].contains { spoiler.range.contains($0.cluster) }, "a glyph of a spoiler")
            }
        }
    }
    if let maxLines = options.maxLines, options.maxWidth != nil { precondition(preview.layout.lines.count <= maxLines, "too many lines") }
    if let maxGraphemes, maxGraphemes >= 2 * fields.count + 12 {
        precondition(PlainPreview.visibleGraphemes(preview.plainText) <= maxGraphemes, "the plain string is past its limit")
    }
    var out = ""
    preview.writeJSON(to: &out, order: names)
    preview.writeText(to: &out, order: names)
    _ = try? preview.layout.selectionRects(for: 0..<text.count)
    return 0
}
