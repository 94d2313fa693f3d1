// BidiEngine: which implementation of UAX #9 resolves levels, and the one internal interface the other
// stages use to reach the bidi stage: resolve a paragraph's levels, order a line. No other stage reads
// or writes the reorderer's buffers.

/// The implementation of the Unicode Bidirectional Algorithm (UAX #9) that resolves levels.
///
/// Both are complete: each passes Unicode's BidiTest.txt and BidiCharacterTest.txt on its own, and
/// the two agree on the chat corpus.
public enum BidiEngine: String, Sendable, Hashable, CaseIterable {
    /// The library's own Swift implementation (the default): faster than FriBidi, and free of
    /// FriBidi 1.0.8's bugs.
    case native
    /// FriBidi (`fribidi_get_par_embedding_levels_ex`, fed the library's Unicode 15 classes and
    /// bracket types), with lines reordered by `fribidi_reorder_line`.
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
        if let base = resolve(paragraph: 0, direction: direction) { return base }
        let base = direction.forcedLevel ?? direction.fallbackLevel
        levels.update(repeating: base, count: count)
        return base
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

    private static let allClassBits: UInt32 = BidiClass.allCases.reduce(0) { $0 | 1 << UInt32($1.rawValue) }
}
