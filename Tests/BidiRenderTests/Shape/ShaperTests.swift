// Shaping against `hb-shape` (Debian libharfbuzz-bin) on the same font, size and text: glyph ids,
// clusters, advances and offsets must be equal.
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender

/// One glyph as hb-shape prints it: [gid=cluster@x,y+advance|…].
struct HBShapeGlyph: Equatable, CustomStringConvertible {
    var id: UInt32
    var cluster: Int
    var xOffset: Int
    var yOffset: Int
    var xAdvance: Int
    var description: String { "\(id)=\(cluster)@\(xOffset),\(yOffset)+\(xAdvance)" }
}

enum HBShape {
    /// Runs hb-shape with FreeType font functions at `fontSize` HarfBuzz units per em.
    /// `extra` adds hb-shape options (`--variations=wght=350`, `--font-slant=0.2`).
    static func run(
        font: String, text: String, fontSize: Int, direction: String, script: String, language: String, extra: [String] = []
    ) throws -> [HBShapeGlyph] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        process.arguments = [
            "--font-funcs=ft", "--font-size=\(fontSize)", "--no-glyph-names", "--direction=\(direction)",
            "--script=\(script)", "--language=\(language)",
        ] + extra + [font, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return output.dropFirst().dropLast().split(separator: "|").map { item in
            // gid=cluster[@x,y]+adv
            let eq = item.split(separator: "=", maxSplits: 1)
            let rest = eq[1].split(separator: "+", maxSplits: 1)
            let advance = Int(rest[1])!
            var cluster = rest[0]
            var x = 0, y = 0
            if let at = cluster.firstIndex(of: "@") {
                let xy = cluster[cluster.index(after: at)...].split(separator: ",")
                x = Int(xy[0])!
                y = Int(xy[1])!
                cluster = cluster[..<at]
            }
            return HBShapeGlyph(id: UInt32(eq[0])!, cluster: Int(cluster)!, xOffset: x, yOffset: y, xAdvance: advance)
        }
    }
}

