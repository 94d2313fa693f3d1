// UTF8Decoding: one scalar from the UTF-8 of a Swift string, for the hot loops that read a string's
// contiguous bytes instead of iterating its unicodeScalars view.

enum UTF8Decoding {
    /// The scalar value at `k`, with `k` moved past it. The bytes must be valid UTF-8 (a Swift
    /// string's always are): nothing is checked.
    @inline(__always) static func next(_ bytes: UnsafePointer<UInt8>, _ k: inout Int) -> UInt32 {
        let b0 = UInt32(bytes[k])
        if b0 < 0x80 {
            k &+= 1
            return b0
        }
        if b0 < 0xE0 {
            defer { k &+= 2 }
            return (b0 & 0x1F) << 6 | UInt32(bytes[k &+ 1] & 0x3F)
        }
        if b0 < 0xF0 {
            defer { k &+= 3 }
            return (b0 & 0x0F) << 12 | UInt32(bytes[k &+ 1] & 0x3F) << 6 | UInt32(bytes[k &+ 2] & 0x3F)
        }
        defer { k &+= 4 }
        return (b0 & 0x07) << 18 | UInt32(bytes[k &+ 1] & 0x3F) << 12 | UInt32(bytes[k &+ 2] & 0x3F) << 6
            | UInt32(bytes[k &+ 3] & 0x3F)
    }
}
