// The reusable hot path: its fast paths agree with FriBidi's full algorithm, and its visual order
// agrees with the value API.
import ChatCorpus
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct BidiReordererTests {
    static let directions: [ParagraphDirection] = [
        .rightToLeft, .leftToRight, .auto, .autoWithFallback(.rightToLeft),
    ]

    /// The native engine with its fast paths, the native engine on its general X1–X10 path alone,
    /// and the FriBidi engine give the same levels and order, on the chat corpus in LTR, RTL and
    /// auto (as is, and with its mentions isolated as layout isolates them; the synthetic corpus and
    /// a sample of the real one) and on every line of
    /// BidiCharacterTest.txt. (Levels of characters removed by X9 are compared between the two
    /// native paths only: UAX #9 gives them none.)
    @Test func enginesAgree() throws {
        let fast = BidiReorderer()
        let general = BidiReorderer(engine: .native, fastPaths: false)
        let fribidi = BidiReorderer(engine: .fribidi)
        // (A sanitizer build takes a quarter of each sample: `TestScale`.)
        var texts = ChatCorpus.messages(count: TestScale.sample(3_000))
        texts += ChatCorpus.messages(count: TestScale.sample(1_000), seed: 7).map(Self.isolatedAsLayoutDoes)
        // A sample of the real-vocabulary corpus, with its marks, isolates, embeddings and overrides.
        let real = ChatCorpus.realMessages(count: TestScale.sample(500), seed: 0x18)
        texts += real + real.prefix(TestScale.sample(250)).map(Self.isolatedAsLayoutDoes)
        texts += try TestScale.sample(BidiCharacterTestCase.parsed.get()).map { String(String.UnicodeScalarView($0.scalars)) }
        texts += ["", " ", "abc", "مرحبا", "٣٤٥", "123", "a\u{AD}b", "مرحبا 🥺", "a\nب\n"]
        // A paragraph that starts with an NSM (after a BN or not): W1 gives it sos, which the load
        // cannot know, so the load's W1–W3 types must not be used.
        texts += ["\u{301}abc ١٢", "\u{AD}\u{301}مرحبا 12", "\u{301}\u{301}\u{AD}١٢ abc"]
        var fastHits = 0
        for text in texts {
            for direction in Self.directions {
                var results: [([Int32], [UInt8], [Bool])] = []
                for reorderer in [fast, general, fribidi] {
                    reorderer.load(text)
                    let n = reorderer.reorderAll(direction: direction, includeSeparators: true)
                    let order = reorderer.withVisualOrderBuffer(count: n) { Array($0) }
                    let levels = Array(UnsafeBufferPointer(start: reorderer.levels, count: reorderer.count))
                    let kept = (0..<reorderer.count).map { !BidiClass(rawValue: reorderer.classes[$0])!.isRemovedByX9 }
                    results.append((order, levels, kept))
                }
                let (a, b, c) = (results[0], results[1], results[2])
                let keptLevels = { (r: ([Int32], [UInt8], [Bool])) in zip(r.1, r.2).filter(\.1).map(\.0) }
                if a.0 != b.0 || a.1 != b.1 || a.0 != c.0 || keptLevels(a) != keptLevels(c) {
                    Issue.record("\(direction) \(text.unicodeScalars.map { String($0.value, radix: 16) }) levels \(a.1) general \(b.1) FriBidi \(c.1)")
                    return
                }
                if fast.paragraphs.indices.contains(where: { fast.nativePath(paragraph: $0, direction: direction) != .explicit }) {
                    fastHits += 1
                }
            }
        }
        // The fast paths must actually be taken, or this test proves nothing.
        #expect(fastHits > TestScale.sample(1_000))
    }

    /// The corpus text as the layout hands it to the bidi stage: mentions isolated, with the
    /// marks inside each isolate.
    static func isolatedAsLayoutDoes(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let resolved = MentionResolver.resolve(scalars, direction: .rightToLeft)
        let isolated = IsolatedText(scalars, entities: resolved.mentions, innerMarks: true)
        return String(String.UnicodeScalarView(isolated.scalars.compactMap(Unicode.Scalar.init)))
    }

    /// Both engines against ICU's ubidi on the plain isolation (M I S PDI M), where FriBidi 1.0.8
    /// without its #141 work-around errs: the visual order of every character that is not a
    /// control. (Levels are not compared: ICU gives a paragraph with nothing but right-to-left
    /// content the paragraph level throughout, inside isolates too, which displays the same.)
    @Test(arguments: BidiEngine.allCases)
    func isolatesAgreeWithICU(engine: BidiEngine) {
        let reorderer = BidiReorderer(engine: engine)
        var checked = 0
        for text in ChatCorpus.messages(count: 1_500, seed: 11) {
            let isolated = EntityIsolation.isolate(text, direction: .rightToLeft, kinds: .mentions)
            let scalars = Array(isolated.unicodeScalars)
            // Controls and BN (ZWJ in emoji sequences: X9 removes them, ICU keeps them) left out.
            func shown(_ i: Int) -> Bool {
                !UnicodeBidiData.isBidiControl(scalars[i]) && BidiClass(scalars[i]) != .boundaryNeutral
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
            if scalars.contains(where: { $0.value == 0x2067 || $0.value == 0x2066 }) { checked += 1 }
        }
        #expect(checked > 1_000, "isolates must be there")
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

    /// The W1–W3 types the UTF-8 load leaves for fast path C are those of UAX #9's W1–W3, written
    /// here as the rules read (a branch per rule), whichever sos the paragraph gets; a text that
    /// starts with an NSM, or has more than one paragraph, leaves none. The class set handed with
    /// them holds ES, ET, CS and EN when the types do, and EN or AN when they hold AN.
    @Test func loadedWeakTypesAreW1toW3() throws {
        let reorderer = BidiReorderer()
        var texts = ChatCorpus.realMessages(count: TestScale.sample(300), seed: 0x26) + ChatCorpus.messages(count: TestScale.sample(300), seed: 26)
        texts += try BidiCharacterTestCase.parsed.get().prefix(TestScale.sample(3_000)).map { String(String.UnicodeScalarView($0.scalars)) }
        texts += ["\u{301}abc", "\u{AD}\u{301}مرحبا", "a\u{301}", "ب\u{AD}\u{301}١٢3", "ﺏ12", "a\nب"]
        let (L, R, AL) = (BidiClass.leftToRight.rawValue, BidiClass.rightToLeft.rawValue, BidiClass.arabicLetter.rawValue)
        let (EN, AN) = (BidiClass.europeanNumber.rawValue, BidiClass.arabicNumber.rawValue)
        let (NSM, BN) = (BidiClass.nonspacingMark.rawValue, BidiClass.boundaryNeutral.rawValue)
        var used = 0, left = 0
        for text in texts {
            reorderer.load(text)
            let n = reorderer.count
            let classes = Array(UnsafeBufferPointer(start: reorderer.classes, count: n))
            var first = 0
            while first < n, classes[first] == BN { first += 1 }
            let startsWithNSM = first < n && classes[first] == NSM
            guard let classSet = reorderer.native.loadedWeakTypes else {
                #expect(startsWithNSM || reorderer.paragraphs.count > 1, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                left += 1
                continue
            }
            #expect(!startsWithNSM && reorderer.paragraphs.count == 1)
            let loaded = Array(UnsafeBufferPointer(start: reorderer.native.types, count: n))
            for sos in [L, R] {
                var expected = [UInt8]()
                var previous = sos, lastStrong = sos
                for c in classes {
                    var t = c
                    if c == BN { expected.append(BN); continue }
                    if c == NSM { t = previous }                           // W1
                    previous = t
                    if t == L || t == R || t == AL { lastStrong = t }
                    if t == EN, lastStrong == AL { t = AN }                  // W2
                    if t == AL { t = R }                                     // W3
                    expected.append(t)
                }
                #expect(loaded == expected, "sos \(sos): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                let typeSet = expected.reduce(UInt32(0)) { $0 | 1 << UInt32($1) }
                let kept = [BidiClass.europeanSeparator, .europeanTerminator, .commonSeparator, .europeanNumber]
                    .reduce(UInt32(0)) { $0 | 1 << UInt32($1.rawValue) }
                #expect(typeSet & kept & ~classSet == 0)
                if typeSet & (1 << UInt32(AN)) != 0 { #expect(classSet & (1 << UInt32(EN) | 1 << UInt32(AN)) != 0) }
            }
            used += 1
        }
        #expect(used > TestScale.sample(3_000) && left >= 3)  // at least the two NSM-led texts and "a\nب"
    }

    /// Line reordering (L1 and L2 on lines cut out of a paragraph) on both engines against ICU's
    /// ubidi_setLine: at every space, and every 7 code points, of the corpus (mentions isolated
    /// too), of texts with user isolates and embeddings, and of BidiCharacterTest.txt, including
    /// lines that end in white space, isolates and embeddings. The order of the characters X9 keeps
    /// is compared. Texts with overrides are left out: on some of them (RLO a LRE b PDF LRI c PDI
    /// LRE d PDF e PDF, RTL) ICU 72 gives an isolate initiator under an override its content's
    /// level, where UAX #9 X5a, the native engine and FriBidi give it the override's; so are the
    /// texts of ICU's quirks (`ICUBidi.knownQuirk`).
    @Test(arguments: BidiEngine.allCases)
    func lineReorderingAgreesWithICU(engine: BidiEngine) throws {
        let reorderer = BidiReorderer(engine: engine)
        var texts = ChatCorpus.messages(count: TestScale.sample(600), seed: 3)
        texts += ChatCorpus.messages(count: TestScale.sample(300), seed: 9).map(Self.isolatedAsLayoutDoes)
        texts += ChatCorpus.messages(count: TestScale.sample(300), seed: 4).map { EntityIsolation.isolate($0, direction: .leftToRight, kinds: .mentions) }
        texts += try TestScale.sample(BidiCharacterTestCase.parsed.get().enumerated().filter { $0.offset % 13 == 0 })
            .map { String(String.UnicodeScalarView($0.element.scalars)) }
        texts += [
            "abc \u{2067}d \u{2069} ", "مرحبا abc\u{202A}x \u{202C} ", "a\u{2066}b\u{2069}\u{200B} c",
            "\u{5D0} \u{2067}\u{2069}\u{2028}\u{5D1}", "x \u{2068}\u{5D0} \u{2069} \u{2066} y\u{2069}\t\u{5D1} \u{2067}",
        ]
        var lines = 0
        var reordered = 0
        for text in texts where !text.isEmpty && !text.unicodeScalars.contains(where: { $0 == "\u{202D}" || $0 == "\u{202E}" })
            && !ICUBidi.knownQuirk(Array(text.unicodeScalars))
        {
            let scalars = Array(text.unicodeScalars)
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                reorderer.load(text)
                let base = reorderer.resolve(paragraph: 0, direction: direction)
                let resolved = Array(UnsafeBufferPointer(start: reorderer.levels, count: reorderer.count))
                let p = reorderer.paragraphs[0]
                let paragraph = Array(scalars[p.start..<p.contentEnd])
                var cuts = [p.start]
                for i in p.start..<p.contentEnd where scalars[i] == " " || (i - p.start) % 7 == 6 { cuts.append(i + 1) }
                cuts.append(p.contentEnd)
                for (lo, hi) in zip(cuts, cuts.dropFirst()) where lo < hi {
                    reorderer.levels.update(from: resolved, count: resolved.count)
                    #expect(reorderer.reorder(paragraph: 0, baseLevel: base, lineStart: lo, lineEnd: hi))
                    let kept = { (i: Int) in !BidiClass(scalars[i]).isRemovedByX9 }
                    let ours = (lo..<hi).map { Int(reorderer.map[$0]) }.filter(kept)
                    guard let icu = ICUBidi.reorderLine(paragraph, paragraphLevel: base, line: lo..<hi) else {
                        Issue.record("ICU failed")
                        return
                    }
                    if ours != icu.filter(kept) {
                        Issue.record("\(text.debugDescription) \(direction) line \(lo)..<\(hi): \(ours) vs ICU \(icu.filter(kept))")
                        return
                    }
                    lines += 1
                    if ours != ours.sorted() { reordered += 1 }
                }
            }
        }
        #expect(lines > TestScale.sample(10_000))
        #expect(reordered > TestScale.sample(3_000), "lines whose order is not logical")
    }

    /// UAX #9 L1 resets the white space and isolate controls at a line's end, LINE SEPARATOR (WS)
    /// included: "א␠RLI PDI LS" + "ב" cut after LS keeps "␠ RLI PDI LS" at level 0 in an LTR
    /// paragraph (FriBidi 1.0.8's reorder_line leaves the isolates at level 1).
    @Test(arguments: BidiEngine.allCases)
    func lineEndResetsIsolates(engine: BidiEngine) throws {
        let text: [Unicode.Scalar] = ["\u{5D0}", " ", "\u{2067}", "\u{2069}", "\u{2028}", "\u{5D1}"]
        let paragraph = BidiText(scalars: text, direction: .leftToRight, engine: engine).paragraphs[0]
        let line = try paragraph.line(0..<5)
        #expect(line.levels == [1, 0, 0, 0, 0])
        #expect(line.visualOrder == [0, 1, 2, 3, 4])
        // ICU 72's ubidi_setLine gives [0, 4, 3, 2, 1] here: it leaves "␠ RLI PDI LS" at level 1
        // (and "␠ LS" in "א␠LS" + "ב" too, [0, 2, 1]), though L1 puts white space and isolate
        // controls at a line's end at the paragraph level. So the expectation is UAX #9's own.
        let rtl = try BidiText(scalars: text, direction: .rightToLeft, engine: engine).paragraphs[0].line(0..<5)
        #expect(rtl.levels == [1, 1, 1, 1, 1])
        #expect(rtl.visualOrder == ICUBidi.reorderLine(text, paragraphLevel: 1, line: 0..<5))
    }

    /// Paragraphs without explicit formatting characters take the native fast paths (one level, or
    /// the implicit rules on one isolating run sequence); those with isolates, embeddings or
    /// overrides take the general X1–X10 path.
    @Test(arguments: [
        ("小明بدأ في متابعتك 123 (test) 🥰", [NativeEngine.Path.implicit]),
        ("مرحبا مرحبا", [.uniform]),
        ("مرحبا ❤\u{FE0F}[的] 3.14% +966", [.implicit]),
        ("a\nب\n", [.implicit, .uniform]),
        ("x \u{2067}y\u{2069}", [.explicit]),
        ("\u{202B}abc\u{202C}", [.explicit]),
    ])
    func nativePaths(text: String, paths: [NativeEngine.Path]) {
        let reorderer = BidiReorderer()
        reorderer.load(text)
        #expect(reorderer.paragraphs.indices.map { reorderer.nativePath(paragraph: $0, direction: .rightToLeft) } == paths)
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

// What the tests read of a reorderer, kept out of the production type.
extension BidiReorderer {
    /// The bracket values of the loaded text.
    var bracketValues: [UInt32] { Array(UnsafeBufferPointer(start: brackets, count: count)) }

    /// The native path paragraph `index` takes with `direction`.
    func nativePath(paragraph index: Int, direction: ParagraphDirection) -> NativeEngine.Path {
        let p = paragraphs[index]
        let classes = self.classes
        let base = direction.forcedLevel
            ?? Paragraphs.firstStrongLevel(from: p.start, to: p.end) { classes[$0] } ?? direction.fallbackLevel
        return NativeEngine.path(classSet: p.classSet, base: base)
    }
}
