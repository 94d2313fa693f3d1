// JSONLFuzzer: feeds arbitrary bytes to the CLI's JSON Lines reader as a `--jsonl` input. Each line
// goes the way the CLI takes it: strict UTF-8 decoding and JSONSerialization
// (`JSONLines.decode`), then the layout fields (`LayoutOptionsGroup.options(from:)`) and the reorder
// fields (`ReorderCommand.reorderWork`). Each must succeed or fail with a LineError that says
// something; never crash or trap. The whole input then goes through `JSONLines.process` (one job,
// the reorder command's prepare and run), which must write exactly one compact document per
// non-blank input line, in order: a `{"paragraphs":…}` document or `{"error":…,"line":n}`.
//
// The CLI is an executable target, so its sources are compiled again here as the library target
// BidiRenderCLICore (a symlink to Sources/bidirender, without its @main file); a debug build allows
// the testable import of its internal types.
import ArgumentParser
import BidiRender
@testable import BidiRenderCLICore

/// The command line's defaults, as `layout --jsonl` and `reorder --jsonl` start from them.
nonisolated(unsafe) let layoutDefaults = try! LayoutOptionsGroup.parse([])
nonisolated(unsafe) let directionDefaults = try! DirectionOptions.parse([])

/// The non-blank lines of `bytes` (LF or CR LF; a line of spaces and tabs is blank), counted
/// independently of `JSONLines.split`: their 1-based numbers and byte ranges.
func nonBlankLines(_ bytes: [UInt8]) -> [(number: Int, range: Range<Int>)] {
    var lines: [(number: Int, range: Range<Int>)] = []
    var number = 0
    var start = 0
    while start < bytes.count {
        number += 1
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        let next = end + 1
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 }) { lines.append((number, start..<end)) }
        start = next
    }
    return lines
}

func check(_ error: LineError, _ what: String, _ line: Int) {
    precondition(!error.message.isEmpty, "\(what) of line \(line) failed with an empty message")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = nonBlankLines(bytes)
    let split = JSONLines.split(bytes)
    precondition(
        split.map(\.number) == lines.map(\.number) && split.map(\.range) == lines.map(\.range),
        "JSONLines.split found \(split.count) lines, not the \(lines.count) non-blank ones")

    // Each line on its own, the way both commands' `prepare` reads it.
    for line in lines {
        let object: [String: Any]
        switch JSONLines.decode(bytes[line.range], source: "fuzz.jsonl", offset: line.range.lowerBound) {
        case .success(let value): object = value
        case .failure(let error):
            check(error, "decoding", line.number)
            continue
        }
        do {
            let (options, spans) = try layoutDefaults.options(from: object)
            _ = (options, spans)
        } catch {
            check(error, "options(from:)", line.number)
        }
        do {
            let work = try ReorderCommand.reorderWork(object, default: directionDefaults)
            _ = work
        } catch {
            check(error, "reorderWork", line.number)
        }
    }

    // The whole input through the windowed reader, as `reorder --jsonl --jobs 1` runs it.
    var out = ""
    do {
        try JSONLines.process(
            bytes, source: "fuzz.jsonl", jobs: 1, into: &out,
            prepare: { object in try ReorderCommand.reorderWork(object, default: directionDefaults) },
            run: { work in
                ReorderCommand.jsonDocument(BidiText(work.text, direction: work.direction, engine: work.engine))
            })
    } catch let exit as ExitCode {
        precondition(exit == ExitCode(1), "process exited with \(exit)")
    } catch {
        preconditionFailure("process threw \(error), not ExitCode(1)")
    }
    precondition(out.isEmpty || out.hasSuffix("\n"), "the output does not end with a newline")
    let documents = out.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    precondition(
        documents.count == lines.count,
        "\(lines.count) non-blank input line(s) gave \(documents.count) output line(s)")
    for (document, line) in zip(documents, lines) {
        if document.hasPrefix("{\"error\":") {
            precondition(document.hasSuffix(",\"line\":\(line.number)}"), "an error document names the wrong line: \(document)")
            precondition(!document.hasPrefix("{\"error\":\"\","), "an error document with an empty message")
        } else {
            precondition(document.hasPrefix("{\"paragraphs\":["), "neither a document nor an error: \(document)")
        }
    }
    return 0
}
