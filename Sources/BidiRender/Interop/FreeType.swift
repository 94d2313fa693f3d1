// FreeType: owned handles for FT_Library and FT_Face, and the translation of FreeType error codes into
// BidiRenderError. The only code that calls FreeType for loading and metrics.
//
// Thread-safety (FreeType's rules): an FT_Library may create and destroy faces from one thread at a
// time, and an FT_Face must not be used from two threads at once. Each owner below holds a lock and
// runs every FreeType call on its handle under it; a face also takes its library's lock to be created
// and destroyed. That makes both types safe to share (`Sendable`).

internal import CFreeType

/// Owner of one FT_Library. Freed by `FT_Done_FreeType` when the last reference goes.
final class FTLibrary: @unchecked Sendable {
    /// The library handle. Touch it only under `lock`.
    fileprivate let handle: FT_Library
    /// Serializes face creation and destruction on this library.
    fileprivate let lock = Lock()

    init() throws(BidiRenderError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FreeTypeError.error(error, "FT_Init_FreeType", file: "")
        }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}

/// Font-wide metrics in font units.
struct FaceMetrics: Sendable, Hashable {
    var unitsPerEm: Int
    /// Typographic ascender (positive, above the baseline): OS/2 sTypoAscender when the font asks for
    /// it with USE_TYPO_METRICS, else hhea ascender.
    var ascender: Int
    /// Typographic descender (negative, below the baseline).
    var descender: Int
    /// Extra space between lines.
    var lineGap: Int
}

/// Owner of one FT_Face. Freed by `FT_Done_Face`; keeps its `FTLibrary` alive until then.
final class FTFace: @unchecked Sendable {
    let library: FTLibrary
    /// The face handle. Touch it only inside `withFace`.
    private let handle: FT_Face
    private let lock = Lock()
    /// The file it was loaded from and its index in a collection.
    let path: String
    let index: Int

    /// Opens face `index` of the font file at `path` (`FT_New_Face`).
    /// - Throws: `.fontLoad` with FreeType's reason for a missing, truncated or non-font file.
    init(library: FTLibrary, path: String, index: Int) throws(BidiRenderError) {
        var face: FT_Face?
        let error = library.lock.withLock { FT_New_Face(library.handle, path, FT_Long(index), &face) }
        guard error == 0, let face else { throw FreeTypeError.error(error, "FT_New_Face", file: path) }
        self.library = library
        self.handle = face
        self.path = path
        self.index = index
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 {
            // Bitmap-only faces (colour emoji) are usable; they are sized at render time.
            _ = FT_Select_Size(face, 0)
        }
    }

    /// The number of faces in the font file at `path` (`FT_New_Face` with index -1, which only
    /// reads the header).
    /// - Throws: `.fontLoad` with FreeType's reason for a file that is not a font.
    static func faceCount(library: FTLibrary, path: String) throws(BidiRenderError) -> Int {
        var face: FT_Face?
        let error = library.lock.withLock { FT_New_Face(library.handle, path, -1, &face) }
        guard error == 0, let face else { throw FreeTypeError.error(error, "FT_New_Face", file: path) }
        let count = Int(face.pointee.num_faces)
        library.lock.withLock { _ = FT_Done_Face(face) }
        return count
    }

    deinit {
        library.lock.withLock { _ = FT_Done_Face(handle) }
    }

    /// Runs `body` under the library's lock, for calls that release a face reference (hb-ft's).
    func withLibraryLock<R>(_ body: () throws -> R) rethrows -> R {
        try library.lock.withLock { try body() }
    }

    /// Runs `body` with exclusive use of the face.
    func withFace<R>(_ body: (FT_Face) throws -> R) rethrows -> R {
        try lock.withLock { try body(handle) }
    }

    /// The glyph FreeType's selected charmap gives `codePoint` (0: none). The tests check the
    /// coverage bitmaps against it.
    func glyphIndex(_ codePoint: UInt32) -> UInt32 {
        withFace { UInt32(FT_Get_Char_Index($0, FT_ULong(codePoint))) }
    }

    /// The family name FreeType reads from the name table.
    var familyName: String {
        withFace { face in face.pointee.family_name.map { String(cString: $0) } ?? "" }
    }

    /// The OS/2 usWeightClass (400 when the table is absent or out of range).
    var weightClass: Int {
        withFace { face in
            guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return 400 }
            let value = Int(raw.assumingMemoryBound(to: TT_OS2.self).pointee.usWeightClass)
            return (1...1000).contains(value) ? value : 400
        }
    }

    /// Whether FreeType flags the face as italic.
    var isItalic: Bool {
        withFace { $0.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0 }
    }

    /// Ascender, descender, line gap and units per em; for a bitmap-only face, those of its
    /// selected strike (`FT_Select_Size`), in 1/64 px at the strike's ppem.
    var metrics: FaceMetrics {
        withFace { face in
            let upem = Int(face.pointee.units_per_EM)
            var metrics = FaceMetrics(
                unitsPerEm: upem == 0 ? 1000 : upem, ascender: Int(face.pointee.ascender),
                descender: Int(face.pointee.descender), lineGap: 0)
            let height = Int(face.pointee.height)
            metrics.lineGap = max(0, height - (metrics.ascender - metrics.descender))
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, let size = face.pointee.size,
                size.pointee.metrics.y_ppem > 0
            {
                // A bitmap-only face (CBDT colour emoji) has no outline metrics: FreeType leaves its
                // ascender and descender 0. The selected strike's metrics (26.6 px at its ppem) are
                // the face's, in units of 1/64 px at that ppem.
                let strike = size.pointee.metrics
                metrics = FaceMetrics(
                    unitsPerEm: Int(strike.y_ppem) * 64, ascender: Int(strike.ascender), descender: Int(strike.descender),
                    lineGap: max(0, Int(strike.height) - Int(strike.ascender - strike.descender)))
                return metrics
            }
            if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
                let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
                let useTypoMetrics = os2.version != 0xFFFF && os2.fsSelection & (1 << 7) != 0
                if useTypoMetrics {
                    metrics.ascender = Int(os2.sTypoAscender)
                    metrics.descender = Int(os2.sTypoDescender)
                    metrics.lineGap = Int(os2.sTypoLineGap)
                }
            }
            return metrics
        }
    }
}

/// Translation of FreeType error codes, built once from FreeType's own error list by the shim
/// (Debian's FreeType is built without `FT_Error_String`).
enum FreeTypeError {
    /// The message of a FreeType error code.
    static func message(_ code: Int32) -> String {
        String(cString: CFreeType_errorString(FT_Error(code)))
    }

    static func error(_ code: FT_Error, _ function: String, file: String) -> BidiRenderError {
        .fontLoad(file: file, reason: "\(function): \(message(code)) (FreeType error 0x\(String(code, radix: 16)))")
    }
}
