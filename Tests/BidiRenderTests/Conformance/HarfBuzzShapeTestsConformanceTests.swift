// HarfBuzz's own shaping tests (issue #37), through the shaping cache: its in-house cases and
// Unicode's text-rendering-tests as HarfBuzz converts them, copied with their fonts into
// HarfBuzzShapeTests/ (README.md there: the selection, the source commit, each font's licence).
// Each case's font is loaded as a `Font` and its text shaped word by word through a `ShapeCache`
// twice (missing, then hitting the cache); both must give the expected glyph ids, clusters and
// positions, or the case must be a known deviation pinned by file and line. Cases with an option the
// engine's shaping cannot express are skipped and counted by reason.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

/// The counts of one set's run.
struct HBShapeTally: CustomStringConvertible {
    var set: String
    var cases = 0
    var run = 0
    var passed = 0
    var deviations = 0
    /// Cases whose second shaping took every word from the cache.
    var warmHits = 0
    var skipped: [String: Int] = [:]

    var description: String {
        let skips = skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }
        return "\(set): \(cases) cases, \(run) run (\(warmHits) wholly from the cache the second time), \(passed) passed, "
            + "\(deviations) known deviations, "
            + "\(skipped.values.reduce(0, +)) skipped (\(skips.joined(separator: ", ")))"
    }
}

@Suite struct HarfBuzzShapeTestsConformanceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HarfBuzzShapeTests")

    /// Runs every case of `set`; returns the counts and the failures not pinned in `known` (and
    /// the pinned cases that pass).
    static func run(set: String, known: [String: [String]]) throws -> (HBShapeTally, [String]) {
        let runner = HBShapeRunner(folder: folder)
        let lines = try String(contentsOf: folder.appendingPathComponent("\(set).tests"), encoding: .utf8).split(separator: "\n")
        let pinned = Dictionary(known.flatMap { reason, origins in origins.map { ($0, reason) } }, uniquingKeysWith: { a, _ in a })
        var tally = HBShapeTally(set: set)
        var failures: [String] = []
        for line in lines {
            tally.cases += 1
            guard let c = HBShapeCase(line: line) else {
                failures.append("unreadable: \(line.prefix(120))")
                continue
            }
            // A font FreeType refuses (HarfBuzz's own loader takes a face without the tables FreeType
            // needs) is one the engine cannot load.
            guard let font = try? runner.font(c), c.skip == nil else {
                tally.skipped[c.skip ?? "a font FreeType does not open", default: 0] += 1
                continue
            }
            tally.run += 1
            // A cache of the case's own: the first call misses (each word shaped, missed words
            // together), the second finds every word of at most `longestWord` code points.
            let cache = ShapeCache(limits: .init(entries: 256, codePoints: 2_048, glyphs: 2_048))
            let cold = try runner.shape(c, cache: cache)
            let misses = cache.currentStatistics.misses
            let warm = try runner.shape(c, cache: cache)
            if cache.currentStatistics.misses == misses, cache.currentStatistics.hits > 0 { tally.warmHits += 1 }
            let exact = c.fontSize == nil || c.fontSize == font.unitMetrics.unitsPerEm
            let same = HBShapeRunner.matches(cold, c.expected, exact: exact) && HBShapeRunner.matches(warm, c.expected, exact: exact)
            switch (same, pinned[c.origin] != nil) {
            case (true, false): tally.passed += 1
            case (false, true): tally.deviations += 1
            case (true, true): failures.append("\(c.origin) passes: take it off the known deviations")
            case (false, false):
                failures.append("\(c.origin): expected \(c.expected), cold \(cold)\(warm == cold ? "" : ", warm \(warm)")")
            }
        }
        let missing = Set(pinned.keys).subtracting(lines.map { String($0.prefix { $0 != ";" }) })
        failures += missing.sorted().map { "\($0) is pinned but not among the cases" }
        return (tally, failures)
    }

    @Test func inHouseCases() throws {
        let (tally, failures) = try Self.run(set: "in-house", known: Self.inHouseDeviations)
        print(tally)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(50).joined(separator: "\n"))")
        #expect(tally.run >= 4_000 && tally.warmHits >= 4_000, "\(tally)")
        #expect(tally.passed >= 3_900, "\(tally)")
    }

    @Test func textRenderingTests() throws {
        let (tally, failures) = try Self.run(set: "text-rendering-tests", known: Self.textRenderingDeviations)
        print(tally)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(50).joined(separator: "\n"))")
        #expect(tally.run >= 200 && tally.warmHits >= 200, "\(tally)")
        #expect(tally.passed >= 200, "\(tally)")
    }

    /// In-house cases whose expected output the engine does not give, by reason, pinned by HarfBuzz
    /// test file and line: any other case that differs fails, and so does a pinned case that passes.
    static let inHouseDeviations: [String: [String]] = [
        // hb-shape 6.0.0 gives the engine's output on each (checked with --font-funcs=ot and ft).
        "HarfBuzz 6.0.0, the Debian library the engine links, predates the behaviour the case tests": [
            "arabic-fallback-shaping.tests:13", "arabic-fallback-shaping.tests:14", "arabic-mark-order.tests:6",
            "arabic-stch.tests:2", "automatic-fractions.tests:4", "automatic-fractions.tests:5",
            "automatic-fractions.tests:6", "automatic-fractions.tests:7", "cluster.tests:7", "default-ignorables.tests:2",
            "default-ignorables.tests:6", "directwrite.tests:5", "hangul-calt.tests:1", "hangul-calt.tests:2",
            "harfbust.tests:1", "harfbust.tests:4", "indic-consonant-with-stacker.tests:5", "indic-syllable.tests:15",
            "mark-attachment.tests:2", "mark-attachment.tests:4", "mark-attachment.tests:5",
            "per-script-kern-fallback.tests:14", "per-script-kern-fallback.tests:21",
        ],
        // The engine's hb_font works at ppem = units per em in 26.6 (64 units a font unit, see HBFont),
        // hb-shape at one unit a font unit: where HarfBuzz computes a position rather than reading it
        // (fallback mark positioning without GPOS, the legacy kern table, stretched tatweel pieces, on
        // top of 6.0.0's older stretching), the two round 1–2 units apart.
        "rounding at the engine's 26.6 scale: 1–2 units": [
            "arabic-fallback-shaping.tests:2", "arabic-fallback-shaping.tests:4", "arabic-fallback-shaping.tests:8",
            "arabic-fallback-shaping.tests:9", "tt-kern-gpos.tests:1", "arabic-stch.tests:3",
        ],
        // A bitmap-only colour face (CBDT) keeps hb-ft in the engine, whose advance is the strike's
        // (HBFont), where hb-shape --font-funcs=ot reads hmtx: 8686 against 2550.
        "a bitmap-only emoji face's advance from its strike": ["emoji.tests:3", "emoji.tests:4"],
        // The word cache shapes each word apart (Shaper+Words): Raqq's lookups reach across the
        // space between words, moving the space's advance onto the ligature before it.
        "the word cache: lookups across a space": ["ligature-id.tests:38"],
    ]

    /// text-rendering-tests cases whose expected output the engine does not give (none).
    static let textRenderingDeviations: [String: [String]] = [:]
}
