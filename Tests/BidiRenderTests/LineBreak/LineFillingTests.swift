// LineBreaker.fill: the search that skips the opportunities surely within the width
// (`LineBreakScratch.fitsBefore` over the running maximum of the prefix sums) fills the same lines as
// asking the estimate at every opportunity, on random paragraphs with negative advances, hanging
// spaces, mandatory breaks, opportunities inside URLs, long words and line limits.
import ChatCorpus
import TestSupport
import Testing
@testable import BidiRender

@Suite struct LineFillingTests {
    /// A random paragraph: advances (some negative, some zero), hanging spaces, opportunities
    /// (a few mandatory, some inside URLs) and grapheme starts.
    struct Paragraph {
        var advances: [Double]
        var hanging: [Bool]
        var breaks: [UInt8]
        var starts: [Bool]

        init(count: Int, using g: inout SplitMix64) {
            advances = (0..<count).map { _ in
                switch Int.random(in: 0..<20, using: &g) {
                case 0: -Double.random(in: 0...6, using: &g)
                case 1: 0
                default: Double.random(in: 1...14, using: &g).rounded() / 2
                }
            }
            hanging = (0..<count).map { _ in Int.random(in: 0..<6, using: &g) == 0 }
            breaks = (0..<count).map { i in
                guard i > 0 else { return BreakOpportunity.none }
                switch Int.random(in: 0..<60, using: &g) {
                case 0: return BreakOpportunity.mandatory
                case 1..<14: return BreakOpportunity.allowed
                case 14..<18: return BreakOpportunity.withinEntity
                default: return BreakOpportunity.none
                }
            }
            starts = (0..<count).map { i in i == 0 || Int.random(in: 0..<4, using: &g) != 0 }
        }

        /// The lines `LineBreaker.fill` makes of it at `base`, with or without `fitsBefore`.
        func lines(base: Int, maxWidth: Double?, maxLines: Int?, slack: Double, skipping: Bool) -> [Range<Int>] {
            var prefix = [0.0]
            for a in advances { prefix.append(prefix[prefix.count - 1] + a) }
            var peak: [Double] = []
            prefix.withUnsafeBufferPointer { LineBreakScratch.runningMaximum(of: $0, into: &peak) }
            let searched = peak.isEmpty ? prefix : peak
            func visibleEnd(_ a: Int, _ b: Int) -> Int {
                var end = b
                while end > a, hanging[end - 1 - base] { end -= 1 }
                return end
            }
            let estimate = { (a: Int, b: Int) in prefix[visibleEnd(a, b) - base] - prefix[a - base] }
            // The line as a line is a little narrower or wider than by the paragraph's sums.
            let measure = { (a: Int, b: Int) in estimate(a, b) + Double((a * 7 + b * 3) % 5) - 2 }
            return prefix.withUnsafeBufferPointer { prefix in
                searched.withUnsafeBufferPointer { peak in
                    starts.withUnsafeBufferPointer { starts in
                        LineBreaker.fill(
                            range: base..<(base + advances.count), maxWidth: maxWidth, breaks: breaks,
                            graphemeStarts: starts, isHangingSpace: { hanging[$0 - base] }, estimate: estimate,
                            measure: measure, maxLines: maxLines, slack: slack,
                            fitsBefore: skipping
                                ? { a, reach in LineBreakScratch.fitsBefore(a, reach: reach, prefix: prefix, peak: peak, base: base) }
                                : nil)
                    }
                }
            }
        }
    }

    @Test func skippingFillsTheSameLines() {
        var g = SplitMix64(seed: 4_117)
        var multiLine = 0
        for _ in 0..<TestScale.sample(3_000) {
            let paragraph = Paragraph(count: Int.random(in: 1...300, using: &g), using: &g)
            let base = Int.random(in: 0...50, using: &g)
            let maxWidth: Double? = Int.random(in: 0..<10, using: &g) == 0 ? nil : Double.random(in: 4...400, using: &g)
            let maxLines: Int? = Int.random(in: 0..<4, using: &g) == 0 ? Int.random(in: 1...4, using: &g) : nil
            let slack = [0.0, 8, 16][Int.random(in: 0..<3, using: &g)]
            let scanned = paragraph.lines(base: base, maxWidth: maxWidth, maxLines: maxLines, slack: slack, skipping: false)
            let skipped = paragraph.lines(base: base, maxWidth: maxWidth, maxLines: maxLines, slack: slack, skipping: true)
            #expect(skipped == scanned, "width \(String(describing: maxWidth)), \(paragraph.advances.count) code points")
            if scanned.count > 1 { multiLine += 1 }
        }
        #expect(multiLine > TestScale.sample(1_500))
    }

    /// The running maximum is left empty for sums that never fall, and equals a hand-made one for
    /// sums that do.
    @Test func runningMaximum() {
        var peak: [Double] = [9]
        [0.0, 1, 1, 3].withUnsafeBufferPointer { LineBreakScratch.runningMaximum(of: $0, into: &peak) }
        #expect(peak.isEmpty)
        [0.0, 2, 1, 5, 4, 4].withUnsafeBufferPointer { LineBreakScratch.runningMaximum(of: $0, into: &peak) }
        #expect(peak == [0, 2, 2, 5, 5, 5])
    }
}
