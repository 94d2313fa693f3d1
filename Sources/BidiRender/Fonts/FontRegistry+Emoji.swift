// FontRegistry+Emoji: the colour emoji font that an emoji-presentation cluster goes to before the
// fallback chain (UTS #51 §4): the manifest's "emoji" package, else fontconfig's colour font.

extension FontRegistry {
    /// The locale of the manifest package that serves emoji-presentation clusters, if it has one.
    static let emojiPackageLocale = "emoji"

    /// The warning of a layout with an emoji that no colour emoji font covers.
    static let missingEmojiWarning =
        "no colour emoji font was found for an emoji: emoji are drawn from other fonts, in one colour or as"
        + " empty boxes; install Debian's fonts-noto-color-emoji (or give the font manifest an \"emoji\" package)"
    /// The same, when system fonts are not asked (`systemFallback: false`, `--no-system-fonts`).
    static let missingEmojiWarningWithoutSystemFonts =
        "no colour emoji font was found for an emoji: emoji are drawn from other fonts, in one colour or as"
        + " empty boxes; system fonts are off (--no-system-fonts, systemFallback: false) and the font manifest"
        + " has no \"emoji\" package"

    /// The colour emoji font for an emoji-presentation `cluster` (see `EmojiPresentation`): the face
    /// of the manifest's "emoji" package when it covers the cluster, else the colour font
    /// (FC_COLOR) that fontconfig finds for it; nil when neither covers it (the cluster then takes
    /// the usual chain).
    @_spi(Tools) public func emojiFont(
        for cluster: some Collection<Unicode.Scalar>, weight: FontWeight = .regular, style: FontStyle = .normal
    ) -> FontChoice? {
        if let package = manifest.package(Self.emojiPackageLocale),
            let choice = pick(in: package, source: .emojiPackage, weight: weight, style: style),
            choice.font.covers(cluster)
        {
            return choice
        }
        guard let font = systemFont(for: cluster, locale: LocaleTag("default"), weight: .regular, color: true) else {
            return nil
        }
        return FontChoice(
            font: font, source: .system, requestedWeight: weight, requestedStyle: style, italicMissing: false,
            weightReason: "fontconfig's colour font")
    }
}
