// --locale and the JSONL "locale" keys take BCP 47 tags of at most 128 characters; anything else is
// an error naming the option or key.
import ArgumentParser
import Foundation
import Testing
@_spi(Tools) @testable import BidiRender
@testable import bidirender

@Suite struct LocaleOptionTests {
    @Test(arguments: [
        (["fonts", "--locale", "!!", "--script", "Arab"], "invalid value '!!' for --locale: not a BCP 47 tag"),
        (["layout", "x", "--locale", String(repeating: "ab-", count: 20_000) + "ab"], "for --locale: a BCP 47 tag is at most 128 characters, not 60002"),
    ])
    func badLocaleIsAUsageError(arguments: [String], message: String) throws {
        let result = try runBinary(arguments + ["--no-system-fonts"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func jsonlLocalesAreChecked() throws {
        let out = try JSONLinesFieldTests.layoutLines([
            #"{"text":"a","locale":"!!"}"#,
            #"{"text":"a","spans":[{"start":0,"end":1,"locale":"en--US"}]}"#,
            #"{"text":"a","locale":"zh_hans_cn"}"#,
        ])
        #expect(out.count == 3)
        #expect(out[0] == #"{"error":"invalid value '!!' for \"locale\": not a BCP 47 tag: subtags are 1 to 8 ASCII letters and digits separated by '-' or '_'","line":1}"#)
        #expect(out[1] == #"{"error":"invalid value 'en--US' for \"spans[0].locale\": not a BCP 47 tag: an empty subtag","line":2}"#)
        #expect(out[2].hasPrefix("{\"version\":1"))
    }
}
