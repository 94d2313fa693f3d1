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
        subcommands: [ReorderCommand.self, FontsCommand.self, LayoutCommand.self, RenderCommand.self]
    )
}
