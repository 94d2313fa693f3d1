// Locked: a value behind a pthread mutex (NSLock). BidiRender uses it rather than the standard
// library's Synchronization.Mutex because on Linux that Mutex is built on raw futexes, which
// ThreadSanitizer does not see as synchronization: every cache behind it was reported as a race.

import Foundation

/// A value that is only read and written while holding its lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A plain lock (a pthread mutex) for code that guards a C handle rather than a Swift value.
/// (`Locked<Void>` would alias its zero-size value with its lock's storage, which ThreadSanitizer's
/// exclusivity checks then report as a race.)
final class Lock: @unchecked Sendable {
    private let lock = NSLock()

    init() {}

    /// Runs `body` while holding the lock.
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
