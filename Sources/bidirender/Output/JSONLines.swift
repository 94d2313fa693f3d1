// JSONLines: reads JSON Lines input one line at a time, so a bad line is reported in place and the
// others are still processed.
import ArgumentParser
@_spi(CLI) import BidiRender
import Foundation

/// What is wrong with one JSON Lines input line.
struct LineError: Error, Sendable {
    let message: String
}

enum JSONLines {
    /// The most bytes an input line may have (its line feed not counted): 16 MiB, room for the
    /// longest text layout takes (4,194,304 code points) in UTF-8 of up to 3 bytes a code point
    /// with its fields. A longer line fails alone, and is never held whole.
    static let maximumLineBytes = 16 << 20

    /// A line's JSON object, or why it is not one: invalid UTF-8 (with its byte offset in the input,
    /// `offset` being the line's), invalid JSON (with the byte offset in the line and what was
    /// expected), a duplicate key (with its path), a value other than an object, or a key that is not
    /// in `keys` (nil takes any).
    static func decode(
        _ slice: ArraySlice<UInt8>, source: String, offset: Int, keys: Set<String>? = nil
    ) -> Result<[String: Any], LineError> {
        do {
            _ = try TextInput.decodeUTF8(slice, source: source, baseOffset: offset)
        } catch {
            return .failure(LineError(message: error.description))
        }
        if let problem = StrictJSONLine.firstProblem(Array(slice)) {
            // The line has no line feed: the column is the byte offset plus one.
            let offset = problem.column - 1
            if problem.reason.hasPrefix("duplicate key") {
                let path = problem.path.isEmpty ? "" : "\(problem.path): "
                return .failure(LineError(message: "\(path)\(problem.reason) at byte offset \(offset) of the line"))
            }
            return .failure(LineError(message: "not valid JSON at byte offset \(offset) of the line: \(problem.reason)"))
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: escapingByteOrderMarks(slice), options: .fragmentsAllowed)
        } catch {
            // Foundation refuses a number past Double's range (1e400) as a whole: name its key.
            if let number = JSONFieldLocator.unrepresentableNumber(in: error) {
                let key = JSONFieldLocator.key(ofNumber: number, in: slice)
                return .failure(LineError(message: key.map { "\"\($0)\" is out of range: \(number) does not fit in a double" } ?? "number out of range: \(number)"))
            }
            return .failure(LineError(message: "not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)")"))
        }
        guard let object = value as? [String: Any] else {
            return .failure(LineError(message: "a line must be a JSON object ({\"text\": …}), not \(kind(of: value))"))
        }
        if let keys {
            do {
                try checkKeys(object, keys)
            } catch {
                return .failure(error)
            }
        }
        return .success(object)
    }

    /// What a JSON value is, for errors: "an array", "a string", "a number", "true", "null".
    private static func kind(of value: Any) -> String {
        if value is NSNull { return "null" }
        if value is [Any] { return "an array" }
        if value is String { return "a string" }
        if JSONFields.isBoolean(value) { return "a boolean" }
        return "a number"
    }

    /// Throws naming the first key of `object` (in sorted order) that is not in `keys`, with the known
    /// key it resembles when one differs only in case, "-" or "_" ("maxlines": "maxLines").
    static func checkKeys(_ object: [String: Any], _ keys: Set<String>, path: String? = nil) throws(LineError) {
        guard let unknown = object.keys.filter({ !keys.contains($0) }).min() else { return }
        func folded(_ key: String) -> String { key.lowercased().filter { $0 != "-" && $0 != "_" } }
        let where_ = path.map { "\($0): " } ?? ""
        if let near = keys.sorted().first(where: { folded($0) == folded(unknown) }) {
            throw LineError(message: "\(where_)unknown key \"\(unknown)\" (did you mean \"\(near)\"?)")
        }
        throw LineError(message: "\(where_)unknown key \"\(unknown)\" (the keys are \(keys.sorted().joined(separator: ", ")))")
    }

    /// The line with every raw U+FEFF after its first byte written as the escape `\uFEFF`.
    /// Foundation's parser drops a raw U+FEFF at the start of a string ("\u{FEFF}ab" would come out
    /// as "ab"), but keeps the escape; a raw U+FEFF is legal JSON only inside a string, so the
    /// escape means the same. A byte order mark that opens the line stays one.
    static func escapingByteOrderMarks(_ slice: ArraySlice<UInt8>) -> Data {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard slice.count > 3, slice.dropFirst().firstRange(of: bom) != nil else { return Data(slice) }
        var out = Data(capacity: slice.count + 16)
        var i = slice.startIndex
        if slice.starts(with: bom) {
            out.append(contentsOf: bom)
            i += 3
        }
        while i < slice.endIndex {
            if slice[i] == 0xEF, i + 2 < slice.endIndex, slice[i + 1] == 0xBB, slice[i + 2] == 0xBF {
                out.append(contentsOf: Array("\\uFEFF".utf8))
                i += 3
            } else {
                out.append(slice[i])
                i += 1
            }
        }
        return out
    }

