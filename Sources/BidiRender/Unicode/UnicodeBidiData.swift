// UnicodeBidiData: decodes the generated Unicode 15 tables once and answers per-code-point lookups of
// Bidi_Class, Bidi_Paired_Bracket(_Type) and Bidi_Mirroring_Glyph.

import Foundation

/// Whether a paired bracket opens or closes (Bidi_Paired_Bracket_Type, UAX #9 BD14/BD15).
enum BracketKind: Sendable, Hashable {
    /// An opening bracket (Bidi_Paired_Bracket_Type=Open).
    case open
    /// A closing bracket (Bidi_Paired_Bracket_Type=Close).
    case close
}

/// A code point's paired bracket as BidiBrackets.txt defines it.
struct PairedBracket: Sendable, Hashable {
    /// The Bidi_Paired_Bracket: the other member of the pair.
    let pair: Unicode.Scalar
    /// Open or close.
    let kind: BracketKind
}

/// Per-code-point lookups of the UCD bidi properties, from tables decoded once at first use.
///
/// The data is immutable after decoding, so every lookup is safe from any thread.
enum UnicodeBidiData {
    /// The Unicode version the tables were generated from.
    static var unicodeVersion: String { UnicodeBidiTables.unicodeVersion }

    /// The two-stage class trie, decoded from base64 into memory that lives for the whole process,
    /// with a direct table of the entries of U+0000–U+07FF (the one- and two-byte UTF-8 characters:
    /// ASCII, Latin, Greek, Cyrillic, Hebrew, Arabic), one load instead of two for the commonest text.
    struct Trie: @unchecked Sendable {
        let stage1: UnsafeBufferPointer<UInt16>
        let stage2: UnsafeBufferPointer<UInt8>
        /// `entry(cp)` for each cp below `lowLimit`.
        let low: UnsafeBufferPointer<UInt8>
        /// The end of `low`'s range.
        static let lowLimit = 0x800

        @inline(__always)
        func entry(_ cp: UInt32) -> UInt8 {
            guard cp < 0x110000 else { return 0 }  // outside Unicode: L, like an unassigned code point
            let shift = UInt32(UnicodeBidiTables.blockShift)
            let block = UInt32(stage1[Int(cp >> shift)])
            return stage2[Int(block << shift | (cp & ((1 << shift) - 1)))]
        }
    }

    /// The decoded trie. Allocated once and never freed: it is process-wide constant data.
    static let trie: Trie = {
        func decode(_ text: String) -> [UInt8] {
            let compact = text.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: compact) else {
                fatalError("UnicodeBidiTables.generated.swift is corrupt; regenerate it")  // no-trap: the generated tables are source, not input (UnicodeTablesTests decodes them)
            }
            return [UInt8](data)
        }
        let s1 = decode(UnicodeBidiTables.stage1Base64)
        let s2 = decode(UnicodeBidiTables.stage2Base64)
        let stage1 = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: s1.count / 2)
        for i in 0..<stage1.count { stage1[i] = UInt16(s1[2 * i]) | UInt16(s1[2 * i + 1]) << 8 }
        let stage2 = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: s2.count)
        _ = stage2.initialize(from: s2)
        let shift = UInt32(UnicodeBidiTables.blockShift)
        let low = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Trie.lowLimit)
        for cp in 0..<UInt32(Trie.lowLimit) {
            low[Int(cp)] = stage2[Int(UInt32(stage1[Int(cp >> shift)]) << shift | (cp & ((1 << shift) - 1)))]
        }
        return Trie(stage1: UnsafeBufferPointer(stage1), stage2: UnsafeBufferPointer(stage2), low: UnsafeBufferPointer(low))
    }()

    /// Mask of the class index in a trie entry.
    static let classMask: UInt8 = 0x1F

    /// The Bidi_Class of a code point.
    @inline(__always)
    static func bidiClass(_ cp: UInt32) -> BidiClass {
        BidiClass(rawValue: trie.entry(cp) & classMask)!  // no-trap: every table entry is a class (UnicodeTablesTests: all 0x110000); input only picks one
    }

    /// The Bidi_Class of a scalar.
    static func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
        bidiClass(scalar.value)
    }

    /// The paired bracket of a scalar (BidiBrackets.txt), or nil if it has none.
    static func pairedBracket(of scalar: Unicode.Scalar) -> PairedBracket? {
        guard let i = bracketIndex(scalar.value) else { return nil }
        return PairedBracket(
            pair: Unicode.Scalar(UnicodeBidiTables.bracketPairs[i])!,  // no-trap: generated BidiBrackets.txt scalars (UnicodeTablesTests)
            kind: UnicodeBidiTables.bracketIsOpen[i] == 1 ? .open : .close)
    }

    /// The Bidi_Mirroring_Glyph of a scalar (BidiMirroring.txt), or nil if it has none.
    static func mirroringGlyph(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        mirror(scalar.value).flatMap(Unicode.Scalar.init)
    }

    /// Index of `cp` in the bracket table, found by binary search.
    static func bracketIndex(_ cp: UInt32) -> Int? {
        guard trie.entry(cp) & UnicodeBidiTables.bracketFlag != 0 else { return nil }
        return search(UnicodeBidiTables.bracketCodePoints, cp)
    }

    /// The mirroring glyph of `cp`, or nil.
    static func mirror(_ cp: UInt32) -> UInt32? {
        guard trie.entry(cp) & UnicodeBidiTables.mirrorFlag != 0,
            let i = search(UnicodeBidiTables.mirrorCodePoints, cp)
        else { return nil }
        return UnicodeBidiTables.mirrorGlyphs[i]
    }

    /// The identifier that makes two brackets a pair for rule BD16: the code point of the opening
    /// bracket, with U+2329/U+232A folded onto their canonical equivalents U+3008/U+3009. Nil for a
    /// code point that is not a bracket.
    static func bracketPairIdentifier(_ cp: UInt32) -> (id: UInt32, isOpen: Bool)? {
        guard let i = bracketIndex(cp) else { return nil }
        let isOpen = UnicodeBidiTables.bracketIsOpen[i] == 1
        let opening = isOpen ? cp : UnicodeBidiTables.bracketPairs[i]
        return (canonicalBracket(opening), isOpen)
    }

    /// UAX #9 BD16: U+2329 and U+232A are canonically equivalent to U+3008 and U+3009.
    @inline(__always)
    static func canonicalBracket(_ cp: UInt32) -> UInt32 {
        switch cp {
        case 0x2329: return 0x3008
        case 0x232A: return 0x3009
        default: return cp
        }
    }

    private static func search(_ keys: [UInt32], _ cp: UInt32) -> Int? {
        let i = keys.partitioningIndex { $0 >= cp }
        return i < keys.count && keys[i] == cp ? i : nil
    }
}
