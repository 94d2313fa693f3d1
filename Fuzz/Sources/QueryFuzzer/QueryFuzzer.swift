// QueryFuzzer: `bidirender query`'s queries on arbitrary bytes. The first byte picks one of a few
// sets of layout options; the rest is split at NUL bytes: the first piece is the text (at most 4 KB),
// the others are the arguments that reach the query parser (`LayoutQuery.parse`: the queries, their
// values, "--" and the text among them). The queries are answered on one engine kept for every run
// (`LayoutQuery.document`, what the command writes once it has the fonts and the text), on the
// argument's text if there is one, else the input's. Each run must either fail with a message that
// says something (a malformed query, a second text, a query the layout cannot answer) or give one
// {"queries":[…]} document with one answer per query, in order; never crash or trap.
//
// The fuzzer links the library only: the query parser and its answers are `@_spi(Tools)`.
@_spi(Tools) @testable import BidiRender
import Foundation

/// One engine on the embedded fonts for every run.
let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

/// The layout options a run may take (those of the command lines `--direction rtl`, `--width 50`, …).
let optionSets: [LayoutOptions] = [
    LayoutOptions(), LayoutOptions(direction: .rightToLeft), LayoutOptions(maxWidth: 50),
    LayoutOptions(direction: .rightToLeft, maxWidth: 30, maxLines: 1),
    LayoutOptions(direction: .autoWithFallback(.rightToLeft), bidiEngine: .fribidi),
    LayoutOptions(size: 0.1, lineHeight: .px(24)),
    LayoutOptions(locale: LocaleTag("ar"), maxWidth: 120, alignment: .center, digits: .locale),
    LayoutOptions(isolate: []),
    // Truncated in each mode, the hidden text one grapheme drawn by the ellipsis; an ellipsis
    // against the paragraph's direction.
    LayoutOptions(maxWidth: 60, maxLines: 2, truncation: .start),
    LayoutOptions(direction: .leftToRight, maxWidth: 80, maxLines: 1, truncation: .middle),
    LayoutOptions(direction: .rightToLeft, maxWidth: 90, maxLines: 2, ellipsis: "… Read more"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let pieces = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let text = pieces.first, text.utf8.count <= 4096 else { return 0 }
    let options = optionSets[Int(first) % optionSets.count]
    let argument: String?
    let queries: [LayoutQuery]
    do {
        (argument, queries) = try LayoutQuery.parse(Array(pieces.dropFirst()))
    } catch {
        precondition(!error.message.isEmpty, "a malformed query without a message")
        return 0
    }
    let out: String
    do {
        out = try LayoutQuery.document(queries, for: argument ?? text, options: options, engine: engine)
    } catch {
        precondition(!"\(error)".isEmpty, "a query failed without a message")
        return 0
    }
    guard let document = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
        let answers = document["queries"] as? [Any]
    else { preconditionFailure("not a {\"queries\":[…]} document: \(out)") }
    precondition(answers.count == queries.count, "\(queries.count) queries, \(answers.count) answers")
    precondition(out.hasSuffix("}\n"), "the document does not end in a newline")
    return 0
}
