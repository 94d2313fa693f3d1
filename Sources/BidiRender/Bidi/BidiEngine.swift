// BidiEngine: which implementation of UAX #9 resolves levels, and the one internal interface the other
// stages use to reach the bidi stage: resolve a paragraph's levels, order a line. No other stage reads
// or writes the reorderer's buffers.

/// The implementation of the Unicode Bidirectional Algorithm (UAX #9) that resolves levels.
///
/// Both are complete: each passes Unicode's BidiTest.txt and BidiCharacterTest.txt on its own, and
/// the two agree on the chat corpus. Choose per call: `BidiReorderer(engine:)` (or its `engine`
/// property) and `BidiText(_:direction:engine:)`.
public enum BidiEngine: String, Sendable, Hashable, CaseIterable {
    /// The library's own Swift implementation of all of UAX #9 (the default): P2–P3, X1–X10 with the
    /// directional status stack (max_depth 125 and its overflow counters), W1–I2 per isolating run
    /// sequence, and L1–L2 per line as UAX #9 writes them. Paragraphs without explicit formatting
    /// take proven fast paths; it allocates nothing once warm. Tests check it against BidiTest.txt,
    /// BidiCharacterTest.txt and ICU's ubidi on random text, deep nesting included.
    case native
    /// FriBidi 1.0.8 (`fribidi_get_par_embedding_levels_ex`, fed the library's Unicode 15 classes and
    /// bracket types) on every paragraph, with lines reordered by `fribidi_reorder_line`, and the
    /// work-arounds for FriBidi 1.0.8's bugs (a bracket after ON + NSM, bug #141's sos after an
    /// isolate, an FSI's direction, isolates in L1 at a line's end).
    ///
    /// Fallback: libfribidi 1.0.8 crashes or hangs on some deeply nested text, so a paragraph whose
    /// embeddings, overrides and isolates nest more than 61 deep (counted as X1–X8 count them, with
    /// the pops of PDF and PDI; 62 pushes could pass max_depth 125), or in which a non-spacing mark
    /// right after a paired bracket character is followed by another bracket, or whose separator
    /// comes while an isolate is still open (1.0.8 then reads a freed run), is resolved by the
    /// native engine instead; so is a paragraph FriBidi cannot allocate for. The process never
    /// crashes or hangs on account of FriBidi. The README lists FriBidi 1.0.8's remaining
    /// deviations from UAX #9.
    case fribidi
}

// MARK: The stage's interface

extension BidiReorderer {
    /// Loads `codePoints` as ONE paragraph (the caller has already split paragraphs by P1, so a
    /// paragraph separator inside is treated as the paragraph's last character) and resolves its
    /// levels (P2–I2) with `direction`. Returns the paragraph level, 0 or 1. Never fails: a
    /// paragraph an engine cannot resolve falls back as that engine documents.
    func resolveParagraph(codePoints: ArraySlice<UInt32>, direction: ParagraphDirection) -> UInt8 {
        load(codePoints: codePoints)
        // P1 was applied by the caller: whatever `load` split is resolved as one paragraph.
        if paragraphs.count > 1 {
            let last = paragraphs[paragraphs.count - 1]
            paragraphs.removeAll(keepingCapacity: true)
            paragraphs.append(ParagraphSpan(start: 0, contentEnd: last.contentEnd, end: last.end, classSet: Self.allClassBits))
        }
        return resolve(paragraph: 0, direction: direction)
    }

    /// Calls `body` with the resolved levels of the paragraph loaded by `resolveParagraph`, one per
    /// code point (before L1).
    func withParagraphLevels<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: levels, count: count))
    }

    /// Applies L1 to the end of line `range` (offsets into the paragraph loaded by
    /// `resolveParagraph`) and L2, and calls `body` with the line's visual order (paragraph offsets,
    /// left to right, `range.count` of them, X9-removed characters included) and the paragraph's
    /// levels after the line's L1.
    func withLineOrder<R>(
        _ range: Range<Int>, baseLevel: UInt8,
        _ body: (_ order: UnsafeBufferPointer<Int32>, _ levels: UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        if !range.isEmpty, !reorder(paragraph: 0, baseLevel: baseLevel, lineStart: range.lowerBound, lineEnd: range.upperBound) {
            for k in range { map[k] = Int32(k) }
        }
        return body(
            UnsafeBufferPointer(start: map + range.lowerBound, count: range.count),
            UnsafeBufferPointer(start: levels, count: count))
    }

    private static let allClassBits: UInt32 = BidiClass.allCases.reduce(ParagraphSpan.bracketBit) { $0 | 1 << UInt32($1.rawValue) }
}
