// FriBidiEngine: `BidiEngine.fribidi`. Every paragraph goes to FriBidi 1.0.8
// (fribidi_get_par_embedding_levels_ex) with our Unicode 15 classes and bracket types, and every line
// to fribidi_reorder_line; no native fast path. This file is the only home of FriBidi 1.0.8's
// work-arounds and of the guard that keeps the process alive:
//
// - The guard (`leavesToNativeEngine`): FriBidi 1.0.8 crashes (SIGSEGV) or loops forever on some
//   paragraphs that nest deeper than max_depth (125), and reads freed memory when an isolate is open
//   at the paragraph separator. A paragraph that could reach that depth, that ends an open isolate
//   with its separator, or that has the bracket-after-mark pattern no work-around covers, is
//   resolved natively.
// - Bracket after ON + NSM (`preResolveMarkAfterNeutral`).
// - Bug #141, the wrong sos of an isolate after an earlier isolate (`insertsIsolateMarks`); the same
//   marks make FriBidi find an FSI's direction without looking past its matching PDI.
// - L1 on isolates at the end of a line, which fribidi_reorder_line misses (`reorderLine`).

private typealias Class = BidiClassValue

/// The FriBidi engine's scratch and work-arounds. Not Sendable: it lives in one reorderer.
struct FriBidiEngine: BidiEngineBackend {
    private var types: [UInt32] = []
    private var fribidiBrackets: [UInt32] = []
    private var fribidiLevels: [UInt8] = []
    /// For each entry handed to FriBidi, the paragraph index it comes from, or -1 for a mark.
    private var origin: [Int32] = []
    /// Marks to insert: the strong type to put after each isolate initiator and before each matching
    /// PDI (0: none).
    private var marks: [UInt32] = []
    /// The isolate initiators not yet matched, while the marks are placed (kept for reuse).
    private var openIsolates: [Int] = []

    /// Pushes (embeddings, overrides, isolates) a paragraph may nest before the guard leaves it to
    /// the native engine: each push raises the level by 1 or 2, so 61 of them reach at most level
    /// 1 + 2 × 61 = 123, and no overflow (X2–X5c) can happen below that.
    static let guardDepth = 61

    /// Isolate initiators (LRI, RLI, FSI) a paragraph may hold before the guard leaves it to the
    /// native engine: FriBidi 1.0.8's time grows with the square of their number (its isolate runs
    /// are linked by searching the run list), so past this many a hostile paragraph would cost
    /// seconds; below it the quadratic part stays under the linear rest.
    static let guardIsolates = 1_024

    // MARK: The guard

    /// True when FriBidi 1.0.8 must not see the paragraph: the directional status stack of X1–X8
    /// could overflow (more than `guardDepth` nested embeddings, overrides and isolates, counted as
    /// X1–X8 count them, including PDF's and PDI's pops; past 125, 1.0.8 counts an isolate after an
    /// overflowed embedding as valid, pops below the stack and writes `bracket_stack[-1]`: SIGSEGV,
    /// or a run list turned into a cycle that never ends), an isolate is still open at the
    /// paragraph separator (a use after free in 1.0.8's run merging), or a non-spacing mark right after a paired
    /// bracket character is followed by another bracket (FriBidi then drops the second bracket's
    /// pair, and no type handed to it avoids that without knowing N0's outcome).
    static func leavesToNativeEngine(classes: UnsafePointer<UInt8>, brackets: UnsafePointer<UInt32>, count: Int) -> Bool {
        var isolates: UInt64 = 0  // bit d: stack entry d + 1 is an isolate
        var depth = 0
        var initiators = 0
        for i in 0..<count {
            let c = classes[i]
            switch c {
            case Class.LRE, Class.RLE, Class.LRO, Class.RLO, Class.LRI, Class.RLI, Class.FSI:
                if depth == guardDepth { return true }
                if c >= Class.LRI {
                    initiators += 1
                    if initiators > guardIsolates { return true }
                }
                if c >= Class.LRI { isolates |= 1 << UInt64(depth) } else { isolates &= ~(1 << UInt64(depth)) }
                depth += 1
            case Class.PDF:
                // X7: pops an embedding or override, never an isolate.
                if depth > 0, isolates & (1 << UInt64(depth - 1)) == 0 { depth -= 1 }
            case Class.PDI:
                // X6a: pops up to and including the last isolate, if there is one.
                let open = depth == 64 ? isolates : isolates & ((1 << UInt64(depth)) - 1)
                if open != 0 { depth = 63 - open.leadingZeroBitCount }
            case Class.B:
                // An isolate still open at the paragraph separator: 1.0.8 stops its X1–X8 pass at
                // B and then merges runs of one level but different isolate levels, leaving a
                // pointer to a freed run (use after free; fixed upstream in 1.0.11, a2dd935).
                let open = depth == 64 ? isolates : isolates & ((1 << UInt64(depth)) - 1)
                if open != 0 { return true }
            case Class.NSM where i > 0 && brackets[i - 1] != BidiBracket.none:
                var j = i + 1
                while j < count, classes[j] == Class.NSM { j += 1 }
                if j < count, brackets[j] != BidiBracket.none { return true }
            default:
                break
            }
        }
        return false
    }

