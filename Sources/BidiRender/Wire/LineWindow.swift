// LineWindow: the lines of a `--jsonl` stream in flight between the thread that reads them, the
// workers that run them and the thread that writes them (in input order). It holds only the
// window's lines: their input until a worker takes it, their output until it is written.
import Foundation

/// The JSON Lines in flight, behind one condition lock (a pthread mutex and condition variable,
/// which ThreadSanitizer sees). Lines are numbered by their index in the input (blank lines left
/// out).
final class LineWindow: @unchecked Sendable {
    private let condition = NSCondition()
    /// Lines no worker has taken yet, oldest first (`head` is the next to take).
    private var waiting: [(index: Int, line: InputLine)] = []
    private var head = 0
    /// Finished lines not yet written, with their line numbers.
    private var finished: [Int: (number: Int, result: Result<String, WireError>)] = [:]
    /// Each unwritten line's output bytes: estimated until it is finished, then exact.
    private var bytes: [Int: Int] = [:]
    private var bytesInFlight = 0
    /// Lines admitted, and lines written (the ones in flight are between).
    private var admitted = 0
    private var written = 0
    /// No more lines will be admitted.
    private var closed = false
    /// Whether the reading thread waits for room.
    private var readerWaits = false
    /// How many finished lines wake the writing thread (when the one it waits for is among them),
    /// unless each line is to be written as soon as it is done.
    private let wakeAfter: Int
    /// The line the writing thread waits for, if it waits.
    private var awaited: Int?

    /// A window whose writing thread wakes for each finished line it waits for when
    /// `wakeOnEachLine` (output to a pipe or a terminal), else for runs of 32.
    init(wakeOnEachLine: Bool = false) {
        wakeAfter = wakeOnEachLine ? 1 : 32
    }

    /// Adds the next line, with its output's estimated size, once there is room: fewer than
    /// `lines` lines and `limit` bytes in flight, or nothing in flight at all. Blocks until then. A
    /// line that failed as it was read is finished at once.
    func admit(_ line: InputLine, estimate: Int, lines: Int, bytes limit: Int) {
        condition.lock()
        defer { condition.unlock() }
        while admitted > written, admitted - written >= lines || bytesInFlight >= limit {
            readerWaits = true
            condition.wait()
        }
        readerWaits = false
        let index = admitted
        admitted += 1
        switch line.content {
        case .success:
            waiting.append((index, line))
            bytes[index] = estimate
            bytesInFlight += estimate
        case .failure(let error):
            finished[index] = (line.number, .failure(error))
        }
        condition.broadcast()
    }

    /// No more lines will be admitted: workers stop when the waiting ones are taken, and the
    /// writing thread when the admitted ones are written.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest waiting line, for a worker; blocks until there is one; nil once closed and empty.
    func take() -> (Int, InputLine)? {
        condition.lock()
        defer { condition.unlock() }
        while head == waiting.count {
            if closed { return nil }
            condition.wait()
        }
        let next = waiting[head]
        head += 1
        if head == waiting.count || head >= 1024 {
            waiting.removeFirst(head)
            head = 0
        }
        return next
    }

    /// A worker's result for line `index` (input line `number`); its exact size replaces the estimate.
    func finish(_ index: Int, number: Int, _ result: Result<String, WireError>) {
        condition.lock()
        defer { condition.unlock() }
        let size = (try? result.get())?.utf8.count ?? 0
        bytesInFlight += size - (bytes[index] ?? 0)
        bytes[index] = size
        finished[index] = (number, result)
        // Wake the writing thread once the line it waits for is done and it has a run of lines to
        // write (`wakeAfter` finished ones), or when no more work is waiting to be started: one wake
        // for many short lines rather than one each. Idle workers wake with it.
        if let awaited, finished[awaited] != nil, finished.count >= wakeAfter || head == waiting.count || closed {
            condition.broadcast()
        }
    }

    /// Line `index`'s number and result, removed from the window; blocks until a worker has finished
    /// it; nil when the window is closed and every admitted line is written.
    func result(_ index: Int) -> (number: Int, result: Result<String, WireError>)? {
        condition.lock()
        defer { condition.unlock() }
        awaited = index
        while finished[index] == nil {
            if closed, index >= admitted { return nil }
            condition.wait()
        }
        awaited = nil
        bytesInFlight -= bytes.removeValue(forKey: index) ?? 0
        written += 1
        if readerWaits { condition.broadcast() }
        return finished.removeValue(forKey: index)
    }
}

/// The thread that reads a `--jsonl` input into a window (so the writing thread never waits on the
/// input while a finished line waits to be written), and then closes it.
final class ReadingThread: @unchecked Sendable {
    private let input: LineReader
    private let window: LineWindow
    private let lines: Int
    private let bytes: Int
    private let finished = DispatchSemaphore(value: 0)
    /// Why reading stopped early, if it did (read after `wait()`).
    private(set) var error: BidiRenderError?

    init(input: LineReader, window: LineWindow, lines: Int, bytes: Int) {
        self.input = input
        self.window = window
        self.lines = lines
        self.bytes = bytes
    }

    /// Starts reading on a thread of its own (not one of Dispatch's, which the workers use).
    func start() {
        let thread = Thread { [self] in
            do throws(BidiRenderError) {
                while let line = try input.next() {
                    let size = (try? line.content.get())?.count ?? 0
                    window.admit(line, estimate: size * JSONLines.outputPerInputByte, lines: lines, bytes: bytes)
                }
            } catch {
                self.error = error
            }
            window.close()
            finished.signal()
        }
        thread.start()
    }

    /// Waits until the input is read to its end (or failed).
    func wait() {
        finished.wait()
    }
}
