// FontManifest: the fonts.json contract — per-locale font packages with fonts by weight and style, and
// the scripts that always use one package — parsed with errors that name the file, line and key.
//
// Format (Fonts/README.md documents it; fields may be added):
//   {"packages": [{"locale": "ar", "fonts": [{"weight": 300 | "light", "style": "normal" | "italic",
//                                            "file": "relative/path.ttf", "index": 0}, …],
//                 "italic": "synthesize" | "upright" | {"weight": 500}}, …],
//    "scripts": {"Hani": "zh-Hans"}}
// `weight` (a number 1–1000 or a name, or a range "100 900" for a variable face; ItalicPolicy.swift)
// and `file` are required; a package's `italic` defaults to synthesize; `style` defaults to normal and
// `index` (the face in a collection, 0–65535) to 0. Paths are relative to the manifest's folder, and
// font files must be regular files inside it unless the caller allows others (ManifestFiles.swift).
// The JSON is read strictly (StrictJSON.swift): no trailing commas, no duplicate keys. A package
// has at most one font per weight and style.

import Foundation

/// One font of a package.
package struct ManifestFont: Sendable, Hashable {
    /// The weight; for a variable face, the lowest of `variableWeights`.
    package var weight: FontWeight
    /// For a variable face (`"weight": "100 900"`), the weights it serves through its `wght` axis;
    /// nil for a static face.
    package var variableWeights: ClosedRange<FontWeight>? = nil
    /// Upright or italic (`"style"`, normal when left out).
    package var style: FontStyle
    /// Absolute path of the font file.
    package var file: String
    /// The path as the manifest wrote it.
    var relativeFile: String
    /// Face index in a collection.
    package var index: Int
    /// Where the manifest names it: the line of its "file" and its key path ("packages[0].fonts[1]").
    var line = 0
    var keyPath = ""
}

/// A locale's font package.
package struct FontPackage: Sendable, Hashable {
    /// The normalized locale tag, or "default".
    package var locale: String
    /// The package's fonts, at most one per weight and style.
    package var fonts: [ManifestFont]
    /// What italic gives when the package has no italic face (`"italic"`, default synthesize).
    package var italic: ItalicPolicy = .synthesize
    /// Scripts (ISO 15924) the package serves for its own locale ahead of the manifest's `scripts`
    /// (`"scripts": ["Arab"]` on `ur`: Urdu's Arabic script in Nastaliq). Empty by default.
    package var scripts: [String] = []
}

