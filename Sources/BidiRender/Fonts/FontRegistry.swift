// FontRegistry: loads a manifest's fonts once and picks, for each grapheme cluster, the font that
// serves it through the fallback chain.
//
// The chain, for a cluster of script S, locale L, weight W and style T:
//   0. the first package of L's fallback chain that lists S in its own "scripts" (Urdu's "Arab");
//   1. the package that `scripts` in the manifest names for S ("Hani" → "zh-Hans"), whatever L is;
//   2. the packages of L's fallback chain (zh-Hant-HK → zh-Hant → zh; en-US → en), most specific first;
//   3. the "default" package;
//   4. the system fonts, through fontconfig: the best installed font that has the character, for L
//      and W;
//   5. the .notdef glyph of the first font in the chain, reported as such.
// In each package the face is picked by style first (italic asked for but absent: the upright faces,
// and the choice says so), then by the CSS Fonts 4 §5.2 weight rule (`FontWeight.nearest(in:)`).
// A step serves the cluster only if its face's cmap covers every character of the cluster that is
// not default-ignorable (ZWJ, variation selectors, bidi controls), so a cluster — a base with its
// marks, an emoji ZWJ sequence, an Arabic letter with its harakat — is never split across fonts.
//
// Thread-safety: the registry is immutable after init except for its caches, each behind a lock,
// and the faces it hands out serialize their own FreeType use. It is Sendable and meant to be shared.

import Foundation

/// A font file's face as the registry describes it.
public struct FontDescriptor: Sendable, Hashable {
    /// The family name from the font's name table.
    public var family: String
    /// The weight the font serves (its OS/2 weight, or the instance chosen on a variable face).
    public var weight: FontWeight
    /// Upright or italic (italic may be synthesized, the upright face slanted).
    public var style: FontStyle
    /// Absolute path.
    public var file: String
    /// Face index in a collection.
    public var index: Int
    /// The `wght` axis value of a variable face's instance (then equal to `weight`); nil for a
    /// static face.
    package var variationWeight: Double? = nil
    /// The synthetic oblique's slant (x per unit of y), 0 when the face is drawn as it is.
    package var syntheticSlant: Double = 0
}

/// The chain step that served a cluster.
public enum FontSource: Sendable, Hashable {
    /// The package that the manifest's `scripts` names for the script (`locale` is the package's
    /// key in the manifest).
    case scriptPackage(script: ScriptTag, locale: String)
    /// A package of the locale's fallback chain.
    case localePackage(locale: String)
    /// The "default" package.
    case defaultPackage
    /// The manifest's "emoji" package, for an emoji-presentation cluster.
    case emojiPackage
    /// An installed font that fontconfig found.
    case system
    /// No font covers the cluster: the .notdef glyph of the first font of the chain.
    case notdef

    /// "script Hani → zh-Hans", "locale ar", "default", "fontconfig", ".notdef".
    package var label: String {
        switch self {
        case .scriptPackage(let script, let locale): return "script \(script) → \(locale)"
        case .localePackage(let locale): return "locale \(locale)"
        case .defaultPackage: return "default"
        case .emojiPackage: return "emoji"
        case .system: return "fontconfig"
        case .notdef: return ".notdef"
        }
    }
}

/// Vertical font metrics in px (descent positive, below the baseline).
package struct FontMetrics: Sendable, Hashable {
    /// The font's design units per em (from its head table).
    package var unitsPerEm: Int
    /// The ascent above the baseline, in px.
    package var ascent: Double
    /// The descent below the baseline, in px, positive.
    package var descent: Double
    /// The gap the font asks for between lines, in px.
    package var lineGap: Double
}

