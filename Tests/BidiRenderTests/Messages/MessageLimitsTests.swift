// Tests of a catalog's limits and errors (issue #32): pattern size and nesting checked before ICU
// sees the pattern, ICU's errors at their real offsets, numbers passed to ICU exactly, the argument
// limits, catalog files inside their folder, and format's time linear in its arguments.
import Foundation
import Testing
import TestSupport
@_spi(Tools) @testable import BidiRender

@Suite struct MessageLimitsTests {
    func error(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as BidiRenderError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    func format(_ pattern: String, _ arguments: [String: MessageArgument] = ["g": "a", "n": 1], locale: String = "en") throws -> String {
        let data = try JSONSerialization.data(withJSONObject: ["m": pattern])
        let dir = try writeCatalog(["default.json": String(decoding: data, as: UTF8.self)])
        return try MessageCatalog(directory: dir).format("m", locale: LocaleTag(locale), arguments: arguments).text
    }

    /// 3,000 levels crashed ICU's formatter (SIGSEGV); 33 are refused before ICU sees them, 32 format.
    @Test func nestingDepthIsBounded() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{g, select, other {", count: depth) + "x" + String(repeating: "}}", count: depth)
        }
        #expect(try format(nested(MessagePatternBounds.maximumDepth)) == "x")
        let e = error { _ = try format(nested(MessagePatternBounds.maximumDepth + 1)) }
        #expect(e?.hasSuffix("default.json:1: m: a pattern nests at most 32 messages deep: deeper at code point 626 of the pattern") == true, "\(e ?? "")")
        // Choice sub-messages nest without braces of their own; quoted braces do not nest.
        let choice = String(repeating: "{n, choice, 0#", count: 40) + "x" + String(repeating: "}", count: 40)
        #expect(error { _ = try format(choice) }?.contains("nests at most 32 messages deep") == true)
        let quoted = "'{'" + String(repeating: "{g, select, other {'{'", count: 20) + "x" + String(repeating: "}}", count: 20)
        #expect(try format(quoted) == "{" + String(repeating: "{", count: 20) + "x")
        // Apostrophes inside a simple argument's style quote anything: the braces after are counted.
        let style = "{n, number, 'a}'}" + String(repeating: "{g, select, other {", count: 33) + String(repeating: "}}", count: 33)
        #expect(error { _ = try format(style) }?.contains("nests at most 32") == true)
        let deep = error { _ = try format(nested(3000)) }
        #expect(deep?.contains("a pattern is at most 16384 UTF-16 units long, not 63001") == true, "\(deep ?? "")")
    }

    /// ICU's errors at the code point where they are (ICU itself says 0 for some of them).
    @Test(arguments: [
        ("héllo {name, plural, one {x}", "U_PATTERN_SYNTAX_ERROR at code point 20"),
        ("héllo {n, plural, one {x}}", "U_DEFAULT_KEYWORD_MISSING at code point 6"),
        ("héllo {n, select, a {x} other {y}", "U_PATTERN_SYNTAX_ERROR at code point 17"),
        ("héllo {n} {n, nonsense}", "U_ILLEGAL_ARGUMENT_ERROR at code point 10"),
        ("😀 {n, number, ::foo}", "U_NUMBER_SKELETON_SYNTAX_ERROR at code point 2"),
        ("😀😀 {n", "U_UNMATCHED_BRACES at code point 3"),
        ("ab {g, select, other {x {n}", "U_UNMATCHED_BRACES at code point 21"),
    ])
    func errorOffsets(pattern: String, words: String) {
        let e = error { _ = try format(pattern) }
        #expect(e?.contains("m: ICU rejects the pattern: \(words) of the pattern") == true, "\(e ?? "")")
    }

    /// Numbers reach ICU exactly, past 2^53; the plural category comes from the exact number.
    @Test func decimalsAreExact() throws {
        let pattern = "{n, plural, one {# item} other {# items}}"
        #expect(try format(pattern, ["n": .decimal("99999999999999999999")]) == "99,999,999,999,999,999,999 items")
        #expect(try format(pattern, ["n": MessageArgument(parsing: "-12345678901234567890.5")]) == "-12,345,678,901,234,567,890.5 items")
        #expect(try format(pattern, ["n": .decimal("1")]) == "1 item")
        // An integer literal past 2^53 is exact too (it was made a Double: …993 formatted …992).
        #expect(try format("{n, number}", ["n": 9_007_199_254_740_993]) == "9,007,199,254,740,993")
        #expect(try format("{n, number}", ["n": 9_223_372_036_854_775_807]) == "9,223,372,036,854,775,807")
        #expect(try format("{n, number}", ["n": MessageArgument(integerLiteral: Int.min)]) == "-9,223,372,036,854,775,808")
        #expect(try format(pattern, ["n": 1]) == "1 item")
        // Arabic digits, exact past 2^53 (ICU picks the plural category itself: "many" for …99).
        let arabic = #"{"m": "{n, plural, zero {Z} one {O} two {T} few {F} many {M #} other {X #}}"}"#
        let catalog = try MessageCatalog(directory: try writeCatalog(["default.json": "{}", "ar.json": arabic]))
        let many = try catalog.format("m", locale: LocaleTag("ar"), arguments: ["n": .decimal("1234567890123456799")])
        #expect(many.text == "M ١٬٢٣٤٬٥٦٧٬٨٩٠٬١٢٣٬٤٥٦٬٧٩٩")
        #expect(try format("{n}", ["n": .decimal("1e3")]) == "1,000")
        let long = error { _ = try format(pattern, ["n": .decimal(String(repeating: "9", count: 101))]) }
        #expect(long?.hasSuffix("m: the argument 'n': a number has at most 100 characters, not 101") == true, "\(long ?? "")")
        let exponent = error { _ = try format(pattern, ["n": .decimal("1e999999")]) }
        #expect(exponent?.hasSuffix("m: the argument 'n': a number's exponent is at most 100 either way") == true, "\(exponent ?? "")")
        let text = error { _ = try format(pattern, ["n": .decimal("12abc")]) }
        #expect(text?.hasSuffix("m: the argument 'n': '12abc' is not a decimal number") == true, "\(text ?? "")")
        #expect(MessageArgument(parsing: "99999999999999999999") == .decimal("99999999999999999999"))
        #expect(MessageArgument(parsing: "1.") == .decimal("1."))
        #expect(MessageArgument(parsing: "e5") == .text("e5"))
        #expect(MessageArgument(parsing: "1e") == .text("1e"))
        #expect(MessageArgument(parsing: "--1") == .text("--1"))
    }

    @Test func argumentLimits() throws {
        var many: [String: MessageArgument] = ["g": "a"]
        for i in 0..<MessageCatalog.maximumArguments { many["a\(i)"] = "x" }
        #expect(error { _ = try format("{g}", many) }?.hasSuffix("m: a message takes at most 10000 arguments, not 10001") == true)
        let big = error { _ = try format("{g}", ["g": .text(String(repeating: "x", count: MessageCatalog.maximumArgumentBytes))]) }
        #expect(big?.hasSuffix("m: a message's arguments are at most 1048576 bytes together, not 1048577") == true, "\(big ?? "")")
    }

    /// A catalog file that is a symlink to a file outside the folder is refused (the font manifest's
    /// rule), whether or not its target exists; allowed when the caller says so.
    @Test func catalogFilesStayInsideTheirFolder() throws {
        let outside = try TestDirectory.fresh("outside")
        let secret = outside.appendingPathComponent("secret.json")
        try Data(#"{"m": "secret"}"#.utf8).write(to: secret)
        let dir = try writeCatalog(["default.json": #"{"m": "x"}"#])
        try FileManager.default.createSymbolicLink(atPath: dir + "/fr.json", withDestinationPath: secret.path)
        let e = error { _ = try MessageCatalog(directory: dir).format("m", locale: LocaleTag("fr")) }
        #expect(e == "\(dir)/fr.json: not a catalog file inside the catalog folder", "\(e ?? "")")
        // Only the lookups through fr fail: English is served.
        #expect(try MessageCatalog(directory: dir).format("m", locale: LocaleTag("en")).text == "x")
        let allowed = try MessageCatalog(directory: dir, allowsFilesOutsideFolder: true)
        #expect(try allowed.format("m", locale: LocaleTag("fr")).text == "secret")
        try FileManager.default.removeItem(at: secret)
        #expect(error { _ = try MessageCatalog(directory: dir).format("m", locale: LocaleTag("fr")) } == "\(dir)/fr.json: not a catalog file inside the catalog folder")
        // A symlink inside the folder is fine; a FIFO is not a regular file.
        try FileManager.default.removeItem(atPath: dir + "/fr.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/fr.json", withDestinationPath: "default.json")
        #expect(try MessageCatalog(directory: dir).format("m", locale: LocaleTag("fr")).text == "x")
        try FileManager.default.removeItem(atPath: dir + "/fr.json")
        #expect(mkfifo(dir + "/fr.json", 0o600) == 0)
        #expect(error { _ = try MessageCatalog(directory: dir).format("m", locale: LocaleTag("fr")) } == "\(dir)/fr.json: not a regular file: \(dir)/fr.json")
    }

    /// Formatting n arguments, all used, takes linear time: 2n within 3 times n (quadratic: 4; ICU's
    /// lookup by name, which the bridge no longer uses, took 292 ms for 2,000 and 2,403 ms for 8,000).
    /// The two sizes are measured in turn, the minimum of 5 runs each, in the calling thread's CPU
    /// time (CLOCK_THREAD_CPUTIME_ID): the tests running beside it do not count.
    @Test func formatTimeIsLinearInTheArguments() throws {
        func setUp(_ n: Int) throws -> (String, [String: MessageArgument]) {
            let pattern = (0..<n).map { "{a\($0)}" }.joined(separator: " ")
            var arguments: [String: MessageArgument] = [:]
            for i in 0..<n { arguments["a\(i)"] = i % 2 == 0 ? .text("Bob\u{2067}") : .decimal("\(i)") }
            let data = try JSONSerialization.data(withJSONObject: ["m": pattern])
            return (try writeCatalog(["default.json": String(decoding: data, as: UTF8.self)]), arguments)
        }
        func cpuTime() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }
        func run(_ n: Int, _ setup: (String, [String: MessageArgument])) throws -> Double {
            let start = cpuTime()
            for _ in 0..<12 {
                let text = try MessageCatalog(directory: setup.0).format("m", locale: LocaleTag("en"), arguments: setup.1).text
                #expect(text.unicodeScalars.count > 4 * n)
            }
            return cpuTime() - start
        }
        let n = 1000
        let a = try setUp(n), b = try setUp(2 * n)
        var small = Double.infinity, large = Double.infinity
        for _ in 0..<5 {
            small = min(small, try run(n, a))
            large = min(large, try run(2 * n, b))
        }
        #expect(small >= 0.03, "\(small) s: too short to measure")
        #expect(large / small < 3.0, "n: \(small) s, 2n: \(large) s")
    }
}
