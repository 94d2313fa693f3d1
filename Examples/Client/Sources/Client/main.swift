// Lays out, renders and formats one chat message with BidiRender, as a server drawing a preview
// would: the seed string under the forced RTL direction of an Arabic UI, to PNG and SVG, and a
// localized message from a catalog.
//
//   swift run Client [CATALOG_FOLDER] [OUTPUT_FOLDER]     (defaults: ../catalog and .)
import BidiRender
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let catalogFolder = arguments.first ?? "../catalog"
let outputFolder = arguments.dropFirst().first ?? "."

do {
    print("BidiRender \(BidiRender.version)")
    // One registry and one engine per process: both are Sendable and meant to be shared.
    let engine = LayoutEngine(registry: try FontRegistry.embedded())

    // Lay out: the direction forced by the UI, never guessed from the first character.
    let seed = "小明بدأ في متابعتك"
    let layout = try engine.layout(seed, options: LayoutOptions(direction: .rightToLeft, locale: "ar", size: 24))
    for warning in layout.warnings { print("warning:", warning) }
    let line = layout.lines[0]
    print("layout: \(layout.lines.count) line, \(line.runs.count) runs, \(Int(layout.contentWidth.rounded())) px wide")
    print("runs, left to right:", line.runs.map { "\($0.range) \($0.script)" }.joined(separator: " | "))

    // Render: PNG and SVG.
    let renderer = try Renderer()
    let png = try renderer.png(layout, options: RenderOptions(scale: 2))
    let svg = try renderer.svg(layout)
    try Data(png).write(to: URL(fileURLWithPath: outputFolder).appendingPathComponent("client.png"))
    try svg.write(to: URL(fileURLWithPath: outputFolder).appendingPathComponent("client.svg"), atomically: true, encoding: .utf8)
    print("rendered: client.png (\(png.count) bytes), client.svg (\(svg.utf8.count) bytes)")

    // Format: a translated template with a user name put into it, which stays one unit.
    let catalog = try MessageCatalog(directory: catalogFolder)
    let message = try catalog.format("follow", locale: "ar-EG", arguments: ["name": "小明"])
    let formatted = try engine.layout(message, options: LayoutOptions(size: 20))
    print("format: served \(message.served), \(message.direction), \(formatted.lines.count) line, \(message.text.unicodeScalars.count) code points")
} catch {
    // Every failure is a BidiRenderError that says what and where.
    print("error: \(error)")
    exit(1)
}
