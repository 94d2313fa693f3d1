// SceneParser: a scene's JSON (Docs/Compose.md's format; README "bidirender compose") read strictly
// (StrictJSON: no trailing commas, no duplicate keys) into `Scene`. Every error names the file, the
// line (JSONLocator) and the node path with its key: "card.json:14: root.children[2].frame:
// expected 4 numbers". Unknown keys are refused, so a misspelt key never passes silently. Image
// files are read relative to the scene file's folder, inside it unless the caller allows more, and
// decoded by libpng (Interop/PNG.swift) once per file; the scene's size, node count and decoded
// pixels are bounded (SceneFiles.swift).

import Foundation

extension Scene {
    /// Reads a scene file: a regular file of at most `maximumFileSize` bytes (opened without
    /// blocking). Its images must be regular files inside the scene's folder (symlinks resolved);
    /// `allowsPathsOutsideFolder` lifts the folder rule for a trusted scene.
    /// - Throws: `.unreadableFile` when the file cannot be opened; `.scene` for a file that is not
    ///   a regular one or is too large, and as `init(json:file:imageFolder:allowsPathsOutsideFolder:)`.
    public init(contentsOf path: String, allowsPathsOutsideFolder: Bool = false) throws(BidiRenderError) {
        let bytes: [UInt8]
        switch ManifestFiles.readRegularFile(path, maximumSize: Self.maximumFileSize) {
        case .success(let read): bytes = read
        case .failure(.unreadable): throw .unreadable(path: path)
        case .failure(.notRegular) where FileManager.default.isFolder(path):
            throw .unreadable(path: path)  // "a folder, not a file", as for any file read
        case .failure(let failure): throw .scene(file: path, line: 0, path: "", reason: failure.reason)
        }
        let folder = (path as NSString).deletingLastPathComponent
        try self.init(json: bytes, file: path, imageFolder: folder.isEmpty ? "." : folder, allowsPathsOutsideFolder: allowsPathsOutsideFolder)
    }

    /// Parses scene JSON (at most `maximumFileSize` bytes and `maximumNodeCount` nodes); image
    /// files are relative to `imageFolder` and must be regular files inside it (symlinks resolved)
    /// unless `allowsPathsOutsideFolder`. Each image file is decoded once, and all the images
    /// together hold at most `ImageLimits.maximumPixels` pixels.
    /// - Throws: `.scene(file:line:path:reason:)` naming the node path and key (an image path
    ///   outside the folder gets "not an image file inside the scene folder" whether or not it
    ///   exists); `.unreadableFile` naming a missing image file inside the folder;
    ///   `.renderFailure` for an image libpng refuses or one past `ImageLimits`.
    public init(
        json bytes: [UInt8], file: String = "<scene>", imageFolder: String = ".", allowsPathsOutsideFolder: Bool = false
    ) throws(BidiRenderError) {
        guard bytes.count <= Self.maximumFileSize else {
            throw .scene(file: file, line: 0, path: "", reason: "larger than \(Self.maximumFileSize >> 20) MB")
        }
        let parser = SceneParser(bytes: bytes, file: file, imageFolder: imageFolder, allowsPathsOutsideFolder: allowsPathsOutsideFolder)
        self = try parser.scene()
    }
}

/// Typed reads of a scene document, each failing with the file, line and path.
struct SceneParser {
    typealias Path = [JSONPathComponent]
    let bytes: [UInt8]
    let file: String
    /// The images decoded so far and the nodes counted: the parse's only mutable state.
    let files: SceneFiles
    /// What the images of one scene may decode to in all.
    static let defaultPixelBudget = ImageLimits.maximumPixels

    init(
        bytes: [UInt8], file: String, imageFolder: String, allowsPathsOutsideFolder: Bool = false,
        pixelBudget: Int = SceneParser.defaultPixelBudget
    ) {
        self.bytes = bytes
        self.file = file
        files = SceneFiles(folder: imageFolder, allowsPathsOutsideFolder: allowsPathsOutsideFolder, pixelBudget: pixelBudget)
    }

    func error(_ at: Path, _ reason: String) -> BidiRenderError {
        .scene(file: file, line: JSONLocator.line(of: at, in: bytes), path: at.dotted, reason: reason)
    }