/// A parsed fonts.json.
package struct FontManifest: Sendable, Hashable {
    /// Where it was read from.
    package var path: String
    /// The packages in the manifest's order, one per locale ("default" among them).
    package var packages: [FontPackage]
    /// ISO 15924 script tag → the locale of the package that always serves it.
    package var scripts: [String: String]

    /// Reads and validates the manifest at `path` (a regular file of at most 16 MB). Every font file
    /// it names must be a regular file inside the manifest's folder (symlinks resolved);
    /// `allowsPathsOutsideFolder` lifts the folder rule for a trusted manifest.
    /// - Throws: `BidiRenderError.manifest` naming the file, line and key path of the problem. A path
    ///   outside the folder gets "not a font file inside the manifest folder" whether or not it exists.
    package init(contentsOf path: String, allowsPathsOutsideFolder: Bool = false) throws(BidiRenderError) {
        try self.init(data: ManifestFiles.readManifest(path), path: path, allowsPathsOutsideFolder: allowsPathsOutsideFolder)
    }

    /// Parses manifest bytes; `path` names the file in errors and anchors relative font paths. The
    /// font files are checked as `init(contentsOf:allowsPathsOutsideFolder:)` says.
    package init(data bytes: [UInt8], path: String, allowsPathsOutsideFolder: Bool = false) throws(BidiRenderError) {
        self.path = path
        let parser = ManifestParser(bytes: bytes, path: path)
        let root = try parser.root()
        let baseDirectory = (path as NSString).deletingLastPathComponent
        var packages: [FontPackage] = []
        let packageList = try parser.array(root, [.key("packages")], required: true) ?? []
        for (i, item) in packageList.enumerated() {
            let at: [JSONPathComponent] = [.key("packages"), .index(i)]
            let object = try parser.object(item, at)
            let locale = try parser.string(object, at + [.key("locale")], required: true)!  // no-trap: required: true throws when the key is missing
            let fontList = try parser.array(object, at + [.key("fonts")], required: true)!  // no-trap: required: true throws when the key is missing
            if fontList.isEmpty { throw parser.error(at + [.key("fonts")], "a package needs at least one font") }
            var fonts: [ManifestFont] = []
            for (j, fontItem) in fontList.enumerated() {
                let fat = at + [.key("fonts"), .index(j)]
                let font = try parser.object(fontItem, fat)
                let weights = try parser.weights(font, fat + [.key("weight")])
                let weight = weights.lowerBound
                let style = try parser.style(font, fat + [.key("style")])
                let file = try parser.string(font, fat + [.key("file")], required: true)!  // no-trap: required: true throws when the key is missing
                let index = try parser.integer(font, fat + [.key("index")], in: 0...0xFFFF, what: "a face in a collection") ?? 0
                let absolute: String
                switch ManifestFiles.fontPath(file, directory: baseDirectory, allowsOutside: allowsPathsOutsideFolder) {
                case .success(let path): absolute = path
                case .failure(let failure): throw parser.error(fat + [.key("file")], failure.reason)
                }
                if let other = fonts.firstIndex(where: { $0.weights.overlaps(weights) && $0.style == style }) {
                    throw parser.error(fat, "a second \(style.rawValue) \(weight.value) font in the package (fonts[\(other)] is one)")
                }
                var entry = ManifestFont(weight: weight, style: style, file: absolute, relativeFile: file, index: index)
                if weights.lowerBound != weights.upperBound { entry.variableWeights = weights }
                entry.line = JSONLocator.line(of: fat + [.key("file")], in: bytes)
                entry.keyPath = fat.dotted
                fonts.append(entry)
            }
            let tag = try parser.locale(locale, at + [.key("locale")])
            if packages.contains(where: { $0.locale == tag }) {
                throw parser.error(at + [.key("locale")], "a second package for locale \"\(tag)\"")
            }
            var package = FontPackage(locale: tag, fonts: fonts)
            package.italic = try parser.italic(object, at + [.key("italic")])
            package.scripts = try parser.scriptList(object, at + [.key("scripts")])
            packages.append(package)
        }
        if packages.isEmpty { throw parser.error([.key("packages")], "needs at least one package") }
        var scripts: [String: String] = [:]
        if let map = root["scripts"] {
            guard let map = map as? [String: Any] else {
                throw parser.error([.key("scripts")], "must be an object of script → locale")
            }
            for (script, value) in map {
                let at: [JSONPathComponent] = [.key("scripts"), .key(script)]
                guard let locale = value as? String else { throw parser.error(at, "must be a string (a package's locale)") }
                let tag = try parser.locale(locale, at)
                guard packages.contains(where: { $0.locale == tag }) else {
                    throw parser.error(at, "no package has locale \"\(tag)\"")
                }
                guard script.count == 4, script.allSatisfy(\.isLetter) else {
                    throw parser.error(at, "\"\(script)\" is not an ISO 15924 script tag (like \"Hani\")")
                }
                scripts[script.prefix(1).uppercased() + script.dropFirst().lowercased()] = tag
            }
        }
        self.packages = packages
        self.scripts = scripts
    }

    /// The package of a normalized locale tag, or nil.
    package func package(_ locale: String) -> FontPackage? {
        packages.first { $0.locale == locale }
    }
}

/// The typed reads of a manifest, each failing with the file, line and key path.
struct ManifestParser {
    let bytes: [UInt8]
    let path: String

    func error(_ at: [JSONPathComponent], _ reason: String) -> BidiRenderError {
        .manifest(file: path, line: JSONLocator.line(of: at, in: bytes), key: at.dotted, reason: reason)
    }

