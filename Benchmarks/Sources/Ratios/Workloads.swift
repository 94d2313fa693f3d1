// The workloads `Ratios` measures, each an operation on item i of a fixed text set. Globals outside
// main.swift are initialized lazily, so a `Ratios count OP N` run builds only what OP needs.
import BenchCorpus
@_spi(Tools) import BenchSupport
@_spi(Tools) import BidiRender
import Foundation
import RawFriBidi
import RawICU
import RawPango
import RawPangoCairo

/// The repository's Fonts/ folder (this file is Benchmarks/Sources/Ratios/ in the repository).
let fontsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fonts").path

/// The measured messages (the real-vocabulary corpus), and a different slice of it that warms the
/// warm engine's shaping cache, as the benchmarks do.
let measured = ChatCorpus.realMessages()
let warmSlice = ChatCorpus.realMessages(seed: ChatCorpus.realWarmUpSeed)
let longLines = ChatCorpus.realLongLines()
let measuredUTF32 = measured.map { $0.unicodeScalars.map(\.value) }
/// The measured messages of at most 24 code points (`layout-short`).
let shortMessages = measured.filter { $0.unicodeScalars.count <= 24 }
let shortUTF8 = shortMessages.map { $0.utf8.map { CChar(bitPattern: $0) } }
let measuredUTF8 = measured.map { $0.utf8.map { CChar(bitPattern: $0) } }
let capacity = (measuredUTF32.map(\.count).max() ?? 0) + 16

// The repository's fonts by path, not by where the binary is: `make bench` counts a stripped copy
// of this binary in a temporary folder under callgrind.
let registry = try! FontRegistry.embedded(in: fontsDirectory, systemFallback: false)
let options = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300)

// Warm, reused state; Ratios runs on one thread.
nonisolated(unsafe) let reorderer = BidiReorderer(engine: .native)
nonisolated(unsafe) let shaper = Shaper()
nonisolated(unsafe) let rawFriBidi = raw_fribidi_create(Int32(capacity))
nonisolated(unsafe) let rawICU = raw_icu_create(Int32(capacity))
nonisolated(unsafe) let rawPango: OpaquePointer = {
    guard let p = raw_pango_create(fontsDirectory, 300, 16) else { fatalError("raw_pango_create failed on \(fontsDirectory)") }
    return p
}()
/// The engine of the warm layouts: its shaping cache holds the words of `warmSlice`, not of `measured`.
let warmEngine: LayoutEngine = {
    let engine = LayoutEngine(registry: registry)
    // `Ratios count` warms on the first 4,000 messages only (callgrind runs 50 times slower).
    for text in warmSlice.prefix(itemsUsed) { _ = try! engine.layout(text, options: options) }
    return engine
}()
/// A second engine warmed as `warmEngine` is, for a pair whose two sides lay out the same text: on
/// one engine the side run first in a round would fill the cache for the other (every round's
/// items are new), and the ratio would swing with the order; on two, each side meets the words as
/// the other does.
let warmTwin: LayoutEngine = {
    let engine = LayoutEngine(registry: registry)
    for text in warmSlice.prefix(itemsUsed) { _ = try! engine.layout(text, options: options) }
    return engine
}()
/// An engine whose cache holds every word of the measured messages it lays out (its bound has room
/// for them all): a warm layout without HarfBuzz, what `layout` costs besides its misses.
let hitEngine: LayoutEngine = {
    let engine = LayoutEngine(registry: registry, shapeCacheEntries: 400_000)
    for text in measured.prefix(itemsUsed) { _ = try! engine.layout(text, options: options) }
    return engine
}()
nonisolated(unsafe) let rawPangoCairo: OpaquePointer = {
    guard let r = raw_pango_cairo_create(fontsDirectory, 300, 16) else { fatalError("raw_pango_cairo_create failed on \(fontsDirectory)") }
    return r
}()
/// The bubbles' options: the text's direction found (with the UI's as fallback), as a bubble wants it.
let bubbleOptions = LayoutOptions(locale: LocaleTag("ar"), size: 16)

