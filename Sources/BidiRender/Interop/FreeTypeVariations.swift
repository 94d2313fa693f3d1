// FreeTypeVariations: a variable font's `wght` axis on an FTFace — its range (FT_Get_MM_Var) and the
// instance it is set to (FT_Set_Var_Design_Coordinates) — and the shear of a synthetic oblique
// (FT_Outline_Transform), for shaping, PNG and SVG.
//
// Thread-safety: the coordinates are part of the FT_Face's state. A face is set to its instance once,
// right after it is opened and before anything else uses it (its owner creates one face per
// instance: `Font` for shaping, `Renderer.face` for drawing), and is never set again; the call runs
// under the face's lock like every other FreeType call.

internal import CFreeType

extension FTFace {
    /// The OpenType `wght` axis tag.
    static let weightAxisTag: FT_ULong = 0x7767_6874

    /// The `wght` axis's minimum and maximum (FT_Get_MM_Var), or nil for a face without one.
    var weightAxis: ClosedRange<Double>? {
        withFace { face -> ClosedRange<Double>? in
            guard let axis = Self.axes(face).first(where: { $0.tag == Self.weightAxisTag }) else { return nil }
            return Double(axis.minimum) / 65536...Double(axis.maximum) / 65536
        }
    }

    /// Sets the face to the instance whose `wght` is `weight` (clamped by FreeType to the axis), the
    /// other axes at their defaults (FT_Set_Var_Design_Coordinates, 16.16 fixed point). Call it once,
    /// on a face of one's own, before the face is used.
    /// - Throws: `.fontLoad` when the face has no `wght` axis or FreeType refuses the coordinates.
    func setVariationWeight(_ weight: Double) throws(BidiRenderError) {
        let error: FT_Error? = withFace { face -> FT_Error? in
            let axes = Self.axes(face)
            guard axes.contains(where: { $0.tag == Self.weightAxisTag }) else { return nil }
            var coordinates = axes.map { $0.tag == Self.weightAxisTag ? FT_Fixed((weight * 65536).rounded()) : $0.def }
            return FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
        }
        guard let error else {
            throw .fontLoad(file: path, reason: "face \(index) has no wght axis: it is not a variable font of weights")
        }
        guard error == 0 else { throw FreeTypeError.error(error, "FT_Set_Var_Design_Coordinates", file: path) }
    }

    /// The face's variation axes, copied out of FT_Get_MM_Var's descriptor (freed here with
    /// FT_Done_MM_Var); empty for a face that is not variable.
    private static func axes(_ face: FT_Face) -> [(tag: FT_ULong, minimum: FT_Fixed, def: FT_Fixed, maximum: FT_Fixed)] {
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 else { return [] }
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return [] }
        defer { _ = FT_Done_MM_Var(face.pointee.glyph.pointee.library, master) }
        return (0..<Int(master.pointee.num_axis)).map { i in
            let axis = master.pointee.axis[i]
            return (axis.tag, axis.minimum, axis.def, axis.maximum)
        }
    }

    /// Shears `outline` by `slant` (x += slant · y, about the baseline at the pen), as an oblique is
    /// drawn: `FT_Outline_Transform` with the 16.16 matrix [1 slant; 0 1]. Nothing for 0.
    static func shear(_ outline: UnsafeMutablePointer<FT_Outline>, slant: Double) {
        guard slant != 0 else { return }
        var matrix = FT_Matrix(xx: 0x10000, xy: FT_Fixed((slant * 65536).rounded()), yx: 0, yy: 0x10000)
        FT_Outline_Transform(outline, &matrix)
    }
}
