// SceneFuzzer: feeds arbitrary bytes to the scene parser as a compose scene from someone else would
// reach it, then resolves the scene in both directions and draws it to PNG and SVG on a canvas cut
// down to at most 192 × 192 px (nodes may lie anywhere, inside or outside it). Parsing must load or
// fail with an error that names the scene file (and, for a bad node, its path); drawing must succeed
// or fail with an error that says something. Never crash, hang, or read a file outside the scene's
// folder: the folder holds two small PNGs, and a file of the same name outside it must be refused.
@testable import BidiRender
import Foundation

let engine: LayoutEngine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))
let composer: SceneRenderer = try! SceneRenderer(engine: engine)

/// A fresh folder with the scene's images: `a.png` (2 × 1, red and transparent blue) and `b.png`
/// (1 × 1 grey), and beside the folder an `outside.png` that scenes must not reach.
let folder: String = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("scene-fuzz-\(getpid())")
    let inside = root.appendingPathComponent("scene")
    try! FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    let red = try! RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 90]).pngData()
    let grey = try! RGBAImage(width: 1, height: 1, pixels: [128, 128, 128, 255]).pngData()
    try! Data(red).write(to: inside.appendingPathComponent("a.png"))
    try! Data(grey).write(to: inside.appendingPathComponent("b.png"))
    try! Data(grey).write(to: root.appendingPathComponent("outside.png"))
    return inside.path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = folder + "/scene.json"
    var scene: Scene
    do {
        scene = try Scene(json: bytes, file: file, imageFolder: folder)
    } catch {
        let text = error.description
        switch error {
        case .scene(let named, _, _, let reason):
            precondition(named == file && !reason.isEmpty, "a scene error must name the file and say why: \(error)")
        case .unreadableFile(let path, _):
            precondition(path.hasPrefix(folder + "/"), "a file outside the scene's folder was looked at: \(error)")
        default:
            precondition(text.contains(folder), "an image error must name its file: \(error)")
        }
        return 0
    }
    // A small canvas: the point is the nodes at its edges and past them, not the canvas's own size.
    scene.width = min(scene.width, 192)
    scene.height = min(scene.height, 192)
    for direction in [TextDirection.leftToRight, .rightToLeft] {
        scene.direction = direction
        let resolved = scene.resolved()
        precondition(resolved.nodes.first?.path == "root", "the first resolved node is the root")
        do {
            _ = try composer.png(scene)
        } catch {
            precondition(!error.description.isEmpty, "a PNG drawing error must say something")
        }
        do {
            _ = try composer.svg(scene)
        } catch {
            precondition(!error.description.isEmpty, "an SVG drawing error must say something")
        }
    }
    return 0
}
