// `bidirender reorder`: the Unicode Bidirectional Algorithm on a text, as visual strings (like the
// `fribidi` CLI) or as JSON with levels and visual maps, one document per input or per JSON line.
import ArgumentParser
import BidiRender
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

    @Option(parsing: .unconditional, help: "With --jsonl: lines processed at once (default: the number of cores).")
    var jobs: Int?

    func validate() throws {
        if jsonl, format == .text {
            throw ValidationError("--jsonl writes JSON: drop --format text")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
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
            try JSONLines.process(
                try input.lines(), jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                keys: Self.jsonlKeys, into: &out,
                prepare: { object in try Self.reorderWork(object, default: directionOptions, isolate: isolate) },
                run: { work in
                    Self.jsonDocument(
                        try BidiText(
                            work.text, direction: work.direction, engine: work.engine, isolating: work.isolate,
                            maxInputCodePoints: Self.maxInputCodePoints))
                })
            return
        }
        let text = try input.readText()
        let bidi = try BidiText(
            text, direction: directionOptions.paragraphDirection, engine: directionOptions.bidiEngine, isolating: isolate,
            maxInputCodePoints: Self.maxInputCodePoints)
        switch format ?? .text {
        case .json: print(Self.jsonDocument(bidi), to: &out)
        case .text: print(Self.textLines(bidi, withLevels: levels), terminator: "", to: &out)
        }
    }

    /// The keys of a `--jsonl` line.
    static let jsonlKeys: Set<String> = ["text", "direction", "fallback", "bidi", "isolate"]

    /// The most code points one input (or one JSON line's text) may have: layout's default limit.
    static let maxInputCodePoints = LayoutEngine.defaultMaxInputCodePoints

    /// One JSON Lines input line's text, direction, bidi engine and entities to isolate.
    static func reorderWork(
        _ object: [String: Any], default options: DirectionOptions, isolate: EntityKinds = []
    ) throws(LineError) -> (text: String, direction: ParagraphDirection, engine: BidiEngine, isolate: EntityKinds) {
        guard let text = try JSONLines.string(object, "text") else {
            throw LineError(message: "missing \"text\"")
        }
        let direction = try JSONLines.choice(object, "direction", as: DirectionArgument.self) ?? options.direction
        let fallback = try JSONLines.choice(object, "fallback", as: FallbackArgument.self) ?? options.fallback
        do {
            try DirectionOptions.check(direction, fallback)
        } catch {
            throw LineError(message: "\(error)")
        }
        let engine = try JSONLines.choice(object, "bidi", as: BidiEngine.self) ?? options.bidiEngine
        let kinds = try EntityKinds.field(object) ?? isolate
        return (text, DirectionOptions.resolve(direction, fallback), engine, kinds)
    }

    /// The JSON document of one input.
    static func jsonDocument(_ bidi: BidiText) -> String {
        let paragraphs = bidi.paragraphs.map { p -> String in
            let line = p.singleLine
            return "{\"start\":\(p.range.lowerBound),\"end\":\(p.range.upperBound),"
                + "\"direction\":\"\(p.direction.rawValue)\",\"levels\":\(JSONText.array(line.levels.map(\.rawValue))),"
                + "\"visual\":\(JSONText.array(line.visualOrder))}"
        }
        return "{\"paragraphs\":[" + paragraphs.joined(separator: ",") + "]}"
    }

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

