// The shaping cache against HarfBuzz shaping each run whole (issue #37): every run a layout makes of
// corpus text — cut into words at HarfBuzz's unsafe-to-break flags, shaped through the cache, put on
// lines — has the glyph ids, clusters, advances and offsets HarfBuzz gives for the run's text with
// its paragraph as context (what `hb-shape --text-before --text-after` does; `Shaper` with a context
// is checked against hb-shape itself in ShaperTests), at widths 80, 160 and 300 px and without a
// width, under both forced directions. The runs that a line break cuts inside a word are compared
// too: each piece keeps the joining forms of the whole word (CSS Text 3), as HarfBuzz gives them
// with the paragraph as context; they are counted, so that the corpus keeps exercising the case.
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

    /// One run of the layouts the conformance tests read, with where it was found.
    struct FoundRun {
        var layout: Layout
        var line: LayoutLine
        var run: LayoutRun
        var scalars: [Unicode.Scalar]
        var direction: ParagraphDirection
        var width: Double?
    }

    /// Calls `body` with every run that has glyphs and is not an ellipsis, of the layouts of
    /// `messages` under both forced directions, at 80, 160 and 300 px and without a width, over the
    /// caller's text itself (no inserted isolates), size 16, locale "ar", with the test fonts.
    static func forEachRun(of messages: [String], _ body: (FoundRun) throws -> Void) throws {
        let engine = LayoutEngine(registry: TestFonts.registry)
        for text in messages {
            let scalars = Array(text.unicodeScalars)
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                for width in [80.0, 160, 300, nil] {
                    var options = LayoutOptions(direction: direction, locale: "ar", size: 16, maxWidth: width)
                    options.isolate = []  // runs over the caller's text itself, no inserted controls
                    let layout = try engine.layout(text, options: options)
                    for line in layout.lines {
                        for run in line.runs where !run.isEllipsis && !run.glyphRange.isEmpty {
                            try body(FoundRun(layout: layout, line: line, run: run, scalars: scalars, direction: direction, width: width))
                        }
                    }
                }
            }
        }
    }

    @Test func everyRunEqualsHarfBuzzWithItsParagraph() throws {
        let faces = Self.faces(TestFonts.registry)
        let shaper = Shaper()
        var (runs, compared, cutInWord) = (0, 0, 0)
        var failures: [String] = []
        try Self.forEachRun(of: ChatCorpus.messages(count: 300)) { found in
            let (layout, line, run, scalars, width) = (found.layout, found.line, found.run, found.scalars, found.width)
            let paragraph = layout.paragraphs[line.paragraph].range
            let runGlyphs = layout.glyphs(of: run)
            runs += 1
            let font = try #require(faces["\(run.font.file)#\(run.font.index)"], "\(run.font.file)")
            let reference = shaper.shape(
                scalars, range: run.range, context: paragraph, font: font,
                direction: run.level.isRightToLeft ? .rightToLeft : .leftToRight, script: run.script,
                language: run.language, size: 16)
            // Each as (id, cluster, advance, x from the first glyph's, y from the
            // baseline): positions are the pens plus the GPOS offsets.
            let ours = runGlyphs.map {
                ($0.id, $0.cluster, $0.advance, $0.x - (runGlyphs.first?.x ?? 0), $0.y - line.baseline)
            }
            var pen = 0.0
            let first = reference.glyphs.first?.xOffset ?? 0
            let theirs = reference.glyphs.map { g in
                defer { pen += g.xAdvance }
                return (g.id, g.cluster, g.xAdvance, pen + g.xOffset - first, -g.yOffset)
            }
            let same = ours.count == theirs.count
                && zip(ours, theirs).allSatisfy {
                    $0.0 == $1.0 && $0.1 == $1.1 && abs($0.2 - $1.2) < 1e-6 && abs($0.3 - $1.3) < 1e-6
                        && abs($0.4 - $1.4) < 1e-6
                }
            let piece = "\(String(String.UnicodeScalarView(scalars[run.range]))) \(run.range) at \(width.map { "\(Int($0)) px" } ?? "no width")"
            if Self.insideWord(scalars, run.range.lowerBound) && run.range.lowerBound == line.range.lowerBound
                || Self.insideWord(scalars, run.range.upperBound) && run.range.upperBound == line.range.upperBound
            {
                cutInWord += 1
            }
            compared += 1
            if !same { failures.append(piece) }
        }
        #expect(runs == 57_435, "the corpus or line filling changed: update README's conformance table")
        #expect(failures.isEmpty, "\(failures.count) of \(compared) runs differ: \(failures.prefix(10))")
        // Words a line breaks inside (Arabic at 80 px: "محم|د", "ع|لي"): 146 runs, 24 of which lost
        // their joining forms while the pieces took only the line as context.
        #expect(cutInWord == 146, "\(cutInWord) runs cut inside a word: update README's conformance table")
    }
}
