// CodePointSet: the code points a face's cmap maps, as a two-level bitmap built once when the face is
// loaded. Lookups read immutable memory, so font fallback checks coverage without taking the face's
// lock or calling FreeType.

/// An immutable set of Unicode code points: a page index per 256 code points, and a 256-bit map per
/// page that has any member.
///
/// A class over two buffers it owns (freed in `deinit`), so a lookup is two loads with no bounds
/// check and no reference counting of array storage: fallback runs it once per grapheme cluster.
final class CodePointSet: @unchecked Sendable {  // immutable after init
    /// For each page of 256 code points (0x1100 pages), the index of its bitmap in `bits`, or 0 for
    /// an empty page (page 0 of `bits` is all zero).
    private let pages: UnsafeMutablePointer<UInt16>
    /// Four 64-bit words per page.
    private let bits: UnsafeMutablePointer<UInt64>

    static let pageCount = 0x110000 >> 8

    /// The set of the code points in `ranges` (closed ranges, sorted or not).
    init(ranges: [ClosedRange<UInt32>]) {
        var pages = [UInt16](repeating: 0, count: Self.pageCount)
        var bits = [UInt64](repeating: 0, count: 4)
        for range in ranges where range.lowerBound < 0x110000 {
            var c = range.lowerBound
            let last = min(range.upperBound, 0x10FFFF)
            while c <= last {
                let page = Int(c >> 8)
                if pages[page] == 0 {
                    guard bits.count / 4 < Int(UInt16.max) else { break }
                    pages[page] = UInt16(bits.count / 4)
                    bits.append(contentsOf: [0, 0, 0, 0])
                }
                let word = Int(pages[page]) * 4 + Int((c & 0xFF) >> 6)
                bits[word] |= 1 << UInt64(c & 63)
                c += 1
            }
        }
        self.pages = .allocate(capacity: pages.count)
        self.pages.initialize(from: pages, count: pages.count)
        self.bits = .allocate(capacity: bits.count)
        self.bits.initialize(from: bits, count: bits.count)
    }

    deinit {
        pages.deallocate()
        bits.deallocate()
    }

    @inline(__always)
    func contains(_ c: UInt32) -> Bool {
        guard c < 0x110000 else { return false }
        let page = Int(pages[Int(c >> 8)])
        return bits[page * 4 + Int((c & 0xFF) >> 6)] & (1 << UInt64(c & 63)) != 0
    }
}
