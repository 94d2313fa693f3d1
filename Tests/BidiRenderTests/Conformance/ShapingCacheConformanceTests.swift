// The shaping cache against HarfBuzz shaping each run whole (issue #37): every run a layout makes of
// corpus text — cut into words at HarfBuzz's unsafe-to-break flags, shaped through the cache, put on
// lines — has the glyph ids, clusters, advances and offsets HarfBuzz gives for the run's text with
// its paragraph as context (what `hb-shape --text-before --text-after` does; `Shaper` with a context
// is checked against hb-shape itself in ShaperTests), at widths 80, 160 and 300 px and without a
// width, under both forced directions. The runs that a line break cuts inside a word differ by
// design (the engine shapes each piece alone; CSS Text 3 asks for the joining forms of the whole
// word): they are counted and listed, not compared.
import Testing
import ChatCorpus
@_spi(Tools) @testable import BidiRender

@Suite struct ShapingCacheConformanceTests {
    /// The manifest's regular faces by file and index (the layouts below ask for nothing else).
    static func faces(_ registry: FontRegistry) -> [String: Font] {
        var faces: [String: Font] = [:]
        for package in registry.manifest.packages {
            if let choice = registry.pick(in: package, source: .defaultPackage, weight: .regular, style: .normal) {
                faces["\(choice.font.descriptor.file)#\(choice.font.descriptor.index)"] = choice.font
            }
        }
        return faces
    }

    /// Whether offset `k` of `scalars` is inside a word: a letter or mark of a script that writes
    /// spaces between words on each side (not an ideograph, kana or hangul, between which UAX #14
    /// allows a break anyway).
    static func insideWord(_ scalars: [Unicode.Scalar], _ k: Int) -> Bool {
        guard k > 0, k < scalars.count else { return false }
        func wordy(_ s: Unicode.Scalar) -> Bool {
            let p = s.properties
            guard p.isAlphabetic || p.generalCategory == .nonspacingMark else { return false }
            return !p.isIdeographic && !(0x3040...0x30FF).contains(s.value) && !(0xAC00...0xD7AF).contains(s.value)
        }
        return wordy(scalars[k - 1]) && wordy(scalars[k])
    }

    @Test func everyRunEqualsHarfBuzzWithItsParagraph() throws {
        let registry = TestFonts.registry
        let engine = LayoutEngine(registry: registry)
        let faces = Self.faces(registry)
        let shaper = Shaper()
        var (runs, compared, cutInWord) = (0, 0, 0)
        var failures: [String] = []
        var cuts: [String] = []
        for text in ChatCorpus.messages(count: 300) {
            let scalars = Array(text.unicodeScalars)
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                for width in [80.0, 160, 300, nil] {
                    var options = LayoutOptions(direction: direction, locale: "ar", size: 16, maxWidth: width)
                    options.isolate = []  // runs over the caller's text itself, no inserted controls
                    let layout = try engine.layout(text, options: options)
                    for line in layout.lines {
                        let paragraph = layout.paragraphs[line.paragraph].range
                        for run in line.runs where !run.isEllipsis && !run.glyphs.isEmpty {
                            runs += 1
                            let font = try #require(faces["\(run.font.file)#\(run.font.index)"], "\(run.font.file)")
                            let reference = shaper.shape(
                                scalars, range: run.range, context: paragraph, font: font,
                                direction: run.level.isRightToLeft ? .rightToLeft : .leftToRight, script: run.script,
                                language: run.language, size: 16)
                            let ours = run.glyphs.map { ($0.id, $0.cluster, $0.advance) }
                            let theirs = reference.glyphs.map { ($0.id, $0.cluster, $0.xAdvance) }
                            let same = ours.count == theirs.count
                                && zip(ours, theirs).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && abs($0.2 - $1.2) < 1e-6 }
                            let piece = "\(String(String.UnicodeScalarView(scalars[run.range]))) \(run.range) at \(width.map { "\(Int($0)) px" } ?? "no width")"
                            if Self.insideWord(scalars, run.range.lowerBound) && run.range.lowerBound == line.range.lowerBound
                                || Self.insideWord(scalars, run.range.upperBound) && run.range.upperBound == line.range.upperBound
                            {
                                cutInWord += 1
                                if !same { cuts.append(piece) }
                                continue
                            }
                            compared += 1
                            if !same { failures.append(piece) }
                        }
                    }
                }
            }
        }
        #expect(runs > 20_000)
        #expect(failures.isEmpty, "\(failures.count) of \(compared) runs differ: \(failures.prefix(10))")
        // The known deviation: of the runs a line cuts inside a word, those whose letters change form.
        #expect(cutInWord < runs / 50)
        // 24 of the 146 (Arabic words broken between letters at 80 px: "محم|د", "ع|لي"), pinned so that
        // a change either way is seen; README's conformance table says so.
        #expect(cuts.count == 24, "runs \(runs), compared \(compared), cut in a word \(cutInWord), of which differ \(cuts.count): \(cuts.prefix(12))")
    }
}
