// JSONLinesStream: a `--jsonl` command's run: the library's `JSONLines.process` over the input, then
// the command's exit: a count of failed lines on standard error and exit status 1.
import ArgumentParser
@_spi(Tools) import BidiRender

/// What is wrong with one JSON Lines input line (the library's `WireError`).
typealias LineError = WireError

extension JSONLines {
    /// Processes `input` as `process` does, then throws the input's read error, or `ExitCode(1)`
    /// after a summary on standard error when any line failed.
    static func stream<Work>(
        _ input: LineReader, jobs: Int, keys: Set<String>, into out: inout some TextOutputStream,
        prepare: @escaping @Sendable ([String: Any]) throws -> Work, run: @escaping @Sendable (Work) throws -> String
    ) throws {
        let outcome = process(input, jobs: jobs, keys: keys, into: &out, prepare: prepare, run: run)
        if outcome.failed > 0 { printError("bidirender: \(outcome.failed) input line(s) failed") }
        if let error = outcome.readError { throw error }
        if outcome.failed > 0 { throw ExitCode(1) }
    }
}
