// Shaper: HarfBuzz shaping of one run — a range of one direction, script, language and font — with
// the rest of its paragraph as context, into glyphs positioned in px.

/// A glyph positioned in px. Offsets follow HarfBuzz: x to the right, y up from the baseline.
public struct ShapedGlyph: Sendable, Hashable {
    /// The glyph id in the run's font (0 is .notdef).
    public var id: UInt32
    /// The Unicode scalar offset, in the original text, of the first character of the glyph's
    /// cluster (HarfBuzz cluster level "monotone graphemes").
    public var cluster: Int
    public var xAdvance: Double
    public var yAdvance: Double
    public var xOffset: Double
    public var yOffset: Double
}

/// One shaped run.
public struct ShapedRun: Sendable, Hashable {
    /// Scalar offsets in the original text.
    public var range: Range<Int>
    public var direction: TextDirection
    /// ISO 15924 script tag.
    public var script: String
    /// BCP 47 language, if any.
    public var language: String?
    public var font: Font
    /// Font size in px per em.
    public var size: Double
    /// The glyphs in visual order, left to right.
    public var glyphs: [ShapedGlyph]

    /// The sum of the glyphs' x advances.
    public var advance: Double { glyphs.reduce(0) { $0 + $1.xAdvance } }
}

/// Shapes runs with HarfBuzz. It reuses one hb_buffer, so it is not Sendable: use one per thread.
public final class Shaper {
    private let buffer = HBBuffer()
    private var context: [UInt32] = []
    private var raw: [RawGlyph] = []

    public init() {}

    /// Shapes `range` of `text`, with `text[context]` (normally the whole paragraph) visible to
    /// HarfBuzz so that joining and kerning see across the run's edges.
    ///
    /// - Parameters:
    ///   - text: the original text's scalars; clusters are offsets into it.
    ///   - range: the run, within `context`.
    ///   - direction: the run's direction (from its bidi level). HarfBuzz mirrors characters like "("
    ///     in RTL runs and returns the glyphs in visual order.
    ///   - script: ISO 15924 tag ("Arab", "Hani", "Latn").
    ///   - language: BCP 47 tag, or nil.
    ///   - size: px per em.
    public func shape(
        _ text: [Unicode.Scalar], range: Range<Int>, context: Range<Int>? = nil, font: Font,
        direction: TextDirection, script: String, language: String?, size: Double
    ) -> ShapedRun {
        let context = context ?? range
        self.context.removeAll(keepingCapacity: true)
        self.context.append(contentsOf: text[context].lazy.map(\.value))
        raw.removeAll(keepingCapacity: true)
        self.context.withUnsafeBufferPointer { codepoints in
            font.hbFont.shape(
                buffer: buffer, text: codepoints,
                item: (range.lowerBound - context.lowerBound)..<(range.upperBound - context.lowerBound),
                rightToLeft: direction == .rightToLeft, script: script, language: language, into: &raw)
        }
        return run(range: range, font: font, direction: direction, script: script, language: language, size: size, clusterBase: context.lowerBound)
    }

    /// Shapes `codePoints[item]` with the code points around it as context (HarfBuzz reads at most
    /// five on each side). Clusters are offsets into `codePoints` plus `clusterBase`.
    func shape(
        codePoints: UnsafeBufferPointer<UInt32>, item: Range<Int>, clusterBase: Int, font: Font,
        direction: TextDirection, script: String, language: String?, size: Double
    ) -> ShapedRun {
        let window = max(0, item.lowerBound - 8)..<min(codePoints.count, item.upperBound + 8)
        raw.removeAll(keepingCapacity: true)
        font.hbFont.shape(
            buffer: buffer, text: UnsafeBufferPointer(rebasing: codePoints[window]),
            item: (item.lowerBound - window.lowerBound)..<(item.upperBound - window.lowerBound),
            rightToLeft: direction == .rightToLeft, script: script, language: language, into: &raw)
        return run(
            range: (clusterBase + item.lowerBound)..<(clusterBase + item.upperBound), font: font, direction: direction,
            script: script, language: language, size: size, clusterBase: clusterBase + window.lowerBound)
    }

    private func run(
        range: Range<Int>, font: Font, direction: TextDirection, script: String, language: String?, size: Double,
        clusterBase: Int
    ) -> ShapedRun {
        let scale = size / Double(font.hbFont.unitsPerEm)
        let glyphs = raw.map { g in
            ShapedGlyph(
                id: g.glyph, cluster: clusterBase + Int(g.cluster),
                xAdvance: Double(g.xAdvance) * scale, yAdvance: Double(g.yAdvance) * scale,
                xOffset: Double(g.xOffset) * scale, yOffset: Double(g.yOffset) * scale)
        }
        return ShapedRun(
            range: range, direction: direction, script: script, language: language, font: font, size: size,
            glyphs: glyphs)
    }
}
