// Every run of a layout against HarfBuzz's own command-line tool (issue #38): the glyphs of each run
// a layout makes of corpus text — ids, clusters, advances and offsets — equal what `hb-shape`
// (HarfBuzz 6.0.0, Debian libharfbuzz-bin, the library the engine links) prints for the run's text
// with its paragraph as context, at widths 80, 160 and 300 px and without a width, under both forced
// directions. ShapingCacheConformanceTests checks the same against the engine's own `Shaper`; this
// one needs nothing of the engine's to say what HarfBuzz gives. One `hb-shape --batch` process
// shapes every run: a job a line, its arguments separated by ";", the text and its context as
// --unicodes lists (so that no ";" of the text splits a job; --text-before also echoes its text, on
// stderr), one output line a job.
//
// hb-shape works at one unit a font unit (--font-size defaults to units per em) with HarfBuzz's ot
// font functions, the engine at units per em × 64 (26.6, see HBFont): positions are compared in font
// units, to 1e-6 of a unit (every position the corpus's fonts give is read from GPOS and hmtx, the
// same at both scales; where HarfBuzz computes one — fallback mark positioning, the legacy kern
// table — the two scales round 1–2 units apart, see HarfBuzzShapeTestsConformanceTests); ids and
// clusters exactly. A bitmap-only colour face (CBDT) keeps hb-ft in the engine, its advances
// the strike's: its runs are compared by ids and clusters only, and counted apart.
import Foundation
import Testing
import ChatCorpus
@_spi(Tools) @testable import BidiRender

/// `hb-shape --batch`: many jobs through one process.
enum HBShapeBatch {
    /// The output lines of `hb-shape --batch` for `jobs` (each one line of ";"-separated
    /// arguments), one a job, in order. Throws when hb-shape fails or prints another number of lines.
    static func run(_ jobs: [String]) throws -> [Substring] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hb-shape-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (input, errors) = (folder.appendingPathComponent("jobs.txt"), folder.appendingPathComponent("stderr.txt"))
        // From a file, not a pipe: no writer to block on a full pipe while the output is read.
        try Data(jobs.map { $0 + "\n" }.joined().utf8).write(to: input)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = ["--batch"]
        process.environment = ["LC_ALL": "C"]
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardError = try FileHandle(forWritingTo: errors)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard process.terminationStatus == 0, lines.count == jobs.count else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw HBShapeBatchError(
                description: "hb-shape --batch exited \(process.terminationStatus) with \(lines.count) lines for \(jobs.count) jobs: "
                    + "\(stderr.prefix(2_000))")
        }
        return Array(lines)
    }

    /// The glyphs of one output line, `[gid=cluster@x,y+advance|…]` (`@x,y` left out when both are
    /// 0, as ShaperTests' `HBShape` reads them); nil for anything else.
    static func parse(_ line: Substring) -> [HBShapeGlyph]? {
        guard line.hasPrefix("["), line.hasSuffix("]") else { return nil }
        let body = line.dropFirst().dropLast()
        guard !body.isEmpty else { return [] }
        var glyphs: [HBShapeGlyph] = []
        for item in body.split(separator: "|") {
            let eq = item.split(separator: "=", maxSplits: 1)
            guard eq.count == 2, let id = UInt32(eq[0]) else { return nil }
            let rest = eq[1].split(separator: "+", maxSplits: 1)
            guard rest.count == 2, let advance = Int(rest[1]) else { return nil }
            var cluster = rest[0]
            var (x, y) = (0, 0)
            if let at = cluster.firstIndex(of: "@") {
                let xy = cluster[cluster.index(after: at)...].split(separator: ",")
                guard xy.count == 2, let px = Int(xy[0]), let py = Int(xy[1]) else { return nil }
                (x, y) = (px, py)
                cluster = cluster[..<at]
            }
            guard let c = Int(cluster) else { return nil }
            glyphs.append(HBShapeGlyph(id: id, cluster: c, xOffset: x, yOffset: y, xAdvance: advance))
        }
        return glyphs
    }
}

struct HBShapeBatchError: Error, CustomStringConvertible {
    var description: String
}

@Suite struct HBShapeCLIDifferentialTests {
    /// A run's glyph in font units, as hb-shape prints it: cluster from the run's start, offsets
    /// from the pen (y up).
    struct Glyph: CustomStringConvertible {
        var id: UInt32
        var cluster: Int
        var xOffset: Double
        var yOffset: Double
        var xAdvance: Double
        var description: String {
            func f(_ v: Double) -> String { v == v.rounded() ? "\(Int(v))" : String(format: "%.2f", v) }
            return "\(id)=\(cluster)@\(f(xOffset)),\(f(yOffset))+\(f(xAdvance))"
        }
    }

    /// A run waiting for hb-shape's answer.
    struct Pending {
        var job: String
        var ours: [Glyph]
        var positions: Bool
        var label: String
    }

    /// HarfBuzz keeps 5 code points of context on each side (HB_BUFFER_CONTEXT_LENGTH): 8 are given.
    static let contextLength = 8

