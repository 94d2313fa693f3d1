// LineWindow: the lines of a `--jsonl` stream in flight between the thread that prepares and writes
// them (in input order) and the workers that run them. It holds only the window's lines: their
// work until a worker takes it, their output until it is written.
import Foundation

/// The JSON Lines in flight, behind one condition lock (a pthread mutex and condition variable,
/// which ThreadSanitizer sees). Lines are numbered by their index in the input.
final class LineWindow<Work: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Prepared lines no worker has taken yet, oldest first (`head` is the next to take).
    private var waiting: [(index: Int, work: Work)] = []
    private var head = 0
    /// Finished lines not yet written.
    private var finished: [Int: Result<String, LineError>] = [:]
    /// Each unwritten line's output bytes: estimated until it is finished, then exact.
    private var bytes: [Int: Int] = [:]
    private var bytesInFlight = 0
    private var closed = false
    /// How many finished lines wake the writing thread (when the one it waits for is among them).
    static var wakeAfter: Int { 32 }
    /// The line the writing thread waits for, if it waits.
    private var awaited: Int?

    /// Whether another line may be admitted with `count` lines already in flight.
    func hasRoom(count: Int, lines: Int, bytes limit: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return count < lines && bytesInFlight < limit
    }

    /// Adds line `index`: prepared work for a worker, or its error, which is finished at once.
    func admit(_ index: Int, _ prepared: Result<Work, LineError>, estimate: Int) {
        condition.lock()
        defer { condition.unlock() }
        switch prepared {
        case .success(let work):
            waiting.append((index, work))
            bytes[index] = estimate
            bytesInFlight += estimate
        case .failure(let error):
            finished[index] = .failure(error)
        }
        // Only workers wait while a line is admitted (the writing thread is the one admitting).
        condition.signal()
    }

    /// No more lines will be admitted: workers stop when the waiting ones are taken.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest waiting line, for a worker; blocks until there is one; nil once closed and empty.
    func take() -> (Int, Work)? {
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

    /// A worker's result for line `index`; its exact size replaces the estimate.
    func finish(_ index: Int, _ result: Result<String, LineError>) {
        condition.lock()
        defer { condition.unlock() }
        let size = (try? result.get())?.utf8.count ?? 0
        bytesInFlight += size - (bytes[index] ?? 0)
        bytes[index] = size
        finished[index] = result
        // Wake the writing thread once the line it waits for is done and it has a run of lines to
        // write (`wakeAfter` finished ones), or when no more work is waiting to be started: one wake
        // for many short lines rather than one each. Idle workers wake with it.
        if let awaited, finished[awaited] != nil, finished.count >= Self.wakeAfter || head == waiting.count || closed {
            condition.broadcast()
        }
    }

    /// Line `index`'s result, removed from the window; blocks until a worker has finished it.
    func result(_ index: Int) -> Result<String, LineError> {
        condition.lock()
        defer { condition.unlock() }
        awaited = index
        while finished[index] == nil { condition.wait() }
        awaited = nil
        bytesInFlight -= bytes.removeValue(forKey: index) ?? 0
        return finished.removeValue(forKey: index)!
    }
}
