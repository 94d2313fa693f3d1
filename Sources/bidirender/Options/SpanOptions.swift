// SpanOptions: the repeatable `--span START:END:key=value,…` of `layout` and `render`, each read by
// the library's `SpanRequest` (the schema of a JSON line's "spans", written as text).
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

struct SpanOptions: ParsableArguments {
    @Option(
        name: .customLong("span"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "Attributes over code points [START, END): key=value pairs, comma-separated; repeatable, a later span wins.",
            discussion: """
                Keys: weight (100…900 or a name), style (normal|italic), locale (BCP 47), \
                entity (mention|url|email|phone|hashtag: isolated as one unit, whatever --isolate says; \
                mention=true is its old spelling), id (the entity's id, as the caller knows it), color and background (#RRGGBB[AA]), underline and strikethrough \
                (true|false), size (px, 0.1…10000), features (OpenType features in HarfBuzz's syntax; \
                the items after features= that are not key=value pairs of the keys above are more features: \
                features=tnum,-liga,ss01=1).
                """,
            valueName: "START:END:key=value,…"))
    var spanArguments: [String] = []

    func validate() throws {
        _ = try spans
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
            return spans
        }
    }
}
