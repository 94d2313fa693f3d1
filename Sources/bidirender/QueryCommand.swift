// `bidirender query`: lays a text out with every layout option and answers queries on the layout —
// hit-testing a point, the entity at a point, the carets of an offset, the selection rectangles of a
// range, a caret movement, the intrinsic widths — in the order given, as one JSON document.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Lay out text and answer queries on the layout: hit-testing, carets, selection, movement.",
        usage: "bidirender query [<text>] [--text-file <text-file>] [<layout options>] <query>… [-- <text>]",
        discussion: """
            The text: one argument, before, among or after the queries (after -- when it starts \
            with '-'; nothing else follows it), or --text-file, or else standard input.
            Queries (any number, answered in order, among the layout options):
            --point X,Y: the offset at a point (px): {"point": [x, y], "offset": o, "affinity": \
            "upstream"|"downstream", "line": l, "inside": true|false}
            --entity-at X,Y: the entity whose rects hold the point (a mention, URL, e-mail, phone, \
            hashtag, inline box): {"entityAt": [x, y], "entity": {"kind", "start", "end", "direction", \
            "id", "rects": [{"x", "y", "width", "height"}]}|null}
            --caret OFFSET[:upstream|downstream]: its carets: {"caret": o, "affinity": …, "line": l, \
            "primary": {"x", "top", "bottom", "direction"}, "secondary": {…}|null}
            --range START:END: the selection rectangles: {"range": [s, e], "rects": [{"x", "y", \
            "width", "height"}]}
            --move OFFSET:left|right|next|previous|up|down: where the caret goes, visually or \
            logically: {"move": o, "to": o2, "affinity": …, "direction": …}
            --intrinsic: the min-content and max-content widths: {"intrinsic": {"min": m, "max": M}}
            The answer is {"queries":[…]}, one entry per query. Offsets are code point offsets; one \
            inside a grapheme snaps to its start. A malformed query or an offset out of range is an \
            error naming it (exit status 64).
            """
    )

    @Option(name: .customLong("text-file"), help: "Read the text from this file (UTF-8).")
    var textFile: String?

    @OptionGroup var layout: LayoutOptionsGroup

    /// The text and the queries, kept in the order given (ArgumentParser's options would lose it
    /// across flags, and a positional text argument would take a query's value: `--caret 0 abc`).
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var queryArguments: [String] = []

    /// The text given as an argument (before, among or after the queries, or after --), if any.
    var text: String? {
        get throws(ValidationError) { try parsed.text }
    }

    /// The parsed queries.
    var queries: [LayoutQuery] {
        get throws(ValidationError) { try parsed.queries }
    }

    /// The text argument and the queries (`LayoutQuery.parse`); a malformed query is a usage error.
    private var parsed: (text: String?, queries: [LayoutQuery]) {
        get throws(ValidationError) {
            do {
                return try LayoutQuery.parse(queryArguments)
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    func validate() throws {
        let (text, queries) = try parsed
        guard !queries.isEmpty else {
            throw ValidationError("give at least one query: \(LayoutQuery.flags.joined(separator: ", "))")
        }
        if text != nil, textFile != nil {
            throw ValidationError("give the text as an argument or with --text-file, not both")
        }
    }

    func run() throws {
        var out = StandardOutput()
        do {
            try execute(into: &out)
        } catch let error as QueryError {
            // A bad query is a usage error (64), as a malformed one is, found once the text is laid out.
            printError("Error: \(error)")
            throw ExitCode.validationFailure
        }
    }

    func execute(into out: inout some TextOutputStream) throws {
        let argument = try self.text
        let engine = LayoutEngine(registry: try layout.fontOptions.registry())
        let text = try InputOptions.readText(text: argument, textFile: textFile)
        out.write(try document(for: text, engine: engine))
    }

    /// The answers to the queries on `text` laid out by `engine`: {"queries":[…]} and a newline.
    /// - Throws: `QueryError` for a query the layout cannot answer, or the layout's error.
    func document(for text: String, engine: LayoutEngine) throws -> String {
        do {
            // Every answer first, so that a bad query writes nothing but its error.
            return try LayoutQuery.document(
                try queries, for: text, spans: try layout.spanOptions.spans(for: text), options: layout.options, engine: engine)
        } catch let error as WireError {
            throw QueryError(message: error.message)
        }
    }
}

extension TextAffinity: ExpressibleByArgument {}
extension CaretMovement: ExpressibleByArgument {}

/// A query the layout cannot answer (an offset out of range): exit status 64, as a malformed one.
struct QueryError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension QueryCommand: OutputCommand {}
