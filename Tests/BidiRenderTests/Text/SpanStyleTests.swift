// Span styles resolved per code point: overlapping spans, the later one winning per attribute.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct SpanStyleTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 255)
    static let yellow = RGBAColor(red: 255, green: 255, blue: 0, alpha: 128)

    /// No span with a style: no table and no per-code-point index (the unstyled path allocates none).
    @Test func unstyledSpansMakeNoMap() {
        let map = StyleMap(spans: [TextSpan(range: 0..<3, weight: .bold)], count: 5)
        #expect(map.isEmpty)
        #expect(map[2] == .plain)
    }

    /// Overlaps: each attribute from the latest span that sets it; `false` clears an earlier
    /// underline.
    @Test func laterSpanWinsPerAttribute() {
        var a = TextSpan(range: 0..<6)
        a.color = Self.red
        a.underline = true
        var b = TextSpan(range: 3..<9)
        b.color = Self.blue
        b.background = Self.yellow
        var c = TextSpan(range: 5..<7)
        c.underline = false
        c.strikethrough = true
        let map = StyleMap(spans: [a, b, c], count: 10)
        #expect(map[0] == TextStyle(color: Self.red, decorations: .underline))
        #expect(map[3] == TextStyle(color: Self.blue, background: Self.yellow, decorations: .underline))
        #expect(map[5] == TextStyle(color: Self.blue, background: Self.yellow, decorations: .strikethrough))
        #expect(map[7] == TextStyle(color: Self.blue, background: Self.yellow))
        #expect(map[9] == .plain)
        // Equal styles share one id.
        #expect(map.id(1) == map.id(2) && map.id(3) == map.id(4) && map.id(9) == 0)
    }

    /// A span's size is a font attribute (it changes shaping), apart from the paint.
    @Test func sizeIsAFontAttribute() {
        var span = TextSpan(range: 2..<4)
        span.size = 30
        let map = AttributeMap(spans: [span], options: LayoutOptions(), count: 6)
        #expect(map[1].size == nil && map[2].size == 30 && map[3].size == 30 && map[4].size == nil)
        #expect(map.styles.isEmpty)
    }

    /// Spans out of the text's range are clipped, never a crash.
    @Test func spansPastTheEndAreClipped() {
        var span = TextSpan(range: 3..<100)
        span.color = Self.red
        let map = StyleMap(spans: [span], count: 5)
        #expect(map[4].color == Self.red && map[2].color == nil)
    }
}
