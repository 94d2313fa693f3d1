// `bidirender reorder`: the Unicode Bidirectional Algorithm on a text, as visual strings (like the
// `fribidi` CLI) or as JSON with levels and visual maps, one document per input or per JSON line.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

/// Output formats of `reorder`.
enum ReorderFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

struct ReorderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reorder",
        abstract: "Reorder text into visual order (UAX #9).",
        discussion: """
            text: one line per paragraph, the visual string with bidi controls removed and RTL \
            characters mirrored (L4); --levels adds a line with the level of each code point.
            json: {"paragraphs":[{"start":s,"end":e,"direction":"ltr"|"rtl","levels":[...],\
            "visual":[...]}]}; offsets are code point offsets into the input, "end" is exclusive and \
            leaves out the separator, "levels" are after rule L1 with the paragraph as one line, \
            and "visual" lists input offsets left to right without the characters rule X9 removes.
            The visual string keeps grapheme clusters whole (ZWJ, ZWNJ, variation selectors and \
            combining marks stay with their base); "visual" stays per code point. \
            --isolate isolates entities as layout does (default none: plain UAX #9); offsets stay \
            the input's. \
            --jsonl: each input line is {"text": "...", "direction": ..., "fallback": ..., \
            "bidi": "native"|"fribidi", "isolate": ["urls", ...] or "urls,phones"}; each \
            output line is a JSON document, or {"error": "...", "line": n} for a bad line.
            """
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var directionOptions: DirectionOptions

    @Option(help: "Output format (text is the default; --jsonl always writes json).")
    var format: ReorderFormat?

    @Flag(help: "With --format text: add a line with the level of each code point.")
    var levels = false

    @Option(help: ArgumentHelp(EntityKinds.help))
    var isolate: EntityKinds = []

    @Flag(help: "Read JSON Lines input: one {\"text\": ...} object per line.")
    var jsonl = false

    @Option(parsing: .unconditional, help: "With --jsonl: lines processed at once, at most 256 (a larger number runs 256; default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if jsonl, format == .text {
            throw ValidationError("--jsonl writes JSON: drop --format text")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if jobs != nil, !jsonl { throw ValidationError("--jobs is the number of --jsonl lines processed at once: give --jsonl, or drop --jobs") }
        if levels, jsonl || format == .json {
            throw ValidationError("--levels adds a line of levels to the text output: the JSON has \"levels\" already; drop --levels")
        }
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    /// Runs the command, writing its documents to `out`. Throws `ExitCode(1)` after writing every
    /// line when a JSON Lines input line failed.
    func execute(into out: inout some TextOutputStream) throws {
        if jsonl {
            let (directionOptions, isolate) = (self.directionOptions, self.isolate)
            try JSONLines.stream(
                try input.lines(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                keys: ReorderRequest.lineKeys, into: &out,
                prepare: { object in
                    try ReorderRequest(
                        object, direction: directionOptions.request, engine: directionOptions.bidiEngine, isolate: isolate)
                },
                run: { work in
                    try BidiText(
                        work.text, direction: work.direction, engine: work.engine, isolating: work.isolate,
                        maxInputCodePoints: Self.maxInputCodePoints
                    ).jsonDocument
                })
            return
        }
        let text = try input.readText()
        let bidi = try BidiText(
            text, direction: directionOptions.paragraphDirection, engine: directionOptions.bidiEngine, isolating: isolate,
            maxInputCodePoints: Self.maxInputCodePoints)
        switch format ?? .text {
        case .json: print(bidi.jsonDocument, to: &out)
        case .text: print(Self.textLines(bidi, withLevels: levels), terminator: "", to: &out)
        }
    }

    /// The most code points one input (or one JSON line's text) may have: layout's default limit.
    static let maxInputCodePoints = LayoutEngine.defaultMaxInputCodePoints

    /// The text output: per paragraph, the display string (`BidiText.displayString`): grapheme
    /// clusters whole in visual order, without bidi controls, mirrored where RTL.
    static func textLines(_ bidi: BidiText, withLevels: Bool) -> String {
        var out = ""
        for p in bidi.paragraphs {
            let line = p.singleLine
            out += bidi.displayString(line)
            out += "\n"
            if withLevels { out += line.levels.map(String.init).joined(separator: " ") + "\n" }
        }
        return out
    }
}