/// The font chosen for a cluster or a chain step, and why.
@_spi(Tools) public struct FontChoice: Sendable, Hashable {
    /// The chosen font.
    public var font: Font
    /// Why it was chosen: which package, or the system fallback (`FontSource`).
    package var source: FontSource
    /// The weight that was asked for; the font's own may differ (the CSS Fonts 4 §5.2 weight rule).
    package var requestedWeight: FontWeight
    /// The style that was asked for; italic may be served by a synthetic slant.
    package var requestedStyle: FontStyle
    /// Italic was asked for and the package has none: the upright face of the matched weight is used.
    package var italicMissing: Bool
    /// Why this weight: "exact", or the CSS rule that picked it.
    package var weightReason: String
    /// The package's italic rule, when it applied (`italicMissing`); nil otherwise.
    package var italicRule: ItalicPolicy? = nil
}

/// A face the registry has loaded, with its HarfBuzz font: loaded once, shared by every layout.
/// Equality is identity.
@_spi(Tools) public final class Font: Sendable, Hashable {
    /// What the face is.
    public let descriptor: FontDescriptor
    let face: FTFace
    let hbFont: HBFont
    let unitMetrics: FaceMetrics

    /// Loads face `index` of `file`. Weight and style come from the manifest, or, when nil, from the
    /// face itself (OS/2 usWeightClass, FreeType's italic flag), as for system fonts.
    /// An instance (FontInstance.swift) passes `variationWeight` (a face of its own is opened and
    /// set to it) or `syntheticSlant` with `sharing`, the upright font's face, which it then shares.
    init(
        library: FTLibrary, file: String, index: Int, weight: FontWeight?, style: FontStyle?,
        variationWeight: Double? = nil, syntheticSlant: Double = 0, sharing shared: FTFace? = nil
    ) throws(BidiRenderError) {
        let face: FTFace
        if let shared { face = shared } else { face = try FTFace(library: library, path: file, index: index) }
        if shared == nil, let variationWeight { try face.setVariationWeight(variationWeight) }
        self.face = face
        hbFont = try HBFont(face: face, variationWeight: variationWeight, syntheticSlant: syntheticSlant)
        unitMetrics = face.metrics
        descriptor = FontDescriptor(
            family: face.familyName, weight: weight ?? FontWeight(face.weightClass) ?? .regular,
            style: style ?? (face.isItalic ? .italic : .normal), file: file, index: index,
            variationWeight: variationWeight, syntheticSlant: syntheticSlant)
    }

    public static func == (a: Font, b: Font) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Ascent, descent, line gap and units per em, in px at `size` px per em.
    package func metrics(size: Double) -> FontMetrics {
        let scale = size / Double(unitMetrics.unitsPerEm)
        return FontMetrics(
            unitsPerEm: unitMetrics.unitsPerEm, ascent: Double(unitMetrics.ascender) * scale,
            descent: -Double(unitMetrics.descender) * scale, lineGap: Double(unitMetrics.lineGap) * scale)
    }

    /// Whether the face has a glyph for every character of `cluster` that needs one.
    func covers(_ cluster: Character) -> Bool { covers(cluster.unicodeScalars) }

    /// Whether the face covers every character of `cluster` that is not default-ignorable.
    func covers(_ cluster: some Collection<Unicode.Scalar>) -> Bool {
        covers(codePoints: cluster.lazy.map(\.value))
    }

    /// `covers` on code points. The cmap is checked first (a lock-free bitmap); the Unicode
    /// property lookup runs only for a character the face lacks.
    func covers(codePoints cluster: some Collection<UInt32>) -> Bool {
        for c in cluster where !hbFont.hasGlyph(c) {
            guard DefaultIgnorable.contains(c) else { return false }
        }
        return true
    }
}