    /// At most this many lines are in flight (read, being run, or finished and not yet written).
    static let windowLines = 256
    /// At most about this many bytes of output are in flight: a line's output is estimated from its
    /// input size until it is finished, then counted exactly. A line is always admitted when
    /// nothing else is in flight, however large.
    static let windowBytes = 32 << 20
    /// The estimate of a line's output bytes per input byte: a layout document takes 60–120 bytes
    /// per glyph, and a code point is 1–3 bytes of input.
    static let outputPerInputByte = 64

    /// `process` on JSON Lines input already in memory.
    static func process<Work>(
        _ bytes: [UInt8], source: String, jobs: Int, keys: Set<String>?, into out: inout some TextOutputStream,
        windowLines: Int = JSONLines.windowLines, windowBytes: Int = JSONLines.windowBytes,
        prepare: @escaping @Sendable ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) throws {
        try process(
            LineReader(bytes: bytes, source: source), jobs: jobs, keys: keys, into: &out, windowLines: windowLines,
            windowBytes: windowBytes, prepare: prepare, run: run)
    }

    /// Processes every line of a JSON Lines input as it arrives and writes one output line per input
    /// line, in input order. Each line is decoded (its keys must be in `keys`; nil takes any), then
    /// `prepare` reads its object into work and `run` turns the work into the output document, on
    /// `jobs` threads at once. A bad line, or one whose `prepare` or `run` throws, gets an error
    /// document in its place. Each finished line is written as soon as the lines before it are, and
    /// flushed when the output is a pipe or a terminal, so a co-process gets each answer before it
    /// writes the next line. The lines in flight are bounded by count (`windowLines`) and by their
    /// estimated output (`windowBytes`), and the reader holds at most one line of at most
    /// `input.limit` bytes, so memory stays bounded on long inputs and long lines. Throws
    /// `ExitCode(1)` after writing every line if any line failed, and the input's read error if
    /// reading failed (after writing the lines read before it).
    static func process<Work>(
        _ input: LineReader, jobs: Int, keys: Set<String>?, into out: inout some TextOutputStream,
        windowLines: Int = JSONLines.windowLines, windowBytes: Int = JSONLines.windowBytes,
        prepare: @escaping @Sendable ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) throws {
        var failed = 0
        let flusher = out as? InteractiveOutput
        let interactive = flusher?.isInteractive ?? false
        func write(_ result: Result<String, LineError>, line number: Int) {
            switch result {
            case .success(let document):
                out.write(document)
                out.write("\n")
            case .failure(let error):
                failed += 1
                out.write(errorDocument(error.message, line: number) + "\n")
            }
            if interactive { flusher?.flushLine() }
        }
        let source = input.source
        let handle: @Sendable (InputLine) -> Result<String, LineError> = { line in
            Result { () throws(LineError) -> String in
                let bytes = try line.content.get()
                let object = try decode(bytes[...], source: source, offset: line.offset, keys: keys).get()
                do {
                    return try run(try prepare(object))
                } catch {
                    throw LineError(message: (error as? LineError)?.message ?? "\(error)")
                }
            }
        }
        var readError: BidiRenderError?
        if jobs == 1 {
            // One job is one thread: each line read, run and written in turn.
            do {
                while let line = try input.next() { write(handle(line), line: line.number) }
            } catch {
                readError = error
            }
        } else {
            // A reader thread admits lines into the window as they arrive; `jobs` workers run them,
            // each taking the oldest waiting line, so long and short lines even out; this thread
            // writes them out in order.
            let window = LineWindow(wakeOnEachLine: interactive)
            let reading = ReadingThread(input: input, window: window, lines: windowLines, bytes: windowBytes)
            reading.start()
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                DispatchQueue.concurrentPerform(iterations: max(1, jobs)) { _ in
                    while let (index, line) = window.take() { window.finish(index, number: line.number, handle(line)) }
                }
            }
            var index = 0
            while let (number, result) = window.result(index) {
                write(result, line: number)
                index += 1
            }
            reading.wait()
            done.wait()
            readError = reading.error
        }
        if failed > 0 { printError("bidirender: \(failed) input line(s) failed") }
        if let readError { throw readError }
        if failed > 0 { throw ExitCode(1) }
    }

    /// A compact one-line error document: {"error": message, "line": n}.
    static func errorDocument(_ message: String, line: Int) -> String {
        "{\"error\":\(JSONText.quote(message)),\"line\":\(line)}"
    }
}
