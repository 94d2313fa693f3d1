// Runs every Swift sample of the README, in the README's order, then those of the DocC articles, each
// inside its own function (see Samples*.swift). `swift run ReadmeSamples` from the repository root (the samples read
// Examples/catalog and Examples/compose, and write their images into out/readme-samples/).
// Tests/BidiRenderTests/Docs/ReadmeSamplesTests.swift checks that every ```swift block of README.md
// and of Sources/BidiRender/BidiRender.docc is contained, verbatim (import lines aside), in these
// files, so the samples cannot stop compiling.
import BidiRender
import Foundation

do {
    let output = URL(fileURLWithPath: "out/readme-samples", isDirectory: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    print("== Entities: the string API")
    try entitiesSample()
    print("== The library: the bidi value API")
    try bidiSample()
    print("== Fonts")
    let registry = try fontsSample()
    print("== Layout")
    let (engine, layout) = try layoutSample(registry: registry)
    print("== Rendering")
    try renderingSample(layout: layout, output: output)
    print("== Queries on a layout")
    try queriesSample(engine: engine)
    print("== Intrinsic widths")
    try intrinsicWidthsSample(engine: engine)
    print("== Chat bubbles")
    try bubbleSample(engine: engine)
    print("== Segmentation")
    try segmentSample(engine: engine)
    try previewSample(engine: engine)
    print("== The text guard")
    try inspectSample(engine: engine)
    print("== Localized messages")
    try messagesSample(engine: engine)
    print("== Composition")
    try composeSample(engine: engine, output: output)
    print("== DocC: the module page, Getting Started, truncation")
    try modulePageSample(output: output)
    let started = try gettingStartedSample()
    try truncationSample(engine: started)
    try inkClipSample(engine: started, output: output)
    print("wrote \(output.path)")
} catch {
    print("Error: \(error)")
    exit(1)
}
