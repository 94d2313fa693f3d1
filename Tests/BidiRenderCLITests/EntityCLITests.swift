// `--isolate` on `layout` and `reorder`, the "isolate" key of a JSON line, and `reorder`'s display
// string: grapheme clusters whole, in logical order inside.
import ArgumentParser
@_spi(Tools) @testable import BidiRender
import Foundation
import Testing
@testable import bidirender

@Suite struct ReorderDisplayStringTests {
    /// ZWNJ stays in the text output, after its letter.
    @Test func zwnjStays() throws {
        #expect(try runReorder(["می‌خواهم"]) == "مهاوخی\u{200C}م\n")
    }

    /// A family emoji is one cluster: one family, its ZWJs in place, not three emoji reversed.
    @Test func familyEmojiStaysWhole() throws {
        #expect(try runReorder(["👨‍👩‍👧 مرحبا", "--direction", "rtl"]) == "ابحرم 👨‍👩‍👧\n")
    }

    /// A combining mark stays after its letter: "بَ" is not "َب".
    @Test func combiningMarkStaysAfterItsBase() throws {
        #expect(try runReorder(["بَ"]) == "بَ\n")
        #expect(try runReorder(["مَرْحَبًا"]) == "ابًحَرْمَ\n")
    }

    /// The JSON "visual" keeps its meaning: code points left to right, without X9's removed ones.
    @Test func jsonVisualIsPerCodePoint() throws {
        #expect(try runReorder(["بَ", "--format", "json"]) == #"{"paragraphs":[{"start":0,"end":2,"direction":"rtl","levels":[1,1],"visual":[1,0]}]}"# + "\n")
    }

    /// `reorder` is plain UAX #9 unless asked; `--isolate phones` keeps the number in order.
    @Test func isolateOption() throws {
        let text = "اتصل بي على +966 55 123 4567"
        #expect(try runReorder([text]) == "4567 123 55 966+ ىلع يب لصتا\n")
        #expect(try runReorder([text, "--isolate", "phones"]) == "+966 55 123 4567 ىلع يب لصتا\n")
        #expect(try runReorder([text, "--isolate", "mentions,urls,emails,phones,hashtags"]) == "+966 55 123 4567 ىلع يب لصتا\n")
        #expect(try runReorder([text, "--isolate", "none"]) == "4567 123 55 966+ ىلع يب لصتا\n")
        // The JSON keeps the input's offsets: no inserted control shows.
        let json = try runReorder([text, "--isolate", "phones", "--format", "json"])
        #expect(json.contains(#""visual":[12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,11,10,"#))
        #expect(json.contains(#""start":0,"end":28,"direction":"rtl""#))
        #expect(throws: (any Error).self) { try ReorderCommand.parse([text, "--isolate", "phone"]) }
        #expect(try ReorderCommand.parse([text]).isolate == [])
    }

    /// Mentions can be isolated too: "@我" stays beside its name in an RTL paragraph.
    @Test func isolateMentions() throws {
        let seed = "مرحبا@我, 今天天气好吗"
        #expect(try runReorder([seed, "--direction", "rtl", "--isolate", "mentions"]) == "@我, 今天天气好吗ابحرم\n")
    }

    /// "isolate" per JSON line: an array or a comma string; a bad value names the key.
    @Test func jsonlIsolateKey() throws {
        let text = "اتصل +966 55 123 4567"
        let lines = [
            #"{"text":"\#(text)","isolate":["phones"]}"#,
            #"{"text":"\#(text)","isolate":"urls,phones"}"#,
            #"{"text":"\#(text)"}"#,
            #"{"text":"\#(text)","isolate":"phone"}"#,
            #"{"text":"\#(text)","isolate":[7]}"#,
            #"{"text":"\#(text)","isolate":true}"#,
        ].joined(separator: "\n")
        let path = try temporaryFile(Array(lines.utf8), name: "isolate.jsonl")
        let command = try ReorderCommand.parse(["--jsonl", "--text-file", path, "--jobs", "1"])
        var out = ""
        #expect(throws: ExitCode(1)) { try command.execute(into: &out) }
        let docs = out.split(separator: "\n").map(String.init)
        let isolated = #""visual":[5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,4,3,2,1,0]"#
        #expect(docs[0].contains(isolated))
        #expect(docs[1].contains(isolated))
        #expect(!docs[2].contains(isolated))
        #expect(docs[3] == JSONLines.errorDocument(#""isolate" must list kinds of mentions, urls, emails, phones, hashtags, all, none, not "phone""#, line: 4))
        #expect(docs[4] == JSONLines.errorDocument(#""isolate[0]" must be one of mentions, urls, emails, phones, hashtags, all, none"#, line: 5))
        #expect(docs[5] == JSONLines.errorDocument(#""isolate" must be an array of names or a comma-separated string"#, line: 6))
    }
}

@Suite struct LayoutIsolateOptionTests {
    @Test func optionReachesTheLayout() throws {
        #expect(try LayoutCommand.parse(["x"]).layout.options.isolate == .all)
        #expect(try LayoutCommand.parse(["x", "--isolate", "urls,phones"]).layout.options.isolate == [.urls, .phones])
        #expect(try LayoutCommand.parse(["x", "--isolate", "none"]).layout.options.isolate == [])
        #expect(throws: (any Error).self) { try LayoutCommand.parse(["x", "--isolate", "links"]) }
        let out = try runLayout(["call +966 55 123 4567 #تحدي", "--format", "json", "--no-system-fonts"])
        #expect(out.contains(
            #""entities":[{"kind":"phone","start":5,"end":21,"direction":"ltr","rects":[{"x":29.072,"y":0,"width":131.456,"height":33.792}]},"#
                + #"{"kind":"hashtag","start":22,"end":27,"direction":"rtl","rects":[{"x":164.688,"y":0,"width":45.984,"height":33.792}]}]"#))
        let none = try runLayout(["call +966 55 123 4567", "--format", "json", "--no-system-fonts", "--isolate", "none"])
        #expect(none.contains(#""entities":[]"#))
    }

    /// "isolate" in a layout JSON line, and a mention span's "id" in the output.
    @Test func jsonlIsolateAndMentionID() throws {
        let out = try JSONLinesFieldTests.layoutLines([
            #"{"text":"call +966 55 123 4567","isolate":[]}"#,
            #"{"text":"hi @ali","spans":[{"start":3,"end":7,"mention":true,"id":"u7"}],"isolate":"none"}"#,
            #"{"text":"a","isolate":"urls,"}"#,
        ])
        #expect(out[0].contains(#""entities":[]"#))
        #expect(out[1].contains(#""mentions":[{"start":3,"end":7,"direction":"ltr","id":"u7","rects":[{"#))
        #expect(out[2] == JSONLines.errorDocument(#""isolate" must list kinds of mentions, urls, emails, phones, hashtags, all, none, not "urls,""#, line: 3))
    }
}
