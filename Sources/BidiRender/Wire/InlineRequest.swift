// InlineRequest: an inline box as a request gives it — the command line's repeatable
// `--inline START:END:WxH[:ALIGN][:offset=PX][:id=ID][:image=FILE]` and a `--jsonl` line's or a
// scene text node's "inlines" (an array of the same strings) — as a span with its `InlineBox`, and
// the image files the boxes name, read from inside their folder.

import Foundation

/// An inline box read from a request: its span and the image file it names (drawn by `render` and
/// `bubble`; a layout only reports the box).
package struct InlineRequest: Sendable {
    /// The span: the range, the box, and the id (`id=`, else the image's path, else none).
    package var span: TextSpan
    /// The image file, as written (relative to the request's folder).
    package var image: String?

    /// The syntax, for messages and help.
    package static let syntax = "START:END:WxH[:ALIGN][:offset=PX][:id=ID][:image=FILE]"

    /// A request's "inlines": an array of `syntax` strings, or absent for none.
    static func inlines(_ object: [String: Any]) throws(WireError) -> [InlineRequest] {
        guard let value = WireFields.value(object, "inlines") else { return [] }
        guard let list = value as? [Any], let strings = list as? [String] else {
            throw WireError("\"inlines\" must be an array of strings \(syntax)", at: [.key("inlines")])
        }
        var requests: [InlineRequest] = []
        for (i, string) in strings.enumerated() {
            do {
                requests.append(try parse(string, name: "inlines[\(i)]"))
            } catch {
                throw WireError(error.message, at: [.key("inlines"), .index(i)])
            }
        }
        return requests
    }

    /// One `START:END:WxH[:ALIGN][:offset=PX][:id=ID][:image=FILE]` (everything after `image=` is
    /// the path, colons included); errors name the box (`name`: "--inline 2", "inlines[0]").
    package static func parse(_ argument: String, name: String) throws(WireError) -> InlineRequest {
        var head = Substring(argument)
        var image: String?
        if let marker = argument.range(of: ":image=") {
            image = String(argument[marker.upperBound...])
            head = argument[..<marker.lowerBound]
            guard image?.isEmpty == false else { throw WireError(message: "\(name): image= needs a file") }
        }
        let parts = head.split(separator: ":", omittingEmptySubsequences: false)
        let bad = WireError(message: "\(name) (\"\(argument)\") must be \(syntax) with code point offsets START < END")
        guard parts.count >= 3, let start = Int(parts[0]), let end = Int(parts[1]),
            SpanRequest.offsets.contains(start), SpanRequest.offsets.contains(end), start < end
        else { throw bad }
        let size = parts[2].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = WireNumber.double(size[0]), let height = WireNumber.double(size[1]) else {
            throw WireError(message: "\(name): the size \"\(parts[2])\" must be WIDTHxHEIGHT in px (24x24)")
        }
        var box = InlineBox(width: width, height: height)
        var id: String?
        for part in parts.dropFirst(3) {
            if let alignment = InlineBox.Alignment(rawValue: String(part)) {
                box.alignment = alignment
            } else if part.hasPrefix("offset=") {
                guard let offset = WireNumber.double(part.dropFirst(7)) else {
                    throw WireError(message: "\(name): offset= must be a number of px")
                }
                box.baselineOffset = offset
            } else if part.hasPrefix("id=") {
                id = String(part.dropFirst(3))
            } else {
                let names = InlineBox.Alignment.allCases.map(\.rawValue).joined(separator: "|")
                throw WireError(message: "\(name): \"\(part)\" is not an alignment (\(names)), offset=PX, id=ID or image=FILE")
            }
        }
        do {
            try box.validate(key: name)
        } catch {
            throw WireError(message: error.description)
        }
        return InlineRequest(span: TextSpan(range: start..<end, id: id ?? image, inlineBox: box), image: image)
    }

    /// The images `requests` name, decoded, by their boxes' ids: each a PNG inside `folder` after
    /// symlinks are resolved (never outside it), at most `ImageLimits.maximumPixels` in all.
    /// - Throws: `.invalidValue` naming the box's key for a path outside the folder or not a
    ///   regular file; `.unreadable` for a missing one; `.renderFailure` for a PNG libpng refuses.
    package static func images(
        _ requests: [InlineRequest], folder: String, names: (Int) -> String
    ) throws(BidiRenderError) -> [String: RGBAImage] {
        let files = SceneFiles(
            folder: folder, allowsPathsOutsideFolder: false, pixelBudget: ImageLimits.maximumPixels,
            outsideReason: "not an image file inside the folder \(folder)")
        var images: [String: RGBAImage] = [:]
        for (i, request) in requests.enumerated() {
            guard let file = request.image, let id = request.span.id else { continue }
            switch files.image(file) {
            case .success(let image): images[id] = image
            case .failure(.atKey(let reason)): throw .invalidValue(key: names(i), value: file, reason: reason)
            case .failure(.error(let error)): throw error
            }
        }
        return images
    }
}
