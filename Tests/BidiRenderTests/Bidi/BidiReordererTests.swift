// The reusable hot path: its fast paths agree with FriBidi's full algorithm, and its visual order
// agrees with the value API.
import ChatCorpus
import Testing
@testable import BidiRender

@Suite struct BidiReordererTests {
    static let directions: [ParagraphDirection] = [
        .rightToLeft, .leftToRight, .auto, .autoWithFallback(.rightToLeft),
    ]

    /// Fast paths and FriBidi give the same levels and order, on the chat corpus (as is, and with
    /// its mentions isolated as layout isolates them) and on every line of BidiCharacterTest.txt.
    @Test func fastPathsAgreeWithFriBidi() throws {
        let fast = BidiReorderer()
        let full = BidiReorderer()
        full.disablesFastPaths = true
        var texts = ChatCorpus.messages(count: 3_000)
        texts += ChatCorpus.messages(count: 1_000, seed: 7).map(Self.isolatedAsLayoutDoes)
        texts += try BidiCharacterTestCase.load().map { String(String.UnicodeScalarView($0.scalars)) }
        texts += ["", " ", "abc", "مرحبا", "٣٤٥", "123", "a\u{AD}b", "مرحبا 🥺", "a\nب\n"]
        var fastHits = 0
        for text in texts {
            for direction in Self.directions {
                fast.load(text)
                full.load(text)
                let n = fast.reorderAll(direction: direction, includeSeparators: true)
                let m = full.reorderAll(direction: direction, includeSeparators: true)
                let a = fast.withVisualOrderBuffer(count: n) { Array($0) }
                let b = full.withVisualOrderBuffer(count: m) { Array($0) }
                let levelsA = Array(UnsafeBufferPointer(start: fast.levels, count: fast.count))
                let levelsB = Array(UnsafeBufferPointer(start: full.levels, count: full.count))
                if a != b || levelsA != levelsB {
                    Issue.record("\(direction) \(text.unicodeScalars.map { String($0.value, radix: 16) }) levels \(levelsA) vs FriBidi \(levelsB)")
                    return
                }
                if fast.fastPathCount > 0 { fastHits += 1 }
            }
        }
        // The fast paths must actually be taken, or this test proves nothing.
        #expect(fastHits > 1_000)
    }