/// The fonts of a manifest and the fallback chain over them.
public final class FontRegistry: Sendable {
    /// The manifest the registry was built from.
    package let manifest: FontManifest
    let library: FTLibrary
    /// Every manifest font, keyed by "file#index", loaded at init.
    private let fonts: [String: Font]
    let fontconfig: Fontconfig?
    /// Whether `emojiFont(for:)` can give a font at all: the manifest has an "emoji" package, or
    /// fontconfig is asked. Without either it answers nil, and itemization does not ask it.
    let hasEmojiSource: Bool
    /// Resolved chains, keyed by script, locale, weight and style. At most `chainCacheLimit` entries.
    private let chains = Locked<[ChainKey: [FontChoice]]>([:])
    /// Fontconfig answers, keyed by the cluster's characters, language and weight. At most `systemCacheLimit`.
    private let systemMatches = Locked<[SystemKey: Font?]>([:])
    /// Faces loaded for system fallback, keyed by "file#index". At most `systemFontLimit`.
    private let systemFonts = Locked<[String: Font]>([:])
    /// Variable and slanted instances of manifest fonts (FontInstance.swift). At most `instanceLimit`.
    let instances = Locked<[FontInstanceKey: Font]>([:])

    /// Cache bounds. Each cache is cleared whole when it reaches its bound.
    static let chainCacheLimit = 512
    static let systemCacheLimit = 4_096
    static let systemFontLimit = 64
    static let instanceLimit = 64

    struct ChainKey: Hashable {
        var script: String
        var locale: String
        var weight: Int
        var style: FontStyle
    }

    struct SystemKey: Hashable {
        var scalars: [UInt32]
        var language: String
        var weight: Int
        /// Colour fonts only (true), none (false), or either (nil).
        var color: Bool? = nil
    }

    /// Loads every font that `manifest` names.
    /// - Parameters:
    ///   - manifest: the font packages, as `FontManifest(contentsOf:)` reads them.
    ///   - systemFallback: false leaves fontconfig out of the chain (for reproducible output).
    /// - Throws: `.fontLoad` with FreeType's reason for a file that is not a usable font, and where
    ///   the manifest names it (file, line, key); `.manifest` for an `index` past the file's faces.
    package init(manifest: FontManifest, systemFallback: Bool = true) throws(BidiRenderError) {
        self.manifest = manifest
        library = try FTLibrary()
        var fonts: [String: Font] = [:]
        var faceCounts: [String: Int] = [:]
        for package in manifest.packages {
            for font in package.fonts {
                let key = "\(font.file)#\(font.index)"
                if fonts[key] != nil { continue }
                do throws(BidiRenderError) {
                    let count: Int
                    if let known = faceCounts[font.file] {
                        count = known
                    } else {
                        count = try FTFace.faceCount(library: library, path: font.file)
                        faceCounts[font.file] = count
                    }
                    guard font.index < count else {
                        throw .manifest(
                            file: manifest.path, line: font.line, key: font.keyPath + ".index",
                            reason: "face \(font.index) is past the \(count) face(s) of \(font.file)")
                    }
                    fonts[key] = try Font(
                        library: library, file: font.file, index: font.index, weight: font.weight, style: font.style)
                    if let range = font.variableWeights { try Self.checkWeightAxis(fonts[key]!, range, font, manifest) }  // no-trap: set on the line above
                } catch {
                    guard case .fontLoad(let file, let reason) = error else { throw error }
                    let place = font.line > 0 ? "\(manifest.path):\(font.line)" : manifest.path
                    throw .fontLoad(file: file, reason: "\(reason), named at \(place) \(font.keyPath).file")
                }
            }
        }
        self.fonts = fonts
        fontconfig = systemFallback ? Fontconfig() : nil
        hasEmojiSource = manifest.package(Self.emojiPackageLocale) != nil || fontconfig != nil
    }

    /// Reads the manifest at `path` and loads its fonts. Font files must be inside the manifest's
    /// folder unless `allowsPathsOutsideFolder` (see `FontManifest.init(contentsOf:allowsPathsOutsideFolder:)`).
    public convenience init(
        manifestPath path: String, systemFallback: Bool = true, allowsPathsOutsideFolder: Bool = false
    ) throws(BidiRenderError) {
        try self.init(
            manifest: FontManifest(contentsOf: path, allowsPathsOutsideFolder: allowsPathsOutsideFolder),
            systemFallback: systemFallback)
    }

    // MARK: The chain

