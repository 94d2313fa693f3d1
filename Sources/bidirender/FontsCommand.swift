// `bidirender fonts`: the resolved font fallback chain for a locale, weight and style, and with
// --text, the font each character ends up in.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

/// Output formats of `fonts`.
enum FontsFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "Show the font fallback chain, and which font serves each character of a text.",
        discussion: """
            The chain: the package the manifest's "scripts" names for the script, the packages of the \
            locale's fallback chain (zh-Hans-CN → zh-Hans → zh), "default", the system fonts \
            (fontconfig), then .notdef. In each package the weight is matched by CSS Fonts 4 §5.2.
            """
    )

    @OptionGroup var fontOptions: FontOptions

    @Option(help: "ISO 15924 script to show the chain for (Arab, Hani, Latn…).")
    var script: String?

    @Option(help: "Show the font of each character of this text.")
    var text: String?

    @Option(help: "Output format.")
    var format: FontsFormat = .text

    func validate() throws {
        if script != nil, text != nil { throw ValidationError("give --script or --text, not both") }
        if let script, ScriptTag(parsing: script) == nil {
            throw ValidationError("--script takes an ISO 15924 tag like Arab or Hani, not '\(script)'")
        }
    }

    func run() throws {
        var out = StandardOutput()
        try execute(into: &out)
    }

    func execute(into out: inout some TextOutputStream) throws {
        let registry = try fontOptions.registry()
        let report = try FontsReport(
            registry: registry, locale: fontOptions.localeTag, weight: fontOptions.weight, style: fontOptions.style,
            script: script.flatMap(ScriptTag.init(parsing:)).map(\.description), text: text)
        switch format {
        case .text: print(report.text(), terminator: "", to: &out)
        case .json: print(report.json(), to: &out)
        }
    }
}

/// What `fonts` prints, computed once and written as text or JSON.
struct FontsReport {
    typealias Character = FontsDocument.Character

    let manifestDirectory: String
    let locale: LocaleTag
    let weight: FontWeight
    let style: FontStyle
    let script: String
    let chain: [FontChoice]
    let characters: [Character]

    init(
        registry: FontRegistry, locale: LocaleTag, weight: FontWeight, style: FontStyle, script: String?, text: String?
    ) throws {
        manifestDirectory = (registry.manifest.path as NSString).deletingLastPathComponent
        self.locale = locale
        self.weight = weight
        self.style = style
        var characters: [Character] = []
        if let text {
            // The layout's own choice per cluster (LayoutEngine.fontChoices), not a second policy.
            let engine = LayoutEngine(registry: registry, shapeCacheEntries: 0)
            let clusters = try engine.fontChoices(for: text, options: LayoutOptions(locale: locale, weight: weight, style: style))
            let scalars = Array(text.unicodeScalars)
            characters = clusters.map { c in
                var cluster = String.UnicodeScalarView()
                cluster.append(contentsOf: scalars[c.range])
                return Character(range: c.range, text: String(cluster), script: c.script.description, choice: c.choice)
            }
        }
        self.characters = characters
        self.script = script ?? characters.first?.script ?? "Zyyy"
        chain = registry.chain(script: ScriptTag(parsing: self.script) ?? .common, locale: locale, weight: weight, style: style)
    }

    private func file(_ choice: FontChoice) -> String {
        let path = choice.font.descriptor.file
        return path.hasPrefix(manifestDirectory + "/") ? String(path.dropFirst(manifestDirectory.count + 1)) : path
    }

    /// `text` as the dump shows it: controls, bidi controls and other invisible characters as
    /// \uXXXX (`segment`'s escapes), so that a tab adds no column and an RLO reorders no line.
    private static func shown(_ text: String) -> String {
        text.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? String($0) : SegmentCommand.escaped($0) }.joined()
    }

    private static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String(format: "%04X", $0.value) }.joined(separator: " ")
    }

    func text() -> String {
        let localeChain = (locale.fallbackChain.filter { $0 != "default" } + ["default"]).joined(separator: " → ")
        var out = "chain for script \(script), locale \(locale.normalized.isEmpty ? "(none)" : locale.normalized) (\(localeChain)), weight \(weight), style \(style.rawValue)\n"
        for (i, step) in chain.enumerated() {
            let d = step.font.descriptor
            var line = "  \(i + 1). \(step.source.label): asked \(step.requestedWeight), got \(d.weight) (\(step.weightReason))"
            if step.italicMissing { line += "; " + Self.italicRuleText(step.italicRule) }
            out += line + "\n     \(d.family) \(d.weight) \(d.style.rawValue)\(Self.instanceText(d)): \(file(step))\n"
        }
        out += "  \(chain.count + 1). fontconfig: installed fonts that have the character, for the locale\n"
        out += "  \(chain.count + 2). .notdef: glyph 0 of the first font above\n"
        guard !characters.isEmpty else { return out }
        out += "characters:\n"
        for c in characters {
            let d = c.choice.font.descriptor
            out += "  \(c.range.lowerBound)\t\(Self.codePoints(c.text))\t\(Self.shown(c.text))\t\(c.script)\t\(c.choice.source.label)\t\(d.family) \(d.weight) \(d.style.rawValue)\t\(file(c.choice))\n"
        }
        let system = characters.filter { $0.choice.source == .system }
        let notdef = characters.filter { $0.choice.source == .notdef }
        if !system.isEmpty {
            let list = WarningSummary.lines(
                system, line: { "\(Self.shown($0.text)) (\(Self.codePoints($0.text)), \($0.choice.font.descriptor.family))" },
                more: { "and \($0) more" })
            out += "fell to fontconfig: " + list.joined(separator: ", ") + "\n"
        }
        if !notdef.isEmpty {
            let list = WarningSummary.lines(
                notdef, line: { "\(Self.shown($0.text)) (\(Self.codePoints($0.text)))" }, more: { "and \($0) more" })
            out += "warning: no font covers: " + list.joined(separator: ", ") + "; shown as .notdef\n"
        }
        return out
    }

    /// " (wght 350)" for a variable instance, " (synthetic oblique)" for a slanted one.
    static func instanceText(_ d: FontDescriptor) -> String {
        var parts: [String] = []
        if let w = d.variationWeight { parts.append("wght \(JSONText.number(w))") }
        if d.syntheticSlant != 0 { parts.append("synthetic oblique") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// What the package's italic rule did, for a step where italic was asked for and is absent.
    static func italicRuleText(_ rule: ItalicPolicy?) -> String {
        switch rule ?? .upright {
        case .synthesize: return "no italic in the package, rule synthesize: the upright face slanted by \(JSONText.number(FontInstance.syntheticSlant))"
        case .upright: return "no italic in the package, rule upright: upright used"
        case .weight(let w): return "no italic in the package, rule weight \(w): that weight, upright"
        }
    }

    /// The report as the library's fonts document (`FontsDocument`).
    func json() -> String {
        var out = ""
        FontsDocument.write(
            locale: locale, script: script, weight: weight, style: style, chain: chain, characters: characters,
            fontDirectory: manifestDirectory, to: &out)
        return out
    }
}
