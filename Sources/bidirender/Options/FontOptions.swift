// FontOptions: --fonts, --locale, --weight, --style and --system-fonts, shared by the commands that
// pick fonts.
import ArgumentParser
@_spi(Tools) import BidiRender

extension FontWeight: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}

extension FontStyle: ExpressibleByArgument {}

/// The font selection options.
struct FontOptions: ParsableArguments {
    @Option(help: "A fonts.json manifest (default: the embedded fonts). Its font files must be regular files inside its folder.")
    var fonts: String?

    @Option(help: "The UI locale, a BCP 47 tag of at most 128 characters (ar, ar-EG, zh-Hans-CN, en-US). Unknown tags fall back to the default package.")
    var locale: String = "default"

    @Option(
        parsing: .unconditional,
        help: """
            Font weight: 1–1000 or a name: thin (hairline) 100, extralight (ultralight) 200, light 300, \
            regular (normal, book) 400, medium 500, semibold (demibold) 600, bold 700, extrabold (ultrabold) 800, \
            black (heavy) 900.
            """, transform: FontOptions.weight)
    var weight: FontWeight = .regular

    @Option(help: "normal or italic.")
    var style: FontStyle = .normal

    @Flag(inversion: .prefixedNo, help: "Fall back to installed system fonts through fontconfig.")
    var systemFonts = true

    @Flag(help: "Let a --fonts manifest name font files outside its own folder (only for a manifest you trust).")
    var allowFontPathsOutsideFolder = false

    /// A `--weight` value: a whole number from 1 to 1000 or a name; a usage error saying so otherwise
    /// (-1 reaches it, as every negative number does).
    @Sendable static func weight(_ text: String) throws -> FontWeight {
        guard let weight = FontWeight(parsing: text) else {
            throw ValidationError("a weight is a whole number from 1 to 1000 or a name (\(FontWeight.nameList))")
        }
        return weight
    }

    /// Checks that --locale is a BCP 47 tag (syntax and length).
    func validate() throws {
        do {
            _ = try LocaleTag(validating: locale, key: "--locale")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The registry for these options.
    func registry() throws -> FontRegistry {
        if let fonts {
            return try FontRegistry(
                manifestPath: fonts, systemFallback: systemFonts, allowsPathsOutsideFolder: allowFontPathsOutsideFolder)
        }
        return try FontRegistry.embedded(systemFallback: systemFonts)
    }

    var localeTag: LocaleTag { LocaleTag(locale) }
}
