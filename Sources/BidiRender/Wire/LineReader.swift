// LineReader: the lines of a `--jsonl` input, read as they arrive (64 KB at a time with read(2)), so
// a co-process gets each answer before it writes the next line, and a line longer than the limit
// is counted and dropped instead of held.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One non-blank input line of a `--jsonl` stream: its 1-based number, the byte offset of its first
/// byte in the input, and its bytes (without the line feed and a carriage return before it), or why
/// it was dropped (longer than the limit).
package struct InputLine: Sendable {
    /// The line's 1-based number.
    package let number: Int
    /// The byte offset of its first byte in the input.
    package let offset: Int
    /// Its bytes, or why it was dropped.
    package let content: Result<[UInt8], WireError>
}

/// Reads JSON Lines input line by line, from a file descriptor or from bytes in memory. Lines end at
/// LF (a CR before it is dropped); blank lines (spaces and tabs only) are skipped but still counted.
/// A line longer than `limit` bytes is not kept: its bytes are counted and dropped as they are read,
/// and it comes out as a failure naming its number, its length and the limit. The reader holds at
/// most `limit` bytes of a line and one chunk of input at a time.
package final class LineReader {
    /// How many bytes one read(2) asks for.
    static let chunkSize = 64 * 1024

    /// The name of the input in errors ("<stdin>", a file's path).
    package let source: String
    /// The most bytes a line may have (its line feed not counted).
    package let limit: Int
    private let descriptor: Int32?
    private let closesDescriptor: Bool
    /// The input read and not yet consumed: `chunk[chunkPosition..<chunkEnd]`.
    private var chunk: [UInt8]
    private var chunkPosition = 0
    private var chunkEnd: Int
    private var ended = false
    /// The line being read: its bytes while it is within the limit, its length, how many of its
    /// bytes are neither a space nor a tab (counted up to 2), and its last byte.
    private var current: [UInt8] = []
    private var currentLength = 0
    private var nonBlankBytes = 0
    private var lastByte: UInt8 = 0
    private var number = 0
    /// The offset of the next byte to be consumed, and of the current line's first byte.
    private var consumed = 0
    private var lineStart = 0
    /// The most bytes of a line ever held at once (for the tests of the bound).
    package private(set) var peakLineBytes = 0

    /// Reads the open file descriptor `descriptor` (closed at the end when `closing`).
    package init(descriptor: Int32, source: String, limit: Int = JSONLines.maximumLineBytes, closing: Bool = false) {
        self.descriptor = descriptor
        self.closesDescriptor = closing
        self.source = source
        self.limit = limit
        self.chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        self.chunkEnd = 0
    }

    /// Reads `bytes`, already in memory.
    package init(bytes: [UInt8], source: String, limit: Int = JSONLines.maximumLineBytes) {
        self.descriptor = nil
        self.closesDescriptor = false
        self.source = source
        self.limit = limit
        self.chunk = bytes
        self.chunkEnd = bytes.count
        self.ended = true
    }

    deinit {
        if closesDescriptor, let descriptor { close(descriptor) }
    }

    /// The next non-blank line, or nil at the end of the input. Blocks until a whole line has
    /// arrived (or the input ends).
    /// - Throws: `.unreadableFile` naming the source when read(2) fails.
    package func next() throws(BidiRenderError) -> InputLine? {
        while true {
            if chunkPosition == chunkEnd {
                if ended {
                    // The last line may lack its line feed.
                    guard currentLength > 0 else { return nil }
                    if let line = endLine() { return line }
                    continue
                }
                try fill()
                continue
            }
            let newline = Self.firstNewline(in: chunk, from: chunkPosition, to: chunkEnd)
            let end = newline ?? chunkEnd
            take(chunkPosition..<end)
            consumed += end - chunkPosition
            chunkPosition = end
            guard newline != nil else { continue }
            chunkPosition += 1
            consumed += 1
            if let line = endLine() { return line }
        }
    }

    /// The index of the first line feed in `bytes[start..<end]` (memchr: as fast in a debug build).
    private static func firstNewline(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start < end,
                let found = memchr(base + start, 0x0A, end - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Appends a piece of the current line, or only counts it once the line is past the limit.
    private func take(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        currentLength += range.count
        lastByte = chunk[range.upperBound - 1]
        if nonBlankBytes < 2 {
            for byte in chunk[range] where byte != 0x20 && byte != 0x09 {
                nonBlankBytes += 1
                if nonBlankBytes == 2 { break }
            }
        }
        // One byte more than the limit is kept, for the carriage return that may end the line.
        if currentLength > limit + 1 {
            current = []
            return
        }
        current.append(contentsOf: chunk[range])
        peakLineBytes = max(peakLineBytes, current.count)
    }

    /// The line just ended, or nil when it is blank (its number still counts).
    private func endLine() -> InputLine? {
        number += 1
        defer {
            current = []
            currentLength = 0
            nonBlankBytes = 0
            lineStart = consumed
        }
        let endsInCR = currentLength > 0 && lastByte == 0x0D
        // Blank: spaces and tabs, and perhaps the carriage return before the line feed.
        if nonBlankBytes == 0 || (nonBlankBytes == 1 && endsInCR) { return nil }
        let length = currentLength - (endsInCR ? 1 : 0)
        guard length <= limit else {
            let message = "line \(number) is \(length) bytes long, more than the limit of \(limit) bytes a line"
            return InputLine(number: number, offset: lineStart, content: .failure(WireError(message: message)))
        }
        if endsInCR { current.removeLast() }
        return InputLine(number: number, offset: lineStart, content: .success(current))
    }

    /// Reads the next chunk from the descriptor (whatever has arrived, up to `chunkSize` bytes);
    /// marks the end of the input when there is none.
    private func fill() throws(BidiRenderError) {
        guard let descriptor else {
            ended = true
            return
        }
        chunkPosition = 0
        chunkEnd = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: source, reason: String(cString: strerror(errno)))
            }
            if n == 0 { ended = true }
            chunkEnd = n
            return
        }
    }
}