    func scene() throws(BidiRenderError) -> Scene {
        do {
            try StrictJSON.validate(bytes)
        } catch {
            throw .scene(file: file, line: error.line, path: error.path.dotted, reason: "\(error.reason) (column \(error.column))")
        }
        if let line = SceneFiles.lineOfNodePastLimit(bytes) {
            throw .scene(file: file, line: line, path: "", reason: "more than \(Scene.maximumNodeCount) nodes in one scene")
        }
        // Built by the strict parser, whose values are JSONSerialization's, so that a number past
        // Double's range (1e400) is refused at its line and key, not as a document that is no object.
        let parsed: Any
        do {
            parsed = try StrictJSON.parse(bytes[...])
        } catch {
            throw .scene(file: file, line: error.line, path: error.path.dotted, reason: "\(error.reason) (column \(error.column))")
        }
        guard let object = parsed as? [String: Any] else {
            throw .scene(file: file, line: 1, path: "", reason: "the top level must be a JSON object")
        }
        try known(object, [], ["size", "direction", "locale", "background", "flipImageNames", "root"])
        guard let size = object["size"] as? [String: Any] else { throw error([.key("size")], "expected {\"width\": w, \"height\": h}") }
        try known(size, [.key("size")], ["width", "height"])
        let width = try number(size, [.key("size"), .key("width")], in: 1...100_000)!  // no-trap: required: returns or throws
        let height = try number(size, [.key("size"), .key("height")], in: 1...100_000)!  // no-trap: as above
        let direction = try text(object, [.key("direction")]).map { (d) throws(BidiRenderError) in
            guard let value = TextDirection(rawValue: d) else { throw error([.key("direction")], "expected \"ltr\" or \"rtl\"") }
            return value
        } ?? .leftToRight
        let locale = try localeTag(object, [.key("locale")]) ?? LocaleTag("default")
        let background = try color(object, [.key("background")]) ?? .white
        var flips: Set<String> = []
        if let list = object["flipImageNames"] {
            guard let names = list as? [String] else { throw error([.key("flipImageNames")], "expected an array of strings") }
            flips = Set(names)
        }
        guard let root = object["root"] as? [String: Any] else { throw error([.key("root")], "expected a node object") }
        let rootNode = try node(root, [.key("root")], locale: locale, defaultFrame: .absolute(x: 0, y: 0, width: width, height: height))
        return Scene(width: width, height: height, direction: direction, locale: locale, background: background, flipImageNames: flips, root: rootNode)
    }

    static let frameKeys = ["type", "frame", "leading", "trailing", "top", "width", "height", "viewType"]
    static let keysByType: [String: [String]] = [
        "group": ["children"],
        "text": SceneParser.textKeys,
        "image": ["file", "name", "contentMode"],
        "rect": ["color", "cornerRadius", "borderWidth", "borderColor"],
    ]

