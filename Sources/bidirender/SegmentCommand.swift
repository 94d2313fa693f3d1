// `bidirender segment`: where a text's grapheme clusters, words and sentences end and where its lines
// may break, as layout finds them (`LayoutEngine.boundaries(in:by:locale:)`), one document per input
// or per JSON line.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

extension TextBoundary: ExpressibleByArgument {}

struct SegmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segment",
        abstract: "Find grapheme, word, sentence or line boundaries (UAX #29, UAX #14).",
        discussion: """
            json: {"by":"word","boundaries":[k, ...]}: every code point offset 0 < k <= n at which \
            a segment ends (grapheme, word, sentence) or before which a line may start (line), as \
            the ÷ marks of Unicode's break test files; n, the text's length, is one of them. \
            text: one line per segment, "start end" and the segment as a JSON string, with bidi \
            controls and other invisible characters written as \\uXXXX. \
            line: the opportunities layout fills lines with (ICU's UAX #14 for --locale, none inside \
            a phone number, one after each paragraph separator); word and sentence: ICU's UAX #29 \
            rules for --locale (sv and fi keep "a:b" one word); grapheme: the clusters carets use. \
            --jsonl: each input line is {"text": "...", "by": ..., "locale": ...}; each output line \
            is a JSON document, or {"error": "...", "line": n} for a bad line.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(help: "What to find: grapheme clusters, words, sentences or line break opportunities.")
    var by: TextBoundary = .grapheme

    @Option(help: "The locale whose word, sentence and line rules apply, a BCP 47 tag (sv, ja, th).")
    var locale: String = "default"

    @OptionGroup var batch: BatchOptions

    func validate() throws {
        do {
            _ = try LocaleTag(validating: locale, key: "--locale")
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    /// Runs the command, writing its documents to `out`. Throws `ExitCode(1)` after writing every
    /// line when a JSON Lines input line failed.
    func execute(into out: inout some TextOutputStream) throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        if batch.jsonl {
            let (unit, locale) = (by, LocaleTag(locale))
            try JSONLines.stream(
                try input.lines(), jobs: batch.parallelJobs,
                keys: SegmentRequest.lineKeys, into: &out,
                prepare: { object in try SegmentRequest(object, unit: unit, locale: locale) },
                run: { work in
                    SegmentRequest.document(
                        try engine.boundaries(in: work.text, by: work.unit, locale: work.locale), by: work.unit)
                })
            return
        }
        let text = try input.readText()
        let boundaries = try engine.boundaries(in: text, by: by, locale: LocaleTag(locale))
        switch batch.format ?? .text {
        case .json: print(SegmentRequest.document(boundaries, by: by), to: &out)
        case .text: Self.writeSegments(of: text, boundaries, to: &out)
        }
    }

    /// The text output: "start end" and the segment as a JSON string, a line per segment.
    static func writeSegments(of text: String, _ boundaries: [Int], to out: inout some TextOutputStream) {
        var scalars = text.unicodeScalars.makeIterator()
        var start = 0
        var line = ""
        for end in boundaries {
            line = "\(start) \(end) \""
            for _ in start..<end {
                guard let s = scalars.next() else { break }
                line += escaped(s)
            }
            line += "\"\n"
            out.write(line)
            start = end
        }
    }

    /// A scalar as it stands in a JSON string, with the invisible ones (controls, bidi controls,
    /// line and paragraph separators, other default-ignorable characters) as \uXXXX.
    static func escaped(_ s: Unicode.Scalar) -> String {
        switch s {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        default:
            let p = s.properties
            guard s.value < 0x20 || (0x7F...0x9F).contains(s.value) || s.value == 0x2028 || s.value == 0x2029
                || p.isDefaultIgnorableCodePoint || p.isBidiControl
            else { return String(s) }
            if s.value > 0xFFFF {
                let v = s.value - 0x10000
                return hex(0xD800 + (v >> 10)) + hex(0xDC00 + (v & 0x3FF))
            }
            return hex(s.value)
        }
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
