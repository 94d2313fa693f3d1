// Where `query` takes its text from: an argument before, among or after the queries, after --,
// --text-file, or standard input, as the README's synopsis says; each gives the same answers.
import Foundation
import Testing
import TestSupport
@testable import bidirender

@Suite struct QueryInputCLITests {
    static let expected: String = (try? run(QueryCommand.self, ["abc", "--caret", "1", "--range", "0:2", "--no-system-fonts"])) ?? "?"

    @Test(arguments: [
        ["--caret", "1", "--range", "0:2", "abc"],
        ["--caret", "1", "abc", "--range", "0:2"],
        ["--no-system-fonts", "--caret", "1", "--range=0:2", "--", "abc"],
        ["--caret", "1", "--range", "0:2", "--", "abc"],
    ])
    func textAnywhere(_ arguments: [String]) throws {
        #expect(Self.expected.hasPrefix("{\"queries\":[{\"caret\":1,"))
        #expect(try run(QueryCommand.self, arguments + (arguments.contains("--") ? [] : ["--no-system-fonts"])) == Self.expected)
    }

    @Test func textFileAndStandardInput() throws {
        let path = try temporaryFile(Array("abc".utf8), name: "query.txt")
        #expect(try run(QueryCommand.self, ["--text-file", path, "--caret", "1", "--range", "0:2", "--no-system-fonts"]) == Self.expected)
        #expect(try run(QueryCommand.self, ["--caret", "1", "--text-file", path, "--range", "0:2", "--no-system-fonts"]) == Self.expected)
        let piped = try runBinary(["query", "--caret", "1", "--range", "0:2", "--no-system-fonts"], stdin: Array("abc".utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == Self.expected)
    }

    /// After --, a text may start with '-': "-abc" has four code points.
    @Test func textAfterTerminatorMayStartWithADash() throws {
        let out = try run(QueryCommand.self, ["--no-system-fonts", "--caret", "4", "--", "-abc"])
        #expect(out.hasPrefix("{\"queries\":[{\"caret\":4,"))
        let bad = try runBinary(["query", "--no-system-fonts", "--caret", "5", "--", "-abc"])
        #expect(bad.status == 64 && bad.stderr.contains("--caret 5: offset out of range 0...4"), "\(bad.stderr)")
    }

    @Test(arguments: [
        (["abc", "def", "--caret", "1"], "two texts: 'abc' and 'def'"),
        (["--caret", "1", "--", "abc", "def"], "two texts: 'abc' and 'def'"),
        (["abc", "--caret", "1", "--text-file", "x.txt"], "give the text as an argument or with --text-file, not both"),
        (["-abc", "--caret", "1"], "unknown argument '-abc'"),
        (["abc"], "give at least one query"),
    ])
    func misplacedTextIsAUsageError(_ arguments: [String], message: String) throws {
        let result = try runBinary(["query", "--no-system-fonts"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
