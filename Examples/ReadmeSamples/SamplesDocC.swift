// The Swift samples of the DocC articles (Sources/BidiRender/BidiRender.docc), compiled and run as
// the README's are. Lines between two samples are glue: they use what a sample made.
import BidiRender
import Foundation

/// BidiRender.md, the module page's overview.
func modulePageSample(output: URL) throws {
    let engine = LayoutEngine(registry: try FontRegistry.embedded())   // share one per process
    let layout = try engine.layout("مرحبا@我, 今天天气好吗",
                                   options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 20))
    let png = try Renderer().png(layout, options: RenderOptions(scale: 2))
    try Data(png).write(to: output.appendingPathComponent("module-page.png"))
}

/// GettingStarted.md: lay out, style, render.
func gettingStartedSample() throws -> LayoutEngine {
    let registry = try FontRegistry.embedded()
    let engine = LayoutEngine(registry: registry)

    // "Xiao Ming started following you" in an Arabic UI: force RTL, whatever the first character is.
    let text = "小明بدأ في متابعتك"
    let layout = try engine.layout(text, options: LayoutOptions(
        direction: .rightToLeft, locale: LocaleTag("ar"), size: 20, maxWidth: 300))

    for line in layout.lines {
        for run in line.runs {           // visual order, left to right
            print(run.range, run.level, run.script, run.font.family, layout.glyphs[run.glyphRange].count)
        }
    }

    let message = "مرحبا @小明"
    let styled = try engine.layout(message, spans: [
        TextSpan(range: message.scalarOffsets(of: message.range(of: "مرحبا")!), weight: .bold),
    ], options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar")))

    print(styled.lines[0].runs.map(\.font.weight))
    let renderer = try Renderer()
    let png = try renderer.png(layout, options: RenderOptions(padding: 8, scale: 2))
    let svg = try renderer.svg(layout, options: RenderOptions())

    print(png.count > 0, svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
    return engine
}

/// TruncationAndHitTesting.md: a two-line preview.
func truncationSample(engine: LayoutEngine) throws {
    let message = "مرحبا بكم في hello world example, a message too long for two lines of a conversation list"
    let preview = try engine.layout(message, options: LayoutOptions(
        direction: .rightToLeft, locale: LocaleTag("ar"), maxWidth: 240, maxLines: 2))
    print(preview.truncated)   // whether the text was cut

    let file = try engine.layout("report-final-version-with-changes-v3.pdf", options: LayoutOptions(
        maxWidth: 150, maxLines: 1, truncation: .middle,
        ellipsisStyle: TextSpan(range: 0..<0, weight: .bold, color: RGBAColor(red: 26, green: 115, blue: 232))))
    print(file.lines[0].runs.map(\.isEllipsis))   // [false, true, false]: "report-fi…es-v3.pdf"
}

/// GuardingHostileText.md: Zalgo drawn without covering the lines around it.
func inkClipSample(engine: LayoutEngine, output: URL) throws {
    let renderer = try Renderer()
    let message = "first line\nZ" + String(repeating: "\u{0301}\u{0316}", count: 30) + "algo\nlast line"
    let layout = try engine.layout(message, options: LayoutOptions(direction: .auto, size: 16, maxWidth: 280))
    let png = try renderer.png(layout, options: RenderOptions(inkOverflow: 4))
    try Data(png).write(to: output.appendingPathComponent("zalgo-clipped.png"))
}
