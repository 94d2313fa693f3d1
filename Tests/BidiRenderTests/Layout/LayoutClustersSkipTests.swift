// The walks that the queries make with `LayoutClusters.Skip`: passing clusters and whole runs must
// never lose a grapheme the query needs. A skipping walk visits the same graphemes as a full walk
// (same code points, same extents, same levels), minus only graphemes the skip rules out.
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct LayoutClustersSkipTests {
    static func walk(_ line: LayoutLine, _ layout: Layout, _ skip: LayoutClusters.Skip = .nothing) -> [VisualGrapheme] {
        var seen: [VisualGrapheme] = []
        LayoutClusters.forEachGrapheme(in: line, glyphs: layout.glyphs, graphemes: layout.graphemes, skip: skip) {
            seen.append($0)
            return true
        }
        return seen
    }

    static func same(_ a: VisualGrapheme, _ b: VisualGrapheme) -> Bool {
        a.range == b.range && abs(a.left - b.left) < 1e-9 && abs(a.right - b.right) < 1e-9 && a.level == b.level
    }

    /// A skipping walk is the full walk with some graphemes left out, in the same order.
    static func isSubsequence(_ part: [VisualGrapheme], of full: [VisualGrapheme]) -> Bool {
        var k = 0
        for g in part {
            while k < full.count, !same(full[k], g) { k += 1 }
            guard k < full.count else { return false }
            k += 1
        }
        return true
    }

    @Test(arguments: [TextDirection.leftToRight, .rightToLeft])
    func skippingKeepsWhatTheQueriesNeed(_ direction: TextDirection) throws {
        var passed = 0
        for text in LayoutQueryPropertyTests.texts.prefix(40) {
            let layout = TestLayout.layout(text, direction == .rightToLeft ? .rightToLeft : .leftToRight, width: 120)
            for line in layout.lines {
                let full = Self.walk(line, layout)
                // By x: every grapheme that ends at or right of x is visited, and the line's last.
                for x in stride(from: line.x - 5, through: line.x + line.width + 5, by: 7.5) {
                    let part = Self.walk(line, layout, .left(of: x))
                    #expect(Self.isSubsequence(part, of: full), "\(text) x \(x)")
                    let needed = full.filter { $0.right >= x }
                    #expect(needed.allSatisfy { n in part.contains { Self.same($0, n) } }, "\(text) x \(x)")
                    #expect(full.last.map { l in part.contains { Self.same($0, l) } } ?? true)
                    passed += full.count - part.count
                }
                // By offsets: every grapheme that holds an offset of lo...hi is visited.
                let offsets = Array(line.range)
                for lo in offsets where lo % 3 == 0 {
                    for hi in [lo, lo + 2, lo + 9] where hi < line.range.upperBound {
                        let part = Self.walk(line, layout, .outside(lo, hi))
                        #expect(Self.isSubsequence(part, of: full), "\(text) \(lo)...\(hi)")
                        let needed = full.filter { $0.range.overlaps(lo..<(hi + 1)) }
                        #expect(needed.allSatisfy { n in part.contains { Self.same($0, n) } }, "\(text) \(lo)...\(hi)")
                        passed += full.count - part.count
                    }
                }
            }
        }
        // The skip does pass graphemes (the test is not vacuous).
        #expect(passed > 1000)
    }
}
