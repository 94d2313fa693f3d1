// `bidirender format`: formats a localized message from a catalog folder (MessageCatalog: ICU
// MessageFormat, key-by-key language fallback, isolated arguments) and prints it, its layout, or an
// image of it laid out in the direction of the language that served it.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format a localized message from a catalog, its arguments isolated, and lay it out.",
        discussion: """
            The catalog is a folder of JSON files, one per language (default.json, ar.json, \
            zh-Hans.json, …), each mapping keys to ICU MessageFormat patterns. KEY is looked up along \
            --locale's fallback chain (ar-EG → ar → default), key by key. NAME=VALUE arguments: a \
            decimal number is passed to ICU as a number, exactly (at most 100 characters), anything \
            else as text; text is made safe (tabs, line and paragraph separators become spaces, unmatched \
            bidi controls are dropped or closed) and isolated (LRI, RLI or FSI … PDI by its first \
            strong character). At most 256 command-line arguments before --; after -- up to 10,000 \
            NAME=VALUE arguments, 1 MB together. \
            text: the message, isolates included. json: {"key","locale","served","direction","text",\
            "plain","arguments"} ("plain" without the isolates; "arguments": each text argument's \
            [start, end) in "text", in code points, inside its isolate). --layout prints the layout \
            as `layout` does (--format text or json); --render -o FILE draws it as `render` does. \
            Either lays the message out as a paragraph in the served language's direction \
            (--direction and --fallback are refused), with --span START:END:… over code points of \
            "text" and --arg-span NAME:key=value,… over a text argument's place. The layout options \
            are refused without --layout or --render.
            """
    )

    @Argument(help: "The message key.")
    var key: String

    /// The most command-line arguments `format` takes before `--` (ArgumentParser's parsing is
    /// quadratic in them); after `--` any number, up to `MessageCatalog.maximumArguments`.
    static let maximumParsedArguments = 256

    @Argument(help: "Arguments as NAME=VALUE (more than 256 arguments in all: put them after --).")
    var arguments: [String] = []

    @Option(help: "The catalog folder: one JSON file per language.")
    var catalog: String

    @OptionGroup var layoutOptions: LayoutOptionsGroup

    @Option(help: "text or json.")
    var format: ReorderFormat = .text

    @Flag(help: "Print the message's layout (as `bidirender layout`).")
    var layout = false

    @Flag(help: "Draw the message to -o FILE (.png or .svg, as `bidirender render`).")
    var render = false

    @Option(name: .shortAndLong, help: "With --render: the output file (.png or .svg).")
    var output: String?

    @Option(
        name: .customLong("arg-span"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Attributes over a text argument's place in the message, with --layout or --render: the keys of --span; repeatable.",
            valueName: "NAME:key=value,…"))
    var argumentSpanArguments: [String] = []

    func validate() throws {
        if layout, render { throw ValidationError("give --layout or --render, not both") }
        if render {
            guard let output else { throw ValidationError("--render needs -o FILE") }
            guard imageFormat != nil else { throw ValidationError("cannot tell the format from '\(output)': name a .png or .svg file") }
        } else if output != nil {
            throw ValidationError("-o is for --render")
        }
        if layoutOptions.directionOptions.direction != nil || layoutOptions.directionOptions.fallback != nil {
            throw ValidationError("format lays a message out in the direction of the language that served it: drop --direction and --fallback")
        }
        if !layout, !render, givesLayoutOptions {
            throw ValidationError(
                "the layout options (--span, --arg-span, --inline, --width, --size, --fonts, …) apply to the message's layout: add --layout or --render")
        }
        _ = try namedArguments()
        _ = try argumentSpans()
    }

    /// Whether an option that only a layout uses differs from its default.
    var givesLayoutOptions: Bool {
        var given = layoutOptions.options
        given.locale = LayoutOptions().locale
        let fonts = layoutOptions.fontOptions
        let spans = layoutOptions.spanOptions
        return given != LayoutOptions() || layoutOptions.mentions != .auto || fonts.fonts != nil || !fonts.systemFonts
            || fonts.allowFontPathsOutsideFolder || !spans.spanArguments.isEmpty || !spans.inlineArguments.isEmpty
            || !argumentSpanArguments.isEmpty
    }

    /// The --arg-span values: each argument's name and its span's attributes (its range unset);
    /// a bad one throws a ValidationError naming it (`--arg-span 2`).
    func argumentSpans() throws -> [(name: String, span: TextSpan)] {
        var result: [(name: String, span: TextSpan)] = []
        for (i, argument) in argumentSpanArguments.enumerated() {
            guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
                throw ValidationError("--arg-span \(i + 1): '\(argument)' is not NAME:key=value,…")
            }
            do {
                let attributes = argument[argument.index(after: colon)...]
                result.append((String(argument[..<colon]), try SpanRequest.span(parsing: "0:0:" + attributes, name: "--arg-span \(i + 1)")))
            } catch {
                throw ValidationError(error.message)
            }
        }
        return result
    }

    /// The spans of the message's layout: --span and --inline over `message.text`, then each
    /// --arg-span over its argument's range.
    func spans(for message: LocalizedMessage) throws -> [TextSpan] {
        var spans = try layoutOptions.spanOptions.spans(for: message.text)
        for (name, span) in try argumentSpans() {
            guard let range = message.argumentRanges[name] else {
                let names = message.argumentRanges.keys.sorted().joined(separator: ", ")
                throw ValidationError(
                    "--arg-span \(name): the message '\(key)' shows no text argument '\(name)' (its text arguments: \(names.isEmpty ? "none" : names))")
            }
            var span = span
            span.range = range
            spans.append(span)
        }
        return spans
    }

    var imageFormat: ImageFormat? {
        output.flatMap { ImageFormat(rawValue: ($0 as NSString).pathExtension.lowercased()) }
    }

    /// The NAME=VALUE arguments, each value read by `MessageArgument(parsing:)`.
    func namedArguments() throws(ValidationError) -> [String: MessageArgument] {
        var result: [String: MessageArgument] = [:]
        for argument in arguments {
            guard let (name, value) = NameValue.split(argument) else {
                throw ValidationError("'\(argument)' is not NAME=VALUE")
            }
            guard result[name] == nil else { throw ValidationError("the argument '\(name)' is given twice") }
            result[name] = MessageArgument(parsing: value)
        }
        return result
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        let options = layoutOptions.options
        let message = try openCatalog(catalog).format(key, locale: options.locale, arguments: namedArguments())
        if layout || render {
            let registry = try layoutOptions.fontOptions.registry()
            let result = try LayoutEngine(registry: registry).layout(message, spans: spans(for: message), options: options)
            printWarnings(result)
            if render, let output, let imageFormat {
                try RenderCommand.write(result, to: output, format: imageFormat, options: RenderOptions(), into: &out)
                return
            }
            let fontDirectory = (registry.manifest.path as NSString).deletingLastPathComponent
            LayoutCommand.write(result, format: format, fontDirectory: fontDirectory, into: &out)
            return
        }
        switch format {
        case .text: out.write(message.text + "\n")
        case .json:
            message.writeJSON(to: &out)
            out.write("\n")
        }
    }
}
