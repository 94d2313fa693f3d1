// LayoutDump+Instance: a run font's instance (variable weight, synthetic slant) in the JSON dump.

extension Layout {
    /// A run font's instance in the JSON dump: `,"variation":{"wght":350}` for a variable instance,
    /// `,"synthetic":"slant","slant":0.2` for a synthetic oblique; nothing for a face used as it is.
    static func instanceFields(_ font: FontDescriptor) -> String {
        var fields = ""
        if let weight = font.variationWeight { fields += ",\"variation\":{\"wght\":\(JSONText.number(weight))}" }
        if font.syntheticSlant != 0 { fields += ",\"synthetic\":\"slant\",\"slant\":\(JSONText.number(font.syntheticSlant))" }
        return fields
    }
}
