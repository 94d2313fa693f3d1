// QueryFuzzer: `bidirender query` on arbitrary bytes. The input is split at NUL bytes: the first
// piece is the text (at most 4 KB), the others are the command line's arguments (queries, their
// values, layout options, "--"), with --text-file and --fonts left out (no file is read) and
// --no-system-fonts added. The command line is parsed as the CLI parses it (`QueryCommand.parse`,
// which places the text among the queries), then run with the text given after "--" unless the
// arguments hold one. It is answered on one engine kept for every run (`QueryCommand.document`, what
// `execute` writes once it has the fonts and the text). Each run must either fail with a message
// that says something (a usage error or a query the layout cannot answer) or give one
// {"queries":[…]} document with one answer per query, in order; never crash or trap.
//
// The CLI is an executable target, so its sources are compiled again here as the library target
// BidiRenderCLICore (a symlink to Sources/bidirender, without its @main file); a debug build allows
// the testable import of its internal types.
import ArgumentParser
import BidiRender
import Foundation
@testable import BidiRenderCLICore

/// One engine on the embedded fonts for every run (`execute` would load the fonts each time; the
/// layout options come with each command).
nonisolated(unsafe) let engine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    guard let text = pieces.first, text.utf8.count <= 4096 else { return 0 }
    let arguments = pieces.dropFirst().filter { !$0.hasPrefix("--text-file") && !$0.hasPrefix("--fonts") && !$0.hasPrefix("--system-fonts") }
    var command: QueryCommand
    do {
        command = try QueryCommand.parse(Array(arguments) + ["--no-system-fonts"])
    } catch {
        precondition(!QueryCommand.message(for: error).isEmpty, "a usage error without a message")
        return 0
    }
    // The text: the one the arguments hold, or else the input's, after "--" (never standard input).
    if (try? command.text) == nil {
        do {
            command = try QueryCommand.parse(Array(arguments) + ["--no-system-fonts", "--", text])
        } catch {
            precondition(!QueryCommand.message(for: error).isEmpty, "a usage error without a message")
            return 0
        }
    }
    let out: String
    do {
        out = try command.document(for: (try? command.text) ?? text, engine: engine)
    } catch {
        precondition(!"\(error)".isEmpty, "a query failed without a message")
        return 0
    }
    let queries = (try? command.queries) ?? []
    guard let document = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any],
        let answers = document["queries"] as? [Any]
    else { preconditionFailure("not a {\"queries\":[…]} document: \(out)") }
    precondition(answers.count == queries.count, "\(queries.count) queries, \(answers.count) answers")
    precondition(out.hasSuffix("}\n"), "the document does not end in a newline")
    return 0
}
