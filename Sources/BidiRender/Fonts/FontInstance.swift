// FontInstance: the fonts a manifest face becomes when it is not used as it is — a variable face at
// the weight the CSS rule matched (its `wght` axis set), an upright face slanted into a synthetic
// oblique — each its own `Font`, so that shaping caches (keyed by the font's identity) and renderers
// (keyed by `FontDescriptor.instanceKey`) never mix two instances.

/// The constants of instances.
package enum FontInstance {
    /// The slant of a synthetic oblique: x moves 0.2 em per em of height (about 11.3°, near
    /// FreeType's FT_GlyphSlot_Oblique and `hb-view --font-slant=0.2`).
    package static let syntheticSlant = 0.2
}

/// What identifies an instance of a manifest face.
struct FontInstanceKey: Hashable {
    var file: String
    var index: Int
    /// The `wght` value, or nil for the face's default instance.
    var weight: Double?
    var slant: Double
}

extension ManifestFont {
    /// The weights the face serves: its variable range, or its one weight.
    var weights: ClosedRange<FontWeight> { variableWeights ?? weight...weight }
}

extension FontDescriptor {
    /// Identifies the face file, the face in it, and the instance: "file#index", then "@wght=350"
    /// for a variable instance and "@slant=0.2" for a synthetic oblique.
    var instanceKey: String {
        var key = "\(file)#\(index)"
        if let variationWeight { key += "@wght=\(variationWeight)" }
        if syntheticSlant != 0 { key += "@slant=\(syntheticSlant)" }
        return key
    }
}

extension FontRegistry {
    /// `base` itself when it is static and upright; else its instance at `weight` (the `wght` axis,
    /// for a `variable` face) slanted by `slant`, loaded once and kept (at most `instanceLimit`,
    /// cleared whole when full; the chains and shape caches that hold one keep it alive). Nil when
    /// the instance cannot be made (FreeType refuses the coordinates).
    func instance(of base: Font, variable: Bool, weight: FontWeight, slant: Double) -> Font? {
        guard variable || slant != 0 else { return base }
        let d = base.descriptor
        let key = FontInstanceKey(file: d.file, index: d.index, weight: variable ? Double(weight.value) : nil, slant: slant)
        if let font = instances.withLock({ $0[key] }) { return font }
        // A slant alone shares the upright font's face; a variable instance opens its own.
        let instance = try? Font(
            library: library, file: d.file, index: d.index, weight: variable ? weight : d.weight, style: d.style,
            variationWeight: key.weight, syntheticSlant: slant, sharing: variable ? nil : base.face)
        guard let instance else { return nil }
        return instances.withLock { cache in
            if let raced = cache[key] { return raced }
            if cache.count >= Self.instanceLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = instance
            return instance
        }
    }

    /// A variable manifest face must have a `wght` axis that spans the manifest's range.
    /// - Throws: `.manifest` naming the font's `weight` key.
    static func checkWeightAxis(
        _ font: Font, _ range: ClosedRange<FontWeight>, _ entry: ManifestFont, _ manifest: FontManifest
    ) throws(BidiRenderError) {
        let at = entry.keyPath + ".weight"
        guard let axis = font.face.weightAxis else {
            throw .manifest(
                file: manifest.path, line: entry.line, key: at,
                reason: "a weight range needs a variable font, and \(entry.relativeFile) has no wght axis")
        }
        guard axis.contains(Double(range.lowerBound.value)), axis.contains(Double(range.upperBound.value)) else {
            throw .manifest(
                file: manifest.path, line: entry.line, key: at,
                reason: "\(range.lowerBound) \(range.upperBound) is outside the font's wght axis \(Int(axis.lowerBound))–\(Int(axis.upperBound))")
        }
    }
}
