// --jsonl fields read strictly: booleans are not numbers, a weight is a whole number from 1 to 1000,
// span offsets are whole numbers, and a number past Double's range names its key.
import ArgumentParser
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender
@testable import bidirender

@Suite struct JSONLinesFieldTests {
    /// The output line of each input line (one line each), through `layout --jsonl` in-process.
    static func layoutLines(_ lines: [String]) throws -> [String] {
        let path = try temporaryFile(Array(lines.joined(separator: "\n").utf8), name: "fields.jsonl")
        let command = try LayoutCommand.parse(["--jsonl", "--text-file", path, "--no-system-fonts", "--jobs", "1"])
        var out = ""
        do { try command.execute(into: &out) } catch let exit as ExitCode where exit == ExitCode(1) {}
        return out.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        (#"{"text":"a","weight":true}"#, #""weight" must be a whole number from 1 to 1000 or a weight name"#),
        (#"{"text":"a","weight":500.9}"#, #""weight" must be a whole number from 1 to 1000 or a weight name"#),
        (#"{"text":"a","weight":1001}"#, #""weight" must be a whole number from 1 to 1000 or a weight name"#),
        (#"{"text":"a","size":true}"#, #""size" must be a number"#),
        (#"{"text":"a","width":false}"#, #""width" must be a number"#),
        (#"{"text":"a","width":"3"}"#, #""width" must be a number"#),
        (#"{"text":"a","size":1e400}"#, #""size" is out of range: 1e400 does not fit in a double"#),
        (#"{"text":"a","width":-1E+400}"#, #""width" is out of range: -1E+400 does not fit in a double"#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"weight":1e999}]}"#, #""spans[0].weight" is out of range: 1e999 does not fit in a double"#),
        (#"{"text":"a","size":1e300}"#, "invalid value '1e+300' for size: must be a number of px from 0.1 to 10000"),
        (#"{"text":"a","spans":[{"start":true,"end":1}]}"#, #"spans[0] needs "start" and "end" (code point offsets, start ≤ end)"#),
        (#"{"text":"a","spans":[{"start":0,"end":1e300}]}"#, #""spans[0].end" must be a whole number from 0 to 2147483647, not 1e+300"#),
        (#"{"text":"a","spans":[{"start":0.5,"end":1}]}"#, #""spans[0].start" must be a whole number from 0 to 2147483647, not 0.5"#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"mention":1}]}"#, #""spans[0].mention" must be true or false"#),
        (#"{"text":"a","spans":[{"start":0,"end":0},{"start":0,"end":1,"entity":"link"}]}"#,
         #""spans[1].entity" must be one of mention, url, email, phone, hashtag, spoiler, not "link""#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"entity":true}]}"#, #""spans[0].entity" must be a string"#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"entity":"mention","mention":true}]}"#,
         #""spans[0]": give "entity" or its old spelling "mention", not both"#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"weight":true}]}"#, #""spans[0].weight" must be a whole number from 1 to 1000 or a weight name"#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"style":"oblique"}]}"#, #""spans[0].style" must be one of normal, italic, not "oblique""#),
        (#"{"text":"a","spans":[{"start":0,"end":1,"locale":7}]}"#, #""spans[0].locale" must be a string"#),
    ])
    func wrongTypesAndRangesNameTheKey(line: String, message: String) throws {
        let out = try Self.layoutLines([line])
        #expect(out == [JSONLines.errorDocument(message, line: 1)])
    }

    /// A line's forced "direction" overrides the command line's --fallback (a default for auto);
    /// "fallback" with a forced direction is an error at its key, named as the line spells it.
    @Test func aLinesDirectionOverridesTheCommandLinesFallback() throws {
        let path = try temporaryFile(Array("""
            {"text":"abc","direction":"ltr"}
            {"text":"123"}
            {"text":"a","direction":"rtl","fallback":"ltr"}
            """.utf8), name: "directions.jsonl")
        var out = ""
        let command = try ReorderCommand.parse(["--jsonl", "--fallback", "rtl", "--text-file", path])
        do { try command.execute(into: &out) } catch let exit as ExitCode where exit == ExitCode(1) {}
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("\"direction\":\"ltr\",\"levels\":[0,0,0]"), "\(lines[0])")
        // No strong character: the command line's fallback.
        #expect(lines[1].contains("\"direction\":\"rtl\""), "\(lines[1])")
        #expect(lines[2] == JSONLines.errorDocument("\"fallback\" applies only to direction auto, and \"direction\" is rtl", line: 3))
        var forced = ""
        let rtl = try ReorderCommand.parse(["--jsonl", "--direction", "rtl", "--text-file", try temporaryFile(Array(#"{"text":"a","fallback":"ltr"}"#.utf8), name: "f.jsonl")])
        do { try rtl.execute(into: &forced) } catch let exit as ExitCode where exit == ExitCode(1) {}
        #expect(forced == JSONLines.errorDocument("\"fallback\" applies only to direction auto, and --direction is rtl", line: 1) + "\n")
    }

    /// Keys with a lone surrogate escape are refused at the key (two were one "duplicate" U+FFFD
    /// key), and a byte order mark opens only the stream, not a later line.
    @Test func loneSurrogateKeysAndLaterByteOrderMarks() throws {
        let out = try Self.layoutLines([#"{"text":"a","\ud800":1,"\udbff":2}"#, "\u{FEFF}" + #"{"text":"a"}"#])
        #expect(out.count == 2)
        #expect(out[0] == JSONLines.errorDocument("not valid JSON at byte offset 12 of the line: a lone UTF-16 surrogate escape in a key", line: 1), "\(out[0])")
        #expect(out[1] == JSONLines.errorDocument("not valid JSON at byte offset 0 of the line: expected a value", line: 2), "\(out[1])")
        // At the stream's start it is skipped.
        #expect(try Self.layoutLines(["\u{FEFF}" + #"{"text":"a"}"#])[0].hasPrefix("{\"version\""))
    }

    @Test func wholeNumbersAndNamesStillWork() throws {
        let out = try Self.layoutLines([
            #"{"text":"a","weight":700}"#, #"{"text":"a","weight":7e2}"#, #"{"text":"a","weight":"bold"}"#,
            #"{"text":"a","spans":[{"start":0,"end":1.0,"mention":true}]}"#,
        ])
        #expect(out.count == 4)
        #expect(out[0] == out[1] && out[0] == out[2])
        #expect(out[0].contains("\"weight\":700"))
        #expect(out[3].contains("\"mentions\":[{\"start\":0,\"end\":1,"))
    }

    @Test func locatesUnrepresentableNumbers() {
        let line = Array(#"{"a":"1e400","b":[1,{"c":1e400}]}"#.utf8)[...]
        #expect(throws: StrictJSON.Failure.self) { try StrictJSON.parse(line) }
        do {
            _ = try StrictJSON.parse(line)
        } catch {
            #expect(error.unrepresentableNumber == "1e400")
            #expect(error.path.dotted == "b[1].c")
            #expect(error.column - 1 == 25)
        }
        #expect(JSONLines.decode(line, source: "<stdin>", offset: 0).failureMessage == #""b[1].c" is out of range: 1e400 does not fit in a double"#)
        #expect(JSONLines.decode(Array("-1e999".utf8)[...], source: "<stdin>", offset: 0).failureMessage == "number out of range: -1e999")
    }
}

extension Result where Success == [String: Any], Failure == WireError {
    /// The error's message, nil for a decoded object.
    var failureMessage: String? {
        if case .failure(let error) = self { return error.message }
        return nil
    }
}
