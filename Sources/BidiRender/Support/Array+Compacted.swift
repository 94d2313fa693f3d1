// Array+Compacted: a copy of an array in storage of its own sized to its elements — for a value kept
// long (a prepared text) whose array came from a scratch that reuses a far larger buffer.

extension Array {
    /// The elements in new storage of about their own size (not the capacity this array reserved).
    func compacted() -> [Element] {
        withUnsafeBufferPointer { Array($0) }
    }
}
