// Unicode's own conformance files: BidiTest.txt (by class, and replayed with real characters) and
// BidiCharacterTest.txt, through the library, checking levels and visual order.
import TestSupport
import Testing
@_spi(Tools) @testable import BidiRender

/// One parsed case of BidiTest.txt: classes, the paragraph directions it applies to, and the
/// expected levels (nil = removed by X9) and order.
struct BidiTestCase {
    let line: Int
    let classes: [BidiClass]
    let directions: [ParagraphDirection]
    let levels: [UInt8?]
    let order: [Int]

    static func load() throws -> [BidiTestCase] {
        var cases: [BidiTestCase] = []
        var levels: [UInt8?] = []
        var order: [Int] = []
        for (index, raw) in try UCDFiles.rawLines("BidiTest.txt").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("@Levels:") {
                levels = line.dropFirst(8).split(whereSeparator: \.isWhitespace).map { $0 == "x" ? nil : UInt8($0)! }
            } else if line.hasPrefix("@Reorder:") {
                order = line.dropFirst(9).split(whereSeparator: \.isWhitespace).map { Int($0)! }
            } else if !line.hasPrefix("@") {
                let fields = line.split(separator: ";")
                let classes = fields[0].split(whereSeparator: \.isWhitespace).map { BidiClass(shortName: String($0))! }
                let bits = Int(fields[1].trimmingCharacters(in: .whitespaces), radix: 16)!
                var directions: [ParagraphDirection] = []
                if bits & 1 != 0 { directions.append(.auto) }
                if bits & 2 != 0 { directions.append(.leftToRight) }
                if bits & 4 != 0 { directions.append(.rightToLeft) }
                cases.append(BidiTestCase(line: index + 1, classes: classes, directions: directions, levels: levels, order: order))
            }
        }
        return cases
    }

    /// The cases of BidiTest.txt, parsed once for the tests that share them.
    static let parsed = Result { try load() }

    /// The number of runs `cases` make: one per case and paragraph direction.
    static func runs(_ cases: [BidiTestCase]) -> Int { cases.reduce(0) { $0 + $1.directions.count } }
}

/// One line of BidiCharacterTest.txt.
struct BidiCharacterTestCase {
    let line: Int
    let scalars: [Unicode.Scalar]
    let direction: ParagraphDirection
    let paragraphLevel: UInt8
    let levels: [UInt8?]
    let order: [Int]

    static func load() throws -> [BidiCharacterTestCase] {
        var cases: [BidiCharacterTestCase] = []
        for (index, raw) in try UCDFiles.rawLines("BidiCharacterTest.txt").enumerated() {
            if raw.hasPrefix("#") || raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let f = raw.split(separator: ";", omittingEmptySubsequences: false)
            let direction: ParagraphDirection = switch f[1] {
            case "0": .leftToRight
            case "1": .rightToLeft
            default: .auto
            }
            cases.append(BidiCharacterTestCase(
                line: index + 1,
                scalars: f[0].split(whereSeparator: \.isWhitespace).map { Unicode.Scalar(UInt32($0, radix: 16)!)! },
                direction: direction,
                paragraphLevel: UInt8(f[2])!,
                levels: f[3].split(whereSeparator: \.isWhitespace).map { $0 == "x" ? nil : UInt8($0)! },
                order: f[4].split(whereSeparator: \.isWhitespace).map { Int($0)! }))
        }
        return cases
    }

    /// The lines of BidiCharacterTest.txt, parsed once for the tests that share them.
    static let parsed = Result { try load() }
}

@Suite struct BidiConformanceTests {
    /// The engines under test: native (with its fast paths), native on its general X1–X10 path
    /// only, and FriBidi.
    static let reorderers: [String] = ["native", "native-general", "fribidi"]

    static func reorderer(_ name: String) -> BidiReorderer {
        switch name {
        case "native-general": return BidiReorderer(engine: .native, fastPaths: false)
        case "fribidi": return BidiReorderer(engine: .fribidi)
        default: return BidiReorderer(engine: .native)
        }
    }