    /// The corpus text as the layout hands it to the bidi stage: mentions isolated, with the
    /// marks inside each isolate.
    static func isolatedAsLayoutDoes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let resolved = MentionResolver.resolve(scalars, direction: .rightToLeft, mode: .auto, callerMentions: [])
        let isolated = IsolatedText(scalars, mentions: resolved.mentions, innerMarks: true)
        return String(String.UnicodeScalarView(isolated.scalars.compactMap(Unicode.Scalar.init)))
    }

    /// Fast path D against ICU's ubidi on the plain isolation (M I S PDI M), where FriBidi 1.0.8
    /// errs (its bug #141): the visual order of every character that is not a control. (Levels are
    /// not compared: ICU gives a paragraph with nothing but right-to-left content the paragraph level
    /// throughout, inside isolates too, which displays the same.)
    @Test func isolateFastPathAgreesWithICU() {
        let reorderer = BidiReorderer()
        var checked = 0
        for text in ChatCorpus.messages(count: 1_500, seed: 11) {
            let isolated = MentionIsolation.isolate(text, direction: .rightToLeft)
            let scalars = Array(isolated.unicodeScalars)
            // Controls and BN (ZWJ in emoji sequences: X9 removes them, ICU keeps them) left out.
            func shown(_ i: Int) -> Bool {
                !MentionIsolation.isBidiControl(scalars[i]) && BidiClass(scalars[i]) != .boundaryNeutral
            }
            let ours = reorderer.withVisualOrder(of: isolated, direction: .rightToLeft) { visual in
                visual.map(Int.init).filter(shown)
            }
            guard let icu = ICUBidi.reorder(scalars, paragraphLevel: 1) else {
                Issue.record("ICU failed")
                return
            }
            let theirs = icu.visual.filter(shown)
            if ours != theirs {
                Issue.record("\(text.debugDescription): \(ours) vs ICU \(theirs)")
                return
            }
            if reorderer.fastPathCount > 0 { checked += 1 }
        }
        #expect(checked > 1_000, "fast path D must be taken")
    }

    /// Loading a String (one pass over its UTF-8) gives the code points, classes, brackets and
    /// paragraphs that loading its scalars does: 1- to 4-byte characters, CR LF, lone CR and LF,
    /// U+2029, brackets, and the corpus.
    @Test func stringLoadMatchesScalarLoad() {
        let fromString = BidiReorderer(initialCapacity: 2)
        let fromScalars = BidiReorderer(initialCapacity: 2)
        var texts = ChatCorpus.messages(count: 500, seed: 5) + ChatCorpus.longLines(count: 1)
        texts += ["", "\r\n", "a\r\nb\rc\nd\u{2029}", "(x]〈y〉\u{2329}z\u{232A}", "🥰𝐀é中ب\r", "a\u{85}b\u{1C}"]
        for text in texts {
            fromString.load(text)
            fromScalars.load(scalars: Array(text.unicodeScalars))
            let n = fromScalars.count
            #expect(fromString.count == n)
            #expect(Array(UnsafeBufferPointer(start: fromString.scalars, count: n)) == Array(UnsafeBufferPointer(start: fromScalars.scalars, count: n)))
            #expect(Array(UnsafeBufferPointer(start: fromString.classes, count: n)) == Array(UnsafeBufferPointer(start: fromScalars.classes, count: n)))
            #expect(fromString.bracketValues == fromScalars.bracketValues)
            #expect(fromString.paragraphs.map { [$0.start, $0.contentEnd, $0.end, Int($0.classSet)] }
                == fromScalars.paragraphs.map { [$0.start, $0.contentEnd, $0.end, Int($0.classSet)] })
        }
    }

    /// The native line reordering (end-of-line L1, then L2) gives `fribidi_reorder_line`'s levels and
    /// map on lines cut out of a paragraph: at every space, and every 7 code points, of the corpus
    /// (mentions isolated too) and of BidiCharacterTest.txt, including lines that end in white space,
    /// isolates and embeddings.
    @Test func lineReorderingAgreesWithFriBidi() throws {
        let native = BidiReorderer()
        let full = BidiReorderer()
        full.disablesFastPaths = true
        var texts = ChatCorpus.messages(count: 1_000, seed: 3)
        texts += ChatCorpus.messages(count: 500, seed: 9).map(Self.isolatedAsLayoutDoes)
        texts += try BidiCharacterTestCase.load().enumerated().filter { $0.offset % 5 == 0 }
            .map { String(String.UnicodeScalarView($0.element.scalars)) }
        texts += ["abc \u{2067}d \u{2069} ", "مرحبا abc\u{202A}x \u{202C} ", "a\u{2066}b\u{2069}\u{200B} c"]
        var lines = 0
        var reordered = 0
        for text in texts where !text.isEmpty {
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                full.load(text)
                guard let base = full.resolve(paragraph: 0, direction: direction) else { continue }
                native.load(text)
                _ = native.resolve(paragraph: 0, direction: direction)
                let p = full.paragraphs[0]
                let scalars = Array(text.unicodeScalars)
                var cuts = [p.start]
                for i in p.start..<p.end where scalars[i] == " " || (i - p.start) % 7 == 6 { cuts.append(i + 1) }
                cuts.append(p.end)
                for (lo, hi) in zip(cuts, cuts.dropFirst()) where lo < hi {
                    // Both start from FriBidi's resolved levels, which the line reordering updates.
                    native.levels.update(from: full.levels, count: full.count)
                    #expect(full.reorder(paragraph: 0, baseLevel: base, lineStart: lo, lineEnd: hi))
                    #expect(native.reorder(paragraph: 0, baseLevel: base, lineStart: lo, lineEnd: hi))
                    let a = (lo..<hi).map { (native.map[$0], native.levels[$0]) }
                    let b = (lo..<hi).map { (full.map[$0], full.levels[$0]) }
                    if !a.elementsEqual(b, by: ==) {
                        Issue.record("\(text.debugDescription) \(direction) line \(lo)..<\(hi): \(a) vs FriBidi \(b)")
                        return
                    }
                    lines += 1
                    if a.enumerated().contains(where: { Int($0.element.0) != lo + $0.offset }) { reordered += 1 }
                }
            }
        }
        #expect(lines > 20_000)
        #expect(reordered > 10_000, "lines whose order is not logical")
    }

    /// Paragraphs without explicit formatting characters (fast path C, the implicit rules on one
    /// isolating run sequence) and those whose only explicit formatting is isolates (fast path D)
    /// never reach FriBidi; those with embeddings or overrides do.
    @Test(arguments: [
        ("小明بدأ في متابعتك 123 (test) 🥰", 1),
        ("مرحبا ❤\u{FE0F}[的] 3.14% +966", 1),
        ("a\nب\n", 2),
        ("x \u{2067}y\u{2069}", 1),
        ("\u{202B}abc\u{202C}", 0),
        ("\u{2067}a\u{202A}b\u{202C}\u{2069}", 0),
    ])
    func fastPathCoverage(text: String, fastParagraphs: Int) {
        let reorderer = BidiReorderer()
        reorderer.load(text)
        _ = reorderer.reorderAll(direction: .rightToLeft, includeSeparators: false)
        #expect(reorderer.fastPathCount == fastParagraphs)
    }

    /// The hot path gives the same visual order as the value API, paragraph after paragraph.
    @Test func hotPathMatchesValueAPI() {
        let reorderer = BidiReorderer(initialCapacity: 4)  // forces buffer growth
        for text in ChatCorpus.messages(count: 500) + ChatCorpus.longLines(count: 2) + ["a\nمرحبا\r\nb"] {
            for direction in Self.directions {
                let hot = reorderer.withVisualOrder(of: text, direction: direction) { $0.map(Int.init) }
                let value = BidiText(text, direction: direction).paragraphs.flatMap { $0.singleLine.visualOrder }
                #expect(hot == value)
            }
        }
    }

    /// The corpus generator is deterministic and has the promised shape.
    @Test func corpusShape() {
        let corpus = ChatCorpus.messages(count: 2_000)
        #expect(corpus == ChatCorpus.messages(count: 2_000))
        #expect(corpus.allSatisfy { (10...200).contains($0.unicodeScalars.count) })
        #expect(corpus.contains { $0.contains("@") })
        let long = ChatCorpus.longLines(count: 3)
        #expect(long.allSatisfy { (5_000...5_300).contains($0.unicodeScalars.count) })
    }
}
