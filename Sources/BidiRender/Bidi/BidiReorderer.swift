// BidiReorderer: the reusable bidi engine. It turns text into Unicode 15 bidi types, splits paragraphs
// (UAX #9 P1), resolves levels (P2–I2, through FriBidi or a proven fast path) and reorders lines (L1–L2),
// in buffers it owns and reuses, so a warm reorderer allocates nothing per call.

/// A reusable bidi engine for reordering many strings in a row (a chat list).
///
/// Once its buffers have grown to the longest text seen, `withVisualOrder(of:direction:_:)` allocates
/// nothing in Swift. Texts the fast paths cannot prove trivial go through FriBidi, whose level
/// resolution allocates its own run list internally.
///
/// Thread-safety: a reorderer is mutable scratch space. Use one per thread or task; it is not Sendable.
public final class BidiReorderer {
    /// One paragraph found by rule P1: `start..<contentEnd` is its text, `contentEnd..<end` its
    /// separator (empty for the last paragraph when the text does not end with one).
    struct ParagraphSpan {
        var start: Int
        var contentEnd: Int
        var end: Int
        /// Bit `1 << BidiClass.rawValue` set for each class present in `start..<end`.
        var classSet: UInt32
    }

    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity = 0
    /// Code points of the loaded text.
    @exclusivity(unchecked) private(set) var scalars: UnsafeMutablePointer<UInt32>
    /// BidiClass raw value of each code point.
    @exclusivity(unchecked) private(set) var classes: UnsafeMutablePointer<UInt8>
    /// FriBidi type value of each code point, filled only when FriBidi is called (`ensureTypes`).
    @exclusivity(unchecked) private var types: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var typesReady = false
    @exclusivity(unchecked) private var marksPreResolved = false
    /// FriBidi bracket value of each code point (BD14–BD16).
    @exclusivity(unchecked) private var brackets: UnsafeMutablePointer<UInt32>
    /// Embedding levels: resolved (P2–I2), then updated by L1 when a line is reordered.
    @exclusivity(unchecked) private(set) var levels: UnsafeMutablePointer<UInt8>
    /// Logical index of each visual position, per paragraph, after `reorder`.
    @exclusivity(unchecked) private(set) var map: UnsafeMutablePointer<Int32>
    /// The visual order handed to callers: `map` without the characters the caller leaves out.
    @exclusivity(unchecked) private var visual: UnsafeMutablePointer<Int32>
    /// Scratch of `ImplicitResolver`: resolved types, and bracket pairs with the BD16 stack.
    @exclusivity(unchecked) private var workTypes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var workPairs: UnsafeMutablePointer<Int32>
    /// Scratch of `IsolateResolver`: isolate matches, one sequence's indices, its gathered classes,
    /// brackets and levels, and the isolate stack. Line reordering, which runs after resolution,
    /// reuses `workPairs`, `workLevels` and `workSequence` for its level runs.
    @exclusivity(unchecked) private var workMatch: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var workEmbedding: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var workSequence: UnsafeMutablePointer<Int32>
    @exclusivity(unchecked) private var workClasses: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var workBrackets: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var workLevels: UnsafeMutablePointer<UInt8>
    private let workStack = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * (Int(IsolateResolver.maxDepth) + 2))
    @exclusivity(unchecked) var paragraphs: [ParagraphSpan] = []

    // The stored properties opt out of dynamic exclusivity checks (a check costs about 100
    // instructions, and the hot path made some 20 a call). That is sound because a reorderer is never
    // shared between threads and none of its methods re-enters another while holding an access.

    /// Test hook: when true, every paragraph goes through FriBidi, so tests can compare the fast
    /// paths with the full algorithm.
    @exclusivity(unchecked) var disablesFastPaths = false

    /// How many paragraphs the last `reorderAll` resolved without FriBidi (for tests).
    @exclusivity(unchecked) private(set) var fastPathCount = 0

    /// Creates a reorderer with room for `initialCapacity` code points; it grows as needed.
    public init(initialCapacity: Int = 256) {
        let n = max(initialCapacity, 16)
        capacity = n
        scalars = .allocate(capacity: n)
        classes = .allocate(capacity: n)
        types = .allocate(capacity: n)
        brackets = .allocate(capacity: n)
        levels = .allocate(capacity: n)
        map = .allocate(capacity: n)
        visual = .allocate(capacity: n)
        workTypes = .allocate(capacity: n)
        workPairs = .allocate(capacity: n + 64)
        workMatch = .allocate(capacity: n)
        workEmbedding = .allocate(capacity: n)
        workSequence = .allocate(capacity: n)
        workClasses = .allocate(capacity: n)
        workBrackets = .allocate(capacity: n)
        workLevels = .allocate(capacity: n)
        paragraphs.reserveCapacity(4)
    }

    deinit {
        scalars.deallocate()
        classes.deallocate()
        types.deallocate()
        brackets.deallocate()
        levels.deallocate()
        map.deallocate()
        visual.deallocate()
        workTypes.deallocate()
        workPairs.deallocate()
        workMatch.deallocate()
        workEmbedding.deallocate()
        workSequence.deallocate()
        workClasses.deallocate()
        workBrackets.deallocate()
        workLevels.deallocate()
        workStack.deallocate()
    }

    // MARK: Public hot path

    /// Reorders `text` with each paragraph laid out as one line and calls `body` with the visual
    /// order: Unicode scalar offsets into `text`, left to right, paragraph after paragraph.
    ///
    /// Characters removed by rule X9 (LRE, RLE, LRO, RLO, PDF, BN) and paragraph separators are left
    /// out. The buffer is valid only inside `body`.
    public func withVisualOrder<R, E: Error>(
        of text: String, direction: ParagraphDirection,
        _ body: (UnsafeBufferPointer<Int32>) throws(E) -> R
    ) throws(E) -> R {
        load(text)
        let n = reorderAll(direction: direction, includeSeparators: false)
        return try body(UnsafeBufferPointer(start: visual, count: n))
    }

    /// The bracket values of the loaded text (for tests).
    var bracketValues: [UInt32] { Array(UnsafeBufferPointer(start: brackets, count: count)) }

    /// The first `count` entries of the visual order written by `reorderAll`.
    func withVisualOrderBuffer<R>(count n: Int, _ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        body(UnsafeBufferPointer(start: visual, count: n))
    }

    // MARK: Loading

    /// Loads the code points of `text` with their classes and bracket values, and splits paragraphs.
    func load(_ text: String) {
        let loaded = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            loadUTF8(base, count: bytes.count)
            return true
        }
        if loaded == true { return }
        var utf8Count = text.utf8.count
        if utf8Count == 0 { utf8Count = 1 }
        reserve(utf8Count)  // a scalar takes at least one UTF-8 byte
        let scalars = self.scalars
        var i = 0
        for scalar in text.unicodeScalars {
            scalars[i] = scalar.value
            i += 1
        }
        count = i
        classify()
    }

    /// The one pass of `load(_:)` over a string's UTF-8: decodes each scalar, classifies it, and
    /// splits paragraphs (P1) as it goes. The bytes are a Swift string's, so they are valid UTF-8.
    private func loadUTF8(_ bytes: UnsafePointer<UInt8>, count byteCount: Int) {
        reserve(max(byteCount, 1))  // a scalar takes at least one UTF-8 byte
        let (scalars, classes, brackets) = (self.scalars, self.classes, self.brackets)
        let trie = UnicodeBidiData.trie
        let (noBracket, openMask) = (FriBidi.noBracket, FriBidi.bracketOpenMask)
        let bClass = BidiClass.paragraphSeparator.rawValue
        paragraphs.removeAll(keepingCapacity: true)
        var n = 0
        var k = 0
        var start = 0
        var set: UInt32 = 0
        while k < byteCount {
            let cp = UTF8Decoding.next(bytes, &k)
            let entry = trie.entry(cp)
            let cls = entry & UnicodeBidiData.classMask
            scalars[n] = cp
            classes[n] = cls
            brackets[n] = Self.bracketValue(cp, entry: entry, noBracket: noBracket, openMask: openMask)
            set |= 1 << UInt32(cls)
            n += 1
            if cls == bClass {
                let contentEnd = n - 1
                if cp == 0x0D, k < byteCount, bytes[k] == 0x0A {  // CR LF is one separator
                    scalars[n] = 0x0A
                    classes[n] = bClass
                    brackets[n] = noBracket
                    n += 1
                    k += 1
                }
                paragraphs.append(ParagraphSpan(start: start, contentEnd: contentEnd, end: n, classSet: set))
                start = n
                set = 0
            }
        }
        if start < n || paragraphs.isEmpty {
            paragraphs.append(ParagraphSpan(start: start, contentEnd: n, end: n, classSet: set))
        }
        count = n
        typesReady = false
        marksPreResolved = false
    }

    /// Loads an array of scalars, like `load(_:)`.
    func load(scalars input: [Unicode.Scalar]) {
        reserve(max(input.count, 1))
        for (i, scalar) in input.enumerated() { scalars[i] = scalar.value }
        count = input.count
        classify()
    }

    /// Loads code points, like `load(_:)`.
    func load(codePoints input: ArraySlice<UInt32>) {
        reserve(max(input.count, 1))
        var i = 0
        for cp in input {
            scalars[i] = cp
            i += 1
        }
        count = i
        classify()
    }

    /// Loads a sequence of bidi classes with no real characters (BidiTest.txt); no brackets.
    func load(classes input: [BidiClass]) {
        reserve(input.count)
        for (i, cls) in input.enumerated() { scalars[i] = 0xFFFF_FFFF; classes[i] = cls.rawValue }
        count = input.count
        for i in 0..<count { brackets[i] = FriBidi.noBracket }
        typesReady = false
        marksPreResolved = false
        splitParagraphs()
    }

    private func classify() {
        let trie = UnicodeBidiData.trie
        let (scalars, classes, brackets) = (self.scalars, self.classes, self.brackets)
        // Lazily initialized statics cost a `swift_once` call per use: read them once.
        let (noBracket, openMask) = (FriBidi.noBracket, FriBidi.bracketOpenMask)
        for i in 0..<count {
            let cp = scalars[i]
            let entry = trie.entry(cp)
            classes[i] = entry & UnicodeBidiData.classMask
            brackets[i] = Self.bracketValue(cp, entry: entry, noBracket: noBracket, openMask: openMask)
        }
        typesReady = false
        marksPreResolved = false
        splitParagraphs()
    }

    /// FriBidi's bracket value of `cp`, whose trie entry is `entry` (BD14–BD16): the pair id, with
    /// `openMask` for an opener, or `noBracket`.
    @inline(__always) private static func bracketValue(
        _ cp: UInt32, entry: UInt8, noBracket: UInt32, openMask: UInt32
    ) -> UInt32 {
        guard entry & UnicodeBidiTables.bracketFlag != 0, let bracket = UnicodeBidiData.bracketPairIdentifier(cp) else {
            return noBracket
        }
        return bracket.isOpen ? bracket.id | openMask : bracket.id
    }

    /// FriBidi's types of the loaded text, computed once per load, the first time FriBidi is called.
    /// Line reordering (L1–L2) reads only the white space types; level resolution also needs the
    /// bracket work-around (`preResolveMarksAfterNeutrals`), applied on the first call that resolves.
    private func ensureTypes(forResolution: Bool) {
        let (types, classes) = (self.types, self.classes)
        FriBidi.typeValues.withUnsafeBufferPointer { typeValues in
            if !typesReady {
                for i in 0..<count { types[i] = typeValues[Int(classes[i])] }
                typesReady = true
            }
            if forResolution, !marksPreResolved {
                preResolveMarksAfterNeutrals(otherNeutral: typeValues[Int(BidiClass.otherNeutral.rawValue)])
                marksPreResolved = true
            }
        }
    }

    /// Works around FriBidi 1.0.8 losing a paired bracket that follows ON + NSM ("❤️(…)": the
    /// variation selector U+FE0F is NSM). FriBidi applies W1 by merging the NSM into the ON run before
    /// it, and then merges the bracket that follows into the same run, which drops its bracket
    /// property, so N0 never pairs it (ICU's ubidi and the reference implementation do).
    ///
    /// An NSM right after a character of class ON that is not itself a bracket resolves to ON by W1
    /// in every case, so it is handed to FriBidi as ON, which FriBidi keeps apart from the bracket.
    /// (After a bracket the NSM must stay NSM: UAX #9 N0 gives it the bracket's resolved type.)
    /// `classes` keeps the original class.
    private func preResolveMarksAfterNeutrals(otherNeutral: UInt32) {
        let nsm = BidiClass.nonspacingMark.rawValue
        let on = BidiClass.otherNeutral.rawValue
        let noBracket = FriBidi.noBracket
        var i = 1
        while i < count {
            if classes[i] == nsm, classes[i - 1] == on, brackets[i - 1] == noBracket {
                // A run of NSMs after the neutral all resolve to ON.
                var j = i
                while j < count, classes[j] == nsm {
                    types[j] = otherNeutral
                    j += 1
                }
                i = j
            } else {
                i += 1
            }
        }
    }

    /// UAX #9 P1: a paragraph ends after each character of class B (LF, CR, U+001C–U+001E, U+0085,
    /// U+2029); CR LF is one separator.
    private func splitParagraphs() {
        paragraphs.removeAll(keepingCapacity: true)
        let bClass = BidiClass.paragraphSeparator.rawValue
        let (scalars, classes) = (self.scalars, self.classes)
        var start = 0
        var set: UInt32 = 0
        var i = 0
        while i < count {
            let cls = classes[i]
            set |= 1 << UInt32(cls)
            if cls == bClass {
                var end = i + 1
                if scalars[i] == 0x0D, end < count, scalars[end] == 0x0A { end += 1 }
                paragraphs.append(ParagraphSpan(start: start, contentEnd: i, end: end, classSet: set))
                start = end
                set = 0
                i = end
            } else {
                i += 1
            }
        }
        if start < count || paragraphs.isEmpty {
            paragraphs.append(ParagraphSpan(start: start, contentEnd: count, end: count, classSet: set))
        }
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        var newCapacity = capacity
        while newCapacity < n { newCapacity *= 2 }
        func grow<T>(_ p: inout UnsafeMutablePointer<T>) {
            p.deallocate()
            p = .allocate(capacity: newCapacity)
        }
        grow(&scalars)
        grow(&classes)
        grow(&types)
        grow(&brackets)
        grow(&levels)
        grow(&map)
        grow(&visual)
        grow(&workTypes)
        grow(&workMatch)
        grow(&workEmbedding)
        grow(&workSequence)
        grow(&workClasses)
        grow(&workBrackets)
        grow(&workLevels)
        workPairs.deallocate()
        workPairs = .allocate(capacity: newCapacity + 64)
        capacity = newCapacity
    }
}

