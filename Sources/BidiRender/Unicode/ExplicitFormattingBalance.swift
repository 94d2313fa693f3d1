// ExplicitFormattingBalance: the one home of the rule that makes text the engine did not write safe to
// wrap in an isolate of its own (a message argument, a detected entity, a caller's mention span): the
// text's explicit formatting characters paired as UAX #9's directional status stack pairs them
// (X1–X8, BD9), so that what it leaves open can be closed and what it closes without opening can be
// neutralized before it reaches the isolate around it; and the characters that end an isolate
// (a paragraph separator, X8) or the line it is on (a mandatory break) named.
//
// Each caller applies the pairing as its text allows: `sanitized` (message arguments, any string)
// drops the unmatched closers, replaces the separators by a space and appends the closers;
// `IsolatedText` (layout and entity isolation, whose original characters must keep their offsets)
// inserts controls only: an initiator before each unmatched PDI, a PDI after each isolate initiator
// left open. An embedding or override left open needs nothing there: the isolate's own PDI closes it
// (X6a).

/// The explicit formatting characters of a piece of text, paired as UAX #9's stack pairs them.
struct ExplicitFormattingBalance: Sendable {
    /// Offsets (from the piece's start) of the closers that match no opener of the piece: a PDI with
    /// no LRI, RLI or FSI open before it, a PDF with no embedding or override open since the last
    /// isolate initiator (X6a, X7). In order.
    private(set) var unmatchedClosers: [Int] = []
    /// The openers (LRE, RLE, LRO, RLO, LRI, RLI, FSI) the piece leaves open: offset and code point,
    /// outermost first.
    private(set) var unmatchedOpeners: [(offset: Int, value: UInt32)] = []

    static let pdf: UInt32 = 0x202C
    static let pdi: UInt32 = 0x2069

    /// Pairs the explicit formatting characters of `values` (code points). Linear; allocates only
    /// when the piece has an unmatched one. A paragraph separator inside is not special here: replace
    /// it first (`sanitized`) or keep it out of the piece (layout clips entities to their paragraph).
    /// `closed` hears of each opener as it is closed, with the offset of what closed it (a PDF, or
    /// the PDI that closes an isolate and every embedding opened inside it).
    init<C: Collection>(_ values: C, closed: (_ opener: (offset: Int, value: UInt32), _ closer: Int) -> Void = { _, _ in })
    where C.Element == UInt32 {
        var stack: [(offset: Int, value: UInt32)] = []
        var isolates = 0
        for (offset, value) in values.enumerated() {
            switch value {
            case 0x202A, 0x202B, 0x202D, 0x202E:  // LRE, RLE, LRO, RLO
                stack.append((offset, value))
            case 0x2066, 0x2067, 0x2068:  // LRI, RLI, FSI
                stack.append((offset, value))
                isolates += 1
            case Self.pdf:
                if let top = stack.last, !Self.isIsolateInitiator(top.value) {
                    closed(stack.removeLast(), offset)
                } else {
                    unmatchedClosers.append(offset)
                }
            case Self.pdi:
                guard isolates > 0 else {
                    unmatchedClosers.append(offset)
                    continue
                }
                // X6a: the PDI closes its isolate and every embedding opened inside it.
                while let top = stack.popLast() {
                    closed(top, offset)
                    if Self.isIsolateInitiator(top.value) { break }
                }
                isolates -= 1
            default:
                break
            }
        }
        unmatchedOpeners = stack
    }

    /// Whether nothing is unmatched.
    var isBalanced: Bool { unmatchedClosers.isEmpty && unmatchedOpeners.isEmpty }

    /// LRI, RLI or FSI.
    static func isIsolateInitiator(_ value: UInt32) -> Bool { (0x2066...0x2068).contains(value) }

    /// The characters that end an isolate, split it or break the line around it: Bidi_Class B (LF,
    /// CR, FS, GS, RS, NEL, PARAGRAPH SEPARATOR: UAX #9 X8 ends every isolate and embedding at them),
    /// Bidi_Class S (TAB, VT, US: L1 resets them to the paragraph's level, so "John⇥Smith" isolated in
    /// an RTL sentence showed "Smith John") and the other mandatory line breaks of UAX #14 (FF,
    /// LINE SEPARATOR).
    static func isSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x1C...0x1F, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `scalars` made safe to wrap in an isolate: each separator (`isSeparator`) replaced by a space
    /// (U+0020: the words stay apart, the text stays on its line), each unmatched closer dropped, and
    /// a closer appended for each opener left open, innermost first (PDF for an embedding or override,
    /// PDI for an isolate). Text without any of these comes back unchanged.
    static func sanitized(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out = scalars
        for i in out.indices where isSeparator(out[i].value) { out[i] = " " }
        let balance = ExplicitFormattingBalance(out.lazy.map(\.value))
        guard !balance.isBalanced else { return out }
        if !balance.unmatchedClosers.isEmpty {
            var kept: [Unicode.Scalar] = []
            kept.reserveCapacity(out.count)
            var next = 0
            for (i, scalar) in out.enumerated() {
                if next < balance.unmatchedClosers.count, balance.unmatchedClosers[next] == i {
                    next += 1
                    continue
                }
                kept.append(scalar)
            }
            out = kept
        }
        for opener in balance.unmatchedOpeners.reversed() {
            out.append(Unicode.Scalar(isIsolateInitiator(opener.value) ? pdi : pdf)!)  // no-trap: constants U+2069 / U+202C
        }
        return out
    }
}
