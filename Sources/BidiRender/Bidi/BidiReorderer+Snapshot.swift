// BidiReorderer+Snapshot: a resolved paragraph copied out of the reorderer and loaded back later, so
// that its lines can be reordered (L1–L2) again at another width without resolving it again.

/// The bidi stage's state of one resolved paragraph, as `BidiReorderer.resolveParagraph` left it (the
/// levels before any line's L1): what `withLineOrder` reads.
struct BidiParagraphSnapshot: Sendable {
    /// The bidi class (raw value) and the resolved level of each code point of the paragraph.
    var classes: [UInt8]
    var levels: [UInt8]
    /// The classes present (`ParagraphSpan.classSet`) and where the content ends.
    var classSet: UInt32
    var contentEnd: Int
}

extension BidiReorderer {
    /// The paragraph `resolveParagraph` loaded, before any line is reordered.
    func paragraphSnapshot() -> BidiParagraphSnapshot {
        let span = paragraphs.first ?? ParagraphSpan(start: 0, contentEnd: 0, end: 0, classSet: 0)
        return BidiParagraphSnapshot(
            classes: Array(UnsafeBufferPointer(start: classes, count: count)),
            levels: Array(UnsafeBufferPointer(start: levels, count: count)),
            classSet: span.classSet, contentEnd: span.contentEnd)
    }

    /// Loads `snapshot` back as the resolved paragraph (as `resolveParagraph` would leave it), for
    /// `withLineOrder`. Copies its classes and levels into the reorderer's buffers (L1 changes them).
    func restoreParagraph(_ snapshot: BidiParagraphSnapshot) {
        let n = snapshot.levels.count
        reserve(max(n, 1))
        let (classes, levels) = (self.classes, self.levels)
        snapshot.classes.withUnsafeBufferPointer { if let base = $0.baseAddress { classes.update(from: base, count: n) } }
        snapshot.levels.withUnsafeBufferPointer { if let base = $0.baseAddress { levels.update(from: base, count: n) } }
        setCount(n)
        native.loadedWeakTypes = nil
        paragraphs.removeAll(keepingCapacity: true)
        paragraphs.append(ParagraphSpan(start: 0, contentEnd: snapshot.contentEnd, end: n, classSet: snapshot.classSet))
    }
}
