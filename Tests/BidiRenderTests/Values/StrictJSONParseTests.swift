// StrictJSON.parse: the `--jsonl` reader's one pass. Its values must be the ones Foundation's
// JSONSerialization gives for the same text (the reader used it until issue #38), checked value by
// value on crafted lines and on every line of the 10,000-message corpus; and it refuses what the
// strict pass refused, with the same messages.
import Foundation
import Testing
import ChatCorpus
@testable import BidiRender

@Suite struct StrictJSONParseTests {
    /// Whether two values from a JSON parse are the same: strings, keys, array orders, null, and
    /// numbers by value and by kind (a boolean is not a number).
    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (let x as String, let y as String): return x == y
        case (is NSNull, is NSNull): return true
        case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (let x as [String: Any], let y as [String: Any]):
            return x.keys.sorted() == y.keys.sorted() && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        case (let x as NSNumber, let y as NSNumber):
            return WireFields.isBoolean(x) == WireFields.isBoolean(y) && x.doubleValue.bitPattern == y.doubleValue.bitPattern
        default: return false
        }
    }

    static let lines = [
        #"{"text":"a","size":16,"width":300.5,"maxLines":2,"isolate":["urls","phones"],"mentions":null}"#,
        #"{"flag":true,"off":false,"n":-0.25,"e":1e3,"E":-2.5E-2,"big":12345678901234,"zero":0,"neg":-7}"#,
        #"{"esc":"q\"b\\s\/n\nr\rt\tb\bf\f","u":"\u0041\u00e9\u4e2d\ud83d\ude00","raw":"مرحبا 😂 中文"}"#,
        #"{"nested":{"a":[1,[2,[3,{"b":[]}]],{}],"c":{"d":{"e":"f"}}},"empty":"","sp" : [ 1 , 2 ] }"#,
        ##"{"spans":[{"start":0,"end":3,"entity":"mention","id":"u-1","weight":"bold","color":"#ff0000"}]}"##,
        "{\"text\":\"\u{FEFF}starts with a raw BOM\",\"x\":\"a\u{FEFF}b\"}",
        #"[1,"two",null,true]"#, #""just a string""#, "42", "-1.5e-3",
    ]

    @Test func valuesAreJSONSerializations() throws {
        for line in Self.lines {
            let bytes = Array(line.utf8)
            let ours = try StrictJSON.parse(bytes[...])
            var foundation = try JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
            // Foundation drops a raw U+FEFF that opens a string; the text keeps it.
            if line.contains("\u{FEFF}"), var object = foundation as? [String: Any] {
                object["text"] = "\u{FEFF}starts with a raw BOM"
                foundation = object
            }
            #expect(Self.same(ours, foundation), "line \(line)")
        }
    }

    @Test func corpusLinesAreJSONSerializations() throws {
        // The lines CorpusDump writes for `make bench`'s `layout --jsonl` runs.
        let corpus = ChatCorpus.realMessages().map {
            "{\"direction\":\"rtl\",\"locale\":\"ar\",\"text\":\(JSONText.quote($0)),\"width\":300}"
        }
        #expect(corpus.count == 10_000)
        for line in corpus {
            let bytes = Array(line.utf8)
            let ours = try StrictJSON.parse(bytes[...])
            let foundation = try JSONSerialization.jsonObject(with: Data(bytes))
            #expect(Self.same(ours, foundation))
        }
    }

    @Test(arguments: [
        (#"{"a":1,}"#, "a trailing comma before '}'", 7),
        (#"{"a":1,"a":2}"#, "duplicate key \"a\"", 7),
        (#"{"a":"\ud800"}"#, "a lone UTF-16 surrogate escape in a string", 5),
        (#"{"a":"\udc00x"}"#, "a lone UTF-16 surrogate escape in a string", 5),
        (#"{"a":01}"#, "',' or '}'", 6),
        (#"{"a":1e400}"#, "number out of range: 1e400", 5),
    ])
    func refusals(line: String, reason: String, offset: Int) {
        do {
            _ = try StrictJSON.parse(Array(line.utf8)[...])
            Issue.record("\(line) parsed")
        } catch {
            #expect(error.reason.contains(reason), "\(line): \(error.reason)")
            #expect(error.column - 1 == offset, "\(line)")
        }
    }
}