// MARK: Resolution and reordering

extension BidiReorderer {
    private static func bit(_ c: BidiClass) -> UInt32 { 1 << UInt32(c.rawValue) }
    private static let explicitBits: UInt32 = BidiClass.allCases
        .filter(\.isExplicitFormatting).reduce(0) { $0 | bit($1) }
    /// Embeddings, overrides and PDF: the explicit formatting fast path D leaves to FriBidi.
    private static let embeddingBits: UInt32 =
        bit(.leftToRightEmbedding) | bit(.rightToLeftEmbedding) | bit(.leftToRightOverride)
        | bit(.rightToLeftOverride) | bit(.popDirectionalFormat)
    private static let rtlBits = bit(.rightToLeft) | bit(.arabicLetter) | bit(.arabicNumber)
    private static let ltrNumberBits = bit(.leftToRight) | bit(.europeanNumber) | bit(.arabicNumber)

    /// Resolves paragraph `index` (P2–I2) into `levels` and returns its paragraph level, or nil when
    /// FriBidi could not allocate.
    func resolve(paragraph index: Int, direction: ParagraphDirection) -> UInt8? {
        let p = paragraphs[index]
        let n = p.end - p.start
        if n == 0 { return direction.forcedLevel ?? direction.fallbackLevel }
        if !disablesFastPaths, p.classSet & Self.explicitBits == 0 {
            // Without explicit formatting, P2–P3 is the first strong character.
            let base = direction.forcedLevel ?? firstStrongLevel(p) ?? direction.fallbackLevel
            // Fast path A: an LTR paragraph with no R, AL or AN has every level 0 (W7 makes EN L).
            // Fast path B: an RTL paragraph with no L, EN or AN has every level 1 (neutrals between
            // R and sos/eos R resolve to R by N1; NSM follows its base by W1).
            // Either way L1 leaves the paragraph level on whitespace, so one level fills it.
            let forbidden = base == 0 ? Self.rtlBits : Self.ltrNumberBits
            if p.classSet & forbidden == 0 {
                levels.advanced(by: p.start).update(repeating: base, count: n)
                fastPathCount += 1
                return base
            }
            // Fast path C: one isolating run sequence at the paragraph level (UAX #9 W1–I2).
            ImplicitResolver(
                classes: classes + p.start, brackets: brackets + p.start, types: workTypes, pairs: workPairs,
                levels: levels + p.start, count: n, base: base
            ).resolve(segmentSeparators: p.classSet & Self.bit(.segmentSeparator) != 0)
            fastPathCount += 1
            return base
        }
        if !disablesFastPaths, p.classSet & Self.embeddingBits == 0 {
            // Fast path D: isolates only (UAX #9 X5a–X5c, X6a, X8, BD13, X10, then W1–I2 per sequence).
            let base = direction.forcedLevel
                ?? IsolateResolver.firstStrongLevel(classes + p.start, from: 0, count: n, insideIsolate: false)
                ?? direction.fallbackLevel
            let resolved = IsolateResolver(
                classes: classes + p.start, brackets: brackets + p.start, levels: levels + p.start, count: n, base: base,
                embedding: workEmbedding, match: workMatch, sequence: workSequence, gatheredClasses: workClasses, gatheredBrackets: workBrackets,
                gatheredLevels: workLevels, types: workTypes, pairs: workPairs, stack: workStack
            ).resolve(segmentSeparators: p.classSet & Self.bit(.segmentSeparator) != 0)
            if resolved {
                fastPathCount += 1
                return base
            }
        }
        ensureTypes(forResolution: true)
        return FriBidi.resolveLevels(
            types: types + p.start, brackets: brackets + p.start, count: n,
            direction: direction, levels: levels + p.start)
    }

