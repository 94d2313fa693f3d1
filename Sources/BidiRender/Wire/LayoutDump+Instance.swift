// LayoutDump+Instance: a run font's instance (variable weight, synthetic slant) in the JSON dump.

extension Layout {
    /// A run font's instance in the JSON dump: `,"variation":{"wght":350}` for a variable instance,
    /// `,"synthetic":"slant","slant":0.2` for a synthetic oblique; nothing for a face used as it is.
    static func writeInstanceFields(_ font: FontDescriptor, into w: inout JSONWriter) {
        if let weight = font.variationWeight {
            w.raw(",\"variation\":{\"wght\":")
            w.number(weight)
            w.raw("}")
        }
        if font.syntheticSlant != 0 {
            w.raw(",\"synthetic\":\"slant\",\"slant\":")
            w.number(font.syntheticSlant)
        }
    }
}