    /// Code points as hb-shape's --unicodes lists take them: hex, comma-separated.
    static func hex(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: ",")
    }

    /// The hb-shape arguments for `run` of `scalars` with `paragraph` as context, one batch line.
    static func job(_ run: LayoutRun, _ scalars: [Unicode.Scalar], paragraph: Range<Int>) -> String {
        let font = run.font
        var arguments = [
            "--font-funcs=ot", "--no-glyph-names", "--font-file=\(font.file)", "--face-index=\(font.index)",
            "--direction=\(run.level.isRightToLeft ? "rtl" : "ltr")", "--script=\(run.script)",
        ]
        if let language = run.language { arguments.append("--language=\(language.normalized)") }
        if let weight = font.variationWeight { arguments.append("--variations=wght=\(weight)") }
        if font.syntheticSlant != 0 { arguments.append("--font-slant=\(font.syntheticSlant)") }
        let before = scalars[max(paragraph.lowerBound, run.range.lowerBound - contextLength)..<run.range.lowerBound]
        let after = scalars[run.range.upperBound..<min(paragraph.upperBound, run.range.upperBound + contextLength)]
        if !before.isEmpty { arguments.append("--unicodes-before=\(hex(before))") }
        arguments.append("--unicodes=\(hex(scalars[run.range]))")
        if !after.isEmpty { arguments.append("--unicodes-after=\(hex(after))") }
        return arguments.joined(separator: ";")
    }

    /// The run's glyphs in font units: a glyph's x is the pen (the run's x plus the advances before
    /// it) plus its offset, its y the baseline less its offset (y down).
    static func ours(_ glyphs: ArraySlice<PositionedGlyph>, run: LayoutRun, baseline: Double, unitsPerEm: Int) -> [Glyph] {
        let scale = Double(unitsPerEm) / run.size
        var pen = run.x
        return glyphs.map { g in
            defer { pen += g.advance }
            return Glyph(
                id: g.id, cluster: g.cluster - run.range.lowerBound, xOffset: (g.x - pen) * scale,
                yOffset: (baseline - g.y) * scale, xAdvance: g.advance * scale)
        }
    }

    /// Whether the glyphs are the same: ids and clusters equal, and with `positions` each offset and
    /// advance within `tolerance` font units.
    static func same(_ ours: [Glyph], _ theirs: [HBShapeGlyph], positions: Bool, tolerance: Double = 1e-6) -> Bool {
        guard ours.count == theirs.count else { return false }
        return zip(ours, theirs).allSatisfy { a, b in
            a.id == b.id && a.cluster == b.cluster
                && (!positions
                    || abs(a.xOffset - Double(b.xOffset)) <= tolerance && abs(a.yOffset - Double(b.yOffset)) <= tolerance
                        && abs(a.xAdvance - Double(b.xAdvance)) <= tolerance)
        }
    }

    /// The runs of the layouts of `messages` at each width and direction (those
    /// ShapingCacheConformanceTests compares), with hb-shape's jobs.
    static func pendingRuns(_ messages: [String]) throws -> [Pending] {
        let faces = ShapingCacheConformanceTests.faces(TestFonts.registry)
        var pending: [Pending] = []
        try ShapingCacheConformanceTests.forEachRun(of: messages) { found in
            let (run, scalars) = (found.run, found.scalars)
            let font = try #require(faces["\(run.font.file)#\(run.font.index)"], "\(run.font.file)")
            let ours = Self.ours(
                found.layout.glyphs(of: run), run: run, baseline: found.line.baseline, unitsPerEm: font.unitMetrics.unitsPerEm)
            let label = "\"\(String(String.UnicodeScalarView(scalars[run.range])))\" \(run.range) "
                + "\(run.level.isRightToLeft ? "rtl" : "ltr") \(run.script) in \(found.direction) "
                + "at \(found.width.map { "\(Int($0)) px" } ?? "no width"), "
                + "\((run.font.file as NSString).lastPathComponent)"
            let paragraph = found.layout.paragraphs[found.line.paragraph].range
            pending.append(Pending(
                job: job(run, scalars, paragraph: paragraph), ours: ours, positions: font.face.isScalable, label: label))
        }
        return pending
    }

    @Test func everyRunEqualsHBShapeWithItsParagraph() throws {
        let pending = try Self.pendingRuns(ChatCorpus.messages(count: 300))
        let output = try HBShapeBatch.run(pending.map(\.job))
        var (bitmapRuns, failures) = (0, [String]())
        for (run, line) in zip(pending, output) {
            if !run.positions { bitmapRuns += 1 }
            guard let theirs = HBShapeBatch.parse(line) else {
                failures.append("\(run.label): hb-shape printed \(line.prefix(200))")
                continue
            }
            if !Self.same(run.ours, theirs, positions: run.positions) {
                failures.append("\(run.label): ours \(run.ours), hb-shape \(theirs)")
            }
        }
        // The runs ShapingCacheConformanceTests compares on the same layouts.
        #expect(pending.count == 57_435, "the corpus or line filling changed: \(pending.count) runs")
        // The test registry has no colour emoji face (no system fallback): an emoji takes .notdef.
        #expect(bitmapRuns == 0, "\(bitmapRuns) runs of a bitmap-only face, compared by ids and clusters only")
        #expect(failures.isEmpty, "\(failures.count) of \(pending.count) runs differ from hb-shape:\n\(failures.prefix(10).joined(separator: "\n"))")
    }
}
