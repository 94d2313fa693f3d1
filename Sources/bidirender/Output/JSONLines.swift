// JSONLines: reads JSON Lines input one line at a time, so a bad line is reported in place and the
// others are still processed.
import ArgumentParser
import BidiRender
import Foundation

/// One input line of a `--jsonl` stream: its 1-based number and where its bytes are. It is decoded
/// when its batch comes, so only a batch of decoded objects is held at a time.
struct JSONLine {
    let number: Int
    let range: Range<Int>
}

/// What is wrong with one JSON Lines input line.
struct LineError: Error, Sendable {
    let message: String
}

/// Output slots that worker threads fill, each slot by exactly one worker; read after they finish.
final class ResultSlots: @unchecked Sendable {
    private var storage: [Result<String, LineError>]
    private var claimed = 0
    private let lock = NSLock()

    /// The index of the next line no worker has taken yet, or nil when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard claimed < storage.count else { return nil }
        claimed += 1
        return claimed - 1
    }

    init(count: Int) {
        storage = Array(repeating: .failure(LineError(message: "not processed")), count: count)
    }

    func set(_ index: Int, _ value: Result<String, LineError>) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [Result<String, LineError>] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
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

    /// Processes every line of a JSON Lines input and writes one output line per input line, in
    /// input order. `prepare` reads a line's object into work (on this thread); `run` turns the work
    /// into the output document, on `jobs` threads at once. A bad line, or one whose `prepare` or
    /// `run` throws, gets an error document in its place. Lines go in batches of `batchSize`, so
    /// memory stays bounded on long inputs. Throws `ExitCode(1)` after writing every line if any line
    /// failed.
    static func process<Work: Sendable>(
        _ bytes: [UInt8], source: String, jobs: Int, into out: inout some TextOutputStream,
        prepare: ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) throws {
        let lines = split(bytes)
        let batchSize = 256  // a layout document is about 14 KB: a batch holds about 3.5 MB of output
        var failed = 0
        var start = 0
        // With several jobs, batch k is computed on the worker threads while this thread writes batch
        // k - 1 and prepares batch k + 1; at most two batches are in flight.
        var inFlight: (batch: ArraySlice<JSONLine>, results: ResultSlots, done: DispatchGroup)?
        while start < lines.count || inFlight != nil {
            var next: (batch: ArraySlice<JSONLine>, results: ResultSlots, done: DispatchGroup)?
            if start < lines.count {
                let batch = lines[start..<min(lines.count, start + batchSize)]
                start += batch.count
                let prepared: [Result<Work, LineError>] = batch.map { line in
                    do {
                        let object = decode(bytes[line.range], source: source, offset: line.range.lowerBound)
                        return .success(try prepare(try object.get()))
                    } catch {
                        return .failure(LineError(message: (error as? LineError)?.message ?? "\(error)"))
                    }
                }
                let results = ResultSlots(count: prepared.count)
                let done = DispatchGroup()
                let workers = max(1, min(jobs, prepared.count))
                let work: @Sendable () -> Void = {
                    // Each worker claims the next line, so long and short lines even out.
                    DispatchQueue.concurrentPerform(iterations: workers) { _ in
                        while let i = results.claim() {
                            results.set(i, prepared[i].flatMap { work in
                                do {
                                    return .success(try run(work))
                                } catch {
                                    return .failure(LineError(message: (error as? LineError)?.message ?? "\(error)"))
                                }
                            })
                        }
                    }
                }
                // One job is one thread: everything on this one, in order.
                if jobs == 1 { work() } else { DispatchQueue.global().async(group: done, execute: work) }
                next = (batch, results, done)
            }
            if let (batch, results, done) = inFlight {
                done.wait()
                for (line, result) in zip(batch, results.values) {
                    switch result {
                    case .success(let document): print(document, to: &out)
                    case .failure(let error):
                        failed += 1
                        print(errorDocument(error.message, line: line.number), to: &out)
                    }
                }
            }
            inFlight = next
        }
        if failed > 0 {
            printError("bidirender: \(failed) input line(s) failed")
            throw ExitCode(1)
        }
    }

    /// A compact one-line error document: {"error": message, "line": n}.
    static func errorDocument(_ message: String, line: Int) -> String {
        "{\"error\":\(JSONText.quote(message)),\"line\":\(line)}"
    }
}
