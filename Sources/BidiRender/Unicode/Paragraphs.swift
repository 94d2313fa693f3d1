// Paragraphs: the one home of UAX #9 P1 (splitting paragraphs at class B) and P2–P3 (a paragraph's,
// or an FSI's, first strong character outside isolates). The reorderer, its resolvers, the FriBidi
// engine and mention resolution (Text/Mentions.swift) all call these.

private typealias Class = BidiClassValue

/// UAX #9 P1–P3 over any indexed sequence of Bidi_Class raw values.
enum Paragraphs {
    /// UAX #9 P1: calls `body(start, contentEnd, end)` for each paragraph of the `count` characters,
    /// in order. A paragraph ends after each character of class B (LF, CR, U+001C–U+001E, U+0085,
    /// U+2029), which is its separator `contentEnd..<end`; CR LF is one separator. The last paragraph
    /// has an empty separator when the text does not end with one; an empty text is one empty
    /// paragraph.
    @inline(__always)
    static func split(
        count: Int, classAt: (Int) -> UInt8, scalarAt: (Int) -> UInt32,
        _ body: (_ start: Int, _ contentEnd: Int, _ end: Int) -> Void
    ) {
        var start = 0
        var i = 0
        var found = false
        while i < count {
            guard classAt(i) == Class.B else {
                i += 1
                continue
            }
            var end = i + 1
            if scalarAt(i) == 0x0D, end < count, scalarAt(end) == 0x0A { end += 1 }
            body(start, i, end)
            found = true
            start = end
            i = end
        }
        if start < count || !found { body(start, count, count) }
    }

    /// UAX #9 P2–P3: the level (0 or 1) of the first L, R or AL in `start..<end` that is not between
    /// an isolate initiator and its matching PDI, or nil when there is none.
    ///
    /// With `endsAtUnmatchedPDI` (X5c: the content of an FSI, which starts after it), the search
    /// stops at the PDI that closes the isolate (P2 applied "to the sequence of characters between
    /// the FSI and its matching PDI"); otherwise an unmatched PDI is skipped.
    @inline(__always)
    static func firstStrongLevel(
        from start: Int, to end: Int, endsAtUnmatchedPDI: Bool = false, classAt: (Int) -> UInt8
    ) -> UInt8? {
        var depth = 0
        var i = start
        while i < end {
            let c = classAt(i)
            i += 1
            if c >= Class.LRI && c <= Class.FSI {
                depth += 1
            } else if c == Class.PDI {
                if depth > 0 {
                    depth -= 1
                } else if endsAtUnmatchedPDI {
                    return nil
                }
            } else if depth == 0 {
                if c == Class.L { return 0 }
                if c == Class.R || c == Class.AL { return 1 }
            }
        }
        return nil
    }
}
