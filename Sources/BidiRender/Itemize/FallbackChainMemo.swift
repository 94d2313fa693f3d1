// FallbackChainMemo: one font fallback chain (FontRegistry.entries) memoized for a script and a set of
// attributes, with each step's coverage, and the search for the first step that covers a cluster.

/// The fallback chain for one script and one set of attributes: for each step, its cmap and the
/// indices of its font and language (the package's own for a script package, else the locale's) in
/// the scratch's `ItemTables`.
struct FallbackChainMemo {
    var script: ScriptTag
    var attributes: Attributes
    var chain: [FontChoice]
    var coverage: [CodePointSet]
    var fonts: [Int32]
    var languages: [Int32]

    /// The registry's chain for `script` and `attributes`, its fonts and languages interned in `tables`.
    init(
        script: ScriptTag, attributes a: Attributes, registry: FontRegistry, tables: inout ItemTables, languages ids: LanguageIDs?
    ) {
        let chain = registry.entries(script: script, locale: a.locale, weight: a.weight, style: a.style)
        self.script = script
        self.attributes = a
        self.chain = chain
        coverage = chain.map(\.font.hbFont.coverage)
        fonts = chain.map { tables.fontIndex($0.font) }
        languages = chain.map { tables.languageIndex(
                Self.language(for: $0.source, locale: a.locale), features: a.features, languages: ids) }
    }

    /// The first step of `coverage` whose face covers every character of `cluster` that needs a
    /// glyph. Whether a character is default-ignorable is looked up once per character, and only for
    /// one a face lacks.
    static func firstCovering(_ coverage: [CodePointSet], _ cluster: UnsafeBufferPointer<UInt32>) -> Int? {
        if cluster.count == 1 {
            let c = cluster[0]
            for step in coverage.indices where coverage[step].contains(c) { return step }
            return !coverage.isEmpty && DefaultIgnorable.contains(c) ? 0 : nil
        }
        var known: UInt64 = 0
        var ignorable: UInt64 = 0
        steps: for step in coverage.indices {
            for (k, c) in cluster.enumerated() where !coverage[step].contains(c) {
                guard k < 64 else {
                    if DefaultIgnorable.contains(c) { continue }
                    continue steps
                }
                let bit: UInt64 = 1 << UInt64(k)
                if known & bit == 0 {
                    known |= bit
                    if DefaultIgnorable.contains(c) { ignorable |= bit }
                }
                if ignorable & bit == 0 { continue steps }
            }
            return step
        }
        return nil
    }

    /// The language a run shapes with: the package's own for a script package, else the locale's.
    static func language(for source: FontSource, locale: LocaleTag) -> String? {
        if case .scriptPackage(_, let locale) = source { return locale }
        return locale.normalized == "default" || locale.normalized.isEmpty ? nil : locale.normalized
    }
}