    // MARK: Levels

    /// Resolves one paragraph's levels with FriBidi into `levels`. Returns the paragraph level, or
    /// nil when the guard leaves the paragraph to the native engine or FriBidi cannot allocate.
    mutating func resolve(
        _ paragraph: BidiParagraphInput, direction: ParagraphDirection, levels: UnsafeMutablePointer<UInt8>
    ) -> UInt8? {
        let (classes, brackets, n) = (paragraph.classes, paragraph.brackets, paragraph.count)
        if n == 0 { return direction.forcedLevel ?? direction.fallbackLevel }
        guard !Self.leavesToNativeEngine(classes: classes, brackets: brackets, count: n) else { return nil }
        insertsIsolateMarks(classes: classes, count: n)
        types.removeAll(keepingCapacity: true)
        fribidiBrackets.removeAll(keepingCapacity: true)
        origin.removeAll(keepingCapacity: true)
        let (typeValues, noBracket, openMask) = (FriBidi.typeValues, FriBidi.noBracket, FriBidi.bracketOpenMask)
        func appendMark(_ cls: UInt8) {
            types.append(typeValues[Int(cls)])
            fribidiBrackets.append(noBracket)
            origin.append(-1)
        }
        for i in 0..<n {
            let c = classes[i]
            if c == Class.PDI, marks[i] != 0 { appendMark(UInt8(marks[i] - 1)) }
            types.append(typeValues[Int(preResolveMarkAfterNeutral(classes, brackets, at: i))])
            let b = brackets[i]
            fribidiBrackets.append(
                b == BidiBracket.none ? noBracket : BidiBracket.pairID(b) | (BidiBracket.isOpen(b) ? openMask : 0))
            origin.append(Int32(i))
            if c != Class.PDI, marks[i] != 0 { appendMark(UInt8(marks[i] - 1)) }
        }
        let m = types.count
        fribidiLevels.removeAll(keepingCapacity: true)
        fribidiLevels.append(contentsOf: repeatElement(0, count: m))
        let base = types.withUnsafeBufferPointer { t in
            fribidiBrackets.withUnsafeBufferPointer { b in
                fribidiLevels.withUnsafeMutableBufferPointer { l in
                    FriBidi.resolveLevels(
                        types: t.baseAddress!, brackets: b.baseAddress!, count: m, direction: direction,  // no-trap: m >= n > 0 (n == 0 returned above)
                        levels: l.baseAddress!)  // no-trap: as above
                }
            }
        }
        guard let base else { return nil }
        for k in 0..<m where origin[k] >= 0 { levels[Int(origin[k])] = fribidiLevels[k] }
        // The marks can hide an isolate control from FriBidi's L1 (an empty isolate at the end):
        // apply L1 to the paragraph again on the real classes.
        LineLevelReset.apply(classes: classes, levels: levels, lineStart: 0, lineEnd: n, baseLevel: base)
        return base
    }

