// ByteScan: the word-at-a-time search finds what a byte-by-byte search finds, at every offset of
// a word, at the ends of the buffer, and when both values or neither occur.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct ByteScanTests {
    /// The byte-by-byte answer.
    static func naive(_ bytes: [UInt8], from start: Int, _ a: UInt8, _ b: UInt8) -> Int {
        var i = start
        while i < bytes.count, bytes[i] != a, bytes[i] != b { i += 1 }
        return i
    }

    /// One match at each position of buffers of 0 to 40 bytes, searched from every start.
    @Test(arguments: [(UInt8(4), UInt8(7)), (13, 13), (0, 0x80), (0xFF, 1)])
    func oneMatchAnywhere(a: UInt8, b: UInt8) {
        for length in 0...40 {
            for position in -1..<length {
                // Bytes around the values (one off, and their high-bit neighbours) must not match.
                let near = [a &+ 1, a &- 1, a ^ 0x80, b ^ 0x80, b &+ 1, 0]
                var bytes = (0..<length).map { near[$0 % near.count] }.map { $0 == a || $0 == b ? 0x55 : $0 }
                if position >= 0 { bytes[position] = position % 2 == 0 ? a : b }
                for start in 0...length {
                    let found = bytes.withUnsafeBufferPointer {
                        ByteScan.next($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, from: start, to: length, a, b)
                    }
                    #expect(found == Self.naive(bytes, from: start, a, b), "length \(length) match at \(position) from \(start)")
                }
            }
        }
    }

    /// Random class bytes (0–22, as the resolvers scan): every match of ES or CS, then of ET, in turn.
    @Test func randomClassBytes() {
        var g = SplitMix64(seed: 18)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...70, using: &g)).map { _ in UInt8.random(in: 0...22, using: &g) }
            for (a, b) in [(UInt8(4), UInt8(7)), (5, 5)] {
                var i = 0
                while true {
                    let found = bytes.withUnsafeBufferPointer {
                        ByteScan.next($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, from: i, to: bytes.count, a, b)
                    }
                    #expect(found == Self.naive(bytes, from: i, a, b))
                    if found >= bytes.count { break }
                    i = found + 1
                }
            }
        }
    }
}
