// JSONLines: reads JSON Lines input one line at a time, so a bad line is reported in place and the
// others are still processed.
import ArgumentParser
import BidiRender
import Foundation

/// One input line of a `--jsonl` stream: its 1-based number and where its bytes are. It is decoded
/// when it enters the window of lines in flight, so only the window's decoded objects are held.
struct JSONLine {
    let number: Int
    let range: Range<Int>
}

/// What is wrong with one JSON Lines input line.
struct LineError: Error, Sendable {
    let message: String
}

enum JSONLines {
    /// Splits `bytes` into lines (LF or CR LF). Blank lines are skipped; line numbers still count
    /// them.
    static func split(_ bytes: [UInt8]) -> [JSONLine] {
        var lines: [JSONLine] = []
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let slice = bytes[start..<end]
            if !slice.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                lines.append(JSONLine(number: number, range: start..<end))
            }
            start = next
        }
        return lines
    }

    /// A line's JSON object, or why it is not one (invalid UTF-8 with its byte offset, or not a JSON
    /// object).
    static func decode(
        _ slice: ArraySlice<UInt8>, source: String, offset: Int
    ) -> Result<[String: Any], LineError> {
        do {
            _ = try TextInput.decodeUTF8(slice, source: source, baseOffset: offset)
        } catch {
            return .failure(LineError(message: error.description))
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: escapingByteOrderMarks(slice))
        } catch {
            // Foundation refuses a number past Double's range (1e400) as a whole: name its key.
            if let number = JSONFieldLocator.unrepresentableNumber(in: error) {
                let key = JSONFieldLocator.key(ofNumber: number, in: slice)
                return .failure(LineError(message: key.map { "\"\($0)\" is out of range: \(number) does not fit in a double" } ?? "number out of range: \(number)"))
            }
            return .failure(LineError(message: "not a JSON object"))
        }
        guard let object = value as? [String: Any] else { return .failure(LineError(message: "not a JSON object")) }
        return .success(object)
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

    /// At most this many lines are in flight (prepared, being run, or finished and not yet written).
    static let windowLines = 256
    /// At most about this many bytes of output are in flight: a line's output is estimated from its
    /// input size until it is finished, then counted exactly. A line is always admitted when
    /// nothing else is in flight, however large.
    static let windowBytes = 32 << 20
    /// The estimate of a line's output bytes per input byte: a layout document takes 60–120 bytes
    /// per glyph, and a code point is 1–3 bytes of input.
    static let outputPerInputByte = 64

    /// Processes every line of a JSON Lines input and writes one output line per input line, in
    /// input order. `prepare` reads a line's object into work (on this thread); `run` turns the work
    /// into the output document, on `jobs` threads at once. A bad line, or one whose `prepare` or
    /// `run` throws, gets an error document in its place. Each finished line is written as soon as
    /// the lines before it are, and freed; the lines in flight are bounded by count
    /// (`windowLines`) and by their estimated output (`windowBytes`), so memory stays bounded on
    /// long inputs and long lines. Throws `ExitCode(1)` after writing every line if any line failed.
    static func process<Work: Sendable>(
        _ bytes: [UInt8], source: String, jobs: Int, into out: inout some TextOutputStream,
        windowLines: Int = JSONLines.windowLines, windowBytes: Int = JSONLines.windowBytes,
        prepare: ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) throws {
        let lines = split(bytes)
        var failed = 0
        func write(_ result: Result<String, LineError>, _ line: JSONLine) {
            switch result {
            case .success(let document):
                out.write(document)
                out.write("\n")
            case .failure(let error):
                failed += 1
                out.write(errorDocument(error.message, line: line.number) + "\n")
            }
        }
        func prepared(_ line: JSONLine) -> Result<Work, LineError> {
            do {
                let object = decode(bytes[line.range], source: source, offset: line.range.lowerBound)
                return .success(try prepare(try object.get()))
            } catch {
                return .failure(LineError(message: (error as? LineError)?.message ?? "\(error)"))
            }
        }
        if jobs == 1 {
            // One job is one thread: each line prepared, run and written in turn.
            for line in lines { write(prepared(line).flatMap { Self.run(run, $0) }, line) }
        } else {
            // This thread prepares lines into the window and writes them out in order; `jobs`
            // workers run them, each taking the oldest waiting line, so long and short lines even out.
            let window = LineWindow<Work>()
            let done = DispatchGroup()
            let workers = max(1, min(jobs, lines.count))
            DispatchQueue.global().async(group: done) {
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while let (index, work) = window.take() { window.finish(index, Self.run(run, work)) }
                }
            }
            defer {
                window.close()
                done.wait()
            }
            var admitted = 0
            for (index, line) in lines.enumerated() {
                while admitted < lines.count,
                    admitted == index || window.hasRoom(count: admitted - index, lines: windowLines, bytes: windowBytes)
                {
                    let estimate = lines[admitted].range.count * outputPerInputByte
                    window.admit(admitted, prepared(lines[admitted]), estimate: estimate)
                    admitted += 1
                }
                if admitted == lines.count { window.close() }
                write(window.result(index), line)
            }
        }
        if failed > 0 {
            printError("bidirender: \(failed) input line(s) failed")
            throw ExitCode(1)
        }
    }

    /// `run(work)`, with what it throws as a LineError.
    private static func run<Work>(_ run: (Work) throws -> String, _ work: Work) -> Result<String, LineError> {
        do {
            return .success(try run(work))
        } catch {
            return .failure(LineError(message: (error as? LineError)?.message ?? "\(error)"))
        }
    }

    /// A compact one-line error document: {"error": message, "line": n}.
    static func errorDocument(_ message: String, line: Int) -> String {
        "{\"error\":\(JSONText.quote(message)),\"line\":\(line)}"
    }
}
