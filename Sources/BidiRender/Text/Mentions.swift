// Mentions: finding @-mentions and isolating each as one directional unit, as the seed documents ask
// ("مرحبا@我, 今天天气好吗" must read "@我, 今天天气好吗" beside "مرحبا", "@" attached to the name).
//
// Grammar (mode auto): "@" (U+0040) or "＠" (U+FF20) followed by one or more characters of general
// category L*, M*, N* or "_". An at sign right after an ASCII letter, digit, "_" or another at sign
// starts no mention (e-mail addresses, "@@"). After an Arabic or Chinese letter it does ("مرحبا@我").
//
// Display: the span S becomes M + I + S + PDI + M, where I is LRI or RLI after the direction of the
// span's first strong character (the paragraph's when it has none) and M is LRM or RLM to match: to
// the text around it the whole span is one strong character of its own direction.

/// Whether mentions are detected in the text.
public enum MentionMode: String, Sendable, Hashable, CaseIterable {
    /// Detect mentions by the grammar above.
    case auto
    /// Detect nothing; mention spans given by the caller are still honoured.
    case none
}

/// A mention: its range in the original text (scalar offsets) and the direction it is isolated with.
public struct Mention: Sendable, Hashable {
    public var range: Range<Int>
    public var direction: TextDirection
}

/// Mention detection over Unicode scalars.
public enum MentionDetector {
    /// "@" and the fullwidth "＠".
    @inline(__always)
    static func isAtSign(_ value: UInt32) -> Bool { value == 0x40 || value == 0xFF20 }

