// BidiReorderer+Load: turns text into the reorderer's buffers: code points, their Unicode 15 bidi
// classes and bracket values (BD14–BD16), and the paragraphs (P1, through `Paragraphs.split`).

extension BidiReorderer {
    private static let bClassBit: UInt32 = 1 << UInt32(BidiClassValue.B)

    /// Loads the code points of `text` with their classes and bracket values, and splits paragraphs.
    func load(_ text: String) {
        native.loadedWeakTypes = nil
        let loaded = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            loadUTF8(base, count: bytes.count)
            return true
        }
        if loaded == true { return }
        var utf8Count = text.utf8.count
        if utf8Count == 0 { utf8Count = 1 }
        reserve(utf8Count)  // a scalar takes at least one UTF-8 byte
        let scalars = self.scalars
        var i = 0
        for scalar in text.unicodeScalars {
            scalars[i] = scalar.value
            i += 1
        }
        setCount(i)
        classify()
    }

    /// The one pass of `load(_:)` over a string's UTF-8: decodes each scalar straight into its
    /// class and bracket value. The bytes are a Swift string's, so they are valid UTF-8. One- and
    /// two-byte characters (ASCII, Latin, Arabic, Hebrew) take their entry from the trie's direct
    /// table; the others from its two stages. Text without a paragraph separator (chat messages) is
    /// one paragraph; other text is split by `splitParagraphs`.
    ///
    /// On the way it applies W1–W3 into `workTypes` as if the text were one isolating run sequence
    /// (`loadedWeakTypes`), which the implicit path (fast path C) then skips. That holds only for
    /// one paragraph that does not start with an NSM (W1 would give it sos, which depends on the
    /// paragraph level the load does not know).
    private func loadUTF8(_ bytes: UnsafePointer<UInt8>, count byteCount: Int) {
        reserve(max(byteCount, 1))  // a scalar takes at least one UTF-8 byte
        let (scalars, classes, brackets, types) = (self.scalars, self.classes, self.brackets, native.types)
        let trie = UnicodeBidiData.trie
        let low = trie.low.baseAddress!  // no-trap: allocated with lowLimit entries at startup
        var n = 0
        var k = 0
        var set: UInt32 = 0
        var previousType = BidiClassValue.NSM
        var lastStrong = BidiClassValue.L  // sos is L or R: not AL, for W2
        while k < byteCount {
            let b0 = UInt32(bytes[k])
            let cp: UInt32
            let entry: UInt8
            if b0 < 0xE0 {
                // One byte or two, told apart by selects: Latin next to Arabic switches between
                // them every word, and a branch would be mispredicted at every switch.
                let two = b0 >= 0x80
                let b1 = UInt32(bytes[two ? k &+ 1 : k])
                cp = two ? (b0 & 0x1F) << 6 | (b1 & 0x3F) : b0
                entry = low[Int(cp)]
                k &+= two ? 2 : 1
            } else {
                cp = UTF8Decoding.next(bytes, &k)
                entry = trie.entry(cp)
            }
            let cls = entry & UnicodeBidiData.classMask
            scalars[n] = cp
            classes[n] = cls
            var bracket = BidiBracket.none
            if entry & UnicodeBidiTables.bracketFlag != 0 {
                bracket = Self.bracketValue(cp, entry: entry)
                set |= ParagraphSpan.bracketBit
            }
            brackets[n] = bracket
            set |= 1 &<< UInt32(cls)
            types[n] = ImplicitResolver.w1to3(cls, previousType: &previousType, lastStrong: &lastStrong)
            n &+= 1
        }
        setCount(n)
        if set & Self.bClassBit == 0 {
            paragraphs.removeAll(keepingCapacity: true)
            paragraphs.append(ParagraphSpan(start: 0, contentEnd: n, end: n, classSet: set))
            var first = 0
            while first < n, classes[first] == BidiClassValue.BN { first += 1 }
            native.loadedWeakTypes = first < n && classes[first] == BidiClassValue.NSM ? nil : set
        } else {
            splitParagraphs()
        }
    }

    /// Loads an array of scalars, like `load(_:)`.
    func load(scalars input: [Unicode.Scalar]) {
        native.loadedWeakTypes = nil
        reserve(max(input.count, 1))
        for (i, scalar) in input.enumerated() { scalars[i] = scalar.value }
        setCount(input.count)
        classify()
    }

    /// Loads code points, like `load(_:)`.
    func load(codePoints input: ArraySlice<UInt32>) {
        native.loadedWeakTypes = nil
        reserve(max(input.count, 1))
        var i = 0
        for cp in input {
            scalars[i] = cp
            i += 1
        }
        setCount(i)
        classify()
    }

    /// Loads a sequence of bidi classes with no real characters (BidiTest.txt); no brackets.
    func load(classes input: [BidiClass]) {
        native.loadedWeakTypes = nil
        reserve(max(input.count, 1))
        for (i, cls) in input.enumerated() {
            scalars[i] = 0xFFFF_FFFF
            classes[i] = cls.rawValue
            brackets[i] = BidiBracket.none
        }
        setCount(input.count)
        splitParagraphs()
    }

    private func classify() {
        let trie = UnicodeBidiData.trie
        let (scalars, classes, brackets) = (self.scalars, self.classes, self.brackets)
        for i in 0..<count {
            let cp = scalars[i]
            let entry = trie.entry(cp)
            classes[i] = entry & UnicodeBidiData.classMask
            brackets[i] = Self.bracketValue(cp, entry: entry)
        }
        splitParagraphs()
    }

    /// The bracket value (`BidiBracket`) of `cp`, whose trie entry is `entry` (BD14–BD16).
    @inline(__always) private static func bracketValue(_ cp: UInt32, entry: UInt8) -> UInt32 {
        guard entry & UnicodeBidiTables.bracketFlag != 0, let bracket = UnicodeBidiData.bracketPairIdentifier(cp) else {
            return BidiBracket.none
        }
        return BidiBracket.value(id: bracket.id, isOpen: bracket.isOpen)
    }

    /// UAX #9 P1 on the loaded text, with the classes present in each paragraph (and whether it
    /// holds a paired bracket).
    private func splitParagraphs() {
        paragraphs.removeAll(keepingCapacity: true)
        let (scalars, classes, brackets) = (self.scalars, self.classes, self.brackets)
        Paragraphs.split(count: count, classAt: { classes[$0] }, scalarAt: { scalars[$0] }) { start, contentEnd, end in
            var set: UInt32 = 0
            for i in start..<end {
                set |= 1 << UInt32(classes[i])
                if brackets[i] != BidiBracket.none { set |= ParagraphSpan.bracketBit }
            }
            paragraphs.append(ParagraphSpan(start: start, contentEnd: contentEnd, end: end, classSet: set))
        }
    }
}
