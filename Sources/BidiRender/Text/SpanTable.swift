// SpanTable: values over the code points of a text kept as a small table of distinct values and an
// index per code point — what AttributeMap and StyleMap build from the spans.

/// Distinct values and, per code point, the index of its value. A span is applied stretch by
/// stretch (code points of one index): its override is computed and interned once per stretch, not
/// once per code point.
struct SpanTable<Value: Hashable> {
    private(set) var table: [Value]
    private(set) var index: [Int32]
    /// The ids by value, built only once the table has more than `linearLimit` values: a chat
    /// message's few spans give a handful, which a linear search finds faster than hashing (a
    /// locale's and the features' strings) and without allocating a dictionary per layout.
    private var ids: [Value: Int32] = [:]
    private static var linearLimit: Int { 16 }

    /// `base` over `count` code points.
    init(base: Value, count: Int) {
        table = [base]
        index = [Int32](repeating: 0, count: count)
    }

    /// The id of `value`, added to the table when it is new.
    private mutating func intern(_ value: Value) -> Int32 {
        if ids.isEmpty {
            if let k = table.firstIndex(of: value) { return Int32(k) }
        } else if let known = ids[value] {
            return known
        }
        let id = Int32(table.count)
        table.append(value)
        if !ids.isEmpty {
            ids[value] = id
        } else if table.count > Self.linearLimit {
            for (k, v) in table.enumerated() { ids[v] = Int32(k) }
        }
        return id
    }

    /// Overrides the values of `range` (clipped to the text) with `override`.
    mutating func apply(_ range: Range<Int>, _ override: (inout Value) -> Void) {
        let lo = max(0, range.lowerBound)
        let hi = min(index.count, range.upperBound)
        var i = lo
        while i < hi {
            let old = index[i]
            var end = i + 1
            while end < hi, index[end] == old { end += 1 }
            var value = table[Int(old)]
            override(&value)
            let id = intern(value)
            if id != old { for k in i..<end { index[k] = id } }
            i = end
        }
    }
}