/// `options` with the text guard off (`Layout.findings` left empty).
let unguardedOptions: LayoutOptions = {
    var o = options
    o.findsHostileText = false
    return o
}()
/// A chat list row (issue #35): a sender and the message in one line of 300 px, right to left.
let previewOptions = LayoutOptions(direction: .rightToLeft, locale: LocaleTag("ar"), size: 16, maxWidth: 300, maxLines: 1)
let previewSenders = ["小明", "سارة العلي", "Alexander the Great of Macedonia", "@nora_k", "محمد بن عبد الله الأحمد"]
func previewFields(_ i: Int) -> [PreviewField] {
    [PreviewField(name: "sender", text: previewSenders[i % previewSenders.count]), PreviewField(name: "message", text: measured[i % measured.count])]
}
/// The preview's sentence as a text of its own: what a caller laying out "sender: message" by hand lays out.
func previewSentence(_ i: Int) -> String {
    "\u{2068}\(previewSenders[i % previewSenders.count])\u{2069}: \u{2068}\(measured[i % measured.count])\u{2069}"
}
let bubbleSlot = BubbleSlot.text("12:30 ✓✓", size: 11, color: .black)
/// The first 2,000 measured messages prepared once (`prepared-layout`; about 25 KB each), by the warm engine.
let preparedMessages = measured.prefix(min(itemsUsed, 2_000)).map { try! warmEngine.prepare($0, options: options) }
/// The renderer of `render` (its glyph cache warmed, like the shaping cache, on the other slice).
let renderer = try! Renderer()
let renderOptions = RenderOptions(padding: 0)
let warmSliceUTF8 = warmSlice.map { $0.utf8.map { CChar(bitPattern: $0) } }

/// The engine of the cold layouts: its shaping caches are emptied before every layout.
let coldEngine = LayoutEngine(registry: registry)
/// How many measured messages a run uses at most (`Ratios count` sets it lower, so that callgrind
/// does not spend minutes preparing messages it never shapes).
nonisolated(unsafe) var itemsUsed = Int.max
/// Each measured message's runs as the layout shapes them (the `shape` floor).
let floorMessages: [ShapeFloorMessage] = {
    let engine = LayoutEngine(registry: registry)
    return measured.prefix(itemsUsed).map { try! shapeFloorMessage($0, engine: engine, registry: registry, options: options) }
}()
/// Laid-out messages for the queries, with a point and an offset in their middle line.
let queryLayouts: [Layout] = measured.prefix(2_000).map { try! warmEngine.layout($0, options: options) }
let queryPlaces: [(offset: Int, x: Double, y: Double)] = queryLayouts.map { layout in
    let line = layout.lines[layout.lines.count / 2]
    return (layout.graphemes.count / 2, line.x + line.width / 2, line.top + line.height / 2)
}

@inline(never)
func query(_ kind: String, _ layout: borrowing Layout, _ place: (offset: Int, x: Double, y: Double)) -> Int {
    switch kind {
    case "caret": return Int(try! layout.caret(at: place.offset).primary.x)
    case "hit-test": return try! layout.offset(atX: place.x, y: place.y).offset
    default:
        let c = layout.graphemes.count
        return try! layout.selectionRects(for: (c / 4)..<(3 * c / 4)).count
    }
}

/// A named operation on item `i` (taken modulo its set), returning something to keep it alive, and
/// the code points of item `i` (for per-code-point figures).
struct Workload {
    let run: (Int) -> Int
    let codePoints: (Int) -> Int
    /// Builds what `run` needs (outside any timing).
    let prepare: () -> Void
}

func messageCodePoints(_ i: Int) -> Int { measuredUTF32[i % measured.count].count }