    private func firstStrongLevel(_ p: ParagraphSpan) -> UInt8? {
        let classes = self.classes
        for i in p.start..<p.end {
            switch classes[i] {
            case BidiClass.leftToRight.rawValue: return 0
            case BidiClass.rightToLeft.rawValue, BidiClass.arabicLetter.rawValue: return 1
            default: continue
            }
        }
        return nil
    }

    /// Reorders `lineStart..<lineEnd` of paragraph `index` (L1–L2) into `map`, after `resolve`, and
    /// writes the line's part of L1 into `levels`. Returns false when FriBidi could not allocate.
    ///
    /// The work is done here, not by `fribidi_reorder_line`, unless `disablesFastPaths` is set: the
    /// tests compare the two on every line they can build.
    func reorder(paragraph index: Int, baseLevel: UInt8, lineStart: Int, lineEnd: Int) -> Bool {
        if lineEnd == lineStart { return true }
        if disablesFastPaths {
            let p = paragraphs[index]
            for i in lineStart..<lineEnd { map[i] = Int32(i) }
            ensureTypes(forResolution: false)
            return FriBidi.reorderLine(
                types: types + p.start, lineStart: lineStart - p.start, lineCount: lineEnd - lineStart,
                baseLevel: baseLevel, levels: levels + p.start, map: map + p.start)
        }
        Self.reorderLine(
            classes: classes, levels: levels, map: map, lineStart: lineStart, lineEnd: lineEnd, baseLevel: baseLevel,
            resetClasses: FriBidi.lineEndResetClasses, runStarts: workPairs, runLevels: workLevels, runOrder: workSequence)
        return true
    }

