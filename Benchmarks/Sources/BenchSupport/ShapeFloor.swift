// ShapeFloor: the shaping a layout cannot avoid, as a floor for `layout-cold`. A message is split
// into the runs the layout itself shapes (its single-line layout's runs: one font, direction, script
// and language each), and each run is shaped once by HarfBuzz through one reused Shaper (one
// hb_buffer), with no cache, no bidi, no itemization, no line breaking and no result beyond the glyphs.
@_spi(Tools) import BidiRender

/// One run of a message as the layout shapes it.
public struct ShapeJob: Sendable {
    public let range: Range<Int>
    @_spi(Tools) public let font: Font
    public let direction: TextDirection
    public let script: ScriptTag
    public let language: LocaleTag?
}

/// A message's code points and its runs, ready to shape.
public struct ShapeFloorMessage: Sendable {
    public let scalars: [Unicode.Scalar]
    public let jobs: [ShapeJob]
}

/// The runs of `text` as `engine` lays it out under `options` on one line (no width), each with the
/// registry's `Font` for the run's face. Fails if a run's face is not one the registry hands out.
public func shapeFloorMessage(
    _ text: String, engine: LayoutEngine, registry: FontRegistry, options: LayoutOptions
) throws -> ShapeFloorMessage {
    var unwrapped = options
    unwrapped.maxWidth = nil
    let layout = try engine.layout(text, options: unwrapped)
    let scalars = Array(text.unicodeScalars)
    // The faces the registry can give this message, by descriptor: every font of the chains of the
    // scripts its runs have (and the common ones) under a few locales, and the emoji font.
    var faces: [FontDescriptor: Font] = [:]
    var scripts: Set<ScriptTag> = ["Arab", "Hani", "Latn", "Zyyy", "Zinh"]
    for line in layout.lines { for run in line.runs { scripts.insert(run.script) } }
    let locales: [LocaleTag] = [options.locale, LocaleTag("en"), LocaleTag("zh-Hans"), LocaleTag("ar")]
    for script in scripts {
        for locale in locales {
            for choice in registry.chain(script: script, locale: locale, weight: options.weight, style: .normal) {
                faces[choice.font.descriptor] = choice.font
            }
        }
    }
    for character in text {
        let cluster = Array(character.unicodeScalars)
        if let emoji = registry.emojiFont(for: cluster, weight: options.weight) { faces[emoji.font.descriptor] = emoji.font }
        for script in scripts {
            let choice = registry.font(for: cluster, script: script, locale: options.locale, weight: options.weight)
            faces[choice.font.descriptor] = choice.font
        }
    }
    var jobs: [ShapeJob] = []
    for line in layout.lines {
        for run in line.runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !run.range.isEmpty {
            guard let font = faces[run.font] else {
                throw BidiRenderError.invalidValue(key: "font", value: run.font.family, reason: "not found for the shape floor")
            }
            jobs.append(ShapeJob(range: run.range, font: font, direction: run.level.isRightToLeft ? .rightToLeft : .leftToRight, script: run.script, language: run.language))
        }
    }
    return ShapeFloorMessage(scalars: scalars, jobs: jobs)
}

/// Shapes every run of `message` with `shaper`; returns the number of glyphs.
@inline(never)
@_spi(Tools) public func shapeFloor(_ message: ShapeFloorMessage, shaper: Shaper, size: Double) -> Int {
    var glyphs = 0
    for job in message.jobs {
        let run = shaper.shape(
            message.scalars, range: job.range, font: job.font, direction: job.direction, script: job.script,
            language: job.language, size: size)
        glyphs &+= run.glyphs.count
    }
    return glyphs
}