    /// Work-around: FriBidi 1.0.8 loses a paired bracket that follows ON + NSM ("❤️(…)": the
    /// variation selector U+FE0F is NSM). It applies W1 by merging the NSM into the ON run before it,
    /// and then merges the bracket that follows into the same run, which drops its bracket property,
    /// so N0 never pairs it (UAX #9, ICU's ubidi and the native engine do). An NSM (or a run of them)
    /// right after an ON that is not a bracket resolves to ON by W1 in every case, so it is handed to
    /// FriBidi as ON. (After a bracket the NSM must stay NSM: N0 gives it the bracket's resolved
    /// type; the guard covers that case.)
    private func preResolveMarkAfterNeutral(_ classes: UnsafePointer<UInt8>, _ brackets: UnsafePointer<UInt32>, at i: Int) -> UInt8 {
        let c = classes[i]
        guard c == Class.NSM else { return c }
        var j = i - 1
        while j >= 0, classes[j] == Class.NSM { j -= 1 }
        return j >= 0 && classes[j] == Class.ON && brackets[j] == BidiBracket.none ? Class.ON : c
    }

    /// Work-around for FriBidi bug #141 (fixed in 1.0.9): after an earlier isolate at the same depth,
    /// FriBidi takes that isolate's level for the sos of the next one ("RLI 5 PDI LRI 5 PDI" in an
    /// RTL paragraph gave the second 5 level 4, not 2). A strong mark of the isolate's own direction
    /// is handed to FriBidi just inside each end of every isolate (after the initiator, before its
    /// matching PDI); their levels are dropped. For a conforming UBA this changes nothing: the sos
    /// and eos of the content are that direction already (its level is above the initiator's), and
    /// P2 skips isolates. It also makes FriBidi's FSI take the direction of its content up to the
    /// matching PDI (X5c), where FriBidi 1.0.8 looks past it. (The guard keeps overflow away, so
    /// every isolate here is valid.)
    private mutating func insertsIsolateMarks(classes: UnsafePointer<UInt8>, count n: Int) {
        marks.removeAll(keepingCapacity: true)
        marks.append(contentsOf: repeatElement(0, count: n))
        openIsolates.removeAll(keepingCapacity: true)
        for i in 0..<n {
            switch classes[i] {
            case Class.LRI, Class.RLI, Class.FSI:
                var rtl = classes[i] == Class.RLI
                if classes[i] == Class.FSI {
                    rtl = Paragraphs.firstStrongLevel(from: i + 1, to: n, endsAtUnmatchedPDI: true) { classes[$0] } == 1
                }
                marks[i] = UInt32(rtl ? Class.R : Class.L) + 1
                openIsolates.append(i)
            case Class.PDI:
                if let opener = openIsolates.popLast() { marks[i] = marks[opener] }
            default:
                break
            }
        }
    }

    // MARK: Lines

    /// Reorders one line (L1–L2) with fribidi_reorder_line.
    ///
    /// Work-around: fribidi_reorder_line's L1 resets white space, BN and embedding controls at the
    /// line's end but not isolate controls (UAX #9 L1 names them), so UAX #9's L1 is applied first
    /// (on every segment separator: `segmentSeparators` is not needed).
    mutating func reorderLine(
        classes: UnsafePointer<UInt8>, levels: UnsafeMutablePointer<UInt8>, lineStart: Int, lineEnd: Int,
        baseLevel: UInt8, segmentSeparators: Bool, map: UnsafeMutablePointer<Int32>
    ) -> Bool {
        LineLevelReset.apply(classes: classes, levels: levels, lineStart: lineStart, lineEnd: lineEnd, baseLevel: baseLevel)
        types.removeAll(keepingCapacity: true)
        let typeValues = FriBidi.typeValues
        for i in 0..<lineEnd { types.append(typeValues[Int(classes[i])]) }
        // FriBidi permutes the logical offsets it finds in its map, which starts at the paragraph.
        for k in 0..<(lineEnd - lineStart) { map[k] = Int32(lineStart + k) }
        return types.withUnsafeBufferPointer { t in
            FriBidi.reorderLine(
                types: t.baseAddress!, lineStart: lineStart, lineCount: lineEnd - lineStart, baseLevel: baseLevel,  // no-trap: lineEnd > lineStart >= 0: callers skip empty lines
                levels: levels, map: map - lineStart)
        }
    }
}