    /// The manifest steps of the chain for `script`, `locale`, `weight` and `style`: each package
    /// that applies, in order, with the face it gives. Fontconfig and .notdef follow them.
    @_spi(Tools) public func chain(script: ScriptTag, locale: LocaleTag, weight: FontWeight, style: FontStyle) -> [FontChoice] {
        entries(script: script, locale: locale, weight: weight, style: style)
    }

    func entries(script tag: ScriptTag, locale: LocaleTag, weight: FontWeight, style: FontStyle) -> [FontChoice] {
        let script = tag.string
        let key = ChainKey(script: script, locale: locale.normalized, weight: weight.value, style: style)
        if let cached = chains.withLock({ $0[key] }) { return cached }
        var steps: [(FontPackage, FontSource)] = []
        // 0. A package of the locale's chain that claims the script for its own locale (its "scripts").
        if let tag = locale.fallbackChain.first(where: { manifest.package($0)?.scripts.contains(script) == true }) {
            steps.append((manifest.package(tag)!, .localePackage(locale: tag)))  // no-trap: the `where` above found it
        }
        if let locale = manifest.scripts[script], let package = manifest.package(locale) {
            steps.append((package, .scriptPackage(script: tag, locale: locale)))
        }
        for tag in locale.fallbackChain {
            if let package = manifest.package(tag) { steps.append((package, .localePackage(locale: tag))) }
        }
        if let package = manifest.package("default") { steps.append((package, .defaultPackage)) }
        var seen = Set<String>()
        var entries: [FontChoice] = []
        for (package, source) in steps where seen.insert(package.locale).inserted {
            if let choice = pick(in: package, source: source, weight: weight, style: style) { entries.append(choice) }
        }
        chains.withLock { cache in
            if cache.count >= Self.chainCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = entries
        }
        return entries
    }

    /// The face of `package` for `style` and `weight`: style first, then CSS Fonts 4 §5.2.
    /// Italic asked for and absent: the package's `ItalicPolicy` decides (a slanted instance, the
    /// upright face, or another weight upright). A variable face is used at the matched weight.
    func pick(in package: FontPackage, source: FontSource, weight: FontWeight, style: FontStyle) -> FontChoice? {
        var candidates = package.fonts.filter { $0.style == style }
        var italicMissing = false
        var asked = weight
        var slant = 0.0
        if candidates.isEmpty {
            italicMissing = style == .italic
            candidates = package.fonts
            if italicMissing {
                switch package.italic {
                case .synthesize: slant = FontInstance.syntheticSlant
                case .upright: break
                case .weight(let italicWeight): asked = italicWeight
                }
            }
        }
        guard let (position, given) = asked.match(in: candidates.map(\.weights)),
            let loaded = fonts["\(candidates[position].file)#\(candidates[position].index)"]
        else { return nil }
        let font = candidates[position]
        var reason = Self.weightReason(asked: asked, given: given, available: candidates.map(\.weights))
        if asked != weight { reason = "italic → \(asked) by the package's rule; " + reason }
        // A variable or slanted instance that cannot be opened (its file gone since the registry
        // loaded it) gives way to the loaded face: the text still lays out, at the face's own weight.
        var instance = loaded
        if let made = self.instance(of: loaded, variable: font.variableWeights != nil, weight: given, slant: slant) {
            instance = made
        } else {
            reason += "; its instance could not be opened, the loaded face instead"
        }
        var choice = FontChoice(
            font: instance, source: source, requestedWeight: weight, requestedStyle: style,
            italicMissing: italicMissing, weightReason: reason)
        if italicMissing { choice.italicRule = package.italic }
        return choice
    }

    /// Explains a weight choice in the terms of CSS Fonts 4 §5.2.
    static func weightReason(asked: FontWeight, given: FontWeight, available: [ClosedRange<FontWeight>]) -> String {
        if asked == given { return "exact" }
        let list = Set(available).sorted { $0.lowerBound < $1.lowerBound }
            .map { "\($0.lowerBound)" + ($0.upperBound == $0.lowerBound ? "" : "–\($0.upperBound)") }.joined(separator: ", ")
        let rule: String
        switch asked.value {
        case 400...500: rule = "400–500: ascending to 500, then descending, then above 500"
        case ..<400: rule = "below 400: descending, then ascending"
        default: rule = "above 500: ascending, then descending"
        }
        return "\(asked) absent from {\(list)}; CSS Fonts 4 §5.2 (\(rule)) gives \(given)"
    }

