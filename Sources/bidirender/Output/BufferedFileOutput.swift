// BufferedFileOutput: a TextOutputStream onto a file descriptor that collects writes in a 64 KB
// buffer and hands it to write(2) whole, so a document written in thousands of small pieces costs a
// few large writes and is never held whole. AtomicFile: an output file written under a temporary
// name in the same folder and renamed into place, so a failed write leaves no half file.
@_spi(Tools) import BidiRender
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Text written to a file descriptor (standard output or an open file) in chunks of `chunkSize`
/// bytes with write(2). Call `flush()` at the end: what is still buffered is not written otherwise.
/// A failed write is remembered, the rest is dropped, and `flush()` reports it.
final class BufferedFileOutput: TextOutputStream {
    static let chunkSize = 64 * 1024
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The errno of the first failed write, if any.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.chunkSize)
    }

    /// Standard output. What Swift's `print` buffered in stdio before is flushed first, so the order
    /// holds; nothing may `print` to standard output until this one is flushed.
    static func standardOutput() -> BufferedFileOutput {
        fflush(nil)
        return BufferedFileOutput(descriptor: STDOUT_FILENO)
    }

    /// Runs `body` on standard output, streamed 64 KB at a time rather than built whole, and
    /// flushes it whether or not `body` failed: a failed write is the error to report, else
    /// `body`'s error.
    static func streaming(_ body: (inout BufferedFileOutput) throws -> Void) throws {
        let buffered = standardOutput()
        var out = buffered
        let result = Result { try body(&out) }
        try buffered.flush(naming: "<stdout>")
        try result.get()
    }

    func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in
            if buffer.count + bytes.count > Self.chunkSize { drain() }
            if bytes.count >= Self.chunkSize {
                put(bytes)
            } else {
                buffer.append(contentsOf: bytes)
            }
        }
    }

    /// Writes raw bytes (a PNG, say) after what is buffered.
    func write(bytes: [UInt8]) {
        drain()
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// Writes out what is buffered.
    /// - Throws: the errno of the first failed write, as an NSError in the POSIX domain.
    func flush() throws {
        drain()
        if let failure { throw NSError(domain: NSPOSIXErrorDomain, code: Int(failure)) }
    }

    /// Writes out what is buffered; a failed write is `.unwritableFile` naming `name` ("<stdout>")
    /// and saying why ("no space left on device").
    func flush(naming name: String) throws(BidiRenderError) {
        drain()
        if let failure { throw .unwritable(path: name, errno: failure) }
    }

    private func drain() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBufferPointer { put($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = Glibc.write(descriptor, next, left)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            next += written
            left -= written
        }
    }
}

extension BufferedFileOutput: InteractiveOutput {
    var isInteractive: Bool { Self.isInteractive(descriptor: descriptor) }

    func flushLine() {
        drain()
    }
}

/// An output file written under a temporary name beside it (`.name.XXXXXX`) and renamed over
/// `path` only when every byte is written, so a failed render leaves neither a half file nor a
/// temporary one. A path that exists and is not a regular file (/dev/stdout, a FIFO) is written in
/// place, opened without waiting: a FIFO that no process is reading is refused ("a FIFO that no
/// process is reading"), as is a socket, rather than blocking forever. The new file gets the
/// permissions `fopen` would give it (0666 less the umask), or those of the file it replaces.
enum AtomicFile {
    static func write(to path: String, _ body: (BufferedFileOutput) throws -> Void) throws {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, (status.st_mode & S_IFMT) != S_IFREG {
            // Opened without waiting: a FIFO that no process reads would block open() forever, and
            // is refused (ENXIO) instead. Once open, writes wait for the reader as usual.
            let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                let code = errno
                switch (status.st_mode & S_IFMT, code) {
                case (S_IFIFO, ENXIO): throw BidiRenderError.unwritableFile(path: path, reason: "a FIFO that no process is reading")
                case (S_IFSOCK, _): throw BidiRenderError.unwritableFile(path: path, reason: "a socket, not a file")
                default: throw failure(path, code)
                }
            }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            try finish(BufferedFileOutput(descriptor: fd), path, body)
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var open = true
        var renamed = false
        defer {
            if open { close(fd) }
            if !renamed { unlink(temporary) }
        }
        let mode: mode_t
        if exists {
            mode = status.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        fchmod(fd, mode)
        try finish(BufferedFileOutput(descriptor: fd), path, body)
        open = false
        if close(fd) != 0 { throw failure(path, errno) }
        guard rename(temporary, path) == 0 else { throw failure(path, errno) }
        renamed = true
    }

    private static func finish(
        _ out: BufferedFileOutput, _ path: String, _ body: (BufferedFileOutput) throws -> Void
    ) throws {
        try body(out)
        do { try out.flush() } catch { throw failure(path, Int32((error as NSError).code)) }
    }

    private static func failure(_ path: String, _ code: Int32) -> BidiRenderError {
        .unwritable(path: path, errno: code)
    }
}
