// Fontconfig: the system font fallback. Finds an installed font that covers a character, preferring
// the language and weight asked for. The only code that calls fontconfig.
//
// Thread-safety: fontconfig's matching functions are documented as thread-safe since 2.10, but a
// config can be reloaded under our feet; every call here runs under one lock, and results are cached,
// so the lock is rarely contended.

internal import CFontconfig

/// A system font file that fontconfig found for a character.
struct SystemFontMatch: Sendable, Hashable {
    var path: String
    var index: Int
    var family: String
}

/// Owner of the fontconfig configuration (`FcInitLoadConfigAndFonts`, freed by `FcConfigDestroy`).
final class Fontconfig: @unchecked Sendable {
    private let config: OpaquePointer
    private let lock = Lock()

    /// Loads the system configuration and font list; nil when fontconfig cannot (no config file).
    init?() {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        self.config = config
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The best installed font that has a glyph for every one of `scalars` (a grapheme cluster's
    /// characters that need one), for `language` (a BCP 47 tag) and the OpenType `weight`, or nil
    /// when no installed font covers them (`FcFontSort`, then the first font in that order whose
    /// charset has them all). `color` true keeps only colour fonts (FC_COLOR, such as Noto Color
    /// Emoji), false only the others, nil either.
    func match(scalars: [UInt32], language: String?, weight: Int, color: Bool? = nil) -> SystemFontMatch? {
        lock.withLock {
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            if let charset = FcCharSetCreate() {
                for scalar in scalars { FcCharSetAddChar(charset, scalar) }
                FcPatternAddCharSet(pattern, FC_CHARSET, charset)
                FcCharSetDestroy(charset)
            }
            if let language, !language.isEmpty { FcPatternAddString(pattern, FC_LANG, language) }
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight)))
            if let color { FcPatternAddBool(pattern, FC_COLOR, color ? FcTrue : FcFalse) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let set = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
            defer { FcFontSetDestroy(set) }
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var charset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                    scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 })
                else { continue }
                if let color {
                    var isColor: FcBool = FcFalse
                    _ = FcPatternGetBool(font, FC_COLOR, 0, &isColor)
                    if (isColor != FcFalse) != color { continue }
                }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                var index: Int32 = 0
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
                var family: UnsafeMutablePointer<FcChar8>?
                _ = FcPatternGetString(font, FC_FAMILY, 0, &family)
                return SystemFontMatch(
                    path: String(cString: file), index: Int(index),
                    family: family.map { String(cString: $0) } ?? "")
            }
            return nil
        }
    }
}
