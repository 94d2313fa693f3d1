// IsolatedText: the text as the bidi stage sees it — each entity (mention, URL, e-mail address, phone
// number, hashtag) wrapped as M + I + S + PDI + M — and the maps between its indices and the original
// text's.
//
// I is LRI or RLI after the entity's direction and M is LRM or RLM to match: to the text around it the
// whole span is one strong character of its own direction. Controls inside S that would reach past the
// isolate (an unmatched PDI, an isolate initiator left open) are made inert by inserted controls
// (ExplicitFormattingBalance).

/// The text as the bidi algorithm sees it: entities isolated with inserted controls, and the maps
/// between its indices and the original text's.
struct IsolatedText: Hashable {
    /// The transformed code points.
    var scalars: [UInt32]
    /// For each original code point, its index in `scalars`.
    var transformedIndex: [Int]
    /// For each transformed code point, its original index, or -1 for an inserted control.
    var originalIndex: [Int]
    /// For each original code point, how many controls are inserted before it (at an entity's start)
    /// and after it (at an entity's end).
    var insertedBefore: [UInt8]
    var insertedAfter: [UInt8]

    static let lrm: UInt32 = 0x200E
    static let rlm: UInt32 = 0x200F
    static let lri: UInt32 = 0x2066
    static let rli: UInt32 = 0x2067
    static let pdi: UInt32 = 0x2069

    /// Isolates `entities` (sorted, not overlapping) in `original`.
    ///
    /// - Parameter innerMarks: also put the mark M just inside each end of the isolate
    ///   (M + I + M + S + M + PDI + M), as layout does. For a conforming UBA this changes nothing:
    ///   the marks have the isolate's own direction, which is also its sos and eos. It was the
    ///   work-around for FriBidi 1.0.8 bug #141, which now lives in the FriBidi engine
    ///   (Bidi/FriBidiEngine.swift) for every isolate; layout keeps the marks only so its output
    ///   (which lists the inserted controls) stays byte-identical.
    init(_ original: [Unicode.Scalar], entities: [Entity], innerMarks: Bool = false) {
        self = .empty
        rebuild(original, entities: entities, innerMarks: innerMarks)
    }

    /// No text.
    static let empty = IsolatedText(
        scalars: [], transformedIndex: [], originalIndex: [], insertedBefore: [], insertedAfter: [])

    private init(
        scalars: [UInt32], transformedIndex: [Int], originalIndex: [Int], insertedBefore: [UInt8], insertedAfter: [UInt8]
    ) {
        (self.scalars, self.transformedIndex, self.originalIndex) = (scalars, transformedIndex, originalIndex)
        (self.insertedBefore, self.insertedAfter) = (insertedBefore, insertedAfter)
    }

    /// A copy whose arrays have storage of their own, sized to the text (a scratch's may be far
    /// larger): what a prepared text keeps.
    func compacted() -> IsolatedText {
        IsolatedText(
            scalars: scalars.compacted(), transformedIndex: transformedIndex.compacted(),
            originalIndex: originalIndex.compacted(), insertedBefore: insertedBefore.compacted(),
            insertedAfter: insertedAfter.compacted())
    }

