// NativeEngine: `BidiEngine.native`, the library's own UAX #9, and its scratch. It takes a fast path when
// the paragraph's classes prove it applies — no explicit formatting at all (A, B: one level; C: one
// isolating run sequence, ImplicitResolver) — and the general X1–X10 path (ExplicitResolver) otherwise;
// isolate-only paragraphs take the general path too (historically fast path D). Lines (L1–L2) are in
// NativeEngine+Line.swift. Nothing is allocated once the buffers have grown to the longest paragraph.

/// The native engine's scratch and dispatch. Not Sendable: it lives in one reorderer (or one line).
final class NativeEngine: BidiEngineBackend {
    /// False only in tests: every paragraph then takes the general path (X1–X10), so the fast paths
    /// can be compared with it.
    let fastPaths: Bool
    @exclusivity(unchecked) private(set) var capacity: Int
    /// ImplicitResolver's resolved types. A load may leave W1–W3's types of its one paragraph here
    /// (`loadedWeakTypes`).
    @exclusivity(unchecked) private(set) var types: UnsafeMutablePointer<UInt8>
    /// Set by a load that left W1–W3's types of its one paragraph in `types`: the paragraph's class
    /// set, which holds ES, ET and CS when the types do, and EN or AN when they hold a number (what
    /// `ImplicitResolver` reads in it). The next resolution uses it (fast path C) or not, and clears it
    /// either way.
    @exclusivity(unchecked) var loadedWeakTypes: UInt32?
    /// ImplicitResolver's bracket pairs and BD16 stack (`capacity` + 64 entries).
    @exclusivity(unchecked) private var pairs: UnsafeMutablePointer<Int32>
    /// ExplicitResolver's scratch: embedding levels, classes after X6/X9, isolate matches, one
    /// sequence's indices, its gathered classes, brackets and levels, and the directional status
    /// stack. Line reordering, which runs after resolution, reuses `pairs`, `gatheredLevels` and
    /// `sequence` for its level runs.
    @exclusivity(unchecked) private var embedding: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var effective: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var match: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var sequence: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var gatheredClasses: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var gatheredBrackets: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var gatheredLevels: UnsafeMutablePointer<UInt8>
    private let stack = UnsafeMutablePointer<Int32>.allocate(capacity: ExplicitResolver.stackCapacity)

    // As in BidiReorderer, the stored properties opt out of dynamic exclusivity checks: an engine is
    // never shared between threads and none of its methods re-enters another while holding an access.

    init(capacity: Int, fastPaths: Bool) {
        let n = max(capacity, 16)
        self.capacity = n
        self.fastPaths = fastPaths
        types = .allocate(capacity: n)
        pairs = .allocate(capacity: n + 64)
        embedding = .allocate(capacity: n)
        effective = .allocate(capacity: n)
        match = .allocate(capacity: n)
        sequence = .allocate(capacity: n)
        gatheredClasses = .allocate(capacity: n)
        gatheredBrackets = .allocate(capacity: n)
        gatheredLevels = .allocate(capacity: n)
    }

    deinit {
        types.deallocate()
        pairs.deallocate()
        embedding.deallocate()
        effective.deallocate()
        match.deallocate()
        sequence.deallocate()
        gatheredClasses.deallocate()
        gatheredBrackets.deallocate()
        gatheredLevels.deallocate()
        stack.deallocate()
    }