@Suite struct ShaperTests {
    @Test(arguments: [
        ("مرحبا بالعالم", "ar", "rtl", "Arab", "ar", 400),
        ("لا إله", "ar", "rtl", "Arab", "ar", 700),  // lam-alef ligatures
        ("بِسْمِ اللَّهِ", "ar", "rtl", "Arab", "ar", 400),  // harakat: mark positioning
        ("العدد ١٢٣ (مثال)", "ar", "rtl", "Arab", "ar", 300),  // Arabic-Indic digits, mirrored brackets
        ("今天天气好吗，我们见面吧。", "zh-Hans", "ltr", "Hani", "zh", 400),
        ("小明（你好）", "zh-Hans", "ltr", "Hani", "zh", 700),
        ("Hello, World! Tiếng Việt", "en", "ltr", "Latn", "en", 400),
        ("Ελληνικά и кириллица", "en", "ltr", "Latn", "en", 500),
        ("مرحبا@小明 hello", "ar", "rtl", "Arab", "ar", 400),  // mixed text in one font: .notdef for 小明
    ])
    func glyphsEqualHBShape(text: String, locale: String, direction: String, script: String, language: String, weight: Int) throws {
        let choice = TestFonts.registry.choice(for: String(text.first!), script: ScriptTag(parsing: script), locale: LocaleTag(locale), weight: FontWeight(weight)!)
        let font = choice.font
        let unitsPerEm = Int(font.hbFont.unitsPerEm)
        let scalars = Array(text.unicodeScalars)
        let run = Shaper().shape(
            scalars, range: 0..<scalars.count, font: font, direction: direction == "rtl" ? .rightToLeft : .leftToRight,
            script: try #require(ScriptTag(parsing: script)), language: LocaleTag(language), size: Double(unitsPerEm))
        let ours = run.glyphs.map {
            HBShapeGlyph(id: $0.id, cluster: $0.cluster, xOffset: Int($0.xOffset), yOffset: Int($0.yOffset), xAdvance: Int($0.xAdvance))
        }
        let reference = try HBShape.run(
            font: font.descriptor.file, text: text, fontSize: unitsPerEm, direction: direction, script: script, language: language)
        #expect(ours == reference)
        #expect(!ours.isEmpty)
    }

    /// Context: the run "بالعالم" shaped alone differs from the same run shaped inside its paragraph
    /// when the letter before joins; with the paragraph as context the first glyph takes its medial form.
    @Test func contextJoinsAcrossRunEdges() {
        let font = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font
        let text = Array("ببب".unicodeScalars)
        let shaper = Shaper()
        let alone = shaper.shape(text, range: 1..<2, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 20)
        let inContext = shaper.shape(
            text, range: 1..<2, context: 0..<3, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 20)
        #expect(alone.glyphs.count == 1 && inContext.glyphs.count == 1)
        #expect(alone.glyphs[0].id != inContext.glyphs[0].id)  // isolated vs medial
        #expect(inContext.glyphs[0].cluster == 1)
    }

    /// In an RTL run "(" shows the glyph of ")" (mirroring), and lam-alef is one glyph.
    @Test func mirroringAndLigatures() {
        let font = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font
        let shaper = Shaper()
        let rtl = shaper.shape(Array("(".unicodeScalars), range: 0..<1, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 20)
        let ltr = shaper.shape(Array(")".unicodeScalars), range: 0..<1, font: font, direction: .leftToRight, script: "Latn", language: "en", size: 20)
        #expect(rtl.glyphs[0].id == ltr.glyphs[0].id)
        let lamAlef = shaper.shape(Array("لا".unicodeScalars), range: 0..<2, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 20)
        #expect(lamAlef.glyphs.count == 1)
    }

    /// Advances scale linearly with the size.
    @Test func advancesScaleWithSize() {
        let font = TestFonts.registry.choice(for: "a", locale: LocaleTag("en"), weight: .regular).font
        let text = Array("Hello".unicodeScalars)
        let small = Shaper().shape(text, range: 0..<5, font: font, direction: .leftToRight, script: "Latn", language: "en", size: 10)
        let large = Shaper().shape(text, range: 0..<5, font: font, direction: .leftToRight, script: "Latn", language: "en", size: 40)
        #expect(abs(large.advance - 4 * small.advance) < 1e-9)
        #expect(small.advance > 20 && small.advance < 30)
    }

    /// An outline font shapes without FreeType (HarfBuzz's own font functions on an hb_face of the
    /// font file), so without its face's lock: while a thread holds that lock, another shapes in the
    /// font, and gets the glyphs it gets without the lock held. (Through hb-ft's face the tables
    /// were read under that lock: two threads shaping new words in one font took turns.)
    @Test func outlineFontShapesWithoutTheFaceLock() {
        let font = TestFonts.registry.choice(for: "م", locale: LocaleTag("ar"), weight: .regular).font
        let text = Array("مرحبا بالعالم (2026)".unicodeScalars)
        let shape: @Sendable () -> [UInt32] = {
            Shaper().shape(text, range: 0..<text.count, font: font, direction: .rightToLeft, script: "Arab", language: "ar", size: 20)
                .glyphs.map(\.id)
        }
        let expected = shape()
        // The glyphs, behind a lock (which ThreadSanitizer sees; the semaphore only times the wait).
        final class Box: @unchecked Sendable {
            private let lock = NSLock()
            private var stored: [UInt32] = []
            var ids: [UInt32] {
                get { lock.withLock { stored } }
                set { lock.withLock { stored = newValue } }
            }
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let finished = font.face.withFace { _ in
            Thread {
                box.ids = shape()
                done.signal()
            }.start()
            return done.wait(timeout: .now() + 60) == .success
        }
        #expect(finished, "shaping waited for the face's lock")
        if !finished { done.wait() }  // it finishes once the lock is let go
        #expect(box.ids == expected && expected.count > 10)
    }
}