    func node(_ object: [String: Any], _ at: Path, locale: LocaleTag, defaultFrame: SceneFrame? = nil) throws(BidiRenderError) -> SceneNode {
        guard let type = object["type"] as? String, let keys = Self.keysByType[type] else {
            throw error(at + [.key("type")], "expected \"group\", \"text\", \"image\" or \"rect\"")
        }
        try known(object, at, Self.frameKeys + keys)
        let frame = try self.frame(object, at) ?? defaultFrame
        guard let frame else { throw error(at + [.key("frame")], "missing: give frame [x, y, width, height] or leading|trailing, top, width, height") }
        var viewType = SceneViewType.auto
        if let name = try text(object, at + [.key("viewType")]) {
            guard let value = SceneViewType(rawValue: name) else {
                throw error(at + [.key("viewType")], "expected one of \(SceneViewType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            viewType = value
        }
        return SceneNode(frame: frame, viewType: viewType, content: try content(type, object, at, locale: locale))
    }

    private func content(_ type: String, _ object: [String: Any], _ at: Path, locale: LocaleTag) throws(BidiRenderError) -> SceneNode.Content {
        switch type {
        case "group":
            guard let list = (object["children"] ?? [Any]()) as? [Any] else { throw error(at + [.key("children")], "expected an array of nodes") }
            var children: [SceneNode] = []
            for (i, item) in list.enumerated() {
                let path = at + [.key("children"), .index(i)]
                guard let child = item as? [String: Any] else { throw error(path, "expected a node object") }
                children.append(try node(child, path, locale: locale))
            }
            return .group(children)
        case "text":
            return try textContent(object, at, locale: locale)
        case "image":
            guard let name = try text(object, at + [.key("file")]) else { throw error(at + [.key("file")], "missing: the PNG file") }
            // A NUL ended the path libc opened ("x\u0000y.png" opened "x"): no control character.
            guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw error(at + [.key("file")], "a file name cannot hold a control character")
            }
            let mode = try text(object, at + [.key("contentMode")]).map { (m) throws(BidiRenderError) in
                guard let mode = SceneContentMode(rawValue: m) else { throw error(at + [.key("contentMode")], "expected \"fill\" or \"aspectFit\"") }
                return mode
            } ?? .fill
            return .image(try image(name, at + [.key("file")]), name: try text(object, at + [.key("name")]) ?? "", mode: mode)
        default:
            return .rect(
                color: try color(object, at + [.key("color")]) ?? .transparent,
                cornerRadius: try number(object, at + [.key("cornerRadius")], in: 0...100_000, required: false) ?? 0,
                borderWidth: try number(object, at + [.key("borderWidth")], in: 0...100_000, required: false) ?? 0,
                borderColor: try color(object, at + [.key("borderColor")]) ?? .black)
        }
    }

    /// A PNG file (relative to the scene's folder, inside it unless allowed) decoded by libpng, or
    /// the same file decoded before (SceneFiles.swift); a refusal is placed at the node's key `at`.
    private func image(_ name: String, _ at: Path) throws(BidiRenderError) -> RGBAImage {
        switch files.image(name) {
        case .success(let image): return image
        case .failure(.atKey(let reason)): throw error(at, reason)
        case .failure(.error(let error)): throw error
        }
    }

    /// `frame: [x, y, w, h]`, or `leading`|`trailing` with `top`, `width`, `height`.
    private func frame(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> SceneFrame? {
        if let value = object["frame"] {
            let numbers = (value as? [Any])?.compactMap(jsonNumber) ?? []
            guard numbers.count == 4, (value as? [Any])?.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] >= 0, numbers[3] >= 0 else {
                throw error(at + [.key("frame")], "expected 4 numbers [x, y, width, height], width and height not negative")
            }
            // The range of the other lengths (leading, top, width…): a frame of 1e300 overflowed
            // when nested, and a text frame's width reached layout unplaced.
            guard numbers.allSatisfy({ abs($0) <= 100_000 }) else {
                throw error(at + [.key("frame")], "each number must be from -100000 to 100000 px (width and height from 0)")
            }
            for key in ["leading", "trailing", "top", "width", "height"] where object[key] != nil {
                throw error(at + [.key(key)], "give either frame or leading/trailing, not both")
            }
            return .absolute(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        let leading = try number(object, at + [.key("leading")], in: -100_000...100_000, required: false)
        let trailing = try number(object, at + [.key("trailing")], in: -100_000...100_000, required: false)
        if leading == nil, trailing == nil {
            for key in ["top", "width", "height"] where object[key] != nil {
                throw error(at + [.key("leading")], "missing: \(key) needs leading or trailing")
            }
            return nil
        }
        if leading != nil, trailing != nil { throw error(at + [.key("trailing")], "give leading or trailing, not both (the width is fixed)") }
        let top = try number(object, at + [.key("top")], in: -100_000...100_000)!  // no-trap: required: returns or throws
        let width = try number(object, at + [.key("width")], in: 0...100_000)!  // no-trap: as above
        let height = try number(object, at + [.key("height")], in: 0...100_000)!  // no-trap: as above
        if let leading { return .leading(leading, top: top, width: width, height: height) }
        return .trailing(trailing!, top: top, width: width, height: height)  // no-trap: leading or trailing is set (checked above)
    }

    /// Refuses keys other than `allowed`.
    func known(_ object: [String: Any], _ at: Path, _ allowed: [String]) throws(BidiRenderError) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw error(at + [.key(key)], "unknown key (known: \(allowed.joined(separator: ", ")))")
        }
    }

    /// A JSON number; booleans (an NSNumber subclass in Foundation) are not numbers.
    func jsonNumber(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, type(of: number) == NSNumber.self else { return nil }
        return number.doubleValue
    }

    func number(_ object: [String: Any], _ at: Path, in range: ClosedRange<Double>, required: Bool = true) throws(BidiRenderError) -> Double? {
        guard case .key(let key) = at.last, let value = object[key] else {
            if required { throw error(at, "missing: a number from \(JSONText.number(range.lowerBound)) to \(JSONText.number(range.upperBound))") }
            return nil
        }
        guard let n = jsonNumber(value), range.contains(n) else {
            throw error(at, "expected a number from \(JSONText.number(range.lowerBound)) to \(JSONText.number(range.upperBound))")
        }
        return n
    }

    func text(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> String? {
        guard case .key(let key) = at.last, let value = object[key] else { return nil }
        guard let string = value as? String else { throw error(at, "expected a string") }
        return string
    }

    func color(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> RGBAColor? {
        guard let value = try text(object, at) else { return nil }
        guard let color = RGBAColor(parsing: value) else { throw error(at, "expected #RRGGBB, #RRGGBBAA, #RGB, #RGBA or transparent") }
        return color
    }

    func localeTag(_ object: [String: Any], _ at: Path) throws(BidiRenderError) -> LocaleTag? {
        guard let value = try text(object, at) else { return nil }
        do {
            return value == "default" ? LocaleTag(value) : try LocaleTag(validating: value)
        } catch {
            throw self.error(at, error.description)
        }
    }
}

extension FileManager {
    /// Whether `path` is a folder (symlinks followed).
    fileprivate func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