    /// The mention ranges of `scalars` by the grammar above, in order and not overlapping.
    public static func detect(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            defer { i += 1 }
            guard isAtSign(scalars[i].value) else { continue }
            if i > 0 {
                let before = scalars[i - 1]
                if before.isASCII && (before.properties.isAlphabetic || ("0"..."9").contains(before) || before == "_") {
                    continue
                }
                if isAtSign(before.value) { continue }
            }
            var end = i + 1
            while end < scalars.count, isNameCharacter(scalars[end]) { end += 1 }
            if end > i + 1 {
                out.append(i..<end)
                i = end - 1
            }
        }
        return out
    }

    /// L*, M*, N* or "_".
    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // The ASCII letters and digits are L* and N*; the rest of ASCII, but "_", is neither.
            let v = scalar.value
            return v == 0x5F || (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

/// The text as the bidi algorithm sees it: mentions isolated with inserted controls, and the maps
/// between its indices and the original text's.
struct IsolatedText {
    /// The transformed code points.
    var scalars: [UInt32]
    /// For each original code point, its index in `scalars`.
    var transformedIndex: [Int]
    /// For each transformed code point, its original index, or -1 for an inserted control.
    var originalIndex: [Int]
    var mentions: [Mention]
    /// For each original code point, how many controls are inserted before it (at a mention's start)
    /// and after it (at a mention's end).
    var insertedBefore: [UInt8]
    var insertedAfter: [UInt8]

    static let lrm: UInt32 = 0x200E
    static let rlm: UInt32 = 0x200F
    static let lri: UInt32 = 0x2066
    static let rli: UInt32 = 0x2067
    static let pdi: UInt32 = 0x2069

    /// Isolates `mentions` (sorted, not overlapping) in `original`.
    ///
    /// - Parameter innerMarks: also put the mark M just inside each end of the isolate
    ///   (M + I + M + S + M + PDI + M), as layout does. For a conforming UBA this changes nothing:
    ///   the marks have the isolate's own direction, which is also its sos and eos. It was the
    ///   work-around for FriBidi 1.0.8 bug #141, which now lives in the FriBidi engine
    ///   (Bidi/FriBidiEngine.swift) for every isolate; layout keeps the marks only so its output
    ///   (which lists the inserted controls) stays byte-identical.
    init(_ original: [Unicode.Scalar], mentions: [Mention], innerMarks: Bool = false) {
        self = .empty
        rebuild(original, mentions: mentions, innerMarks: innerMarks)
    }

    /// No text.
    static let empty = IsolatedText(
        scalars: [], transformedIndex: [], originalIndex: [], mentions: [], insertedBefore: [], insertedAfter: [])

    private init(
        scalars: [UInt32], transformedIndex: [Int], originalIndex: [Int], mentions: [Mention], insertedBefore: [UInt8],
        insertedAfter: [UInt8]
    ) {
        (self.scalars, self.transformedIndex, self.originalIndex) = (scalars, transformedIndex, originalIndex)
        (self.mentions, self.insertedBefore, self.insertedAfter) = (mentions, insertedBefore, insertedAfter)
    }

    /// Replaces the text with `original` isolated like `init`, reusing the arrays' storage (a layout
    /// scratch keeps one for its calls).
    mutating func rebuild(_ original: [Unicode.Scalar], mentions: [Mention], innerMarks: Bool = false) {
        self.mentions = mentions
        let n = original.count
        let inserted = innerMarks ? 3 : 2
        scalars.removeAll(keepingCapacity: true)
        scalars.reserveCapacity(n + 2 * inserted * mentions.count)
        transformedIndex.removeAll(keepingCapacity: true)
        transformedIndex.reserveCapacity(n)
        originalIndex.removeAll(keepingCapacity: true)
        originalIndex.reserveCapacity(n + 2 * inserted * mentions.count)
        insertedBefore.removeAll(keepingCapacity: true)
        insertedBefore.append(contentsOf: repeatElement(0, count: n))
        insertedAfter.removeAll(keepingCapacity: true)
        insertedAfter.append(contentsOf: repeatElement(0, count: n))
        original.withUnsafeBufferPointer { original in
            original.withMemoryRebound(to: UInt32.self) { codePoints in
                // The text between mentions is copied a stretch at a time.
                var i = 0
                func copy(upTo end: Int) {
                    guard end > i else { return }
                    transformedIndex.append(contentsOf: scalars.count..<(scalars.count + end - i))
                    scalars.append(contentsOf: codePoints[i..<end])
                    originalIndex.append(contentsOf: i..<end)
                    i = end
                }
                for mention in mentions {
                    let range = mention.range.clamped(to: i..<n)
                    guard !range.isEmpty, range.lowerBound == mention.range.lowerBound else { continue }
                    copy(upTo: range.lowerBound)
                    let rtl = mention.direction == .rightToLeft
                    let mark = rtl ? Self.rlm : Self.lrm
                    scalars.append(mark)
                    scalars.append(rtl ? Self.rli : Self.lri)
                    if innerMarks { scalars.append(mark) }
                    originalIndex.append(contentsOf: repeatElement(-1, count: inserted))
                    insertedBefore[range.lowerBound] = UInt8(inserted)
                    copy(upTo: range.upperBound)
                    if innerMarks { scalars.append(mark) }
                    scalars.append(Self.pdi)
                    scalars.append(mark)
                    originalIndex.append(contentsOf: repeatElement(-1, count: inserted))
                    insertedAfter[range.upperBound - 1] = UInt8(inserted)
                }
                copy(upTo: n)
            }
        }
    }

    /// The transformed range that holds the original range `range`, with the controls inserted at
    /// its edges (a mention's opening controls go with its first character, its closing ones with its
    /// last).
    func transformedRange(_ range: Range<Int>) -> Range<Int> {
        guard !range.isEmpty else {
            let at = range.lowerBound < transformedIndex.count ? transformedIndex[range.lowerBound] - Int(insertedBefore[range.lowerBound]) : scalars.count
            return at..<at
        }
        let lo = transformedIndex[range.lowerBound] - Int(insertedBefore[range.lowerBound])
        let hi = transformedIndex[range.upperBound - 1] + 1 + Int(insertedAfter[range.upperBound - 1])
        return lo..<hi
    }
}

/// Mention isolation on strings, for handing text to another renderer (UILabel, a TextView, a
/// browser), and its inverse.
public enum MentionIsolation {
    /// `text` with every mention wrapped as M + I + S + PDI + M (see above).
    ///
    /// - Parameters:
    ///   - direction: the paragraph direction; a mention with no strong character takes its
    ///     paragraph's direction (for auto, computed from the text outside the mentions).
    ///   - mode: `.auto` detects mentions; `.none` isolates only `mentions`.
    ///   - mentions: mention ranges known to the caller, in scalar offsets; always honoured.
    public static func isolate(
        _ text: String, direction: ParagraphDirection, mode: MentionMode = .auto, mentions: [Range<Int>] = []
    ) -> String {
        let scalars = Array(text.unicodeScalars)
        let resolved = MentionResolver.resolve(scalars, direction: direction, mode: mode, callerMentions: mentions)
        let isolated = IsolatedText(scalars, mentions: resolved.mentions)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: isolated.scalars.compactMap(Unicode.Scalar.init))
        return String(out)
    }

    /// `text` without bidi formatting characters: LRM, RLM, ALM, LRE, RLE, LRO, RLO, PDF, LRI, RLI,
    /// FSI and PDI. `strip(isolate(t)) == t` when `t` has none of them.
    public static func strip(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.filter { !isBidiControl($0) })
        return String(out)
    }

    /// The bidi formatting characters `strip` removes (`UnicodeBidiData.isBidiControl`).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        UnicodeBidiData.isBidiControl(scalar)
    }
}

