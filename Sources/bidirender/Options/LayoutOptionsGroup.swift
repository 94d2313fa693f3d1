// LayoutOptionsGroup: every layout option of the CLI (direction, fonts, size, width, alignment,
// entities isolated, digits, max lines, ellipsis), shared by `layout` and `render`; a JSON line's fields
// override them through the library's `LayoutRequest`.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

extension TextAlignment: ExpressibleByArgument {}
extension DigitSubstitution: ExpressibleByArgument {}
extension TruncationMode: ExpressibleByArgument {}

struct LayoutOptionsGroup: ParsableArguments {
    @OptionGroup var directionOptions: DirectionOptions
    @OptionGroup var fontOptions: FontOptions
    /// `--span`, for the text given on the command line (a JSON line brings its own "spans").
    @OptionGroup var spanOptions: SpanOptions

    @Option(parsing: .unconditional, help: "Font size in px, from 0.1 to 10000. (default: 16)", transform: DecimalNumber.option)
    var size: Double = 16

    @Option(
        parsing: .unconditional, help: "Line width in px, above 0 and at most 1000000; without it each paragraph is one line.",
        transform: DecimalNumber.option)
    var width: Double?

    @Option(name: .customLong("align"), help: "natural, leading, trailing, left, right or center.")
    var alignment: TextAlignment = .natural

    /// The old spelling of taking mentions out of `--isolate`.
    enum Mentions: String, ExpressibleByArgument, CaseIterable {
        case auto, none
    }

    @Option(help: "Old spelling: none takes mentions out of --isolate; auto (the default) leaves it as it is.")
    var mentions: Mentions = .auto

    @Option(help: "western, arabic-indic, persian, or locale (by --locale).")
    var digits: DigitSubstitution = .western

    @Option(parsing: .unconditional, help: "The most lines, at least 1, over all paragraphs; the text past them is cut where --truncate says and marked by --ellipsis.")
    var maxLines: Int?

    @Option(help: "Where --max-lines cuts: end (the last kept line ends in the ellipsis), start (the last lines kept, the first starts with it) or middle (the last kept line's start and its paragraph's end around it).")
    var truncate: TruncationMode = .end

    @Option(help: "The mark a truncated line ends in, at its paragraph's end edge; \"\" clips with no mark.")
    var ellipsis: String = "\u{2026}"

    @Option(help: ArgumentHelp(
        "The ellipsis's own look: weight, style, color, background, underline and strikethrough, as --span's key=value pairs.",
        valueName: "key=value,…"))
    var ellipsisStyle: String?

    @Option(parsing: .unconditional, help: "normal (the locale's first font as a strut), a multiple of --size (1.4) or px (24px).")
    var lineHeight: String = "normal"

    @Option(help: ArgumentHelp(EntityKinds.help + " --mentions none takes mentions out."))
    var isolate: EntityKinds = .all

    func validate() throws {
        // The range a JSON line's "maxLines" has (LayoutRequest.maxLinesRange), so that one limit
        // reads the same in both.
        if let maxLines, maxLines > LayoutRequest.maxLinesRange.upperBound {
            throw ValidationError(
                "invalid value '\(maxLines)' for max-lines: must be a whole number from 1 to \(LayoutRequest.maxLinesRange.upperBound)")
        }
        do {
            _ = try parsedEllipsisStyle()
        } catch {
            throw ValidationError(error.message)
        }
        do {
            _ = try DecimalNumber.lineHeight(lineHeight, key: "line-height")
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The options, `--mentions none` applied.
    var options: LayoutOptions {
        var options = givenOptions
        if mentions == .none { options.isolate.remove(.mentions) }
        return options
    }

    /// The options as given, `--isolate` as it is: a JSON line's "isolate" and "mentions" replace
    /// them.
    private var givenOptions: LayoutOptions {
        LayoutOptions(
            direction: directionOptions.paragraphDirection, locale: fontOptions.localeTag, weight: fontOptions.weight,
            style: fontOptions.style, size: size, maxWidth: width, alignment: alignment,
            digits: digits, bidiEngine: directionOptions.bidiEngine, maxLines: maxLines, ellipsis: ellipsis,
            isolate: isolate, lineHeight: (try? DecimalNumber.lineHeight(lineHeight, key: "line-height")) ?? .normal,
            truncation: truncate, ellipsisStyle: try? parsedEllipsisStyle())
    }

    /// --ellipsis-style read as a span's attributes (nil when not given); errors name the option.
    private func parsedEllipsisStyle() throws(WireError) -> TextSpan? {
        try ellipsisStyle.map { (style) throws(WireError) in
            try SpanRequest.ellipsisStyle(parsing: style, name: "--ellipsis-style")
        }
    }

    /// A reader of JSON lines' options: these options (read once), overridden by a line's fields
    /// (`LayoutRequest`, the library's one schema), and its spans.
    var lineOptions: LineOptions {
        LineOptions(base: givenOptions, direction: directionOptions.request, withoutMentions: mentions == .none)
    }

    /// The options of JSON lines over the command line's.
    struct LineOptions: Sendable {
        var base: LayoutOptions
        var direction: DirectionRequest
        var withoutMentions: Bool

        /// The options of one JSON line, and its spans.
        func callAsFunction(_ object: [String: Any]) throws(LineError) -> (LayoutOptions, [TextSpan]) {
            try LayoutRequest.options(object, base: base, direction: direction, withoutMentions: withoutMentions)
        }
    }
}
