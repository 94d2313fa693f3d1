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
        version: "0.1.0",
        subcommands: [
            ReorderCommand.self, FontsCommand.self, LayoutCommand.self, RenderCommand.self, QueryCommand.self,
            FormatCommand.self,
        ]
    )

    /// Refuses an argument that is not valid UTF-8 (exit 1, naming the argument and the byte offset)
    /// before ArgumentParser sees the repaired strings, then runs the command.
    static func main() {
        if let error = ArgumentBytes.firstInvalidUTF8() { exit(withError: error) }
        main(nil)
    }
}
