// UnicodeBidiData+Display: what a display does with the bidi controls and with mirrored characters:
// the one home of the bidi-control set and of rule L4, used by mention isolation and `reorder`.

extension UnicodeBidiData {
    /// The bidi formatting characters (UAX #9 Table 4's explicit formatting and marks): LRM, RLM,
    /// ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI and PDI. These are what a display strips.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// UAX #9 L4: the character to display for `scalar` at embedding level `level`: its
    /// Bidi_Mirroring_Glyph at an odd (right-to-left) level when it has one, else itself.
    static func mirrored(_ scalar: Unicode.Scalar, atLevel level: UInt8) -> Unicode.Scalar {
        level & 1 == 1 ? mirroringGlyph(of: scalar) ?? scalar : scalar
    }
}
