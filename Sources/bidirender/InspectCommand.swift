// `bidirender inspect`: what a text holds that attacks its readers (the text guard,
// `LayoutEngine.findings(in:as:confusableWith:)`), and with --neutralize or --clamp-marks the text
// fixed (`LayoutEngine.repaired(_:neutralizing:maxExtraMarks:)`).
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

extension TextRole: ExpressibleByArgument {}

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Find bidi spoofing, confusable names, invisible characters and Zalgo in a text (UAX #9, UTS #39).",
        discussion: """
            Kinds: bidi-override (LRO/RLO; an embedding or isolate its paragraph leaves open; a \
            PDF/PDI closing nothing), bidi-spoof (an identifier displaying in another order than it \
            is), confusable and mixed-script (UTS #39 through ICU's spoof checker, on identifiers: \
            the text itself with --as name|url|filename, a message's mentions, URL hosts and e-mail \
            domains with --as message), invisible (default-ignorable characters where they do not \
            belong), marks (more combining marks on a base than its script uses). \
            json: {"as": role, "warnings": [{"kind","start","end","detail"}, ...]} in code point \
            offsets, and "repaired" with --neutralize or --clamp-marks. text: a line per finding, \
            "kind start end detail", then "repaired:" and the fixed text as a JSON string.
            """
    )

    @OptionGroup var input: InputOptions

    @Option(name: .customLong("as"), help: "What the text is: message, name, url or filename.")
    var role: TextRole = .message

    @Option(help: "A name to compare with (UTS #39 skeletons): a confusable finding when the text can pass for it.")
    var confusableWith: String?

    @Flag(help: "Print the text neutralized: overrides and embeddings removed, isolates closed, the whole isolated.")
    var neutralize = false

    @Option(parsing: .unconditional, help: "Print the text keeping at most N marks per base beyond what its script uses (0 or more).")
    var clampMarks: Int?

    @Option(help: "Output: text or json.")
    var format: ReorderFormat = .text

    func validate() throws {
        if let clampMarks, clampMarks < 0 { throw ValidationError("--clamp-marks must be 0 or more, not \(clampMarks)") }
        if let confusableWith, confusableWith.unicodeScalars.count > 1_024 {
            throw ValidationError("--confusable-with takes a name of at most 1,024 code points")
        }
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
        let text = try input.readText()
        let findings = try engine.findings(in: text, as: role, confusableWith: confusableWith)
        let fixed = neutralize || clampMarks != nil ? try engine.repaired(text, neutralizing: neutralize, maxExtraMarks: clampMarks) : nil
        switch format {
        case .json: print(FindingsDocument.document(findings, role: role, repaired: fixed), to: &out)
        case .text:
            for f in findings { print("\(f.kind.rawValue) \(f.range.lowerBound) \(f.range.upperBound) \(f.detail)", to: &out) }
            if let fixed { print("repaired: \"" + fixed.unicodeScalars.map(SegmentCommand.escaped).joined() + "\"", to: &out) }
        }
    }
}
