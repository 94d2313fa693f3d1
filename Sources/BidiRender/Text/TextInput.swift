// TextInput: strict UTF-8 decoding that names the byte offset of the first invalid sequence, and
// conversions between Unicode scalar offsets (the index space of the whole library) and String.Index.

/// Strict decoding of input bytes.
package enum TextInput {
    /// Decodes `bytes` as UTF-8, or throws `.invalidUTF8` with the offset of the first byte of the
    /// first ill-formed sequence. Never replaces bad bytes with U+FFFD.
    ///
    /// - Parameters:
    ///   - bytes: the input, as read.
    ///   - source: where the bytes came from, for the error ("<stdin>", a path, "line 3").
    ///   - baseOffset: added to the offset in the error, for bytes taken from inside a larger file.
    package static func decodeUTF8(
        _ bytes: some Collection<UInt8>, source: String, baseOffset: Int = 0
    ) throws(BidiRenderError) -> String {
        try checkUTF8(bytes, source: source, baseOffset: baseOffset)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws as `decodeUTF8` does, without building the String: for bytes that are checked here
    /// and parsed elsewhere (a `--jsonl` line).
    package static func checkUTF8(_ bytes: some Collection<UInt8>, source: String, baseOffset: Int = 0) throws(BidiRenderError) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return
            case .error:
                throw .invalidUTF8(source: source, byteOffset: baseOffset + offset)
            }
        }
    }}

extension String {
    /// The `String.Index` range of a range of Unicode scalar offsets.
    /// - Throws: `.invalidValue` naming `scalarOffsets` when the range is not within
    ///   `0...unicodeScalars.count` (never clamped, as everywhere in the library).
    public func indexRange(scalarOffsets range: Range<Int>) throws(BidiRenderError) -> Range<String.Index> {
        let view = unicodeScalars
        guard range.lowerBound >= 0,
            let lo = view.index(view.startIndex, offsetBy: range.lowerBound, limitedBy: view.endIndex),
            let hi = view.index(lo, offsetBy: range.count, limitedBy: view.endIndex)
        else {
            try OffsetBounds.check(range, in: 0...view.count, key: "scalarOffsets")
            preconditionFailure("a range that fails its walk is out of bounds")  // no-trap: the walk fails only for lower < 0, lower > count or upper > count; the check throws for each
        }
        return lo..<hi
    }

    /// The Unicode scalar offsets of a `String.Index` range of this string.
    /// - Throws: `.invalidValue` (key "range") when the range is not one of this string's: past its
    ///   end (an index of a longer string) or not on a Unicode scalar boundary (an index of another
    ///   string that falls inside one of this string's scalars), instead of trapping.
    public func scalarOffsets(of range: Range<String.Index>) throws(BidiRenderError) -> Range<Int> {
        let view = unicodeScalars
        // (Bounds first: a position is asked of an index within the string only.)
        guard range.upperBound <= view.endIndex, let lower = range.lowerBound.samePosition(in: view),
            let upper = range.upperBound.samePosition(in: view)
        else {
            throw .invalidValue(
                key: "range", value: "a String.Index range",
                reason: "not a range of this string: past its end or inside a Unicode scalar (an index of another string?)")
        }
        let lo = view.distance(from: view.startIndex, to: lower)
        return lo..<(lo + view.distance(from: lower, to: upper))
    }
}