nonisolated(unsafe) let workloads: [String: Workload] = [
    "reorder": Workload(
        run: { i in reorderer.withVisualOrder(of: measured[i % measured.count], direction: .rightToLeft) { $0.count } },
        codePoints: messageCodePoints, prepare: { _ = reorderer }),
    "reorder-icu": Workload(
        run: { i in
            measuredUTF32[i % measured.count].withUnsafeBufferPointer {
                Int(raw_icu_reorder(rawICU, $0.baseAddress, Int32($0.count), 1))
            }
        }, codePoints: messageCodePoints, prepare: { _ = rawICU }),
    "reorder-fribidi-c": Workload(
        run: { i in
            measuredUTF32[i % measured.count].withUnsafeBufferPointer {
                Int(raw_fribidi_reorder(rawFriBidi, $0.baseAddress, Int32($0.count), 1))
            }
        }, codePoints: messageCodePoints, prepare: { _ = rawFriBidi }),
    "shape": Workload(
        run: { i in shapeFloor(floorMessages[i % floorMessages.count], shaper: shaper, size: 16) },
        codePoints: messageCodePoints, prepare: { _ = floorMessages }),
    "layout-cold": Workload(
        run: { i in
            coldEngine.clearShapeCaches()
            return try! coldEngine.layout(measured[i % measured.count], options: options).lines.count
        }, codePoints: messageCodePoints, prepare: { _ = coldEngine }),
    "layout": Workload(
        run: { i in try! warmEngine.layout(measured[i % measured.count], options: options).lines.count },
        codePoints: messageCodePoints, prepare: { _ = warmEngine }),
    // The text guard's cost (issue #36): `layout` with its default, the guard on, against the same
    // messages laid out with it off, each side on its own engine warmed alike (`warmTwin`).
    "layout-guard": Workload(
        run: { i in try! warmTwin.layout(measured[i % measured.count], options: options).findings.count },
        codePoints: messageCodePoints, prepare: { _ = warmEngine }),
    "layout-unguarded": Workload(
        run: { i in try! warmEngine.layout(measured[i % measured.count], options: unguardedOptions).findings.count },
        codePoints: messageCodePoints, prepare: { _ = warmTwin }),
    // Every word already in the cache: not a target, the part of `layout` that is not HarfBuzz.
    "layout-hit": Workload(
        run: { i in try! hitEngine.layout(measured[i % measured.count], options: options).lines.count },
        codePoints: messageCodePoints, prepare: { _ = hitEngine }),
    // A chat bubble of the message (issue #34): at most 300 px with 10 px padding, a "12:30 ✓✓"
    // slot, balanced: a layout at the max width, then the bisection's layouts, on the warm engine.
    "bubble": Workload(
        run: { i in
            try! warmEngine.bubble(
                measured[i % measured.count], options: bubbleOptions, maxWidth: 300, horizontalPadding: 10,
                verticalPadding: 6, slot: bubbleSlot
            ).layout.lines.count
        }, codePoints: messageCodePoints, prepare: { _ = warmEngine }),
    // A two-field preview (issue #35), against a layout of the same sentence in one line on the
    // warm engine's twin (the same words cached).
    "preview": Workload(
        run: { i in try! warmEngine.preview(previewFields(i), options: previewOptions).layout.lines.count },
        codePoints: messageCodePoints, prepare: { _ = warmEngine }),
    "preview-layout": Workload(
        run: { i in try! warmTwin.layout(previewSentence(i), options: previewOptions).lines.count },
        codePoints: messageCodePoints, prepare: { _ = warmTwin }),
    // A prepared message laid out at a new width (issue #34): the line phase alone, the messages
    // prepared once before the rounds, two widths taken in turn.
    "prepared-layout": Workload(
        run: { i in
            try! preparedMessages[i % preparedMessages.count].layout(width: i % 2 == 0 ? 260 : 237.5, maxLines: nil).lines.count
        }, codePoints: messageCodePoints, prepare: { _ = preparedMessages }),
    "layout-long": Workload(
        run: { i in try! warmEngine.layout(longLines[i % longLines.count], options: options).lines.count },
        codePoints: { i in longLines[i % longLines.count].unicodeScalars.count },
        prepare: { for line in longLines { _ = try! warmEngine.layout(line, options: options) } }),
    // Issue #38: the corpus messages of at most 24 code points, where a call's fixed cost dominates.
    "layout-short": Workload(
        run: { i in try! warmEngine.layout(shortMessages[i % shortMessages.count], options: options).lines.count },
        codePoints: { i in shortMessages[i % shortMessages.count].unicodeScalars.count }, prepare: { _ = warmEngine; _ = shortMessages }),
    "layout-pango-short": Workload(
        run: { i in
            shortUTF8[i % shortUTF8.count].withUnsafeBufferPointer {
                Int(raw_pango_layout(rawPango, $0.baseAddress, Int32($0.count)))
            }
        }, codePoints: { i in shortMessages[i % shortMessages.count].unicodeScalars.count }, prepare: { _ = rawPango; _ = shortUTF8 }),
    "layout-pango": Workload(
        run: { i in
            measuredUTF8[i % measured.count].withUnsafeBufferPointer {
                Int(raw_pango_layout(rawPango, $0.baseAddress, Int32($0.count)))
            }
        }, codePoints: messageCodePoints, prepare: { _ = rawPango }),
    // A message laid out at 300 px and drawn into an RGBA buffer, against Pango laying it out and
    // Cairo drawing it into an image surface (Sources/RawPangoCairo); both warmed on the other slice.
    "render": renderWorkload { try! renderer.rgba($0, options: renderOptions).pixels.count },
    "render-pango-cairo": pangoCairoWorkload { r, text, count in Int(raw_pango_cairo_render(r, text, count)) },
    // The same, to PNG bytes: libpng through Renderer.png, against Cairo's PNG writer on the
    // layout's area (cairo_surface_write_to_png_stream into a byte counter).
    "render-png": renderWorkload { try! renderer.png($0, options: renderOptions).count },
    "render-pango-cairo-png": pangoCairoWorkload { r, text, count in raw_pango_cairo_render_png(r, text, count) },
    "caret": Workload(
        run: { i in query("caret", queryLayouts[i % queryLayouts.count], queryPlaces[i % queryLayouts.count]) },
        codePoints: messageCodePoints, prepare: { _ = queryPlaces }),
    "hit-test": Workload(
        run: { i in query("hit-test", queryLayouts[i % queryLayouts.count], queryPlaces[i % queryLayouts.count]) },
        codePoints: messageCodePoints, prepare: { _ = queryPlaces }),
    "selection": Workload(
        run: { i in query("selection", queryLayouts[i % queryLayouts.count], queryPlaces[i % queryLayouts.count]) },
        codePoints: messageCodePoints, prepare: { _ = queryPlaces }),
]

/// A message laid out by the warm engine at 300 px, then `draw`n; warmed on the other slice.
func renderWorkload(_ draw: @escaping (Layout) -> Int) -> Workload {
    Workload(
        run: { i in draw(try! warmEngine.layout(measured[i % measured.count], options: options)) },
        codePoints: messageCodePoints,
        prepare: { for text in warmSlice.prefix(2_000) { _ = draw(try! warmEngine.layout(text, options: options)) } })
}

/// A message given as UTF-8 to a `raw_pango_cairo` call; warmed on the other slice.
func pangoCairoWorkload(
    _ call: @escaping (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int
) -> Workload {
    func run(_ bytes: [CChar]) -> Int { bytes.withUnsafeBufferPointer { call(rawPangoCairo, $0.baseAddress, Int32($0.count)) } }
    return Workload(
        run: { i in run(measuredUTF8[i % measured.count]) }, codePoints: messageCodePoints,
        prepare: { for text in warmSliceUTF8.prefix(2_000) { _ = run(text) } })
}
