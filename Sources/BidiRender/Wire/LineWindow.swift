// LineWindow: the lines of a `--jsonl` stream in flight between the thread that reads them, the
// workers that run them and the thread that writes them (in input order). It holds only the
// window's lines: their input until a worker takes it, their output until it is written.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The JSON Lines in flight, behind one pthread mutex with a condition variable for each kind of
/// thread that waits (ThreadSanitizer sees both): the reading thread waits for room, the workers for
/// lines, the writing thread for the line it writes next. Each is woken only when it can go on, and
/// the reading thread only once the window has half emptied, so a stream of short lines costs a few
/// wakes per window rather than several per line. Lines are numbered by their index in the input
/// (blank lines left out).
final class LineWindow: @unchecked Sendable {
    // One owner: allocated and initialized here, destroyed and freed in deinit.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let room = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let work = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The most lines, and about the most output bytes, in flight.
    private let lineLimit: Int
    private let byteLimit: Int
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
    /// Whether the reading thread waits for room, and how many workers wait for a line.
    private var readerWaits = false
    private var idleWorkers = 0
    /// How many finished lines wake the writing thread (when the one it waits for is among them),
    /// unless each line is to be written as soon as it is done.
    private let wakeAfter: Int
    /// The line the writing thread waits for, if it waits.
    private var awaited: Int?

    /// A window of at most `lines` lines and about `bytes` bytes of output in flight (a line is
    /// always admitted when nothing else is in flight), whose writing thread wakes for each finished
    /// line it waits for when `wakeOnEachLine` (output to a pipe or a terminal), else for runs of 32.
    init(lines: Int, bytes: Int, wakeOnEachLine: Bool = false) {
        (lineLimit, byteLimit) = (max(1, lines), bytes)
        wakeAfter = wakeOnEachLine ? 1 : 32
        pthread_mutex_init(mutex, nil)
        for condition in [room, work, done] { pthread_cond_init(condition, nil) }
    }

    deinit {
        for condition in [room, work, done] {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func lock() { pthread_mutex_lock(mutex) }
    private func unlock() { pthread_mutex_unlock(mutex) }
    private func wait(_ condition: UnsafeMutablePointer<pthread_cond_t>) { pthread_cond_wait(condition, mutex) }

    /// Adds the next line, with its output's estimated size, once there is room: fewer than the
    /// window's lines and bytes in flight, or nothing in flight at all. Blocks until then. A line
    /// that failed as it was read is finished at once.
    func admit(_ line: InputLine, estimate: Int) {
        lock()
        defer { unlock() }
        while admitted > written, admitted - written >= lineLimit || bytesInFlight >= byteLimit {
            readerWaits = true
            wait(room)
        }
        readerWaits = false
        let index = admitted
        admitted += 1
        switch line.content {
        case .success:
            waiting.append((index, line))
            bytes[index] = estimate
            bytesInFlight += estimate
            if idleWorkers > 0 { pthread_cond_signal(work) }
        case .failure(let error):
            finished[index] = (line.number, .failure(error))
            if awaited == index { pthread_cond_signal(done) }
        }
    }

    /// No more lines will be admitted: workers stop when the waiting ones are taken, and the
    /// writing thread when the admitted ones are written.
    func close() {
        lock()
        closed = true
        pthread_cond_broadcast(work)
        pthread_cond_broadcast(done)
        unlock()
    }

    /// The oldest waiting line, for a worker; blocks until there is one; nil once closed and empty.
    func take() -> (Int, InputLine)? {
        lock()
        defer { unlock() }
        while head == waiting.count {
            if closed { return nil }
            idleWorkers += 1
            wait(work)
            idleWorkers -= 1
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
        lock()
        defer { unlock() }
        let size = (try? result.get())?.utf8.count ?? 0
        bytesInFlight += size - (bytes[index] ?? 0)
        bytes[index] = size
        finished[index] = (number, result)
        // Wake the writing thread once the line it waits for is done and it has a run of lines to
        // write (`wakeAfter` finished ones), or when no more work is waiting to be started: one wake
        // for many short lines rather than one each.
        if let awaited, finished[awaited] != nil, finished.count >= wakeAfter || head == waiting.count || closed {
            pthread_cond_signal(done)
        }
    }

    /// Line `index`'s number and result, removed from the window; blocks until a worker has finished
    /// it; nil when the window is closed and every admitted line is written.
    func result(_ index: Int) -> (number: Int, result: Result<String, WireError>)? {
        lock()
        defer { unlock() }
        awaited = index
        while finished[index] == nil {
            if closed, index >= admitted { return nil }
            wait(done)
        }
        awaited = nil
        bytesInFlight -= bytes.removeValue(forKey: index) ?? 0
        written += 1
        // The reader admits again once the window is empty or half empty (in lines and in bytes):
        // one wake for half a window of lines.
        if readerWaits, admitted == written || (admitted - written <= lineLimit / 2 && bytesInFlight <= byteLimit / 2) {
            pthread_cond_signal(room)
        }
        return finished.removeValue(forKey: index)
    }
}

/// The thread that reads a `--jsonl` input into a window (so the writing thread never waits on the
/// input while a finished line waits to be written), and then closes it.
final class ReadingThread: @unchecked Sendable {
    private let input: LineReader
    private let window: LineWindow
    private let finished = DispatchSemaphore(value: 0)
    /// Why reading stopped early, if it did (read after `wait()`).
    private(set) var error: BidiRenderError?

    init(input: LineReader, window: LineWindow) {
        self.input = input
        self.window = window
    }

    /// Starts reading on a thread of its own (not one of Dispatch's, which the workers use).
    func start() {
        let thread = Thread { [self] in
            do throws(BidiRenderError) {
                while let line = try input.next() {
                    let size = (try? line.content.get())?.count ?? 0
                    window.admit(line, estimate: size * JSONLines.outputPerInputByte)
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