    func root() throws(BidiRenderError) -> [String: Any] {
        // Strict first: Foundation takes trailing commas and duplicate keys without a word.
        do {
            try StrictJSON.validate(bytes)
        } catch {
            let reason = error.path.isEmpty && !error.reason.hasPrefix("duplicate")
                ? "not valid JSON: \(error.reason) (column \(error.column))"
                : "\(error.reason) (column \(error.column))"
            throw .manifest(file: path, line: error.line, key: error.path.dotted, reason: reason)
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            // Foundation says "around character N" (a byte offset); turn it into a line.
            let detail = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            var line = 0
            if let range = detail.range(of: #"character (\d+)"#, options: .regularExpression),
                let offset = Int(detail[range].dropFirst("character ".count))
            {
                line = JSONLocator.line(ofOffset: offset, in: bytes)
            }
            throw .manifest(file: path, line: line, key: "", reason: "not valid JSON: \(detail)")
        }
        guard let object = value as? [String: Any] else {
            throw .manifest(file: path, line: 1, key: "", reason: "the top level must be a JSON object")
        }
        return object
    }

    /// A package's locale, normalized: "default" or a BCP 47 tag (`LocaleTag(validating:)`).
    func locale(_ tag: String, _ at: [JSONPathComponent]) throws(BidiRenderError) -> String {
        if tag == "default" { return tag }
        do {
            return try LocaleTag(validating: tag).normalized
        } catch {
            guard case .invalidValue(_, _, let reason) = error else { throw error }
            throw self.error(at, reason)
        }
    }

    func object(_ value: Any, _ at: [JSONPathComponent]) throws(BidiRenderError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw error(at, "must be an object") }
        return object
    }

    private func field(_ object: [String: Any], _ at: [JSONPathComponent]) -> Any? {
        guard case .key(let key)? = at.last, let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    func array(_ object: [String: Any], _ at: [JSONPathComponent], required: Bool) throws(BidiRenderError) -> [Any]? {
        guard let value = field(object, at) else {
            if required { throw error(at, "missing (an array is required)") }
            return nil
        }
        guard let array = value as? [Any] else { throw error(at, "must be an array") }
        return array
    }

    func string(_ object: [String: Any], _ at: [JSONPathComponent], required: Bool) throws(BidiRenderError) -> String? {
        guard let value = field(object, at) else {
            if required { throw error(at, "missing (a string is required)") }
            return nil
        }
        guard let string = value as? String, !string.isEmpty else { throw error(at, "must be a non-empty string") }
        return string
    }

    /// A whole number in `range`; `what` says what it is in the error.
    func integer(_ object: [String: Any], _ at: [JSONPathComponent], in range: ClosedRange<Int>, what: String) throws(BidiRenderError) -> Int? {
        guard let value = field(object, at) else { return nil }
        guard let number = jsonNumber(value)?.doubleValue, number.rounded() == number,
            number >= Double(range.lowerBound), number <= Double(range.upperBound), let integer = Int(exactly: number)
        else { throw error(at, "must be a whole number from \(range.lowerBound) to \(range.upperBound) (\(what))") }
        return integer
    }

    func weight(_ object: [String: Any], _ at: [JSONPathComponent]) throws(BidiRenderError) -> FontWeight {
        guard let value = field(object, at) else { throw error(at, "missing (a number 1–1000 or a name like \"bold\")") }
        if let name = value as? String {
            guard let weight = FontWeight(parsing: name) else { throw error(at, "unknown weight name \"\(name)\"") }
            return weight
        }
        guard let number = jsonNumber(value)?.doubleValue, number.rounded() == number, let integer = Int(checking: number),
            let weight = FontWeight(integer)
        else { throw error(at, "must be a number from 1 to 1000 or a weight name") }
        return weight
    }

    /// A JSON number; nil for anything else, booleans included (Foundation hands both out as
    /// NSNumber, booleans as a subclass).
    private func jsonNumber(_ value: Any) -> NSNumber? {
        guard let number = value as? NSNumber, type(of: number) == NSNumber.self else { return nil }
        return number
    }

    func style(_ object: [String: Any], _ at: [JSONPathComponent]) throws(BidiRenderError) -> FontStyle {
        guard let value = field(object, at) else { return .normal }
        guard let name = value as? String, let style = FontStyle(rawValue: name.lowercased()) else {
            throw error(at, "must be \"normal\" or \"italic\"")
        }
        return style
    }
}
