// `bidirender render --crop content|ink`: the image is the crop's size plus the padding, and says so.
import ArgumentParser
import BidiRender
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct RenderCropCLITests {
    /// "ok 😂 🇸🇦 🇨🇳" at 260 px: --crop content is about its content, not 260 px; --crop ink's
    /// outermost drawn pixels touch the image's edges within 1 px, colour emoji too (--crop content's
    /// edges are the advances', which hold an emoji bitmap's transparent margin: 3 px at 24 px).
    @Test(arguments: ["content", "ink"])
    func cropDrawsOnlyTheRectangle(crop: String) throws {
        let path = try TestDirectory.fresh("render-crop").appendingPathComponent("bubble-\(crop).png").path
        let command = try RenderCommand.parse([
            "ok 😂 🇸🇦 🇨🇳", "--width", "260", "--size", "24", "--padding", "0", "--background", "transparent",
            "--crop", crop, "-o", path,
        ])
        var out = ""
        try command.execute(into: &out)
        let image = try RGBAImage(pngData: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(out.contains("(png, \(image.width)×\(image.height) px"), "\(out)")
        #expect(image.width > 100 && image.width < 150, "\(image.width)")
        var columns: [Int] = [], rows: [Int] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > 0 {
                columns.append(x)
                rows.append(y)
            }
        }
        let (minX, maxX) = try (#require(columns.min()), #require(columns.max()))
        let margin = crop == "ink" ? 1 : 4
        #expect(minX <= margin && maxX >= image.width - 1 - margin, "columns \(minX)...\(maxX) of \(image.width)")
        if crop == "ink" {
            let (minY, maxY) = try (#require(rows.min()), #require(rows.max()))
            #expect(minY <= 1 && maxY >= image.height - 2, "rows \(minY)...\(maxY) of \(image.height)")
        }
    }

    @Test func unknownCropIsAUsageError() {
        #expect(throws: (any Error).self) { try RenderCommand.parse(["x", "-o", "x.png", "--crop", "tight"]) }
    }
}