    /// Replaces the text with `original` isolated like `init`, reusing the arrays' storage (a layout
    /// scratch keeps one for its calls).
    mutating func rebuild(_ original: [Unicode.Scalar], entities: [Entity], innerMarks: Bool = false) {
        let n = original.count
        let inserted = innerMarks ? 3 : 2
        scalars.removeAll(keepingCapacity: true)
        scalars.reserveCapacity(n + 2 * inserted * entities.count)
        transformedIndex.removeAll(keepingCapacity: true)
        transformedIndex.reserveCapacity(n)
        originalIndex.removeAll(keepingCapacity: true)
        originalIndex.reserveCapacity(n + 2 * inserted * entities.count)
        insertedBefore.removeAll(keepingCapacity: true)
        insertedBefore.append(contentsOf: repeatElement(0, count: n))
        insertedAfter.removeAll(keepingCapacity: true)
        insertedAfter.append(contentsOf: repeatElement(0, count: n))
        original.withUnsafeBufferPointer { original in
            original.withMemoryRebound(to: UInt32.self) { codePoints in
                // The text between entities is copied a stretch at a time.
                var i = 0
                func copy(upTo end: Int) {
                    guard end > i else { return }
                    transformedIndex.append(contentsOf: scalars.count..<(scalars.count + end - i))
                    scalars.append(contentsOf: codePoints[i..<end])
                    originalIndex.append(contentsOf: i..<end)
                    i = end
                }
                // The entity's text, its explicit formatting made unable to reach past the entity's
                // isolate (ExplicitFormattingBalance): an inserted `initiator` before each PDI it
                // never opened (else that PDI would close the entity's isolate), an inserted PDI after
                // each isolate initiator it leaves open (else the entity's PDI would close that one
                // and leave the entity's isolate open to the paragraph's end). An embedding or
                // override left open is closed by the entity's PDI (X6a). Only controls are
                // inserted: every original character keeps its place in the maps.
                func copyBalanced(upTo end: Int, initiator: UInt32) {
                    let start = i
                    let balance = ExplicitFormattingBalance(codePoints[start..<end])
                    guard !balance.isBalanced else { return copy(upTo: end) }
                    let closers = balance.unmatchedClosers.lazy.map { start + $0 }.filter { codePoints[$0] == Self.pdi }
                    let openers = balance.unmatchedOpeners.lazy.filter { ExplicitFormattingBalance.isIsolateInitiator($0.value) }
                        .map { start + $0.offset }
                    var c = closers.startIndex
                    var o = openers.startIndex
                    while c != closers.endIndex || o != openers.endIndex {
                        if o == openers.endIndex || (c != closers.endIndex && closers[c] <= openers[o]) {
                            copy(upTo: closers[c])
                            scalars.append(initiator)
                            originalIndex.append(-1)
                            insertedBefore[closers[c]] += 1
                            c = closers.index(after: c)
                        } else {
                            copy(upTo: openers[o] + 1)
                            scalars.append(Self.pdi)
                            originalIndex.append(-1)
                            insertedAfter[openers[o]] += 1
                            o = openers.index(after: o)
                        }
                    }
                    copy(upTo: end)
                }
                for entity in entities {
                    let range = entity.range.clamped(to: i..<n)
                    guard !range.isEmpty, range.lowerBound == entity.range.lowerBound else { continue }
                    copy(upTo: range.lowerBound)
                    let rtl = entity.direction == .rightToLeft
                    let mark = rtl ? Self.rlm : Self.lrm
                    let initiator = rtl ? Self.rli : Self.lri
                    scalars.append(mark)
                    scalars.append(initiator)
                    if innerMarks { scalars.append(mark) }
                    originalIndex.append(contentsOf: repeatElement(-1, count: inserted))
                    insertedBefore[range.lowerBound] = UInt8(inserted)
                    copyBalanced(upTo: range.upperBound, initiator: initiator)
                    if innerMarks { scalars.append(mark) }
                    scalars.append(Self.pdi)
                    scalars.append(mark)
                    originalIndex.append(contentsOf: repeatElement(-1, count: inserted))
                    insertedAfter[range.upperBound - 1] += UInt8(inserted)
                }
                copy(upTo: n)
            }
        }
    }

    /// The transformed range that holds the original range `range`, with the controls inserted at
    /// its edges (an entity's opening controls go with its first character, its closing ones with its
    /// last).
    func transformedRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = range.lowerBound < transformedIndex.count ? transformedIndex[range.lowerBound] - Int(insertedBefore[range.lowerBound]) : scalars.count
            return at..<at
        }
        let lo = transformedIndex[range.lowerBound] - Int(insertedBefore[range.lowerBound])
        let hi = transformedIndex[range.upperBound - 1] + 1 + Int(insertedAfter[range.upperBound - 1])
        return lo..<hi
    }
}
