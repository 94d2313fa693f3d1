// RenderOptions.inkOverflow: a line's glyphs clipped to its box and an allowance above and below, so
// that Zalgo cannot paint over the lines around it while real accents and diacritics stay whole.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct InkClipTests {
    static let engine = LayoutEngine(registry: TestFonts.withSystem)
    static let size = 24.0

    static func layout(_ text: String, direction: ParagraphDirection = .leftToRight) throws -> Layout {
        try engine.layout(text, options: LayoutOptions(direction: direction, locale: "en", size: size, maxWidth: 600))
    }

    static func render(_ layout: Layout, overflow: Double?, scale: Int = 1, crop: RenderCrop = .none) throws -> RGBAImage {
        try TestRender.renderer.rgba(
            layout, options: RenderOptions(background: .transparent, padding: 10, scale: scale, crop: crop, inkOverflow: overflow))
    }

    /// The device rows a line may draw on with `overflow`, in an image of `padding` 10 at `scale`.
    static func allowed(_ line: LayoutLine, overflow: Double, scale: Int) -> ClosedRange<Int> {
        let s = Double(scale)
        let top = Int(((line.top - overflow + 10) * s).rounded(.down))
        let bottom = Int(((line.top + line.height + overflow + 10) * s).rounded(.up))
        return top...(bottom - 1)
    }

    /// Zalgo of 10, 30 and 100 marks a base as the middle line of three (the others empty, so every
    /// drawn pixel is its): unclipped, its ink passes its box by more than the allowance (above or
    /// below); clipped, every drawn row lies within the box and the allowance, at scales 1 and 2 and
    /// with allowances of 0 and a fourth of the size.
    @Test(arguments: [10, 30, 100], [1, 2])
    func zalgoStaysWithinItsAllowance(marks: Int, scale: Int) throws {
        let layout = try Self.layout("\n" + GuardFixtures.zalgo(marks) + "\n")
        let line = layout.lines[1]
        let free = TestRender.ink(try Self.render(layout, overflow: nil, scale: scale)).map(\.y)
        for overflow in [0, Self.size / 4] {
            let rows = Self.allowed(line, overflow: overflow, scale: scale)
            let passes = free.contains { !rows.contains($0) }
            #expect(passes, "\(marks) marks: the unclipped ink should pass \(rows)")
            let clipped = TestRender.ink(try Self.render(layout, overflow: overflow, scale: scale)).map(\.y)
            #expect(!clipped.isEmpty)
            let outside = Set(clipped.filter { !rows.contains($0) }).sorted()
            #expect(outside == [], "\(marks) marks, overflow \(overflow): rows outside \(rows)")
            // The clip is the allowance, not less: ink reaches its first and last allowed rows.
            #expect(clipped.min() == rows.lowerBound && clipped.max() == rows.upperBound, "\(clipped.min()!)...\(clipped.max()!) vs \(rows)")
        }
    }

    /// Real text with accents and marks (pointed Arabic, Hebrew with nikud and cantillation,
    /// Vietnamese, Thai, Devanagari) draws the same pixels with a fourth of the size as allowance as
    /// without a clip: the clip cuts Zalgo, not diacritics.
    @Test func realTextIsUnchanged() throws {
        let texts = [GuardFixtures.quranic[0], GuardFixtures.hebrewPointed[0], GuardFixtures.vietnamese[0], GuardFixtures.thai[0], GuardFixtures.devanagari[0], "Ǻngström ÅÉÎÕÜ ẫẪ ỗỖ"]
        for text in texts {
            let layout = try Self.layout(text, direction: .auto)
            let free = try Self.render(layout, overflow: nil)
            let clipped = try Self.render(layout, overflow: Self.size / 4)
            #expect(free.pixels == clipped.pixels, "\(text): the clip changed pixels")
        }
    }

    /// Three lines of Zalgo between lines of text: clipped at a fourth of the size, the text lines'
    /// own rows (their boxes less the allowance of the Zalgo lines next to them) hold only their own
    /// ink, the same pixels as the text alone laid out in their place.
    @Test func zalgoDoesNotCoverItsNeighbours() throws {
        let zalgo = GuardFixtures.zalgo(60)
        let mixed = try Self.layout("hello world\n\(zalgo)\nمرحبا بكم\n\(zalgo)\nsecond line")
        let plain = try Self.layout("hello world\n\nمرحبا بكم\n\nsecond line")
        try #require(mixed.lines.count == 5 && plain.lines.count == 5)
        let overflow = Self.size / 4
        let a = try Self.render(mixed, overflow: overflow), b = try Self.render(plain, overflow: overflow)
        try #require(a.width == b.width && a.height == b.height && abs(mixed.lines[2].top - plain.lines[2].top) < 0.001)
        for l in [0, 2, 4] {
            let line = mixed.lines[l]
            // Rows of this line that no neighbouring Zalgo line may reach.
            let low = Int((line.top + overflow + 10).rounded(.up)), high = Int((line.top + line.height - overflow + 10).rounded(.down))
            var differing = 0
            for y in max(0, low)..<min(a.height, high) {
                for x in 0..<a.width where a.pixels[(y * a.width + x) * 4 + 3] != b.pixels[(y * a.width + x) * 4 + 3] { differing += 1 }
            }
            #expect(differing == 0, "line \(l): \(differing) pixels covered")
        }
        // Unclipped, the Zalgo does cover them.
        let free = try Self.render(mixed, overflow: nil)
        #expect(free.pixels != a.pixels)
    }

    /// `crop: .ink` with an allowance crops to the clipped ink: no taller than the line boxes and the
    /// allowance, where the unclipped ink crop is far taller.
    @Test func inkCropFollowsTheClip() throws {
        let layout = try Self.layout(GuardFixtures.zalgo(100))
        let line = layout.lines[0]
        let clipped = try Self.render(layout, overflow: 6, crop: .ink)
        let free = try Self.render(layout, overflow: nil, crop: .ink)
        // The line box and the allowance above and below, the half pixel above and below that the
        // baseline's snap may move the glyphs, rounded out, and the padding.
        #expect(clipped.height <= Int((line.height + 12 + 1).rounded(.up)) + 1 + 20)
        #expect(free.height > clipped.height + 40, "\(free.height) vs \(clipped.height)")
        #expect(layout.inkBounds(overflow: 6).height <= line.height + 12)
        #expect(layout.inkBounds(overflow: nil) == layout.inkBounds)
    }

    /// SVG: each line's runs in a group clipped to its box and the allowance, across the view; no
    /// clip path at all without one (the document as before).
    @Test func svgClipsEachLine() throws {
        let layout = try Self.layout("hello\n" + GuardFixtures.zalgo(20))
        let svg = try TestRender.renderer.svg(layout, options: RenderOptions(padding: 10, inkOverflow: 6))
        for (l, line) in layout.lines.enumerated() {
            let rect = "<clipPath id=\"line\(l)\"><rect x=\"0\" y=\"\(JSONText.number(line.top - 6 + 10))\" width=\"\(JSONText.number(layout.width + 20))\" height=\"\(JSONText.number(line.height + 12))\"/></clipPath>"
            #expect(svg.contains(rect), "line \(l): \(rect)")
            #expect(svg.contains("<g class=\"line\" clip-path=\"url(#line\(l))\">"))
        }
        #expect(svg.components(separatedBy: "<g").count == svg.components(separatedBy: "</g>").count)
        let plain = try TestRender.renderer.svg(layout, options: RenderOptions(padding: 10))
        #expect(!plain.contains("clipPath") && !plain.contains("class=\"line\""))
    }

    /// Bad allowances are refused naming the key, before anything is drawn.
    @Test(arguments: [-1, .nan, .infinity, 10_001])
    func badAllowanceIsRefused(value: Double) throws {
        let layout = try Self.layout("ok")
        #expect(throws: BidiRenderError.self) { try TestRender.renderer.rgba(layout, options: RenderOptions(inkOverflow: value)) }
        do {
            _ = try TestRender.renderer.svg(layout, options: RenderOptions(inkOverflow: value))
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.description.contains("inkOverflow"), "\(error)")
        }
    }
}
