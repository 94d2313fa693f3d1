// Errors as a user reads them: a usage error found while running shows the command's own usage line
// (not the root's "bidirender <subcommand>"), numbers come back as they were typed ("0", not "0.0"),
// a null "text" is not called missing, and a file named as --jsonl's TEXT argument points to
// --text-file.
import Foundation
import Testing

@Suite struct UsageMessageCLITests {
    @Test func formatArgSpanOfAnUnknownArgumentShowsFormatsUsage() throws {
        let catalog = FormatCommandTests.catalog
        let result = try runBinary([
            "format", "follow", "name=Bob", "--catalog", catalog, "--layout", "--arg-span", "nam:weight=700", "--no-system-fonts",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --arg-span nam: the message 'follow' shows no text argument 'nam' (its text arguments: name)\n"))
        #expect(result.stderr.contains("Usage: bidirender format [<options>] <key>"), "\(result.stderr)")
        #expect(result.stderr.contains("See 'bidirender format --help'"), "\(result.stderr)")
    }

    /// `format`'s arguments after `--` are read apart from ArgumentParser: their errors showed the
    /// root's usage.
    @Test func formatArgumentsAfterTheSeparatorShowFormatsUsage() throws {
        let result = try runBinary(["format", "follow", "--catalog", FormatCommandTests.catalog, "--", "name=x", "bad"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: 'bad' is not NAME=VALUE\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: bidirender format [<options>] <key>"), "\(result.stderr)")
    }

    @Test func previewTemplateErrorShowsPreviewsUsage() throws {
        let result = try runBinary(["preview", "--field", "a=x", "--template", "{b}", "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Usage: bidirender preview "), "\(result.stderr)")
        #expect(!result.stderr.contains("<subcommand>"))
    }

    @Test func jsonlArgumentThatNamesAFileIsAUsageError() throws {
        let path = try temporaryFile(Array(#"{"text":"hi"}"#.utf8), name: "in.jsonl")
        let result = try runBinary(["layout", "--jsonl", path, "--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("give --text-file \(path)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        // The same line as the argument itself is laid out.
        let inline = try runBinary(["layout", "--jsonl", #"{"text":"hi"}"#, "--no-system-fonts"])
        #expect(inline.status == 0 && inline.stdout.hasPrefix("{\"version\":1"))
    }

    @Test func jsonlNumbersAndNullsAreShownAsWritten() throws {
        let input = [
            #"{"text":null}"#, #"{"text":"a","maxLines":0}"#, #"{"text":"a","maxLines":-3}"#, #"{"text":"a","maxLines":1.5}"#,
            #"{"text":"a","size":0}"#,
        ].joined(separator: "\n") + "\n"
        let result = try runBinary(["layout", "--jsonl", "--no-system-fonts"], stdin: Array(input.utf8))
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            #"{"error":"\"text\" must be a string, not null","line":1}"#,
            #"{"error":"\"maxLines\" must be a whole number from 1 to 2147483647, not 0","line":2}"#,
            #"{"error":"\"maxLines\" must be a whole number from 1 to 2147483647, not -3","line":3}"#,
            #"{"error":"\"maxLines\" must be a whole number from 1 to 2147483647, not 1.5","line":4}"#,
            #"{"error":"invalid value '0' for size: must be a number of px from 0.1 to 10000","line":5}"#,
        ])
    }

    @Test func spanHelpGivesTheWeightsTaken() throws {
        let result = try runBinary(["layout", "--help"])
        #expect(result.stdout.contains("weight (1…1000 or a name"), "\(result.stdout)")
        let extreme = try runBinary(["layout", "a", "--span", "0:1:weight=1000", "--no-system-fonts"])
        #expect(extreme.status == 0)
    }

    /// Options whose value goes through a transform printed no default in --help (ArgumentParser
    /// shows none then): render's padding of 8 px was found only by measuring images.
    @Test(arguments: [
        ("render", "--padding", "(default: 8)"), ("render", "--size", "(default: 16)"), ("layout", "--size", "(default: 16)"),
        ("bubble", "--slot-size", "(default: 12)"), ("bubble", "--slot-gap", "(default: 8)"), ("render", "--png-level", "(default: 3)"),
        ("compose", "--png-level", "(default: 3)"),
    ])
    func helpGivesTheDefault(command: String, option: String, shown: String) throws {
        let help = try runBinary([command, "--help"]).stdout
        // The option's entry: from its line to the next option's.
        let start = try #require(help.range(of: "  \(option) <"), "\(option) in \(command) --help")
        let rest = help[start.upperBound...]
        let entry = rest[..<(rest.range(of: "\n  -")?.lowerBound ?? rest.endIndex)]
        let flat = entry.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(flat.contains(shown), "\(entry)")
        // Once: ArgumentParser's own and the help text's were both shown for --png-level.
        #expect(flat.components(separatedBy: shown).count == 2, "\(entry)")
    }

    /// Past 256 arguments the advice fits the command: `query` has no --jsonl to put queries in
    /// (it was told to use one); `--jumbomoji -1` is named as out of range, not as a missing value.
    @Test func adviceFitsTheCommand() throws {
        let queries = try runBinary(["query", "ab"] + Array(repeating: ["--caret", "1"], count: 130).flatMap { $0 })
        #expect(queries.status == 64 && queries.stderr.hasPrefix("Error: give at most 256 arguments (262 given); ask the other queries in another run"), "\(queries.stderr)")
        let layout = try runBinary(["layout", "ab"] + Array(repeating: ["--span", "0:1:weight=bold"], count: 130).flatMap { $0 })
        #expect(layout.stderr.hasPrefix("Error: give at most 256 arguments (262 given); put many spans in a --jsonl line's \"spans\""), "\(layout.stderr)")
        let jumbo = try runBinary(["bubble", "hi", "--width", "100", "--jumbomoji", "-1", "--no-system-fonts"])
        #expect(jumbo.status == 64 && jumbo.stderr.hasPrefix("Error: --jumbomoji must be a count from 0 to 16 or off, not '-1'"), "\(jumbo.stderr)")
    }

    /// An option that would change nothing is refused, never ignored: --jobs without --jsonl, and
    /// reorder's --levels where the JSON has the levels already (all three exited 0).
    @Test(arguments: [
        (["layout", "x", "--jobs", "2", "--no-system-fonts"], "--jobs is the number of --jsonl lines"),
        (["segment", "x", "--jobs", "2"], "--jobs is the number of --jsonl lines"),
        (["reorder", "x", "--jobs", "2"], "--jobs is the number of --jsonl lines"),
        (["reorder", "abc", "--levels", "--format", "json"], "--levels adds a line of levels to the text output"),
        (["reorder", "--jsonl", "--levels", #"{"text":"ab"}"#], "--levels adds a line of levels to the text output"),
        // The drawing's options without -o, a text slot's without one, PNG settings for an SVG.
        (["bubble", "hello", "--width", "100", "--radius", "5", "--no-system-fonts"], "--radius is how the bubble is drawn: give -o FILE"),
        (["bubble", "hello", "--width", "100", "--fill", "#dcf8c6", "--no-system-fonts"], "--fill is how the bubble is drawn: give -o FILE"),
        (["bubble", "hello", "--width", "100", "--debug", "--no-system-fonts"], "--debug is how the bubble is drawn: give -o FILE"),
        (["bubble", "hello", "--width", "100", "--slot", "10x10", "--slot-size", "5", "--no-system-fonts"], "--slot-size is the text slot's"),
        (["bubble", "hello", "--width", "100", "--slot-color", "#ff0000", "--no-system-fonts"], "--slot-color is the text slot's"),
        (["bubble", "hello", "--width", "100", "--slot-gap", "5", "--no-system-fonts"], "--slot-gap is the space before a slot"),
        (["render", "hi", "-o", "x.svg", "--png-level", "9", "--no-system-fonts"], "--png-level and --png-filters set how a PNG is compressed: no PNG is written here"),
        (["render", "hi", "-o", "x.svg", "--png-filters", "--no-system-fonts"], "--png-level and --png-filters set how a PNG is compressed: no PNG is written here"),
        (["compose", "scene.json", "-o", "x.svg", "--png-level", "9"], "--png-level and --png-filters set how a PNG is compressed: no PNG is written here"),
        (["preview", "--catalog", "Examples/catalog", "--template", "follow", "--field", "name=Bob", "--direction", "rtl"], "a catalog's sentence is laid out in the direction"),
        (["preview", "--field", "a=b", "--format", "text", "-o", "x.png"], "-o draws the preview: drop --format"),
        (["preview", "--field", "a=b", "--max-graphemes", "3", "-o", "x.png"], "--max-graphemes cuts the printed \"plain\" string"),
    ])
    func optionsWithNoEffectAreRefused(arguments: [String], message: String) throws {
        let result = try runBinary(arguments)
        #expect(result.status == 64 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
    }
}
