// SpanOptions: the repeatable `--span START:END:key=value,…` and `--inline START:END:WxH[:…]` of
// `layout`, `render`, `query` and `bubble`, read by the library's `SpanRequest` and `InlineRequest`
// (the schemas of a JSON line's "spans" and "inlines", written as text).
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct SpanOptions: ParsableArguments {
    @Option(
        name: .customLong("span"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Attributes over code points [START, END): key=value pairs, comma-separated; repeatable, a later span wins.",
            discussion: """
                Keys: weight (1…1000 or a name: thin … black), style (normal|italic), locale (BCP 47), \
                entity (mention|url|email|phone|hashtag: isolated as one unit, whatever --isolate says; \
                mention=true is its old spelling; spoiler: the text hidden, its run drawn as a block), \
                spoiler=true (entity=spoiler), id (the entity's id, as the caller knows it), color and background (#RRGGBB[AA]), underline and strikethrough \
                (true|false), size (px, 0.1…10000), features (OpenType features in HarfBuzz's syntax; \
                the items after features= that are not key=value pairs of the keys above are more features: \
                features=tnum,-liga,ss01=1).
                """,
            valueName: "START:END:key=value,…"))
    var spanArguments: [String] = []

    @Option(
        name: .customLong("inline"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "An inline box (custom emoji, avatar) of W×H px in place of code points [START, END); repeatable.",
            discussion: """
                ALIGN: baseline (the default; offset=PX: its top's distance above the baseline), middle, top, \
                bottom, text-top or text-bottom. id=ID names it in the JSON ("inlines", and "entities" with kind \
                inline). image=FILE (the rest of the value, a PNG inside the current folder) is drawn into it by \
                render and bubble -o, scaled to fit; its id is then the file's name unless id= gives one.
                """,
            valueName: "START:END:WxH[:ALIGN][:offset=PX][:id=ID][:image=FILE]"))
    var inlineArguments: [String] = []

    func validate() throws {
        _ = try spans
    }

    /// The inline boxes, in order; a bad one throws a ValidationError naming it (`--inline 2`).
    var inlines: [InlineRequest] {
        get throws {
            var requests: [InlineRequest] = []
            for (i, argument) in inlineArguments.enumerated() {
                do {
                    requests.append(try InlineRequest.parse(argument, name: "--inline \(i + 1)"))
                } catch {
                    throw ValidationError(error.message)
                }
            }
            return requests
        }
    }

    /// The images of the inline boxes, read from inside the current folder.
    func inlineImages() throws -> [String: RGBAImage] {
        let requests = try inlines
        guard requests.contains(where: { $0.image != nil }) else { return [:] }
        return try InlineRequest.images(
            requests, folder: FileManager.default.currentDirectoryPath, names: { "--inline \($0 + 1)" })
    }

    /// The spans, in order; a bad one throws a ValidationError naming it (`--span 2`) and its key.
    var spans: [TextSpan] {
        get throws {
            var spans: [TextSpan] = []
            for (i, argument) in spanArguments.enumerated() {
                do {
                    spans.append(try SpanRequest.span(parsing: argument, name: "--span \(i + 1)"))
                } catch {
                    throw ValidationError(error.message)
                }
            }
            return spans + (try inlines.map(\.span))
        }
    }

    /// `spans` checked against `text`: a range past its end, an empty or overlapping box is an error
    /// (the text's, exit 1) naming the option (`--inline 1`), not the library's joined list
    /// (`spans[2]`).
    func spans(for text: String) throws -> [TextSpan] {
        let spans = try spans
        try SpanRequest.check(
            spans, spanCount: spanArguments.count, in: text, name: { "--span \($0 + 1)" },
            inlineName: { "--inline \($0 + 1)" })
        return spans
    }
}
