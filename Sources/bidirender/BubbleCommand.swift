// `bidirender bubble`: a chat bubble in one call — the balanced width, the trailing slot (a time or a
// box), jumbomoji — dumped as JSON or text, or drawn at its own size to PNG or SVG.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct BubbleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bubble",
        abstract: "Lay out a chat bubble: balanced width, a trailing slot, jumbomoji.",
        discussion: """
            --width is the bubble's maximum width, padding included. With --direction auto (the \
            default) the text falls back to --ui-direction (default: the locale's), so an English \
            message in an Arabic UI reads left to right. The slot sits at the end edge of the last \
            line in its paragraph's direction (the left in RTL) when the line, --slot-gap and the \
            slot fit in the width, else on a line of its own.
            json: {"size":{"width","height"},"text":{"x","y","width","height"},"lines":N,"greedyWidth":W,\
            "slot":{"x","y","width","height","ownLine"}|null,"jumbomoji":bool,"layout":{…the layout JSON…}}; \
            x and y from the bubble's top-left corner (the layout's own are the text's: add text.x, text.y).
            --jsonl: one {"text": …} object per line, with the layout command's fields ("width" is the \
            maximum width) and "uiDirection", "padding" (px or [h, v]), "slot" ({"width","height"}, \
            {"text","size","color"} or null), "slotGap", "balance", "jumbomoji" (a count, "off" or \
            [factors]); one JSON document per line.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionsGroup

    @Option(help: "The app's direction, ltr or rtl: the text's fallback direction and the slot's edge when no text has one (default: the locale's).")
    var uiDirection: TextDirection?

    @Option(parsing: .unconditional, help: "Space around the text inside the bubble: PX, or H,V for left/right and top/bottom.")
    var padding: String = "0"

    @Option(parsing: .unconditional, help: "A box slot of W×H px at the end of the last line, e.g. 44x16.")
    var slot: String?

    @Option(help: "A text slot, e.g. \"12:30 ✓✓\" (instead of --slot).")
    var slotText: String?

    @Option(name: .customLong("slot-size"), parsing: .unconditional, help: "The text slot's size in px, from 0.1 to 10000. (default: 12)", transform: DecimalNumber.option)
    var slotSizeGiven: Double?
    var slotSize: Double { slotSizeGiven ?? 12 }

    @Option(name: .customLong("slot-color"), help: "The text slot's colour, #RRGGBB[AA]. (default: #6e6e6e)")
    var slotColorGiven: RGBAColor?
    var slotColor: RGBAColor { slotColorGiven ?? RGBAColor(red: 110, green: 110, blue: 110) }

    @Option(name: .customLong("slot-gap"), parsing: .unconditional, help: "The least space between the last line and a slot beside it, in px. (default: 8)", transform: DecimalNumber.option)
    var slotGapGiven: Double?
    var slotGap: Double { slotGapGiven ?? 8 }

    @Flag(help: "Keep the greedy lines at their own width instead of the balanced width.")
    var noBalance = false

    @Option(parsing: .unconditional, help: "Messages of 1 to N emoji shown large (3×, 2.5×, 2×, then 1.75× and 1.5×), N from 0 to 16, or off.")
    var jumbomoji: String = "3"

    @OptionGroup var batch: BatchOptions

    @Option(name: .shortAndLong, help: "Draw the bubble to this file (.png or .svg) at its own size, grown by any ink that overflows it.")
    var output: String?

    @OptionGroup var png: PNGOptions

    @Option(help: "The bubble's fill, #RRGGBB[AA] (none: only the text).")
    var fill: RGBAColor?

    @Option(name: .customLong("radius"), parsing: .unconditional, help: "The fill's corner radius in px. (default: 12)", transform: DecimalNumber.option)
    var radiusGiven: Double?
    var radius: Double { radiusGiven ?? 12 }

    @Option(name: .customLong("color"), help: "Text colour, #RRGGBB[AA] or #RGB[A]. (default: #000000)")
    var colorGiven: RGBAColor?
    var color: RGBAColor { colorGiven ?? .black }

    @Option(name: .customLong("background"), help: "The image's background, #RRGGBB[AA] or transparent. (default: #ffffff)")
    var backgroundGiven: RGBAColor?
    var background: RGBAColor { backgroundGiven ?? .white }

    @Option(name: .customLong("scale"), parsing: .unconditional, help: "Device pixels per px: 1, 2 or 3. (default: 1)")
    var scaleGiven: Int?
    var scale: Int { scaleGiven ?? 1 }

    @Flag(help: "Draw the debug overlay: line boxes, runs, the text's and the slot's frames.")
    var debug = false

    /// Refuses the options that would change nothing (they were ignored): the drawing's without -o,
    /// a text slot's with a box slot or none, the gap without a slot.
    func checkUnused() throws {
        if output == nil {
            let drawing = [("--fill", fill != nil), ("--radius", radiusGiven != nil), ("--color", colorGiven != nil),
                ("--background", backgroundGiven != nil), ("--scale", scaleGiven != nil), ("--debug", debug)]
            if let (name, _) = drawing.first(where: \.1) { throw ValidationError("\(name) is how the bubble is drawn: give -o FILE, or drop it") }
        }
        try png.check(writesPNG: imageFormat == .png)
        if slotText == nil, !batch.jsonl, let name = [("--slot-size", slotSizeGiven != nil), ("--slot-color", slotColorGiven != nil)].first(where: \.1)?.0 {
            throw ValidationError("\(name) is the text slot's: give --slot-text, or drop it")
        }
        if slot == nil, slotText == nil, slotGapGiven != nil, !batch.jsonl {
            throw ValidationError("--slot-gap is the space before a slot: give --slot or --slot-text, or drop it")
        }
    }

    func validate() throws {
        if batch.jsonl, output != nil { throw ValidationError("--jsonl writes JSON: drop --output") }
        if slot != nil, slotText != nil { throw ValidationError("give --slot or --slot-text, not both") }
        if !batch.jsonl, layout.width == nil { throw ValidationError("--width (the bubble's maximum width) is required") }
        if let output, imageFormat == nil {
            throw ValidationError("cannot tell the format from '\(output)': use a .png or .svg file")
        }
        let parameters = try parameters()
        guard slotSize.isFinite, (0.1...10_000).contains(slotSize) else {
            throw ValidationError("invalid value '\(slotSize.valueText)' for --slot-size: must be a number of px from 0.1 to 10000")
        }
        do {
            // With --jsonl each line gives its own width: the bubble's values are checked there.
            if !batch.jsonl { _ = try BubbleRequest(options: LayoutOptions(), parameters: parameters) }
            try renderOptions.validate()
            try BubbleRequest.checkLength(radius, key: "radius")
        } catch {
            guard case .invalidValue(let key, let value, let reason) = error else { throw ValidationError(error.description) }
            let name = Self.optionNames[key] ?? key
            throw ValidationError("invalid value '\(value)' for \(name): \(reason)")
        }
        // After the values' own checks: a value out of range is named as such.
        try checkUnused()
    }

    /// The options that carry the bubble's values, by the key the library's errors name.
    static let optionNames = [
        "maxWidth": "--width", "padding": "--padding", "slotGap": "--slot-gap", "slot.width": "--slot", "slot.height": "--slot",
        "slot.text": "--slot-text", "slot.size": "--slot-size",
        "jumbomoji": "--jumbomoji", "radius": "--radius", "scale": "--scale",
    ]

    var imageFormat: ImageFormat? {
        output.flatMap { ImageFormat(rawValue: ($0 as NSString).pathExtension.lowercased()) }
    }

    var renderOptions: RenderOptions {
        RenderOptions(color: color, background: background, padding: 0, scale: scale, debug: debug)
    }

    /// The bubble's parameters from the options (the width may be absent with --jsonl: each line
    /// then gives its own).
    func parameters() throws -> BubbleParameters {
        var b = BubbleParameters(maxWidth: layout.width ?? 1, uiDirection: uiDirection, slotGap: slotGap, balanced: !noBalance)
        let parts = padding.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let h = DecimalNumber.double(parts[0]), let v = DecimalNumber.double(parts.last!) else {
            throw ValidationError("--padding must be PX or H,V (px), not '\(padding)'")
        }
        (b.horizontalPadding, b.verticalPadding) = (h, v)
        if let slot {
            let sides = slot.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let w = DecimalNumber.double(sides[0]), let hh = DecimalNumber.double(sides[1]) else {
                throw ValidationError("--slot must be W×H in px, e.g. 44x16, not '\(slot)'")
            }
            b.slot = .box(width: w, height: hh)
        } else if let slotText {
            b.slot = .text(slotText, size: slotSize, color: slotColor)
        }
        if jumbomoji == "off" {
            b.jumbomoji = []
        } else if let count = Int(jumbomoji), (0...16).contains(count) {
            b.jumbomoji = BubbleFields.jumbomojiScales(count: count)
        } else {
            throw ValidationError("--jumbomoji must be a count from 0 to 16 or off, not '\(jumbomoji)'")
        }
        return b
    }

    func run() throws {
        try BufferedFileOutput.streaming { out in try execute(into: &out) }
    }

    func execute(into out: inout some TextOutputStream) throws {
        let registry = try layout.fontOptions.registry()
        let engine = LayoutEngine(registry: registry)
        let fontDirectory = (registry.manifest.path as NSString).deletingLastPathComponent
        let base = try parameters()
        if batch.jsonl {
            let lineOptions = layout.lineOptions
            try JSONLines.stream(
                try input.lines(), jobs: batch.parallelJobs,
                keys: LayoutRequest.lineKeys.union(BubbleFields.keys), into: &out,
                prepare: { object in
                    let text = try LayoutRequest.text(object)
                    let (options, spans) = try lineOptions(object)
                    try LayoutRequest.checkSpans(spans, of: object, in: text)
                    let parameters = try BubbleFields.parameters(object, base: base, maxWidth: options.maxWidth)
                    guard options.maxWidth != nil else { throw WireError(message: "missing \"width\" (the bubble's maximum width)") }
                    return BubbleWork(text: text, options: options, spans: spans, parameters: parameters)
                },
                run: { work in
                    var out = ""
                    let bubble = try engine.bubble(work.text, spans: work.spans, options: work.options, parameters: work.parameters)
                    printWarnings(bubble.layout)
                    bubble.writeJSON(to: &out, fontDirectory: fontDirectory)
                    return out
                })
            return
        }
        let text = try input.readText()
        let spans = try layout.spanOptions.spans(for: text)
        let bubble: Bubble
        do {
            bubble = try engine.bubble(text, spans: spans, options: layout.options, parameters: base)
        } catch {
            // The library's keys, as the options that gave them ("slot.width": --slot).
            guard case .invalidValue(let key, let value, let reason) = error, let name = Self.optionNames[key] else { throw error }
            throw BidiRenderError.invalidValue(key: name, value: value, reason: reason)
        }
        printWarnings(bubble.layout)
        if let output, let imageFormat {
            try write(bubble, to: output, format: imageFormat, into: &out)
            return
        }
        switch batch.format ?? .text {
        case .json:
            bubble.writeJSON(to: &out, fontDirectory: fontDirectory)
            out.write("\n")
        case .text: bubble.writeText(to: &out, fontDirectory: fontDirectory)
        }
    }

    /// Draws `bubble` to `output` and prints what was written.
    func write(_ bubble: Bubble, to output: String, format: ImageFormat, into out: inout some TextOutputStream) throws {
        let renderer = try Renderer()
        var options = renderOptions
        options.inlineImages = try layout.spanOptions.inlineImages()
        let png = format == .png ? try renderer.png(bubble, options: options, fill: fill, radius: radius, compressionLevel: png.level, rowFilters: png.rowFilters) : nil
        let svg = format == .svg ? try renderer.svg(bubble, options: options, fill: fill, radius: radius) : nil
        try AtomicFile.write(to: output) { file in
            if let png { file.write(bytes: png) }
            if let svg { file.write(svg) }
        }
        // The image's size: the PNG's header's, or the SVG's as it declares it (the bubble's, grown
        // by any ink that overflows it).
        let view = renderer.svgViewSize(bubble, options: options)
        let (w, h) = (JSONText.number(view.width * Double(scale)), JSONText.number(view.height * Double(scale)))
        let size = png.flatMap(PNGSize.text) ?? "\(w)×\(h) px"
        print("wrote \(output) (\(format.rawValue), \(size), \(bubble.layout.lines.count) line(s))", to: &out)
    }
}

/// One JSON Lines input line of `bubble --jsonl`, ready to lay out on any thread.
struct BubbleWork: Sendable {
    var text: String
    var options: LayoutOptions
    var spans: [TextSpan]
    var parameters: BubbleParameters
}
extension BubbleCommand: OutputCommand {}