    /// Every input of BidiTest.txt at every paragraph level it lists, by bidi class, through each
    /// engine: levels (with the same count) and order. (A sanitizer build runs every fourth case.)
    @Test(arguments: reorderers)
    func bidiTestByClass(reorderer name: String) throws {
        let cases = try BidiTestCase.parsed.get()
        #expect(BidiTestCase.runs(cases) == 770_241, "BidiTest.txt case count")
        let engine = Self.reorderer(name)
        var failures: [String] = []
        for testCase in TestScale.sample(cases) {
            for direction in testCase.directions {
                engine.load(classes: testCase.classes)
                let n = engine.reorderAll(direction: direction, includeSeparators: true)
                let order = engine.withVisualOrderBuffer(count: n) { $0.map(Int.init) }
                var levelsOK = engine.count == testCase.levels.count
                for (i, want) in testCase.levels.enumerated() where want != nil && engine.levels[i] != want! {
                    levelsOK = false
                }
                if !levelsOK || order != testCase.order, failures.count < 20 {
                    failures.append("line \(testCase.line) \(direction): order \(order) want \(testCase.order)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Real characters for each class, several per class, to replay BidiTest.txt through the
    /// String API. ON includes emoji that are ON in Unicode 15 but L in FriBidi's Unicode 10 tables;
    /// no ON character is a paired bracket (BidiTest.txt assumes none).
    static let samples: [BidiClass: [UInt32]] = [
        .leftToRight: [0x41, 0x7A, 0x4E2D, 0x0E01, 0x00AA],
        .rightToLeft: [0x05D0, 0x05EA, 0x07C0, 0x10800],
        .arabicLetter: [0x0627, 0x0628, 0x0710, 0xFEFB],
        .europeanNumber: [0x30, 0x39, 0x06F0, 0x2070],
        .europeanSeparator: [0x2B, 0x2D, 0x207A],
        .europeanTerminator: [0x23, 0x24, 0x25, 0xB0, 0x20AC],
        .arabicNumber: [0x0660, 0x0669, 0x066B, 0x0600],
        .commonSeparator: [0x2C, 0x2E, 0x3A, 0x2F, 0xA0],
        .nonspacingMark: [0x0300, 0x064B, 0x05B0, 0x20D0],
        .boundaryNeutral: [0x200B, 0xAD, 0x200D, 0xFEFF],
        .paragraphSeparator: [0x0A, 0x0D, 0x1C, 0x85, 0x2029],
        .segmentSeparator: [0x09, 0x0B, 0x1F],
        .whiteSpace: [0x20, 0x0C, 0x2028, 0x3000],
        .otherNeutral: [0x21, 0x22, 0x26, 0x1F97A, 0x1F970, 0x1FAE0, 0xA1],
        .leftToRightEmbedding: [0x202A], .leftToRightOverride: [0x202D],
        .rightToLeftEmbedding: [0x202B], .rightToLeftOverride: [0x202E],
        .popDirectionalFormat: [0x202C], .leftToRightIsolate: [0x2066],
        .rightToLeftIsolate: [0x2067], .firstStrongIsolate: [0x2068], .popDirectionalIsolate: [0x2069],
    ]

    /// The samples really have their class in the UCD file, and none of the ON ones is a bracket.
    @Test func samplesHaveTheirClass() throws {
        let expected = try UnicodeTablesTests.expectedClasses()
        for (cls, cps) in Self.samples {
            for cp in cps {
                #expect(expected[Int(cp)] == cls, "U+\(String(cp, radix: 16)) is not \(cls.shortName)")
                #expect(UnicodeBidiData.pairedBracket(of: Unicode.Scalar(cp)!) == nil)
            }
        }
    }

    /// BidiTest.txt replayed with real characters through `BidiText` on each engine: this proves
    /// the Unicode 15 class table is what reaches the engines.
    @Test(arguments: BidiEngine.allCases)
    func bidiTestReplayedWithRealCharacters(engine: BidiEngine) throws {
        let cases = try BidiTestCase.parsed.get()
        #expect(BidiTestCase.runs(cases) == 770_241)
        var failures: [String] = []
        for (k, testCase) in TestScale.sample(Array(cases.enumerated())) {
            let scalars = testCase.classes.enumerated().map { i, cls -> Unicode.Scalar in
                let choices = Self.samples[cls]!
                return Unicode.Scalar(choices[(k + i) % choices.count])!
            }
            for direction in testCase.directions {
                let bidi = BidiText(scalars: scalars, direction: direction, engine: engine)
                // B only ever ends a BidiTest.txt input: it is the first paragraph's separator.
                let paragraph = bidi.paragraphs[0]
                let line = paragraph.singleLine
                let content = paragraph.range.count
                let wantOrder = testCase.order.filter { $0 < content }
                let wantLevels = testCase.levels.prefix(content)
                let levelsOK = line.levels.count == wantLevels.count
                    && zip(line.levels, wantLevels).allSatisfy { $1 == nil || $0.rawValue == $1! }
                if (!levelsOK || line.visualOrder != wantOrder) && failures.count < 20 {
                    failures.append("line \(testCase.line) \(direction): \(line.visualOrder) want \(wantOrder)")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// Every line of BidiCharacterTest.txt through `BidiText` on each engine, and on the native
    /// engine's general path alone. (A sanitizer build runs every fourth line.)
    @Test(arguments: reorderers)
    func bidiCharacterTest(reorderer name: String) throws {
        let cases = try BidiCharacterTestCase.parsed.get()
        #expect(cases.count == 91_707)
        var failures: [String] = []
        for testCase in TestScale.sample(cases) {
            let bidi = BidiText(scalars: testCase.scalars, direction: testCase.direction, reorderer: Self.reorderer(name))
            #expect(bidi.paragraphs.count == 1)
            let paragraph = bidi.paragraphs[0]
            let line = paragraph.singleLine
            let levelsOK = line.levels.count == testCase.levels.count
                && zip(line.levels, testCase.levels).allSatisfy { $1 == nil || $0.rawValue == $1! }
            if (paragraph.baseLevel.rawValue != testCase.paragraphLevel || !levelsOK
                || line.visualOrder != testCase.order) && failures.count < 20
            {
                failures.append("line \(testCase.line): \(line.visualOrder) want \(testCase.order)")
            }
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
