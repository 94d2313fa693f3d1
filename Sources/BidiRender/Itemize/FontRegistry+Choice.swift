// FontRegistry+Choice: the font for a cluster given as a string, its script resolved as the
// itemizer resolves it (ScriptResolver), for callers outside a layout.

extension FontRegistry {
    /// The font for one grapheme cluster given as a string. Without `script`, the cluster's own
    /// script (its first character that has one) is used.
    package func choice(
        for cluster: String, script: ScriptTag? = nil, locale: LocaleTag, weight: FontWeight, style: FontStyle = .normal
    ) -> FontChoice {
        let scalars = Array(cluster.unicodeScalars)
        let script = script ?? ScriptResolver.resolve(scalars).first ?? .common
        return font(for: scalars, script: script, locale: locale, weight: weight, style: style)
    }
}
