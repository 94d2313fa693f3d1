// FriBidi: the only code that calls the FriBidi C library. It resolves embedding levels
// (UAX #9 P2–I2, fribidi_get_par_embedding_levels_ex) from bidi types and bracket types that the
// caller computed from Unicode 15 data, and reorders lines (L1–L2, fribidi_reorder_line). Only the
// FriBidi engine (Bidi/FriBidiEngine.swift, which holds FriBidi's work-arounds) calls it.
//
// Thread-safety: FriBidi keeps no global mutable state on these paths; every call works only on the
// buffers passed in, so concurrent calls on distinct buffers are safe.

internal import CFriBidi

/// Thin wrappers over FriBidi's level resolution and line reordering.
enum FriBidi {
    /// FriBidi's FriBidiCharType value of each BidiClass, indexed by `BidiClass.rawValue`.
    static let typeValues: [UInt32] = BidiClass.allCases.map { typeValue(of: $0).rawValue }

    /// Bit that marks an opening bracket in a FriBidiBracketType.
    static let bracketOpenMask: UInt32 = CFriBidi_FRIBIDI_BRACKET_OPEN_MASK()

    /// FriBidiBracketType of a character that is not a bracket.
    static let noBracket: UInt32 = CFriBidi_FRIBIDI_NO_BRACKET()

    private static func typeValue(of cls: BidiClass) -> FriBidiCharType {
        switch cls {
        case .leftToRight: return FRIBIDI_TYPE_LTR
        case .rightToLeft: return FRIBIDI_TYPE_RTL
        case .arabicLetter: return FRIBIDI_TYPE_AL
        case .europeanNumber: return FRIBIDI_TYPE_EN
        case .europeanSeparator: return FRIBIDI_TYPE_ES
        case .europeanTerminator: return FRIBIDI_TYPE_ET
        case .arabicNumber: return FRIBIDI_TYPE_AN
        case .commonSeparator: return FRIBIDI_TYPE_CS
        case .nonspacingMark: return FRIBIDI_TYPE_NSM
        case .boundaryNeutral: return FRIBIDI_TYPE_BN
        case .paragraphSeparator: return FRIBIDI_TYPE_BS
        case .segmentSeparator: return FRIBIDI_TYPE_SS
        case .whiteSpace: return FRIBIDI_TYPE_WS
        case .otherNeutral: return FRIBIDI_TYPE_ON
        case .leftToRightEmbedding: return FRIBIDI_TYPE_LRE
        case .leftToRightOverride: return FRIBIDI_TYPE_LRO
        case .rightToLeftEmbedding: return FRIBIDI_TYPE_RLE
        case .rightToLeftOverride: return FRIBIDI_TYPE_RLO
        case .popDirectionalFormat: return FRIBIDI_TYPE_PDF
        case .leftToRightIsolate: return FRIBIDI_TYPE_LRI
        case .rightToLeftIsolate: return FRIBIDI_TYPE_RLI
        case .firstStrongIsolate: return FRIBIDI_TYPE_FSI
        case .popDirectionalIsolate: return FRIBIDI_TYPE_PDI
        }
    }

    private static func parType(_ direction: ParagraphDirection) -> FriBidiParType {
        switch direction {
        case .leftToRight: return FRIBIDI_PAR_LTR
        case .rightToLeft: return FRIBIDI_PAR_RTL
        case .auto: return FRIBIDI_PAR_ON
        case .autoWithFallback(.leftToRight): return FRIBIDI_PAR_WLTR
        case .autoWithFallback(.rightToLeft): return FRIBIDI_PAR_WRTL
        }
    }

    /// Resolves the embedding level of each character of one paragraph (rules P2–I2) with
    /// `fribidi_get_par_embedding_levels_ex`. `types` and `brackets` hold FriBidi type and bracket
    /// values, `count` of each. Returns the paragraph embedding level, or nil if FriBidi failed
    /// (it fails only when it cannot allocate).
    static func resolveLevels(
        types: UnsafePointer<UInt32>, brackets: UnsafePointer<UInt32>, count: Int,
        direction: ParagraphDirection, levels: UnsafeMutablePointer<UInt8>
    ) -> UInt8? {
        var par = parType(direction)
        let maxLevel = types.withMemoryRebound(to: FriBidiCharType.self, capacity: count) { t in
            levels.withMemoryRebound(to: FriBidiLevel.self, capacity: count) { l in
                fribidi_get_par_embedding_levels_ex(t, brackets, FriBidiStrIndex(count), &par, l)
            }
        }
        guard maxLevel > 0 else { return nil }
        // FriBidi writes back LTR or RTL when it finds a strong character (P2) and leaves the
        // request as it was otherwise (P3: ON and WLTR mean level 0, WRTL level 1). FRIBIDI_MASK_RTL
        // is bit 0 of every one of these values (FRIBIDI_DIR_TO_LEVEL).
        return UInt8(par.rawValue & 1)
    }

    /// Reorders one line of a paragraph (rules L1–L2) with `fribidi_reorder_line`, without rule L3
    /// (no FRIBIDI_FLAG_REORDER_NSM): combining marks stay after their base, for HarfBuzz.
    ///
    /// `types`, `levels` and `map` point at the paragraph's first character; the line is
    /// `lineStart..<lineStart+lineCount` within the paragraph. `levels` is updated by rule L1 and
    /// `map[lineStart..<lineStart+lineCount]`, which must hold the logical indices on entry, ends in
    /// visual order. Returns false if FriBidi failed (it fails only when it cannot allocate).
    static func reorderLine(
        types: UnsafePointer<UInt32>, lineStart: Int, lineCount: Int, baseLevel: UInt8,
        levels: UnsafeMutablePointer<UInt8>, map: UnsafeMutablePointer<Int32>
    ) -> Bool {
        let total = lineStart + lineCount
        let par = baseLevel & 1 == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        // FRIBIDI_FLAGS_DEFAULT less REORDER_NSM; the shaping flags it keeps do nothing in reorder_line.
        let flags = CFriBidi_FRIBIDI_FLAGS_DEFAULT() & ~FriBidiFlags(FRIBIDI_FLAG_REORDER_NSM)
        let result = types.withMemoryRebound(to: FriBidiCharType.self, capacity: total) { t in
            levels.withMemoryRebound(to: FriBidiLevel.self, capacity: total) { l in
                fribidi_reorder_line(
                    flags, t, FriBidiStrIndex(lineCount), FriBidiStrIndex(lineStart), par, l, nil, map)
            }
        }
        return result > 0
    }
}