/// Resolves mention spans and paragraph directions together: the direction of an auto paragraph
/// skips its mentions (a name says nothing about the message's language), and a mention with no
/// strong character takes its paragraph's direction.
enum MentionResolver {
    struct Result {
        var mentions: [Mention]
        /// The base level of each paragraph (by P1 on the original text).
        var paragraphLevels: [UInt8]
        var paragraphs: [Range<Int>]
    }

    static func resolve(
        _ scalars: [Unicode.Scalar], classes: [BidiClass]? = nil, direction: ParagraphDirection, mode: MentionMode,
        callerMentions: [Range<Int>]
    ) -> Result {
        let classes = classes ?? scalars.map { BidiClass($0) }
        let paragraphs = paragraphRanges(scalars, classes)
        // Caller spans win; detected ones that overlap them are dropped. Spans are clipped to the
        // paragraph they start in.
        var ranges: [Range<Int>] = []
        for r in callerMentions.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let lo = max(0, min(r.lowerBound, scalars.count))
            let para = paragraphContaining(lo, paragraphs)
            let clipped = lo..<max(lo, min(r.upperBound, para.upperBound))
            if clipped.isEmpty || (ranges.last.map { $0.overlaps(clipped) } ?? false) { continue }
            ranges.append(clipped)
        }
        if mode == .auto {
            // Both lists are sorted and free of overlaps: merge, dropping detected mentions that
            // overlap a caller span.
            var merged: [Range<Int>] = []
            merged.reserveCapacity(ranges.count)
            var c = 0
            for r in MentionDetector.detect(scalars) {
                while c < ranges.count, ranges[c].upperBound <= r.lowerBound {
                    merged.append(ranges[c])
                    c += 1
                }
                if c < ranges.count, ranges[c].overlaps(r) { continue }
                merged.append(r)
            }
            merged.append(contentsOf: ranges[c...])
            ranges = merged
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var levels: [UInt8] = []
        var mentions: [Mention] = []
        var m = 0
        for para in paragraphs {
            var inside: [Range<Int>] = []
            while m < ranges.count, ranges[m].lowerBound < para.upperBound {
                if ranges[m].lowerBound >= para.lowerBound { inside.append(ranges[m]) }
                m += 1
            }
            let base = direction.forcedLevel
                ?? firstStrongLevel(classes, para, skipping: inside)
                ?? direction.fallbackLevel
            levels.append(base)
            for r in inside {
                let level = firstStrongLevel(classes, r, skipping: []) ?? base
                mentions.append(Mention(range: r, direction: TextDirection(level: level)))
            }
        }
        return Result(mentions: mentions, paragraphLevels: levels, paragraphs: paragraphs)
    }

    /// The paragraph that holds offset `i` (the last one for the end of the text).
    static func paragraphContaining(_ i: Int, _ paragraphs: [Range<Int>]) -> Range<Int> {
        let k = paragraphs.partitioningIndex { $0.upperBound >= i }
        return paragraphs[min(k, paragraphs.count - 1)]
    }

    /// UAX #9 P1 on the original text (`Paragraphs.split`): content ranges, separators excluded.
    static func paragraphRanges(_ scalars: [Unicode.Scalar], _ classes: [BidiClass]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        Paragraphs.split(count: scalars.count, classAt: { classes[$0].rawValue }, scalarAt: { scalars[$0].value }) {
            start, contentEnd, _ in out.append(start..<contentEnd)
        }
        return out
    }

    /// UAX #9 P2–P3 over `range` (`Paragraphs.firstStrongLevel`), not looking inside `skipping`
    /// (sorted ranges within `range`).
    static func firstStrongLevel(_ classes: [BidiClass], _ range: Range<Int>, skipping: [Range<Int>]) -> UInt8? {
        let neutral = BidiClass.otherNeutral.rawValue
        return Paragraphs.firstStrongLevel(from: range.lowerBound, to: range.upperBound) { i in
            let k = skipping.partitioningIndex { $0.upperBound > i }
            return k < skipping.count && skipping[k].contains(i) ? neutral : classes[i].rawValue
        }
    }
}
