// BinarySearch: the partition point of a sorted collection, shared by the stages that look up items
// and mentions by offset, and a range's two ends as a pair.

extension RandomAccessCollection {
    /// The index of the first element for which `belongs` is true, where `belongs` is false for a
    /// prefix of the collection and true for the rest (binary search).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var lo = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(lo, offsetBy: half)
            if belongs(self[mid]) {
                count = half
            } else {
                lo = index(after: mid)
                count -= half + 1
            }
        }
        return lo
    }
}

extension Range {
    /// Its two ends, as a pair.
    var bounds: (Bound, Bound) { (lowerBound, upperBound) }
}