    /// Grows every buffer to hold exactly `n` code points when it holds fewer (contents are lost).
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        loadedWeakTypes = nil
        func grow<T>(_ p: inout UnsafeMutablePointer<T>, _ count: Int) {
            p.deallocate()
            p = .allocate(capacity: count)
        }
        grow(&types, n)
        grow(&pairs, n + 64)
        grow(&embedding, n)
        grow(&effective, n)
        grow(&match, n)
        grow(&sequence, n)
        grow(&gatheredClasses, n)
        grow(&gatheredBrackets, n)
        grow(&gatheredLevels, n)
        capacity = n
    }

    // MARK: Paths

    private static func bit(_ c: BidiClass) -> UInt32 { 1 << UInt32(c.rawValue) }
    private static let explicitBits: UInt32 = BidiClass.allCases
        .filter(\.isExplicitFormatting).reduce(0) { $0 | bit($1) }
    private static let rtlBits = bit(.rightToLeft) | bit(.arabicLetter) | bit(.arabicNumber)
    private static let ltrNumberBits = bit(.leftToRight) | bit(.europeanNumber) | bit(.arabicNumber)

    /// How the native engine resolves a paragraph.
    enum Path: Equatable {
        /// Fast paths A and B: one level for the whole paragraph.
        case uniform
        /// Fast path C: the implicit rules on one isolating run sequence at the paragraph level.
        case implicit
        /// X1–X10, then the implicit rules per isolating run sequence (ExplicitResolver).
        case explicit
    }

    /// The path for a paragraph whose classes are `classSet` at paragraph level `base`.
    static func path(classSet: UInt32, base: UInt8) -> Path {
        guard classSet & explicitBits == 0 else { return .explicit }
        // A: an LTR paragraph with no R, AL or AN has every level 0 (W7 makes EN L). B: an RTL
        // paragraph with no L, EN or AN has every level 1 (neutrals between R and sos/eos R resolve
        // to R by N1; NSM follows its base by W1). Either way L1 leaves the paragraph level on
        // white space, so one level fills it.
        let forbidden = base == 0 ? rtlBits : ltrNumberBits
        return classSet & forbidden == 0 ? .uniform : .implicit
    }

    // MARK: Levels

    /// P2–I2 on `p` (never nil: the native engine resolves every paragraph).
    func resolve(_ p: BidiParagraphInput, direction: ParagraphDirection, levels: UnsafeMutablePointer<UInt8>) -> UInt8? {
        let (classes, n) = (p.classes, p.count)
        // P2–P3.
        let base = direction.forcedLevel
            ?? Paragraphs.firstStrongLevel(from: 0, to: n) { classes[$0] } ?? direction.fallbackLevel
        let weakTypes = loadedWeakTypes
        loadedWeakTypes = nil  // the resolvers below write over them
        if n == 0 { return base }
        reserve(n)
        let segmentSeparators = p.classSet & Self.bit(.segmentSeparator) != 0
        let pairedBrackets = p.classSet & BidiReorderer.ParagraphSpan.bracketBit != 0
        switch fastPaths ? Self.path(classSet: p.classSet, base: base) : .explicit {
        case .uniform:
            levels.update(repeating: base, count: n)
        case .implicit:
            ImplicitResolver(
                classes: classes, brackets: p.brackets, types: types, pairs: pairs, levels: levels, count: n,
                base: base, pairedBrackets: pairedBrackets, loadedWeakTypes: weakTypes
            ).resolve(segmentSeparators: segmentSeparators)
        case .explicit:
            ExplicitResolver(
                classes: classes, brackets: p.brackets, levels: levels, count: n, base: base,
                embedding: embedding, effective: effective, match: match, sequence: sequence,
                gatheredClasses: gatheredClasses, gatheredBrackets: gatheredBrackets, gatheredLevels: gatheredLevels,
                types: types, pairs: pairs, stack: stack, pairedBrackets: pairedBrackets
            ).resolve(segmentSeparators: segmentSeparators)
        }
        return base
    }

    // MARK: Lines

    /// L1 (`LineLevelReset`) and L2 on one line, in this engine's run scratch (never fails).
    func reorderLine(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, lineStart: Int, lineEnd: Int,
        baseLevel: UInt8, segmentSeparators: Bool, map: UnsafeMutablePointer<Int32>
    ) -> Bool {
        reserve(lineEnd - lineStart)
        Self.reorderLine(
            classes: classes, levels: levels, map: map, lineStart: lineStart, lineEnd: lineEnd, baseLevel: baseLevel,
            segmentSeparators: segmentSeparators, runStarts: pairs, runLevels: gatheredLevels, runOrder: sequence)
        return true
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
