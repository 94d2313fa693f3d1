// Layout.bounds and Layout.inkBounds: the line boxes without hanging white space, checked against
// values computed by hand from the line fields, and the ink around the glyphs.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct BoundsTests {
    static let emojiEngine = LayoutEngine(registry: TestFonts.withSystem)

    /// A one-line LTR layout at 300 px: from 0 to its contentWidth, the line box's height.
    @Test func ltrLineStartsAtZero() throws {
        let layout = TestLayout.layout("Hello world", .leftToRight, width: 300)
        let line = try #require(layout.lines.first)
        #expect(layout.bounds == LayoutRect(x: 0, y: 0, width: line.contentWidth, height: line.height))
        #expect(line.contentWidth > 60 && line.contentWidth < 100)
    }

    /// An RTL line, natural alignment: it ends at the right edge, 300 px.
    @Test func rtlLineEndsAtTheRightEdge() throws {
        let layout = TestLayout.layout("مرحبا بكم", .rightToLeft, width: 300)
        let line = try #require(layout.lines.first)
        let b = layout.bounds
        #expect(abs(b.x - (300 - line.contentWidth)) < 1e-9 && abs(b.width - line.contentWidth) < 1e-9)
        #expect(b.y == 0 && b.height == line.height)
    }

    /// Centred lines of several widths: from the leftmost content left, (300 − w) / 2, to the
    /// rightmost content right, over every line box.
    @Test func centredLinesUniteTheirContent() throws {
        let layout = TestLayout.layout("one two three four five six seven eight nine ten", .leftToRight, width: 120, align: .center)
        #expect(layout.lines.count >= 3)
        let widest = try #require(layout.lines.map(\.contentWidth).max())
        let expected = LayoutRect(x: (120 - widest) / 2, y: 0, width: widest, height: layout.height)
        #expect(abs(layout.bounds.x - expected.x) < 1e-9 && abs(layout.bounds.width - expected.width) < 1e-9)
        #expect(layout.bounds.y == 0 && abs(layout.bounds.height - layout.height) < 1e-9)
        for line in layout.lines { #expect(abs(line.x - (120 - line.contentWidth) / 2) < 1e-9) }
    }

    /// An RTL line with a trailing space, left-aligned: the space hangs left of 0 (line.x < 0, as
    /// in CSS), and the bounds start at 0 with the content.
    @Test func rtlTrailingSpaceHangsOutsideTheBounds() throws {
        let layout = TestLayout.layout("مرحبا بكم ", .rightToLeft, width: 300, align: .left)
        let line = try #require(layout.lines.first)
        #expect(line.width > line.contentWidth)
        #expect(abs(line.x - (line.contentWidth - line.width)) < 1e-9)
        #expect(line.x < 0)
        #expect(layout.bounds == LayoutRect(x: 0, y: 0, width: line.contentWidth, height: line.height))
    }

    /// Several RTL lines filled to the width: each one's hanging space is left of its content, and
    /// the bounds never start left of 0.
    @Test func wrappedRtlNeverStartsLeftOfZero() throws {
        for width in stride(from: 80.0, through: 200, by: 7) {
            let layout = TestLayout.layout("مرحبا بكم في هذا المكان الجميل اليوم وغدا ", .rightToLeft, width: width)
            #expect(layout.bounds.x >= -1e-9, "width \(width)")
            #expect(layout.bounds.x + layout.bounds.width <= width + 1e-9)
        }
    }

    /// An empty layout, and one of spaces only: no content, no ink, zero rectangles at (0, 0).
    @Test(arguments: ["", "   "])
    func noContentIsAZeroRect(text: String) {
        let layout = TestLayout.layout(text, .leftToRight, width: 100)
        let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)
        #expect(layout.bounds == zero)
        #expect(layout.inkBounds == zero)
    }

    /// The ink of Latin, Arabic and emoji lines lies about the line boxes: inside them vertically for
    /// these fonts (Noto's glyphs stay within ascent and descent), a little inside horizontally
    /// (side bearings), and not empty.
    @Test(arguments: ["Hello world", "مرحبا بكم", "ok 😂 🇸🇦 🇨🇳"])
    func inkLiesAboutTheLineBoxes(text: String) throws {
        let layout = try Self.emojiEngine.layout(text, options: LayoutOptions(direction: .auto, locale: "ar", size: 24, maxWidth: 300))
        let (ink, box) = (layout.inkBounds, layout.bounds)
        #expect(ink.width > box.width * 0.8 && ink.height > 10)
        #expect(ink.x >= box.x - 2 && ink.x + ink.width <= box.x + box.width + 2)
        #expect(ink.y >= box.y && ink.y + ink.height <= box.y + box.height)
    }

    /// A truncated RTL line: the ellipsis's ink is in, at the far left of the content.
    @Test func ellipsisInkCounts() throws {
        let layout = try TruncatedLayout.layout("مرحبا بكم في hello world example and more text", .rightToLeft, width: 150, maxLines: 1)
        let ellipsis = try #require(TruncatedLayout.ellipsis(layout))
        #expect(layout.inkBounds.x <= ellipsis.x + ellipsis.advance)
        #expect(layout.inkBounds.x >= layout.bounds.x - 1)
    }
}
