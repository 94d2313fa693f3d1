// SceneFiles: the files a scene reads and the limits of one scene. The scene file is read as a font
// manifest is (ManifestFiles.readRegularFile: a regular file, opened without blocking, at most
// `Scene.maximumFileSize` bytes). Its images follow the manifest's rule (ManifestFiles.confinedPath):
// regular files inside the scene's folder after symlinks are resolved, unless the caller allows
// others, with one answer for a refused path whether or not it exists. Each image file is decoded
// once per scene, keyed by its real path, however many nodes name it and however they spell it, and
// once per process while the file is unchanged (DecodedImages); the
// decoded pixels of a scene's images are at most `ImageLimits.maximumPixels` in all, checked from
// each PNG's header before its pixels are allocated. A scene has at most `Scene.maximumNodeCount`
// nodes.

import Foundation

extension Scene {
    /// The largest scene read, in bytes (as catalogs and font manifests).
    static let maximumFileSize = 16 << 20
    /// The most nodes in one scene, the root and groups included.
    static let maximumNodeCount = 10_000
}

/// One parse's images and counts; the parser's only mutable state.
final class SceneFiles {
    /// The answer for any image path outside the scene's folder, whether or not it exists.
    static let outsideReason = "not an image file inside the scene folder"
    /// The largest image file read, in bytes: the size of the largest image's RGBA pixels (a PNG
    /// larger than its own pixels is not a real one).
    static let maximumImageFileSize = ImageLimits.maximumPixels * 4

    let folder: String
    let allowsPathsOutsideFolder: Bool
    /// The most decoded pixels of all the scene's images together.
    let pixelBudget: Int
    private var decoded: [String: RGBAImage] = [:]
    private(set) var decodedPixels = 0

    /// The answer for a path outside the folder (`outsideReason` for a scene).
    let refusal: String

    init(folder: String, allowsPathsOutsideFolder: Bool, pixelBudget: Int, outsideReason: String = SceneFiles.outsideReason) {
        self.folder = folder
        self.allowsPathsOutsideFolder = allowsPathsOutsideFolder
        self.pixelBudget = pixelBudget
        refusal = outsideReason
    }

    /// The line of the first node past `Scene.maximumNodeCount` in valid JSON `bytes`, or nil when
    /// there are not that many. Every node has a "type" key and nothing else in a scene does, so the
    /// "type" keys (however escaped) are counted in one pass over the bytes, before the parser
    /// builds its objects (some 90 bytes of memory per byte of JSON).
    static func lineOfNodePastLimit(_ bytes: [UInt8]) -> Int? {
        let key = Array(#""type""#.utf8)
        var (count, line, i) = (0, 1, 0)
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A { line += 1 }
            guard byte == 0x22 else {
                i += 1
                continue
            }
            // A string (its closing quote is the first one not escaped): the key "type" when it is
            // those six bytes, or escapes that decode to them ("t\u0079pe"), and a colon follows.
            var end = i + 1
            var escaped = false
            while end < bytes.count, bytes[end] != 0x22 {
                if bytes[end] == 0x5C { escaped = true }
                end += bytes[end] == 0x5C ? 2 : 1
            }
            let isType = escaped
                ? end - i <= 64 && (try? StrictJSON.parse(bytes[i...min(end, bytes.count - 1)])) as? String == "type"
                : bytes[i...].starts(with: key)
            i = end + 1
            guard isType else { continue }
            var j = i
            while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == 0x3A else { continue }
            count += 1
            if count > Scene.maximumNodeCount { return line }
        }
        return nil
    }

    /// The refusal of image `name`, `width` × `height` px, past the scene's pixel budget.
    private func overBudget(_ name: String, _ width: Int, _ height: Int) -> String {
        "the scene's images pass \(pixelBudget) decoded pixels in all (ImageLimits.maximumPixels): \(name) is \(width)×\(height) px"
    }

    /// Why an image named `name` cannot be read, for the parser to place at the node's key.
    enum Refusal: Error {
        /// Said at the node's `file` key: outside the folder, missing, not a regular file, not a
        /// PNG, one libpng refuses, over the budget.
        case atKey(String)
        /// An error of its own.
        case error(BidiRenderError)
    }

    /// The image file `name` (relative to the folder) decoded, from this parse's earlier decode of
    /// the same real path when there was one.
    func image(_ name: String) -> Result<RGBAImage, Refusal> {
        let located = ManifestFiles.confinedPath(
            name, directory: folder, allowsOutside: allowsPathsOutsideFolder, outsideReason: refusal, kind: "image file")
        let path: String, real: String
        switch located {
        case .success(let found): (path, real) = found
        case .failure(.missing): return .failure(.atKey("no such file: \((folder as NSString).appendingPathComponent(name))"))
        case .failure(let failure): return .failure(.atKey(failure.reason))
        }
        if let image = decoded[real] { return .success(image) }
        // Decoded by an earlier scene of this process, and the file unchanged since.
        let key = DecodedImages.Key(path: real)
        if let key, let image = DecodedImages.image(for: key) {
            guard image.width * image.height <= pixelBudget - decodedPixels else {
                return .failure(.atKey(overBudget(name, image.width, image.height)))
            }
            decoded[real] = image
            decodedPixels += image.width * image.height
            return .success(image)
        }
        let bytes: [UInt8]
        switch ManifestFiles.readRegularFile(real, maximumSize: Self.maximumImageFileSize) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(.atKey("\(failure.reason): \(path)"))
        }
        // libpng's answer to another kind of file is "read beyond end of data" or the like.
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return .failure(.atKey("not a PNG file (no PNG signature): \(path)"))
        }
        let budget = pixelBudget - decodedPixels
        var overBudget: String?
        do {
            // The header's sides are within ImageLimits when `accept` is asked: the product fits.
            let image = try RGBAImage(pngData: bytes) { width, height in
                guard width * height <= budget else {
                    overBudget = self.overBudget(name, width, height)
                    return false
                }
                return true
            }
            decoded[real] = image
            decodedPixels += image.width * image.height
            if let key { DecodedImages.keep(image, for: key) }
            return .success(image)
        } catch {
            if let overBudget { return .failure(.atKey(overBudget)) }
            guard case .renderFailure(let reason) = error else { return .failure(.error(error)) }
            return .failure(.atKey("\(path): \(reason)"))
        }
    }
}