    /// L1 at the end of the line, as `fribidi_reorder_line` applies it (the rest of L1 is part of
    /// level resolution), then L2: from the highest level down to the lowest odd one, reverse every
    /// maximal stretch at that level or above.
    ///
    /// L2 works on level runs, not characters: the runs are reordered, then written out, each
    /// backwards when its level is odd. Stretches are found on logical run indices: the stretches of
    /// a higher level nest inside those of a lower one, so reversing one in place keeps each lower
    /// stretch on the same positions. `runStarts` needs room for the line's length plus one,
    /// `runLevels` and `runOrder` for its length.
    static func reorderLine(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, map: UnsafeMutablePointer<Int32>,
        lineStart: Int, lineEnd: Int, baseLevel: UInt8, resetClasses: UInt32,
        runStarts: UnsafeMutablePointer<Int32>, runLevels: UnsafeMutablePointer<UInt8>, runOrder: UnsafeMutablePointer<Int32>
    ) {
        var j = lineEnd - 1
        while j >= lineStart, resetClasses & (1 << UInt32(classes[j])) != 0 {
            levels[j] = baseLevel & 1
            j -= 1
        }
        var runs = 0
        var highest: UInt8 = 0
        var lowestOdd = UInt8.max
        var i = lineStart
        while i < lineEnd {
            let level = levels[i]
            runStarts[runs] = Int32(i)
            runLevels[runs] = level
            runOrder[runs] = Int32(runs)
            runs += 1
            highest = max(highest, level)
            if level & 1 == 1 { lowestOdd = min(lowestOdd, level) }
            i += 1
            while i < lineEnd, levels[i] == level { i += 1 }
        }
        runStarts[runs] = Int32(lineEnd)
        // All even: every stretch is reversed an even number of times.
        if lowestOdd <= highest, runs > 1 {
            var level = highest
            while level >= lowestOdd {
                var k = 0
                while k < runs {
                    guard runLevels[k] >= level else {
                        k += 1
                        continue
                    }
                    var end = k + 1
                    while end < runs, runLevels[end] >= level { end += 1 }
                    var (a, b) = (k, end - 1)
                    while a < b {
                        (runOrder[a], runOrder[b]) = (runOrder[b], runOrder[a])
                        a += 1
                        b -= 1
                    }
                    k = end
                }
                level -= 1
            }
        }
        var out = lineStart
        for position in 0..<runs {
            let k = Int(runOrder[position])
            let (start, end) = (runStarts[k], runStarts[k + 1])
            if runLevels[k] & 1 == 1 {
                var x = end - 1
                while x >= start {
                    map[out] = x
                    out += 1
                    x -= 1
                }
            } else {
                for x in start..<end {
                    map[out] = x
                    out += 1
                }
            }
        }
    }

