// JSONLines: a `--jsonl` stream, one request a line: each line decoded strictly in one pass
// (StrictJSON.parse: byte offsets, duplicate keys, numbers past Double's range by key; unknown keys
// refused) and run, its answer written in input order, so a bad line is reported in place and the
// others are still processed.
import Foundation

/// JSON Lines requests, decoded and processed line by line.
package enum JSONLines {
    /// The most bytes an input line may have (its line feed not counted): 16 MiB, room for the
    /// longest text layout takes (4,194,304 code points) in UTF-8 of up to 3 bytes a code point
    /// with its fields. A longer line fails alone, and is never held whole.
    package static let maximumLineBytes = 16 << 20

    /// A line's JSON object, or why it is not one: invalid UTF-8 (with its byte offset in the input,
    /// `offset` being the line's), invalid JSON (with the byte offset in the line and what was
    /// expected), a duplicate key (with its path), a value other than an object, or a key that is not
    /// in `keys` (nil takes any).
    package static func decode(
        _ slice: ArraySlice<UInt8>, source: String, offset: Int, keys: Set<String>? = nil
    ) -> Result<[String: Any], WireError> {
        do {
            try TextInput.checkUTF8(slice, source: source, baseOffset: offset)
        } catch {
            // The input's offset, and the line's, as a line's other errors give it.
            guard case .invalidUTF8(_, let at) = error else { return .failure(WireError(message: error.description)) }
            return .failure(WireError(message: "\(error.description) (byte offset \(at - offset) of the line)"))
        }
        let value: Any
        do {
            // A byte order mark may open the stream, not a line in it.
            value = try StrictJSON.parse(slice, byteOrderMark: offset == 0)
        } catch {
            if let number = error.unrepresentableNumber {
                let key = error.path.isEmpty ? nil : error.path.dotted
                return .failure(WireError(message: key.map { "\"\($0)\" is out of range: \(number) does not fit in a double" } ?? "number out of range: \(number)"))
            }
            // The line has no line feed: the column is the byte offset plus one.
            let offset = error.column - 1
            if error.reason.hasPrefix("duplicate key") {
                let path = error.path.isEmpty ? "" : "\(error.path.dotted): "
                return .failure(WireError(message: "\(path)\(error.reason) at byte offset \(offset) of the line"))
            }
            return .failure(WireError(message: "not valid JSON at byte offset \(offset) of the line: \(error.reason)"))
        }
        guard let object = value as? [String: Any] else {
            return .failure(WireError(message: "a line must be a JSON object ({\"text\": …}), not \(kind(of: value))"))
        }
        if let keys {
            do {
                try WireFields.checkKeys(object, keys)
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
        if WireFields.isBoolean(value) { return "a boolean" }
        return "a number"
    }

    /// At most this many lines are in flight (read, being run, or finished and not yet written).
    package static let windowLines = 256
    /// At most about this many bytes of output are in flight: a line's output is estimated from its
    /// input size until it is finished, then counted exactly. A line is always admitted when
    /// nothing else is in flight, however large.
    package static let windowBytes = 32 << 20
    /// The estimate of a line's output bytes per input byte: a layout document takes 60–120 bytes
    /// per glyph, and a code point is 1–3 bytes of input.
    static let outputPerInputByte = 64

    /// `process` on JSON Lines input already in memory.
    package static func process<Work>(
        _ bytes: [UInt8], source: String, jobs: Int, keys: Set<String>?, into out: inout some TextOutputStream,
        windowLines: Int = JSONLines.windowLines, windowBytes: Int = JSONLines.windowBytes,
        prepare: @escaping @Sendable ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) -> Outcome {
        process(
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
    /// `input.limit` bytes, so memory stays bounded on long inputs and long lines. Returns
    /// how many lines failed and the input's read error, if reading failed (after writing
    /// the lines read before it).
    package static func process<Work>(
        _ input: LineReader, jobs: Int, keys: Set<String>?, into out: inout some TextOutputStream,
        windowLines: Int = JSONLines.windowLines, windowBytes: Int = JSONLines.windowBytes,
        prepare: @escaping @Sendable ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) -> Outcome {
        var failed = 0
        let flusher = out as? InteractiveOutput
        let interactive = flusher?.isInteractive ?? false
        func write(_ result: Result<String, WireError>, line number: Int) {
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
        let handle: @Sendable (InputLine) -> Result<String, WireError> = { line in
            Result { () throws(WireError) -> String in
                let bytes = try line.content.get()
                let object = try decode(bytes[...], source: source, offset: line.offset, keys: keys).get()
                do {
                    return try run(try prepare(object))
                } catch {
                    throw WireError(message: (error as? WireError)?.message ?? "\(error)")
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
            let window = LineWindow(lines: windowLines, bytes: windowBytes, wakeOnEachLine: interactive)
            let reading = ReadingThread(input: input, window: window)
            reading.start()
            let done = DispatchGroup()
            DispatchQueue.global().async(group: done) {
                DispatchQueue.concurrentPerform(iterations: Self.workers(jobs: jobs, windowLines: windowLines)) { _ in
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
        return Outcome(failed: failed, readError: readError)
    }

    /// The workers a stream runs for `jobs`: at least one, and no more than the lines the window
    /// holds at once (a worker past them would only wait: `--jobs 99999999999` started that many).
    package static func workers(jobs: Int, windowLines: Int) -> Int {
        min(max(1, jobs), max(1, windowLines))
    }

    /// How a stream went: the lines that failed (each written as an error document), and the
    /// input's read error if reading stopped early (after the lines read before it were written).
    package struct Outcome: Sendable {
        /// How many lines failed.
        package var failed: Int
        /// Why reading stopped early, if it did.
        package var readError: BidiRenderError?
    }

    /// A compact one-line error document: {"error": message, "line": n}.
    package static func errorDocument(_ message: String, line: Int) -> String {
        "{\"error\":\(JSONText.quote(message)),\"line\":\(line)}"
    }
}

/// An output that a reader may be waiting on line by line (a pipe, a socket or a terminal), so a
/// `--jsonl` stream is flushed after each line.
package protocol InteractiveOutput {
    /// Whether the output is a pipe, a socket or a terminal (not a regular file).
    var isInteractive: Bool { get }
    /// Writes out what is buffered.
    func flushLine()
}
