// `bidirender preview`: several fields ("sender", "message") in one line or two, each made safe and
// isolated in a template, cut to its share of the width by its priority and truncation mode,
// spoilers masked — printed as a layout with the fields' places, or drawn; with the plain string
// for an OS notification.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct PreviewCommand: ParsableCommand, OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Lay out a preview of several fields in one line or two (\"sender: message\"), each cut to its share.",
        discussion: """
            --field NAME=TEXT gives a field (repeatable, in order; names are letters, digits and _). \
            --template places them ("{sender}: {message}", {{ for a brace; without it, the fields in order \
            with ": " between them); with --catalog DIR, --template is the key of the pattern in it, \
            which puts the fields in the language's order with its punctuation. Each field is made safe \
            (line breaks as spaces, LRE/RLE/LRO/RLO/PDF removed, isolates balanced) and isolated. When \
            the fields do not fit in --width (one line, or --max-lines), each keeps its min-share of the \
            width (at least its first grapheme cluster and "…"), then they take the rest by priority, \
            and a field given less than its width is cut by its truncate mode (--truncate by default), \
            never inside an entity. --field-option NAME:priority=N,min-share=X,truncate=end|start|middle \
            (defaults 0, 0.25, --truncate). --field-span NAME:START:END:key=value,… styles a field \
            (the keys of --span; spoiler=true hides the text: a masked block in the layout, a word in \
            the plain string). --max-graphemes N cuts the plain string to N grapheme clusters by the \
            same rules. json: the layout's document with "text", "direction", \
            "fields":[{"name","range":[start,end],"truncated"}] and "plain". text: a line per field, \
            "plain: …", then the layout's dump. -o FILE draws it (.png or .svg).
            """
    )

    @Option(name: .customLong("field"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A field; repeatable.", valueName: "NAME=TEXT"))
    var fieldArguments: [String] = []

    @Option(help: "Where the fields go: \"{sender}: {message}\"; with --catalog, the key of the pattern.")
    var template: String?

    @Option(help: "A catalog folder whose pattern --template names.")
    var catalog: String?

    @Option(
        name: .customLong("field-option"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("How a field gives way: priority=N, min-share=0…1, truncate=end|start|middle; repeatable.", valueName: "NAME:key=value,…"))
    var fieldOptionArguments: [String] = []

    @Option(
        name: .customLong("field-span"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Attributes over a field's code points [START, END): the keys of --span and spoiler=true; repeatable.", valueName: "NAME:START:END:key=value,…"))
    var fieldSpanArguments: [String] = []

    @Option(parsing: .unconditional, help: "The most grapheme clusters of the plain string, at least 1.")
    var maxGraphemes: Int?

    @OptionGroup var layoutOptions: LayoutOptionsGroup

    @Option(name: .customLong("format"), help: "text or json. (default: json)")
    var formatGiven: ReorderFormat?
    var format: ReorderFormat { formatGiven ?? .json }

    @Option(name: .shortAndLong, help: "Draw the preview to FILE (.png or .svg) instead of printing it.")
    var output: String?

    func validate() throws {
        guard !fieldArguments.isEmpty else { throw ValidationError("give at least one --field NAME=TEXT") }
        if !layoutOptions.spanOptions.spanArguments.isEmpty || !layoutOptions.spanOptions.inlineArguments.isEmpty {
            throw ValidationError("--span and --inline are over one text: give a field's spans with --field-span NAME:START:END:…")
        }
        if let output, ImageFormat(rawValue: (output as NSString).pathExtension.lowercased()) == nil {
            throw ValidationError("cannot tell the format from '\(output)': name a .png or .svg file")
        }
        if let maxGraphemes, maxGraphemes < 1 {
            throw ValidationError("--max-graphemes \(maxGraphemes): a plain string keeps at least 1 grapheme cluster")
        }
        if catalog != nil, template == nil { throw ValidationError("--catalog needs --template KEY, the key of the pattern") }
        // Options that would change nothing (they were ignored).
        if catalog != nil, layoutOptions.directionOptions.direction != nil || layoutOptions.directionOptions.fallback != nil {
            throw ValidationError("a catalog's sentence is laid out in the direction of the language that served it: drop --direction and --fallback")
        }
        if output != nil, formatGiven != nil { throw ValidationError("-o draws the preview: drop --format, or -o to print it") }
        if output != nil, maxGraphemes != nil {
            throw ValidationError("--max-graphemes cuts the printed \"plain\" string, which -o does not draw: drop one")
        }
        _ = try fields()
    }

    /// The fields, with their options and spans; a bad argument throws a ValidationError naming it.
    func fields() throws(ValidationError) -> [PreviewField] {
        var texts: [(name: String, text: String)] = []
        for (i, argument) in fieldArguments.enumerated() {
            guard let (name, text) = NameValue.split(argument) else {
                throw ValidationError("--field \(i + 1): '\(argument.prefix(40))' is not NAME=TEXT")
            }
            guard name.unicodeScalars.count <= 64, name.unicodeScalars.allSatisfy(Self.isNameScalar) else {
                throw ValidationError("--field \(i + 1): the name '\(name.prefix(40))' is not 1 to 64 letters (a-z, A-Z), digits or _")
            }
            guard !texts.contains(where: { $0.name == name }) else { throw ValidationError("--field \(i + 1): the field '\(name)' is given twice") }
            texts.append((name, text))
        }
        var options: [String: (priority: Int, share: Double, truncation: TruncationMode)] = [:]
        for (i, argument) in fieldOptionArguments.enumerated() {
            let (name, rest) = try Self.named(argument, option: "--field-option \(i + 1)", among: texts.map(\.name))
            var value = options[name] ?? (0, 0.25, layoutOptions.truncate)
            for pair in rest.split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                switch (kv.first, kv.count == 2 ? kv[1] : nil) {
                case ("priority", let v?) where Int(v) != nil: value.priority = Int(v)!
                case ("min-share", let v?) where Double(v).map({ (0...1).contains($0) }) == true: value.share = Double(v)!
                case ("truncate", let v?) where TruncationMode(rawValue: v) != nil: value.truncation = TruncationMode(rawValue: v)!
                default:
                    throw ValidationError(
                        "--field-option \(i + 1): '\(pair)' is not priority=N (a whole number), min-share=X (0 to 1) or truncate=end|start|middle")
                }
            }
            options[name] = value
        }
        var spans: [String: [TextSpan]] = [:]
        for (i, argument) in fieldSpanArguments.enumerated() {
            let (name, rest) = try Self.named(argument, option: "--field-span \(i + 1)", among: texts.map(\.name))
            do {
                spans[name, default: []].append(try SpanRequest.span(parsing: String(rest), name: "--field-span \(i + 1)"))
            } catch {
                throw ValidationError(error.message)
            }
        }
        return texts.map { field in
            let o = options[field.name] ?? (0, 0.25, layoutOptions.truncate)
            return PreviewField(
                name: field.name, text: field.text, spans: spans[field.name] ?? [], priority: o.priority, minShare: o.share,
                truncation: o.truncation)
        }
    }

    /// Whether `s` may be in a field's name (the library's rule): an ASCII letter or digit, or "_".
    static func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_"
    }

    /// Each field's spans checked against its text: a range past its end is an error (the text's,
    /// exit 1, as --span's in layout) naming the --field-span that gave it. (After `fields()`, which
    /// has checked the arguments' syntax.)
    func checkFieldSpans() throws {
        var texts: [(name: String, text: String)] = []
        for argument in fieldArguments {
            guard let (name, text) = NameValue.split(argument) else { continue }
            texts.append((name, text))
        }
        var spans: [String: (spans: [TextSpan], arguments: [Int])] = [:]
        for (i, argument) in fieldSpanArguments.enumerated() {
            let (name, rest) = try Self.named(argument, option: "--field-span \(i + 1)", among: texts.map(\.name))
            spans[name, default: ([], [])].spans.append(try SpanRequest.span(parsing: String(rest), name: "--field-span \(i + 1)"))
            spans[name, default: ([], [])].arguments.append(i)
        }
        for field in texts {
            guard let given = spans[field.name] else { continue }
            try SpanRequest.check(
                given.spans, spanCount: given.spans.count, in: field.text, name: { "--field-span \(given.arguments[$0] + 1)" },
                inlineName: { "inline \($0 + 1)" })
        }
    }

    /// "NAME:rest" split, NAME one of `names`.
    static func named(_ argument: String, option: String, among names: [String]) throws(ValidationError) -> (String, Substring) {
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else {
            throw ValidationError("\(option): '\(argument.prefix(40))' does not start with NAME:")
        }
        let name = String(argument[..<colon])
        guard names.contains(name) else {
            throw ValidationError("\(option): no --field is named '\(name)' (the fields: \(names.joined(separator: ", ")))")
        }
        return (name, argument[argument.index(after: colon)...])
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        let fields = try fields()
        try checkFieldSpans()
        let registry = try layoutOptions.fontOptions.registry()
        let catalog = try self.catalog.map { (folder) throws(BidiRenderError) in try openCatalog(folder) }
        let preview: Preview
        do {
            preview = try LayoutEngine(registry: registry).preview(
                fields, template: template, catalog: catalog, options: layoutOptions.options, maxGraphemes: maxGraphemes)
        } catch {
            // A template given on the command line is the command's usage, not the text's.
            if catalog == nil, case .invalidValue(let key, let value, let reason) = error, key == "template" {
                throw ValidationError("--template '\(value.prefix(60))': \(reason)")
            }
            throw error
        }
        printWarnings(preview.layout)
        if let output, let format = ImageFormat(rawValue: (output as NSString).pathExtension.lowercased()) {
            try RenderCommand.write(preview.layout, to: output, format: format, options: RenderOptions(), into: &out)
            return
        }
        let fontDirectory = (registry.manifest.path as NSString).deletingLastPathComponent
        switch format {
        case .json:
            preview.writeJSON(to: &out, fontDirectory: fontDirectory, order: fields.map(\.name))
            out.write("\n")
        case .text: preview.writeText(to: &out, fontDirectory: fontDirectory, order: fields.map(\.name))
        }
    }
}
