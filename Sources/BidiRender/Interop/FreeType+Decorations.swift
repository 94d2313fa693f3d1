// FTFace's decoration metrics: where the font puts its underline (`post`) and strikethrough (`OS/2`).

internal import CFreeType

/// A face's underline and strikethrough, in font units, y up from the baseline (OpenType's sign).
struct DecorationMetrics: Sendable, Hashable {
    var unitsPerEm: Int
    /// The top of the underline: FreeType's `underline_position`, which is `post.underlinePosition` (the
    /// line's centre) less half the thickness; negative below the baseline.
    var underlinePosition: Int
    var underlineThickness: Int
    /// The top of the strikethrough (`OS/2.yStrikeoutPosition`).
    var strikeoutPosition: Int
    var strikeoutSize: Int
}

extension FTFace {
    /// The underline from FreeType's `underline_position` and `underline_thickness` (the `post`
    /// table), the strikethrough from `OS/2` (`FT_Get_Sfnt_Table(FT_SFNT_OS2)`). A font without them
    /// (a bitmap-only face, or zero thickness) gets CSS's customary fallbacks: an underline 1/10 em
    /// below the baseline and a strikethrough at 0.3 em, each 1/20 em thick.
    var decorationMetrics: DecorationMetrics {
        withFace { face in
            let upem = max(1, Int(face.pointee.units_per_EM))
            var metrics = DecorationMetrics(
                unitsPerEm: upem, underlinePosition: Int(face.pointee.underline_position),
                underlineThickness: Int(face.pointee.underline_thickness), strikeoutPosition: upem * 3 / 10,
                strikeoutSize: 0)
            if metrics.underlineThickness <= 0 {
                metrics.underlinePosition = -upem / 10
                metrics.underlineThickness = max(1, upem / 20)
            }
            if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.version != 0xFFFF, os2.yStrikeoutSize > 0 {
                    metrics.strikeoutPosition = Int(os2.yStrikeoutPosition)
                    metrics.strikeoutSize = Int(os2.yStrikeoutSize)
                }
            }
            if metrics.strikeoutSize <= 0 { metrics.strikeoutSize = metrics.underlineThickness }
            return metrics
        }
    }
}
