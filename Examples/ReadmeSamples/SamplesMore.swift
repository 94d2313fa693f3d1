// The README's samples of truncation and sizes, segmentation, chat bubbles, localized messages and composition.
import BidiRender
import Foundation

/// README, "Truncation and sizes": intrinsic widths.
func intrinsicWidthsSample(engine: LayoutEngine) throws {
    let widths = try engine.intrinsicWidths("مرحبا بكم في hello world", options: LayoutOptions(locale: LocaleTag("ar")))
    print(widths.min)   // 42.8, min-content: the widest piece between two line break opportunities (here "world")
    print(widths.max)   // 170.3, max-content: the widest paragraph on one line, = layout(…, no width).contentWidth
}

/// README, "bidirender segment": boundaries in the library.
func segmentSample(engine: LayoutEngine) throws {
    let words = try engine.boundaries(in: "小明بدأ في متابعتك", by: .word, locale: LocaleTag("ar"))
    print(words)    // [2, 5, 6, 8, 9, 16]: 小明 | بدأ | " " | في | " " | متابعتك
}

/// README, "bidirender bubble: chat bubbles in one call", the library.
/// README: `bidirender inspect`, in the library.
func inspectSample(engine: LayoutEngine) throws {
    let findings = try engine.findings(in: "invoice\u{202E}fdp.exe", as: .fileName)
    print(findings.map(\.kind))            // [bidiSpoof, bidiOverride]
    print(findings[0].detail)              // displays as "invoiceexe.pdf"
    let safe = try engine.repaired("Zalgo\u{0301}\u{0302}\u{0303}\u{0304}\u{0305}", neutralizing: true, maxExtraMarks: 0)
    print(safe.unicodeScalars.count)       // 10: FSI, "Zalgo", three marks, PDI
}

/// README: `bidirender preview`, in the library.
func previewSample(engine: LayoutEngine) throws {
    let preview = try engine.preview(
        [PreviewField(name: "sender", text: "小明"),
         PreviewField(name: "message", text: "بدأ في متابعتك وأرسل لك رسالة طويلة جدا", truncation: .end)],
        template: "{sender}: {message}",
        options: LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), maxWidth: 220), maxGraphemes: 24)
    print(preview.truncatedFields, preview.message.argumentRanges["sender"]!)  // ["message"] 1..<3
    print(preview.plainText)                                                  // for the notification
}

func bubbleSample(engine: LayoutEngine) throws {
    let bubble = try engine.bubble(
        "مرحبا كيف حالك اليوم؟ hope you are well", options: LayoutOptions(locale: LocaleTag("ar"), size: 15),
        maxWidth: 260, horizontalPadding: 10, verticalPadding: 6, slot: .text("12:30 ✓✓", size: 11, color: .black))
    print(bubble.width, bubble.height)      // 201.9 75.36: the bubble's size, padding included
    print(bubble.textFrame)                 // x 55.4, y 6, 136.5 × 63.36: where to draw bubble.layout (2 lines)
    print(bubble.slotFrame!, bubble.slotOnOwnLine)  // the time at the left of the last line: x = 10, false
}

/// README, "bidirender format: localized messages".
func messagesSample(engine: LayoutEngine) throws {
    let catalog = try MessageCatalog(directory: "Examples/catalog")   // Sendable: share it
    let message = try catalog.format("follow", locale: LocaleTag("ar-EG"), arguments: ["name": "小明"])
    print(message.served)      // ar
    print(message.direction)   // rightToLeft
    let name = TextSpan(range: message.argumentRanges["name"]!, weight: .bold)   // 1..<3, inside its isolate
let layout = try engine.layout(message, spans: [name], options: LayoutOptions(size: 20))   // forced RTL, 小明 bold
let inMemory = try MessageCatalog(messages: ["default": ["sent": "Sent {when, date, medium}"]])
print(try inMemory.format("sent", locale: LocaleTag("en"), arguments: ["when": .date(Date())]).text)   // Sent Nov 27, 2026
    // (The README sample ends here.)
    print(layout.lines.count)   // 1
}

/// README, "bidirender compose: mirrored UI scenes".
func composeSample(engine: LayoutEngine, output: URL) throws {
    var scene = try Scene(contentsOf: "Examples/compose/follow-card.json")  // or Scene(json:file:imageFolder:), or build the values
    scene.direction = .leftToRight
    let resolved = scene.resolved()                   // frames, view types, mirroring (plain data)
    let composer = try SceneRenderer(engine: engine)  // Sendable: share it
    let (png, _) = try composer.png(scene, options: ComposeOptions(scale: 2))
    let (svg, _) = try composer.svg(scene)            // or rgba(_:options:) for the pixels
    // (The README sample ends here.)
    print(resolved.nodes.count, svg.count > 0)
    try Data(png).write(to: output.appendingPathComponent("card-ltr.png"))
}
