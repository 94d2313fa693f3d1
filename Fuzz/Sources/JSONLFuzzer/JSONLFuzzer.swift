// JSONLFuzzer: feeds arbitrary bytes to the library's JSON Lines reader as a `--jsonl` input. The
// lines are read by `LineReader` with a small line limit (the input's first byte picks it, 8 to 263
// bytes), and must be the non-blank lines counted independently here, a line past the limit failing
// with its number and length. Each line goes the way the CLI takes it: strict UTF-8 decoding,
// StrictJSON (syntax errors with their byte offset, duplicate keys) and JSONSerialization, the keys
// checked (`JSONLines.decode`), then the layout request (`LayoutRequest.options`, over the command
// line's defaults), the reorder request (`ReorderRequest`) and, decoded with its own keys, the segment
// request (`SegmentRequest`) and its boundaries. Each must succeed or fail with a
// WireError that says something; never crash or trap. A decoded line given one of its keys again
// (spelt with an escape) must fail naming the duplicate key. The whole input then goes through
// `JSONLines.process` (one job and two, as `reorder --jsonl` runs it), which must write exactly one
// compact document per non-blank input line, in order: a `{"paragraphs":…}` document or
// `{"error":…,"line":n}`, and count the error documents as failed lines.
//
// The fuzzer links the library only: the wire format the CLI calls is `@_spi(Tools)`.
@_spi(Tools) @testable import BidiRender
import Foundation

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

func check(_ error: WireError, _ what: String, _ line: Int) {
    precondition(!error.message.isEmpty, "\(what) of line \(line) failed with an empty message")
}

/// One decoded line's checks: its first key given again must be refused, and the layout and
/// reorder requests must decode or fail with a message.
func checkRequests(_ object: [String: Any], content: [UInt8], line number: Int) {
    precondition(object.keys.allSatisfy(LayoutRequest.lineKeys.contains), "an unknown key got through")
    // The same line with its first key again, its first letter escaped, before the closing brace.
    if let key = object.keys.sorted().first, let close = content.lastIndex(of: UInt8(ascii: "}")) {
        let scalar = key.unicodeScalars.first!.value
        let escaped = "\\u" + String(format: "%04x", scalar) + String(key.unicodeScalars.dropFirst())
        let extra = Array(((object.count > 0 ? "," : "") + "\"\(escaped)\":null").utf8)
        let twice = Array(content[..<close]) + extra + Array(content[close...])
        if case .success = JSONLines.decode(twice[...], source: "fuzz.jsonl", offset: 0, keys: LayoutRequest.lineKeys) {
            preconditionFailure("a line with \"\(key)\" twice was taken: \(String(decoding: twice, as: UTF8.self))")
        }
    }
    do {
        let (options, spans) = try LayoutRequest.options(object, base: LayoutOptions(), direction: DirectionRequest())
        _ = (options, spans)
    } catch {
        check(error, "LayoutRequest.options", number)
    }
    do {
        _ = try ReorderRequest(object, direction: DirectionRequest(), engine: .native)
    } catch {
        check(error, "ReorderRequest", number)
    }
}

/// Each line as a `segment --jsonl` request: decoded with its own keys, then its boundaries, whose
/// last must be the text's length.
func checkSegmentRequests(_ lines: [(number: Int, range: Range<Int>)], _ read: [InputLine]) {
    for (line, got) in zip(lines, read) {
        guard case .success(let content) = got.content else { continue }
        switch JSONLines.decode(content[...], source: "fuzz.jsonl", offset: line.range.lowerBound, keys: SegmentRequest.lineKeys) {
        case .success(let object):
            do {
                let request = try SegmentRequest(object, unit: .grapheme, locale: "default")
                let found = try segmenter.boundaries(in: request.text, by: request.unit, locale: request.locale)
                precondition(found.last == (request.text.isEmpty ? nil : request.text.unicodeScalars.count), "segment's last boundary")
            } catch let error as WireError {
                check(error, "SegmentRequest", line.number)
            } catch {
                preconditionFailure("segment failed on a decoded line: \(error)")
            }
        case .failure(let error): check(error, "decoding for segment", line.number)
        }
    }
}

/// The engine `segment --jsonl` lines run on, shared by every input like a server's.
let segmenter: LayoutEngine = LayoutEngine(registry: try! FontRegistry.embedded(systemFallback: false))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = all.first else { return 0 }
    let limit = 8 + Int(first)
    let bytes = Array(all.dropFirst())
    let lines = nonBlankLines(bytes)
    let reader = LineReader(bytes: bytes, source: "fuzz.jsonl", limit: limit)
    var read: [InputLine] = []
    do {
        while let line = try reader.next() { read.append(line) }
    } catch {
        preconditionFailure("reading bytes in memory failed: \(error)")
    }
    precondition(
        read.map(\.number) == lines.map(\.number) && read.map(\.offset) == lines.map(\.range.lowerBound),
        "LineReader found lines \(read.map(\.number)), not the non-blank ones \(lines.map(\.number))")
    precondition(reader.peakLineBytes <= limit + 1, "the reader held \(reader.peakLineBytes) bytes of a line, past \(limit)")

    // Each line on its own, the way both commands' `prepare` reads it.
    for (line, got) in zip(lines, read) {
        let content: [UInt8]
        switch got.content {
        case .success(let value):
            precondition(value[...] == bytes[line.range], "line \(line.number) was read as other bytes")
            content = value
        case .failure(let error):
            precondition(line.range.count > limit, "line \(line.number) of \(line.range.count) bytes refused under the limit")
            precondition(error.message.hasPrefix("line \(line.number) is "), "a long line's error: \(error.message)")
            continue
        }
        precondition(line.range.count <= limit, "line \(line.number) of \(line.range.count) bytes kept past the limit \(limit)")
        let object: [String: Any]
        switch JSONLines.decode(content[...], source: "fuzz.jsonl", offset: line.range.lowerBound, keys: LayoutRequest.lineKeys) {
        case .success(let value): object = value
        case .failure(let error):
            check(error, "decoding", line.number)
            continue
        }
        checkRequests(object, content: content, line: line.number)
    }
    checkSegmentRequests(lines, read)

    // The whole input through the reader and the window, as `reorder --jsonl --jobs N` runs it.
    func output(jobs: Int) -> String {
        var out = ""
        let outcome = JSONLines.process(
            LineReader(bytes: bytes, source: "fuzz.jsonl", limit: limit), jobs: jobs, keys: ReorderRequest.lineKeys,
            into: &out, windowLines: 3, windowBytes: 4096,
            prepare: { object in try ReorderRequest(object, direction: DirectionRequest(), engine: .native) },
            run: { work in BidiText(work.text, direction: work.direction, engine: work.engine).jsonDocument })
        precondition(outcome.readError == nil, "reading bytes in memory failed: \(String(describing: outcome.readError))")
        let errors = out.split(separator: "\n").filter { $0.hasPrefix("{\"error\":") }.count
        precondition(outcome.failed == errors, "\(outcome.failed) failed lines, \(errors) error documents")
        return out
    }
    let out = output(jobs: 1)
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
    precondition(output(jobs: 2) == out, "two jobs wrote other lines than one")
    return 0
}
