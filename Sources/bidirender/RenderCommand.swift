// `bidirender render`: lays a text out with every layout option and draws it to PNG or SVG, with an
// optional debug overlay.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

/// Output image formats.
enum ImageFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case png, svg
}

extension RenderCrop: ExpressibleByArgument {}

extension RGBAColor: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    /// The default as a user types it (`#000000`), not as Swift prints the struct.
    public var defaultValueDescription: String { hex }
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Lay out text and draw it to PNG or SVG.",
        discussion: """
            PNG: FreeType rasterizes each glyph unhinted and anti-aliased at its position to a quarter pixel, once per renderer (a bounded glyph cache); \
            colour emoji (CBDT, e.g. Noto Color Emoji) draw in colour; libpng writes the file. \
            SVG: glyph outlines defined once and reused, one group per run. --debug draws line boxes \
            and baselines, run boxes (blue LTR, red RTL, darker for deeper levels), cluster \
            boundaries (magenta ticks) and mention spans (green underline). \
            --crop content draws only the line boxes (Layout.bounds), --crop ink only the ink (Layout.inkBounds), \
            each rounded out to whole pixels, plus the padding. \
            --ink-overflow clips each line's glyphs to its box and that many px above and below. \
            A PNG is at most 1000000 px a side and 100 megapixels in all; a larger one is refused, \
            before layout when --width alone makes it too wide.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var layout: LayoutOptionsGroup

    @Option(name: .shortAndLong, help: "The output file (.png or .svg).")
    var output: String

    @OptionGroup var png: PNGOptions

    @Option(help: "png or svg (default: from the output file's extension).")
    var format: ImageFormat?

    @Option(help: "Text colour, #RRGGBB[AA] or #RGB[A].")
    var color: RGBAColor = .black

    @Option(help: "Background, #RRGGBB[AA] or transparent.")
    var background: RGBAColor = .white

    @Option(parsing: .unconditional, help: "Space around the text, in px, from 0 to 10000; ink past the layout's box (an italic's overhang, stacked marks) is cut at 0 unless --crop ink. (default: 8)", transform: DecimalNumber.option)
    var padding: Double = 8

    @Option(parsing: .unconditional, help: "Device pixels per px: 1, 2 or 3.")
    var scale: Int = 1

    @Flag(help: "Draw the debug overlay.")
    var debug = false

    @Option(parsing: .unconditional, help: "Highlight the code points START:END under the glyphs (the query command's --range).")
    var selection: OffsetRange?

    @Option(parsing: .unconditional, help: "Draw the carets of this code point offset (the secondary one dashed).")
    var caret: Int?
    @Option(help: "Draw every mention in this colour (#RRGGBB[AA]), unless a --span gives it a color.")
    var mentionColor: RGBAColor?

    @Option(help: "Draw only this rectangle, the image its size plus the padding: content (the line boxes without hanging spaces), ink (the glyphs' ink, span backgrounds and decorations) or none (the whole layout).")
    var crop: RenderCrop = .none

    @Option(parsing: .unconditional, help: "Clip each line's glyphs to its box and this many px above and below (stacked marks cannot cover other lines), from 0 to 10000; not given: all ink is drawn.", transform: DecimalNumber.option)
    var inkOverflow: Double?

    var imageFormat: ImageFormat? {
        format ?? ImageFormat(rawValue: (output as NSString).pathExtension.lowercased())
    }

    var renderOptions: RenderOptions {
        RenderOptions(
            color: color, background: background, padding: padding, scale: scale, debug: debug,
            selection: selection?.range, caret: caret, mentionColor: mentionColor, crop: crop,
            inkOverflow: inkOverflow)
    }

    func validate() throws {
        guard imageFormat != nil else {
            throw ValidationError("cannot tell the format from '\(output)': give --format png or svg")
        }
        // A file named for one format is never written in another (SVG in x.png).
        if let format, let named = ImageFormat(rawValue: (output as NSString).pathExtension.lowercased()), named != format {
            throw ValidationError("--format \(format.rawValue) but -o '\(output)' names a .\(named.rawValue) file: give one or the other")
        }
        try png.check(writesPNG: imageFormat == .png)
        if let inkOverflow, !(0...10_000).contains(inkOverflow) {
            throw ValidationError("--ink-overflow \(inkOverflow): must be from 0 to 10000 px")
        }
        do {
            try renderOptions.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        // A crop is never larger than the layout: the estimate from --width alone is an upper bound then.
        if imageFormat == .png, crop == .none { try ImageLimits.checkEstimate(layout: layout.options, render: renderOptions) }
        let registry = try layout.fontOptions.registry()
        let text = try input.readText()
        let result = try LayoutEngine(registry: registry).layout(text, spans: try layout.spanOptions.spans(for: text), options: layout.options)
        printWarnings(result)
        var options = renderOptions
        options.inlineImages = try layout.spanOptions.inlineImages()
        try Self.write(
            result, to: output, format: imageFormat!, options: options, pngLevel: png.level, pngFilters: png.rowFilters, into: &out)
    }

    /// Draws `result` to the image file `output` (a PNG at zlib `pngLevel`, its rows filtered when
    /// `pngFilters`) and prints what was written, with a warning for each range no font covers.
    /// Shared with `format --render`.
    static func write(
        _ result: Layout, to output: String, format imageFormat: ImageFormat, options renderOptions: RenderOptions,
        pngLevel: Int = PNGSettings.fastLevel, pngFilters: Bool = false, into out: inout some TextOutputStream
    ) throws {
        let renderer = try Renderer()
        // A PNG is encoded before the file is opened (ImageLimits may refuse it); an SVG is streamed
        // to the file as it is produced. Either way the file appears whole or not at all.
        let png = imageFormat == .png ? try renderer.png(result, options: renderOptions, compressionLevel: pngLevel, rowFilters: pngFilters) : nil
        try AtomicFile.write(to: output) { file in
            if let png {
                file.write(bytes: png)
            } else {
                var stream = file
                try renderer.writeSVG(result, options: renderOptions, to: &stream)
            }
        }
        // A PNG's size as its header gives it (width and height, big-endian, at bytes 16 and 20);
        // an SVG's as it declares it, as `compose` and `bubble` say.
        let svg = renderer.svgSize(result, options: renderOptions)
        let size = png.flatMap(PNGSize.text) ?? "\(JSONText.number(svg.width))×\(JSONText.number(svg.height)) px"
        print("wrote \(output) (\(imageFormat.rawValue), \(size), \(result.lines.count) line(s))", to: &out)
        let uncovered = result.fallbacks.filter { $0.source == .notdef }
        let warnings = WarningSummary.lines(
            uncovered, line: { "warning: no font covers [\($0.range.lowerBound),\($0.range.upperBound)); drawn as .notdef" },
            more: { "warning: and \($0) more ranges that no font covers, drawn as .notdef" })
        for warning in warnings { printError(warning) }
    }
}
