// The README's synopses against `--help`: every subcommand has one synopsis line in README.md, and it
// lists exactly the options its --help lists; every weight name the parser takes is in --help and the
// README; no default is printed as a Swift value.
import ArgumentParser
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender
@testable import bidirender

/// A command holding only the layout options, whose --help is what "[every layout option]" means.
private struct EveryLayoutOption: ParsableCommand {
    @OptionGroup var layout: LayoutOptionsGroup
}

@Suite struct CLISynopsisTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The long options in the OPTIONS part of a --help text (both sides of --x/--no-x), less --help
    /// and --version.
    static func helpOptions(_ help: String) -> Set<String> {
        guard let start = help.range(of: "OPTIONS:") else { return [] }
        var options: Set<String> = []
        for line in help[start.upperBound...].split(separator: "\n") {
            // "  --x <x>", "  -o, --output <output>", "  --x/--no-x"
            guard let head = line.firstMatch(of: /^ {2}((?:-[a-z], )?--[a-z0-9-]+(?:\/--[a-z0-9-]+)?)/) else { continue }
            for token in head.output.1.matches(of: /--[a-z0-9-]+/) { options.insert(String(token.output)) }
        }
        return options.subtracting(["--help", "--version"])
    }

    /// The options a synopsis names: each `--name` (`--[no-]x` is --x and --no-x), and "[every layout
    /// option]" as the layout option group's.
    static func synopsisOptions(_ synopsis: String) -> Set<String> {
        var options: Set<String> = []
        let pattern = /--(\[no-\])?([a-z][a-z0-9-]*)/
        for match in synopsis.matches(of: pattern) {
            options.insert("--" + match.output.2)
            if match.output.1 != nil { options.insert("--no-" + match.output.2) }
        }
        if synopsis.contains("[every layout option]") {
            options.formUnion(helpOptions(EveryLayoutOption.helpMessage(columns: 1000)))
        }
        return options
    }

    static let commands: [(String, any ParsableCommand.Type)] = [
        ("reorder", ReorderCommand.self), ("fonts", FontsCommand.self), ("layout", LayoutCommand.self),
        ("render", RenderCommand.self), ("query", QueryCommand.self), ("format", FormatCommand.self),
        ("compose", ComposeCommand.self), ("bubble", BubbleCommand.self), ("segment", SegmentCommand.self),
        ("preview", PreviewCommand.self), ("inspect", InspectCommand.self),
    ]

    @Test func everySubcommandIsHere() {
        let names = BidiRenderCommand.configuration.subcommands.map { $0._commandName }
        #expect(Set(names) == Set(Self.commands.map(\.0)))
    }

    @Test(arguments: commands.map(\.0))
    func readmeSynopsisListsTheHelpOptions(name: String) throws {
        let type = try #require(Self.commands.first { $0.0 == name }?.1)
        let synopses = Self.readme.split(separator: "\n").filter {
            $0.hasPrefix("`bidirender \(name) ") && $0.hasSuffix("`") && $0.contains(" [")
        }
        try #require(synopses.count == 1, "README.md has \(synopses.count) synopses of \(name)")
        var help = Self.helpOptions(type.helpMessage(columns: 1000))
        // query's queries are parsed by hand from its unrecognized arguments.
        if name == "query" { help.formUnion(LayoutQuery.flags) }
        let readme = Self.synopsisOptions(String(synopses[0]))
        #expect(help.subtracting(readme).sorted() == [], "in --help, not in the README's synopsis of \(name)")
        #expect(readme.subtracting(help).sorted() == [], "in the README's synopsis of \(name), not in --help")
    }

    @Test func everyWeightNameIsDocumented() throws {
        let help = LayoutCommand.helpMessage(columns: 10_000)
        let line = try #require(help.split(separator: "\n").first { $0.contains("--weight <weight>") })
        for name in FontWeight.names.keys {
            #expect(line.contains(name), "--help does not list the weight \(name)")
            #expect(Self.readme.contains(name), "README.md does not list the weight \(name)")
        }
    }

    @Test(arguments: commands.map(\.0))
    func defaultsAreWrittenAsAUserTypesThem(name: String) throws {
        let type = try #require(Self.commands.first { $0.0 == name }?.1)
        let help = type.helpMessage(columns: 10_000)
        for match in help.matches(of: /default: ([^)]*)\)/) {
            #expect(!match.output.1.contains("("), "\(name): \(match.output.0)")
            #expect(!match.output.1.contains(":"), "\(name): \(match.output.0)")
        }
        if name == "render" {
            #expect(help.contains("(default: #000000)") && help.contains("(default: #ffffff)"))
        }
    }
}
