// Composition benchmark: `compose-card` draws the example follow card (Examples/compose/
// follow-card.json, RTL: a mirrored canvas, three text nodes laid out, two images scaled) at scale 2
// to PNG bytes in memory. The scene is parsed (and its PNGs decoded) once, outside the samples; the
// engine's shaping cache is warm.
import Benchmark
@_spi(Tools) import BidiRender
import Foundation

func composeBenchmarks() {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Examples/compose/follow-card.json").standardized.path
    let scene = try! Scene(contentsOf: path)
    let renderer = try! SceneRenderer(engine: warmEngine)
    let options = ComposeOptions(scale: 2)
    Benchmark("compose-card") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try renderer.png(scene, options: options).png.count)
        }
    } setup: {
        _ = try renderer.png(scene, options: options)
    }
}