    /// Resolves and reorders every paragraph as one line, and writes the visual order into `visual`
    /// without X9-removed characters (and without separators unless `includeSeparators`). Returns the
    /// number of entries. A paragraph FriBidi cannot resolve keeps logical order at its level.
    func reorderAll(direction: ParagraphDirection, includeSeparators: Bool) -> Int {
        var out = 0
        fastPathCount = 0
        let removed = BidiReorderer.x9RemovedMask
        let (map, classes, visual) = (self.map, self.classes, self.visual)
        for index in paragraphs.indices {
            let p = paragraphs[index]
            let base = resolve(paragraph: index, direction: direction) ?? fallbackLevels(p, direction)
            let end = includeSeparators ? p.end : p.contentEnd
            if !reorder(paragraph: index, baseLevel: base, lineStart: p.start, lineEnd: p.end) {
                for i in p.start..<p.end { map[i] = Int32(i) }
            }
            for i in p.start..<p.end {
                let logical = Int(map[i])
                if logical >= end || removed & (1 << UInt32(classes[logical])) != 0 { continue }
                visual[out] = Int32(logical)
                out += 1
            }
        }
        return out
    }

    /// Levels for a paragraph FriBidi could not resolve: every character at the paragraph level.
    private func fallbackLevels(_ p: ParagraphSpan, _ direction: ParagraphDirection) -> UInt8 {
        let base = direction.forcedLevel ?? firstStrongLevel(p) ?? direction.fallbackLevel
        levels.advanced(by: p.start).update(repeating: base, count: p.end - p.start)
        return base
    }

    static let x9RemovedMask: UInt32 = BidiClass.allCases.filter(\.isRemovedByX9).reduce(0) {
        $0 | bit($1)
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
