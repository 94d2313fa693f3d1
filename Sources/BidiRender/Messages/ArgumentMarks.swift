// ArgumentMarks: where each text argument of a formatted message landed. ICU's MessageFormat says
// nothing of where it put an argument, so each shown text argument goes to ICU between marks made of
// noncharacters (U+FDD0–U+FDEF, reserved by Unicode for a process's own use and refused in patterns
// and taken out of arguments), and the formatted text is read once: the marks come out, and each
// argument's range in the text without them is kept.

/// The marks around a text argument handed to ICU, and their reading.
enum ArgumentMarks {
    /// Opens a marked argument; its slot index follows in base 16 as `digit0…digit0+15`.
    static let open: UInt32 = 0xFDD0
    /// Ends the slot index.
    static let index: UInt32 = 0xFDD1
    /// Closes a marked argument.
    static let close: UInt32 = 0xFDD2
    /// Hexadecimal digit 0 of a slot index (U+FDE0…U+FDEF).
    static let digit0: UInt32 = 0xFDE0

    /// Whether `c` is one of the noncharacters the marks are made of.
    @inline(__always)
    static func isMark(_ c: UInt32) -> Bool { (0xFDD0...0xFDEF).contains(c) }

    /// `text` (an argument already isolated) between the marks of slot `slot`.
    static func marked(_ text: String, slot: Int) -> String {
        var out = String.UnicodeScalarView()
        out.append(Unicode.Scalar(open)!)
        var digits: [Unicode.Scalar] = []
        var n = slot
        repeat {
            digits.append(Unicode.Scalar(digit0 + UInt32(n & 15))!)
            n >>= 4
        } while n > 0
        out.append(contentsOf: digits.reversed())
        out.append(Unicode.Scalar(index)!)
        out.append(contentsOf: text.unicodeScalars)
        out.append(Unicode.Scalar(close)!)
        return String(out)
    }

    /// `formatted` without the marks, and the range in it (code point offsets) of the first
    /// occurrence of each marked slot, inside its isolate (the initiator and the PDI left out). A
    /// mark out of place (none is, when patterns and arguments hold no noncharacters) is dropped.
    static func read(_ formatted: String) -> (text: String, slots: [Int: Range<Int>]) {
        var out = String.UnicodeScalarView()
        var slots: [Int: Range<Int>] = [:]
        var count = 0
        var slot: Int?
        var start: Int?
        var readingIndex = false
        for scalar in formatted.unicodeScalars {
            let c = scalar.value
            guard isMark(c) else {
                out.append(scalar)
                count += 1
                continue
            }
            switch c {
            case open: (slot, start, readingIndex) = (0, nil, true)
            case index:
                readingIndex = false
                start = count
            case close:
                if let s = slot, let a = start, slots[s] == nil {
                    // Inside the isolate: after its initiator, before its PDI.
                    slots[s] = min(a + 1, count)..<max(a + 1, count - 1)
                }
                (slot, start) = (nil, nil)
            default:
                if readingIndex, let s = slot, c >= digit0, s < (1 << 24) { slot = s << 4 | Int(c - digit0) }
            }
        }
        return (String(out), slots)
    }
}
