// BidiReorderer: the reusable bidi engine. It turns text into Unicode 15 bidi types, splits paragraphs
// (UAX #9 P1), resolves levels (P2–I2) with the chosen `BidiEngine` and reorders lines (L1–L2), in
// buffers it owns and reuses, so a warm reorderer on the native engine allocates nothing per call.
// Loading is in BidiReorderer+Load.swift, resolution in BidiReorderer+Resolve.swift, lines in
// BidiReorderer+Line.swift; the engines (BidiEngineBackend) are NativeEngine.swift and
// FriBidiEngine.swift, each with its own scratch.

/// A reusable bidi engine for reordering many strings in a row (a chat list).
///
/// With the native engine (the default), once its buffers have grown to the longest text seen,
/// `withVisualOrder(of:direction:_:)` allocates nothing. The FriBidi engine allocates in FriBidi.
///
/// Thread-safety: a reorderer is mutable scratch space. Use one per thread or task; it is not Sendable.
public final class BidiReorderer {
    /// One paragraph found by rule P1: `start..<contentEnd` is its text, `contentEnd..<end` its
    /// separator (empty for the last paragraph when the text does not end with one).
    struct ParagraphSpan {
        var start: Int
        var contentEnd: Int
        var end: Int
        /// Bit `1 << BidiClass.rawValue` set for each class present in `start..<end`, and
        /// `bracketBit` when a paired bracket (BD14–BD15) is there.
        var classSet: UInt32

        /// The bit of `classSet` that says the paragraph holds a paired bracket (no class has it).
        static let bracketBit: UInt32 = 1 << 31
    }

    /// The implementation that resolves levels and orders lines; it can change between calls.
    @exclusivity(unchecked) package var engine: BidiEngine

    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity = 0
    /// Code points of the loaded text.
    @exclusivity(unchecked) var scalars: UnsafeMutablePointer<UInt32>
    /// BidiClass raw value of each code point.
    @exclusivity(unchecked) var classes: UnsafeMutablePointer<UInt8>
    /// Bracket value of each code point (`BidiBracket`, BD14–BD16).
    @exclusivity(unchecked) var brackets: UnsafeMutablePointer<UInt32>
    /// Embedding levels: resolved (P2–I2), then updated by L1 when a line is reordered.
    @exclusivity(unchecked) private(set) var levels: UnsafeMutablePointer<UInt8>
    /// Visual order of each line after `reorder`: offsets from its paragraph's start.
    @exclusivity(unchecked) private(set) var map: UnsafeMutablePointer<Int32>
    /// The visual order handed to callers: `map` without the characters the caller leaves out.
    @exclusivity(unchecked) var visual: UnsafeMutablePointer<Int32>
    /// The native engine and its scratch (the load leaves W1–W3's types in it); also the fallback of
    /// the FriBidi engine.
    let native: NativeEngine
    /// The FriBidi engine's own scratch (FriBidi types and brackets, work-arounds).
    @exclusivity(unchecked) var fribidi = FriBidiEngine()
    @exclusivity(unchecked) var paragraphs: [ParagraphSpan] = []

    // The stored properties opt out of dynamic exclusivity checks (a check costs about 100
    // instructions, and the hot path made some 20 a call). That is sound because a reorderer is never
    // shared between threads and none of its methods re-enters another while holding an access.

    /// Creates a reorderer with room for `initialCapacity` code points (it grows as needed) that
    /// resolves with `engine`. The room reserved at first is at least 16 and at most 4,194,304 code
    /// points (a layout engine's default limit), whatever `initialCapacity` says: a hint past
    /// what memory holds (`Int.max`) would otherwise trap in the allocation.
    public convenience init(initialCapacity: Int = 256, engine: BidiEngine = .native) {
        self.init(initialCapacity: initialCapacity, engine: engine, fastPaths: true)
    }

    init(initialCapacity: Int = 256, engine: BidiEngine = .native, fastPaths: Bool) {
        let n = min(max(initialCapacity, 16), 1 << 22)
        self.engine = engine
        native = NativeEngine(capacity: n, fastPaths: fastPaths)
        capacity = n
        scalars = .allocate(capacity: n)
        classes = .allocate(capacity: n)
        brackets = .allocate(capacity: n)
        levels = .allocate(capacity: n)
        map = .allocate(capacity: n)
        visual = .allocate(capacity: n)
        paragraphs.reserveCapacity(4)
    }

    deinit {
        scalars.deallocate()
        classes.deallocate()
        brackets.deallocate()
        levels.deallocate()
        map.deallocate()
        visual.deallocate()
    }

    // MARK: Public hot path

    /// Reorders `text` with each paragraph laid out as one line and calls `body` with the visual
    /// order: Unicode scalar offsets into `text`, left to right, paragraph after paragraph.
    ///
    /// Characters removed by rule X9 (LRE, RLE, LRO, RLO, PDF, BN) and paragraph separators are left
    /// out. The buffer is valid only inside `body`.
    public func withVisualOrder<R, E: Error>(
        of text: String, direction: ParagraphDirection,
        _ body: (UnsafeBufferPointer<Int32>) throws(E) -> R
    ) throws(E) -> R {
        load(text)
        let n = reorderAll(direction: direction, includeSeparators: false)
        return try body(UnsafeBufferPointer(start: visual, count: n))
    }

    /// The first `count` entries of the visual order written by `reorderAll`.
    func withVisualOrderBuffer<R>(count n: Int, _ body: (UnsafeBufferPointer<Int32>) -> R) -> R {
        body(UnsafeBufferPointer(start: visual, count: n))
    }

    /// Sets the number of loaded code points after a load wrote them (room was reserved).
    func setCount(_ n: Int) { count = n }

    /// Grows every buffer to hold at least `n` code points.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        var newCapacity = capacity
        while newCapacity < n { newCapacity *= 2 }
        func grow<T>(_ p: inout UnsafeMutablePointer<T>) {
            p.deallocate()
            p = .allocate(capacity: newCapacity)
        }
        grow(&scalars)
        grow(&classes)
        grow(&brackets)
        grow(&levels)
        grow(&map)
        grow(&visual)
        native.reserve(newCapacity)
        capacity = newCapacity
    }
}