    // MARK: Per-cluster selection

    /// The font for one grapheme cluster of `script` (see the chain above). It always returns a font:
    /// when nothing covers the cluster, the first font of the chain (or of the manifest, when no
    /// package applies) with source `.notdef`.
    @_spi(Tools) public func font(
        for cluster: some Collection<Unicode.Scalar>, script: ScriptTag, locale: LocaleTag, weight: FontWeight,
        style: FontStyle = .normal
    ) -> FontChoice {
        let chain = entries(script: script, locale: locale, weight: weight, style: style)
        for choice in chain where choice.font.covers(cluster) { return choice }
        return fallback(for: cluster, chain: chain, locale: locale, weight: weight, style: style)
    }

    /// The choice for a cluster that no font of `chain` covers: a system font that fontconfig finds,
    /// or the .notdef glyph of the chain's first font.
    /// `color` false (text presentation, U+FE0E) prefers fonts that are not colour ones.
    func fallback(
        for cluster: some Collection<Unicode.Scalar>, chain: [FontChoice], locale: LocaleTag, weight: FontWeight,
        style: FontStyle, color: Bool? = nil
    ) -> FontChoice {
        // Text presentation asked for and only a colour font has it: the colour glyph, not .notdef.
        if let system = systemFont(for: cluster, locale: locale, weight: weight, color: color)
            ?? (color == nil ? nil : systemFont(for: cluster, locale: locale, weight: weight))
        {
            return FontChoice(
                font: system, source: .system, requestedWeight: weight, requestedStyle: style,
                italicMissing: false, weightReason: "fontconfig's best match")
        }
        var first = chain.first ?? lastResort(weight: weight, style: style)
        first.source = .notdef
        return first
    }

    /// The face of the manifest's first package, for a chain to which no package applies.
    private func lastResort(weight: FontWeight, style: FontStyle) -> FontChoice {
        // no-trap: FontManifest guarantees at least one package with at least one font, every
        // manifest font is loaded at init (`fonts`), and `pick` falls back to the loaded face when
        // an instance cannot be opened: it is nil only for a package without fonts.
        pick(in: manifest.packages[0], source: .notdef, weight: weight, style: style)!  // no-trap: see the comment above
    }

    func systemFont(
        for cluster: some Collection<Unicode.Scalar>, locale: LocaleTag, weight: FontWeight, color: Bool? = nil
    ) -> Font? {
        guard let fontconfig else { return nil }
        let needed = cluster.filter { !DefaultIgnorable.contains($0.value) }.map(\.value)
        guard !needed.isEmpty else { return nil }
        let key = SystemKey(scalars: needed, language: locale.normalized, weight: weight.value, color: color)
        if let cached = systemMatches.withLock({ $0[key] }) { return cached }
        var loaded: Font?
        if let match = fontconfig.match(scalars: needed, language: locale.normalized, weight: weight.value, color: color) {
            loaded = systemFont(path: match.path, index: match.index)
        }
        if let font = loaded, !font.covers(cluster) { loaded = nil }
        systemMatches.withLock { cache in
            if cache.count >= Self.systemCacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = .some(loaded)
        }
        return loaded
    }

    private func systemFont(path: String, index: Int) -> Font? {
        let key = "\(path)#\(index)"
        if let font = fonts[key] ?? systemFonts.withLock({ $0[key] }) { return font }
        guard let font = try? Font(library: library, file: path, index: index, weight: nil, style: nil) else {
            return nil
        }
        systemFonts.withLock { cache in
            if cache.count >= Self.systemFontLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = font
        }
        return font
    }
}
