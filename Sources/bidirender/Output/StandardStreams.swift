// StandardStreams: standard output and standard error as TextOutputStreams, so commands write to a
// stream that tests can replace with a String.
import ArgumentParser
@_spi(Tools) import BidiRender
import Foundation

/// Standard output, through Swift's buffered `print`.
struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) {
        print(string, terminator: "")
    }
}

extension StandardOutput {
    /// Flushes what `print` buffered; a failed write to standard output (a full disk behind a
    /// redirection, a closed pipe) is `.unwritableFile` naming "<stdout>", or nil when all is written.
    static func finish() -> BidiRenderError? {
        if fflush(nil) != 0 { return .unwritable(path: "<stdout>", errno: errno) }
        if lineFlushErrno != 0 { return .unwritable(path: "<stdout>", errno: lineFlushErrno) }
        return nil
    }

    /// The errno of the first failed line flush (`flushLine`), 0 while none failed: stdio keeps only
    /// an error flag, and a later flush with nothing left to write succeeds. Written by the one
    /// thread that writes the output.
    nonisolated(unsafe) static var lineFlushErrno: Int32 = 0
}

extension InteractiveOutput {
    /// Whether file descriptor `descriptor` is a pipe, a socket or a terminal.
    static func isInteractive(descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFSOCK || isatty(descriptor) == 1
    }
}

extension StandardOutput: InteractiveOutput {
    var isInteractive: Bool { Self.isInteractive(descriptor: STDOUT_FILENO) }

    func flushLine() {
        if fflush(nil) != 0, Self.lineFlushErrno == 0 { Self.lineFlushErrno = errno }
    }
}

/// Standard error, unbuffered.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}

/// Writes a message line to standard error.
func printError(_ message: String) {
    var stderr = StandardError()
    print(message, to: &stderr)
}

/// The warnings this run has printed: each is printed once, however many layouts give it.
private let printedWarnings = NSLockedSet()

/// Writes each of a layout's warnings (`Layout.warnings`) to standard error, as "warning: …", the
/// first time this run meets it (a batch of a thousand emoji messages says it once).
func printWarnings(_ layout: Layout) {
    for warning in layout.warnings where printedWarnings.insert(warning) { printError("warning: " + warning) }
}

/// Opens the catalog `folder`, warning on standard error of each file that could not be read: the
/// lookups through its language fail with its error, the others are served.
func openCatalog(_ folder: String) throws(BidiRenderError) -> MessageCatalog {
    let catalog = try MessageCatalog(directory: folder)
    for error in catalog.brokenFiles { printError("warning: \(error.description); lookups through its language fail") }
    return catalog
}

/// A set of strings behind a lock, for the batch workers.
final class NSLockedSet: @unchecked Sendable {
    private var strings: Set<String> = []
    private let lock = NSLock()

    /// Inserts `string`; true when it was not there yet.
    func insert(_ string: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return strings.insert(string).inserted
    }
}

/// A command that writes its output to a stream, so tests can run it in-process.
protocol OutputCommand: ParsableCommand {
    func execute(into out: inout some TextOutputStream) throws
}

extension ReorderCommand: OutputCommand {}
extension SegmentCommand: OutputCommand {}
extension InspectCommand: OutputCommand {}
extension FontsCommand: OutputCommand {}
extension LayoutCommand: OutputCommand {}
extension RenderCommand: OutputCommand {}
