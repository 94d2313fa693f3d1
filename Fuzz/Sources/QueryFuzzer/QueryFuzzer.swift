// QueryFuzzer: `bidirender query` on arbitrary bytes. The first byte picks one of a few sets of
// layout options (parsed once by ArgumentParser, whose debug-build checks of the command's
// definition would otherwise take the whole time of a run); the rest is split at NUL bytes: the
// first piece is the text (at most 4 KB), the others are the arguments that reach query's own
// parser (`LayoutQuery.parse`: the queries, their values, "--" and the text among them). The
// queries are answered on one engine kept for every run (`QueryCommand.document`, what `execute`
// writes once it has the fonts and the text), on the argument's text if there is one, else the
// input's. Each run must either fail with a message that says something (a malformed query, a
// second text, a query the layout cannot answer) or give one {"queries":[…]} document with one
// answer per query, in order; never crash or trap.
//
// The CLI is an executable target, so its sources are compiled again here as the library target
// BidiRenderCLICore (a symlink to Sources/bidirender, without its @main file); a debug build allows
// the testable import of its internal types.
import ArgumentParser
import BidiRender
import Foundation
@testable import BidiRenderCLICore

/// One engine on the embedded fonts for every run.
nonisolated(unsafe) let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

/// The layout options a run may take, each parsed once.
nonisolated(unsafe) let commands: [QueryCommand] = [
    [], ["--direction", "rtl"], ["--width", "50"], ["--width", "30", "--max-lines", "1", "--direction", "rtl"],
    ["--bidi", "fribidi", "--direction", "auto", "--fallback", "rtl"], ["--size", "0.1", "--line-height", "24px"],
    ["--locale", "ar", "--digits", "locale", "--align", "center", "--width", "120"], ["--mentions", "none", "--isolate", "none"],
].map { try! QueryCommand.parse($0 + ["--no-system-fonts", "--intrinsic"]) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let pieces = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let text = pieces.first, text.utf8.count <= 4096 else { return 0 }
    var command = commands[Int(first) % commands.count]
    command.queryArguments = Array(pieces.dropFirst())
    let argument: String?
    let queries: [LayoutQuery]
    do {
        (argument, queries) = try LayoutQuery.parse(command.queryArguments)
    } catch {
        precondition(!error.message.isEmpty, "a malformed query without a message")
        return 0
    }
    let out: String
    do {
        out = try command.document(for: argument ?? text, engine: engine)
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
