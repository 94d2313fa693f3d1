// BidiReorderer+Resolve: level resolution (UAX #9 P2–I2) of one loaded paragraph with the chosen
// engine. The native engine takes a fast path when the paragraph's classes prove it applies — no
// explicit formatting at all (A, B: one level; C: one isolating run sequence) — and the general
// X1–X10 path (ExplicitResolver) otherwise; isolate-only paragraphs take the general path too
// (historically fast path D). The FriBidi engine is in FriBidiEngine.swift.

extension BidiReorderer {
    private static func bit(_ c: BidiClass) -> UInt32 { 1 << UInt32(c.rawValue) }
    private static let explicitBits: UInt32 = BidiClass.allCases
        .filter(\.isExplicitFormatting).reduce(0) { $0 | bit($1) }
    private static let rtlBits = bit(.rightToLeft) | bit(.arabicLetter) | bit(.arabicNumber)
    private static let ltrNumberBits = bit(.leftToRight) | bit(.europeanNumber) | bit(.arabicNumber)

    /// How the native engine resolves a paragraph.
    enum NativePath: Equatable {
        /// Fast paths A and B: one level for the whole paragraph.
        case uniform
        /// Fast path C: the implicit rules on one isolating run sequence at the paragraph level.
        case implicit
        /// X1–X10, then the implicit rules per isolating run sequence (ExplicitResolver).
        case explicit
    }

    /// The native path for a paragraph whose classes are `classSet` at paragraph level `base`.
    static func nativePath(classSet: UInt32, base: UInt8) -> NativePath {
        guard classSet & explicitBits == 0 else { return .explicit }
        // A: an LTR paragraph with no R, AL or AN has every level 0 (W7 makes EN L). B: an RTL
        // paragraph with no L, EN or AN has every level 1 (neutrals between R and sos/eos R resolve
        // to R by N1; NSM follows its base by W1). Either way L1 leaves the paragraph level on
        // white space, so one level fills it.
        let forbidden = base == 0 ? rtlBits : ltrNumberBits
        return classSet & forbidden == 0 ? .uniform : .implicit
    }

    /// Resolves paragraph `index` (P2–I2) into `levels` with `engine` and returns its paragraph
    /// level.
    func resolve(paragraph index: Int, direction: ParagraphDirection) -> UInt8 {
        let p = paragraphs[index]
        if engine == .fribidi, let base = resolveWithFriBidi(p, direction: direction) { return base }
        return resolveNatively(p, direction: direction)
    }

    private func resolveNatively(_ p: ParagraphSpan, direction: ParagraphDirection) -> UInt8 {
        let n = p.end - p.start
        let classes = self.classes + p.start
        // P2–P3.
        let base = direction.forcedLevel
            ?? Paragraphs.firstStrongLevel(from: 0, to: n) { classes[$0] } ?? direction.fallbackLevel
        let weakTypes = loadedWeakTypes
        loadedWeakTypes = nil  // the resolvers below write over them
        if n == 0 { return base }
        let segmentSeparators = p.classSet & Self.bit(.segmentSeparator) != 0
        switch fastPaths ? Self.nativePath(classSet: p.classSet, base: base) : .explicit {
        case .uniform:
            levels.advanced(by: p.start).update(repeating: base, count: n)
        case .implicit:
            ImplicitResolver(
                classes: classes, brackets: brackets + p.start, types: workTypes, pairs: workPairs,
                levels: levels + p.start, count: n, base: base,
                pairedBrackets: p.classSet & ParagraphSpan.bracketBit != 0, loadedWeakTypes: weakTypes
            ).resolve(segmentSeparators: segmentSeparators)
        case .explicit:
            ExplicitResolver(
                classes: classes, brackets: brackets + p.start, levels: levels + p.start, count: n, base: base,
                embedding: workEmbedding, effective: workEffective, match: workMatch, sequence: workSequence,
                gatheredClasses: workClasses, gatheredBrackets: workBrackets, gatheredLevels: workLevels,
                types: workTypes, pairs: workPairs, stack: workStack,
                pairedBrackets: p.classSet & ParagraphSpan.bracketBit != 0
            ).resolve(segmentSeparators: segmentSeparators)
        }
        return base
    }

    /// The FriBidi engine on paragraph `p`, or nil when its guard leaves the paragraph to the native
    /// engine (or FriBidi cannot allocate).
    private func resolveWithFriBidi(_ p: ParagraphSpan, direction: ParagraphDirection) -> UInt8? {
        fribidi.resolve(
            classes: classes + p.start, brackets: brackets + p.start, count: p.end - p.start, direction: direction,
            levels: levels + p.start)
    }
}

extension ParagraphDirection {
    /// The paragraph level when the direction is forced, else nil.
    var forcedLevel: UInt8? {
        switch self {
        case .leftToRight: return 0
        case .rightToLeft: return 1
        case .auto, .autoWithFallback: return nil
        }
    }

    /// The paragraph level of an auto paragraph without a strong character (P3, HL1).
    var fallbackLevel: UInt8 {
        if case .autoWithFallback(.rightToLeft) = self { return 1 }
        return forcedLevel ?? 0
    }
}
