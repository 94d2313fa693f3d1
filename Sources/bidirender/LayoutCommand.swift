// `bidirender layout`: lays a text out and dumps paragraphs, lines, runs in visual order and
// positioned glyphs, as text (one line per run, like hb-shape) or as the JSON contract.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out text: paragraphs, bidi runs, fonts, shaped glyphs, lines, alignment.",
        discussion: """
            text: one line per visual run: "line L run R [start,end) level N ltr|rtl Script language \
            font-file weight x=X [gid=cluster@x,y+advance|…]".
            json: {"version":1,"paragraphs":[…],"size":{…},"contentWidth":…,"truncated":…,"lines":[{…,"runs":[{…,"glyphs":[…]}]}],\
            "mentions":[…],"entities":[{"kind","start","end","direction"}],"fallbacks":[…]}. Offsets and clusters are code point offsets into the \
            input; x and y are absolute px (y is the baseline, down from the top).
            --jsonl: one {"text": …} object per line, with any option as a field ("direction", \
            "locale", "weight", "size", "width", "alignment" (or "align"), "digits", "maxLines", \
            "ellipsis", "ellipsisStyle", "truncate", "lineHeight", "isolate" (or the old "mentions": "none"), \
            "spans": [{"start", "end", "entity", "id", "weight", "style", "locale", "color", "background", \
            "underline", "strikethrough", "size", "features"}]); one output document \
            per line.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionsGroup

    @OptionGroup var batch: BatchOptions

    func validate() throws {
    }

    func run() throws {
        try BufferedFileOutput.streaming { out in try execute(into: &out) }
    }

    func execute(into out: inout some TextOutputStream) throws {
        let registry = try layout.fontOptions.registry()
        let engine = LayoutEngine(registry: registry)
        let fontDirectory = (registry.manifest.path as NSString).deletingLastPathComponent
        if batch.jsonl {
            let lineOptions = layout.lineOptions
            try JSONLines.stream(
                try input.lines(), jobs: batch.parallelJobs,
                keys: LayoutRequest.lineKeys, into: &out,
                prepare: { object in
                    let text = try LayoutRequest.text(object)
                    let (options, spans) = try lineOptions(object)
                    try LayoutRequest.checkSpans(spans, of: object, in: text)
                    return LayoutWork(text: text, options: options, spans: spans)
                },
                run: { work in
                    let result = try engine.layout(work.text, spans: work.spans, options: work.options)
                    printWarnings(result)
                    return result.jsonDocument(fontDirectory: fontDirectory)
                })
            return
        }
        let text = try input.readText()
        let result = try engine.layout(text, spans: try layout.spanOptions.spans(for: text), options: layout.options)
        printWarnings(result)
        Self.write(result, format: batch.format ?? .text, fontDirectory: fontDirectory, into: &out)
    }

    /// Writes `result` as text or as a JSON document and a newline. Shared with `format --layout`.
    static func write(_ result: Layout, format: ReorderFormat, fontDirectory: String, into out: inout some TextOutputStream) {
        switch format {
        case .json:
            result.writeJSON(to: &out, fontDirectory: fontDirectory)
            out.write("\n")
        case .text: result.writeText(to: &out, fontDirectory: fontDirectory)
        }
    }
}

/// One JSON Lines input line, ready to lay out on any thread.
struct LayoutWork: Sendable {
    var text: String
    var options: LayoutOptions
    var spans: [TextSpan]
}
