// The `bidirender` command: subcommands over the BidiRender library.
import ArgumentParser

@main
struct BidiRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bidirender",
        abstract: "Lay out mixed right-to-left and left-to-right text.",
        discussion: """
            Offsets in every JSON output are Unicode scalar (code point) offsets into the input, \
            with exclusive ends.
            """,
        version: VersionText.text,
        subcommands: [
            ReorderCommand.self, FontsCommand.self, LayoutCommand.self, RenderCommand.self, QueryCommand.self,
            FormatCommand.self, ComposeCommand.self, BubbleCommand.self, SegmentCommand.self, PreviewCommand.self, InspectCommand.self,
        ]
    )

    /// Refuses an argument that is not valid UTF-8 (exit 1, naming the argument and the byte offset)
    /// before ArgumentParser sees the repaired strings, then runs the command; a failed write to
    /// standard output is an error naming "<stdout>" (exit 1) unless the command failed first.
    static func main() {
        if let error = ArgumentBytes.firstInvalidUTF8() { exit(withError: error) }
        var failure: Error?
        var parsed: ParsableCommand?
        do {
            var command = try parseFormatArgumentsApart() ?? parseAsRoot()
            parsed = command
            try command.run()
        } catch {
            failure = error
        }
        // A usage error found while running (a message's arguments, a template's fields) shows the
        // command's usage line, as one found while parsing does, not the root command's.
        if let failure, failure is ValidationError {
            // `format`'s arguments after `--` are read apart from ArgumentParser: its errors too.
            if let parsed { exitShowingUsage(of: type(of: parsed), failure) }
            if CommandLine.arguments.dropFirst().first == "format" { exitShowingUsage(of: FormatCommand.self, failure) }
        }
        // A failed write is said even when the command failed otherwise (a batch whose lines
        // failed): the answers of the others are lost too.
        let unwritten = StandardOutput.finish()
        if let failure {
            if let unwritten { printError("Error: \(unwritten)") }
            exit(withError: failure)
        }
        if let unwritten { exit(withError: unwritten) }
    }

    /// Ends the process as a usage error (exit 64): `error` and the usage of `command`, as
    /// ArgumentParser shows them for an error found while parsing.
    static func exitShowingUsage(of command: ParsableCommand.Type, _ error: Error) -> Never {
        let usage = usageString(for: command)
        let name = usage.split(separator: " ").prefix(2).joined(separator: " ")
        printError("Error: \(error)\nUsage: \(usage)\n  See '\(name) --help' for more information.")
        exit(withError: ExitCode.validationFailure)
    }

    /// `format`'s NAME=VALUE arguments after `--` go to the command without passing through
    /// ArgumentParser, whose parsing is quadratic in the number of arguments (SplitArguments.remove
    /// copies its list each time: 2,000 arguments took 12 s); before `--` at most
    /// `FormatCommand.maximumParsedArguments` are taken, and as many by any other command. Nil for
    /// any other command line.
    static func parseFormatArgumentsApart() throws -> ParsableCommand? {
        let all = Array(CommandLine.arguments.dropFirst())
        // Any other command: at most as many arguments, for the same reason (many spans go in a
        // `--jsonl` line's "spans").
        guard all.first == "format" else {
            guard all.count <= FormatCommand.maximumParsedArguments else {
                // `query` has no --jsonl: its queries go in more runs.
                let advice = all.first == "query"
                    ? "ask the other queries in another run" : "put many spans in a --jsonl line's \"spans\""
                throw ValidationError("give at most \(FormatCommand.maximumParsedArguments) arguments (\(all.count) given); \(advice)")
            }
            return nil
        }
        let dash = all.firstIndex(of: "--") ?? all.endIndex
        guard dash <= FormatCommand.maximumParsedArguments else {
            throw ValidationError(
                "give at most \(FormatCommand.maximumParsedArguments) arguments before '--'; put NAME=VALUE arguments after it")
        }
        guard dash < all.endIndex else { return nil }
        guard var format = try parseAsRoot(Array(all[..<dash])) as? FormatCommand else { return nil }
        format.arguments += all[(dash + 1)...]
        try format.validate()
        return format
    }
}
