// HarfBuzz's shaping test cases run through the engine's own shaping path: each font loaded as a
// `Font`, each text shaped word by word through a `ShapeCache` (`Shaper.shapeWords`, as a layout
// shapes an item), and the glyphs written as hb-shape prints them.
import Foundation
@_spi(Tools) @testable import BidiRender

/// Runs cases of one set with one shaper. Fonts are kept for the runner's life: a cache keys words
/// by font identity.
final class HBShapeRunner {
    let folder: URL
    let shaper = Shaper()
    private var fonts: [String: Font] = [:]

    init(folder: URL) { self.folder = folder }

    /// The case's face, at its `wght` and slant, loaded once.
    func font(_ c: HBShapeCase) throws -> Font {
        let key = "\(c.font)#\(c.faceIndex)@\(c.weight.map { "\($0)" } ?? "-")/\(c.slant)"
        if let font = fonts[key] { return font }
        let font = try Font(
            library: TestFonts.registry.library, file: folder.appendingPathComponent("fonts/\(c.font)").path,
            index: c.faceIndex, weight: nil, style: nil, variationWeight: c.weight, syntheticSlant: c.slant)
        fonts[key] = font
        return font
    }

    /// The script HarfBuzz guesses for `text` (hb_buffer_guess_segment_properties): that of its first
    /// code point of a script of its own, else none (0, HB_SCRIPT_INVALID).
    static func guessedScript(_ text: [UInt32]) -> ScriptTag {
        for c in text {
            let script = HarfBuzzUnicode.script(c)
            if script != .common && script != .inherited && script != .unknown { return script }
        }
        return ScriptTag(rawValue: 0)
    }

    /// Whether HarfBuzz sets `script` right to left (hb_script_get_horizontal_direction).
    static func isRightToLeft(_ script: ScriptTag) -> Bool {
        HarfBuzzUnicode.isNativeDirection(script, rightToLeft: true)
            && !HarfBuzzUnicode.isNativeDirection(script, rightToLeft: false)
    }

    /// The case's text shaped through `cache`, in hb-shape's form for the case's output options,
    /// at its size (`--font-size`, else units per em) with each value rounded as HarfBuzz's are.
    func shape(_ c: HBShapeCase, cache: ShapeCache) throws -> [HBTestGlyph] {
        let font = try font(c)
        let size = Double(c.fontSize ?? font.unitMetrics.unitsPerEm)
        let all = c.before + c.text + c.after
        let script = c.script ?? Self.guessedScript(c.text)
        var tables = ItemTables()
        let language = Int(tables.languageIndex(c.language, features: c.features, languages: cache.languageIDs))
        let starts = TextBuffer.graphemeStarts(all.compactMap(Unicode.Scalar.init))
        var glyphs: [ShapedGlyph] = []
        all.withUnsafeBufferPointer { text in
            starts.withUnsafeBufferPointer { starts in
                shaper.shapeWords(
                    text: text, range: c.before.count..<(c.before.count + c.text.count), context: 0..<all.count,
                    clusterStarts: starts, font: font, rightToLeft: c.rightToLeft ?? Self.isRightToLeft(script),
                    script: script, language: tables.languages[language], languageID: tables.languageIDs[language],
                    size: size, clusterBase: -c.before.count, cache: cache, features: tables.featureSets[language],
                    into: &glyphs)
            }
        }
        var (x, y) = (0, 0)
        return glyphs.map { g in
            var out = HBTestGlyph(id: g.id)
            if c.clusters { out.cluster = g.cluster }
            let (xa, ya) = (Int(g.xAdvance.rounded()), Int(g.yAdvance.rounded()))
            if c.positions {
                (out.x, out.y) = (x + Int(g.xOffset.rounded()), y + Int(g.yOffset.rounded()))
                if c.advances { (out.xAdvance, out.yAdvance) = (xa, ya) }
            }
            if !c.advances { (x, y) = (x + xa, y + ya) }
            return out
        }
    }

    /// Whether `ours` is `expected`: ids and clusters equal; positions equal at units per em, else
    /// within HarfBuzz's rounding of each value scaled apart (1 unit a value, accumulated along the
    /// line for the absolute positions printed without advances).
    static func matches(_ ours: [HBTestGlyph], _ expected: [HBTestGlyph], exact: Bool) -> Bool {
        guard ours.count == expected.count else { return false }
        for (k, (a, b)) in zip(ours, expected).enumerated() {
            guard a.id == b.id, a.cluster == b.cluster else { return false }
            let slack = exact ? 0 : (a.xAdvance == nil && a.x != nil ? k + 1 : 1)
            for (p, q) in [(a.x, b.x), (a.y, b.y), (a.xAdvance, b.xAdvance), (a.yAdvance, b.yAdvance)] {
                guard (p == nil) == (q == nil), abs((p ?? 0) - (q ?? 0)) <= slack else { return false }
            }
        }
        return true
    }
}
