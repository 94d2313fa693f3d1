// BidiDiffFuzzer: runs the native bidi engine, the FriBidi engine and ICU's ubidi on every input and
// checks what must hold for any text: neither engine crashes or hangs, each visual order is a
// permutation of the characters X9 keeps, and the native engine gives ICU's levels and order.
//
// Input: byte 0 chooses the paragraph direction and the decoding; the rest is either UTF-8 text or,
// to reach deep nesting quickly, one bidi class per byte (each class spelled by a real character).
@testable import BidiRender

/// A real character of each class the byte decoding spells (UAX #9 Table 4), brackets included.
let spelled: [Unicode.Scalar] = [
    "a", "\u{05D0}", "\u{0628}", "1", "+", "$", "\u{0661}", ",", "\u{0300}", "\u{200B}", "\t", " ", "!",
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "(", ")", "[", "]", "\u{200F}", "\u{200E}", "\u{061C}", "\n",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let mode = bytes.first else { return 0 }
    let body = bytes.dropFirst()
    let scalars: [Unicode.Scalar]
    if mode & 4 == 0 {
        scalars = body.map { spelled[Int($0) % spelled.count] }
    } else {
        scalars = Array(String(decoding: UnsafeBufferPointer(rebasing: body), as: UTF8.self).unicodeScalars)
    }
    let direction: ParagraphDirection = [.leftToRight, .rightToLeft, .auto, .auto][Int(mode & 3)]
    let native = BidiText(scalars: scalars, direction: direction, engine: .native)
    let fribidi = BidiText(scalars: scalars, direction: direction, engine: .fribidi)
    precondition(native.paragraphs.map(\.range) == fribidi.paragraphs.map(\.range), "engines split paragraphs differently")
    for text in [native, fribidi] {
        for paragraph in text.paragraphs {
            precondition(paragraph.levels.count == paragraph.range.count, "one level per code point")
            let line = paragraph.singleLine
            let kept = paragraph.range.filter { !BidiClass(scalars[$0]).isRemovedByX9 }
            precondition(line.visualOrder.sorted() == kept, "visual order is not a permutation of the kept characters")
        }
    }
    // ICU's ubidi, paragraph by paragraph, on the native engine.
    for paragraph in native.paragraphs where !paragraph.range.isEmpty {
        let text = Array(scalars[paragraph.range])
        let level: UInt8? = direction == .auto ? nil : (direction == .rightToLeft ? 1 : 0)
        guard !ICUBidi.knownQuirk(text), let icu = ICUBidi.reorder(text, paragraphLevel: level) else { continue }
        precondition(icu.baseLevel == paragraph.baseLevel, "paragraph level differs from ICU")
        let line = paragraph.singleLine
        let removed = text.map { BidiClass($0).isRemovedByX9 }
        let icuOrder = icu.visual.filter { !removed[$0] }.map { $0 + paragraph.range.lowerBound }
        precondition(icuOrder == line.visualOrder, "visual order differs from ICU")
        // ICU quirk 1: a paragraph of one direction only gets the paragraph level everywhere.
        let kept = text.indices.filter { !removed[$0] }
        if kept.allSatisfy({ icu.levels[$0] == icu.baseLevel }) { continue }
        for k in kept {
            precondition(icu.levels[k] == line.levels[k], "level differs from ICU at \(k)")
        }
    }
    return 0
}
