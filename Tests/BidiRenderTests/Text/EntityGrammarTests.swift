// The entity grammars (Text/Entities), rule by rule, with their near misses: each case is a text and
// the entities found in it, as "kind: matched text".
import Testing
@_spi(Tools) @testable import BidiRender

/// The entities of `text` as "kind: text".
private func found(_ text: String, kinds: EntityKinds = .all) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return EntityDetector.detect(text, kinds: kinds).map { entity in
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[entity.range])
        return "\(entity.kind.rawValue): \(String(view))"
    }
}

@Suite struct URLGrammarTests {
    @Test(arguments: [
        // A scheme or www., up to white space.
        ("see https://example.com now", ["url: https://example.com"]),
        ("http://a.b/c?d=1&e=2#f", ["url: http://a.b/c?d=1&e=2#f"]),
        ("www.example.org/path", ["url: www.example.org/path"]),
        ("HTTPS://EXAMPLE.COM", ["url: HTTPS://EXAMPLE.COM"]),
        ("رابط https://example.com/مرحبا هنا", ["url: https://example.com/مرحبا"]),
        // Trailing sentence punctuation is left out.
        ("go to https://example.com.", ["url: https://example.com"]),
        ("https://example.com/a, and", ["url: https://example.com/a"]),
        ("\"https://example.com/x\"", ["url: https://example.com/x"]),
        ("هل رأيت https://example.com؟", ["url: https://example.com"]),
        ("看 https://example.com。", ["url: https://example.com"]),
        ("https://example.com/a...!?", ["url: https://example.com/a"]),
        // A closing bracket stays when the URL opened it, and goes when it did not.
        ("https://en.wikipedia.org/wiki/Bidi_(text)", ["url: https://en.wikipedia.org/wiki/Bidi_(text)"]),
        ("(see https://example.com/a)", ["url: https://example.com/a"]),
        ("(https://en.wikipedia.org/wiki/X_(y)).", ["url: https://en.wikipedia.org/wiki/X_(y)"]),
        // A bidi control ends a URL.
        ("https://example.com\u{2069}x", ["url: https://example.com"]),
        // Near misses.
        ("https:// example", []),  // nothing after the scheme
        ("ftp://example.com", []),  // another scheme
        ("xhttps://example.com", []),  // right after a letter
        ("awww.example.com", []),
        ("www.", []),
        ("https://.", []),
    ])
    func url(text: String, expected: [String]) {
        #expect(found(text, kinds: .urls) == expected)
    }
}

@Suite struct EmailGrammarTests {
    @Test(arguments: [
        ("mail ali@example.com now", ["email: ali@example.com"]),
        ("first.last+tag@mail.example.co.uk", ["email: first.last+tag@mail.example.co.uk"]),
        ("a_b-c%d@x.io", ["email: a_b-c%d@x.io"]),
        ("write to ali@example.com.", ["email: ali@example.com"]),  // the sentence's dot is left out
        ("راسلني على ali@example.com شكرا", ["email: ali@example.com"]),
        ("ali@مثال.السعودية", ["email: ali@مثال.السعودية"]),  // a domain in any script
        ("ali@my-host.example", ["email: ali@my-host.example"]),
        // Near misses.
        ("ali@example", []),  // no dot in the domain
        ("ali@example.", []),
        ("ali@.com", []),
        ("ali.@example.com", []),  // the local part ends with a dot
        ("@example.com", []),  // no local part
        ("علي@example.com", []),  // the local part is not ASCII
        ("ali@@example.com", []),
        ("ali@example.123", []),  // the top-level label has digits
        ("ali@example.c", []),  // one letter
        ("20@李雷3.14是", []),  // chat text run together: the last label is "14是"
        ("ali@x.example.com.2", ["email: ali@x.example.com"]),  // the longest domain with a top level
    ])
    func email(text: String, expected: [String]) {
        #expect(found(text, kinds: .emails) == expected)
    }
}

@Suite struct PhoneGrammarTests {
    @Test(arguments: [
        ("اتصل بي على +966 55 123 4567", ["phone: +966 55 123 4567"]),
        ("call 0044 20 7946 0958 now", ["phone: 0044 20 7946 0958"]),
        ("+1-555-123-4567", ["phone: +1-555-123-4567"]),
        ("+49.30.1234567", ["phone: +49.30.1234567"]),
        ("+1 (555) 123-4567", ["phone: +1 (555) 123-4567"]),  // a bracketed area code
        ("+1(555)123-4567", ["phone: +1(555)123-4567"]),
        ("+44 (0)20 7946 0958", ["phone: +44 (0)20 7946 0958"]),
        ("+9665512345", ["phone: +9665512345"]),
        ("+1234567", ["phone: +1234567"]),  // 7 digits: the fewest
        ("+123456789012345", ["phone: +123456789012345"]),  // 15: the most
        ("+966 55 123 4567 2024 x", ["phone: +966 55 123 4567"]),  // 16 digits: the last group left out
        ("+966 55 123 4567.", ["phone: +966 55 123 4567"]),  // a sentence's dot
        ("(+966 55 123 4567)", ["phone: +966 55 123 4567"]),
        ("+966\u{00A0}55\u{00A0}123\u{00A0}4567", ["phone: +966\u{00A0}55\u{00A0}123\u{00A0}4567"]),
        // Near misses.
        ("2024-10-12", []),  // a date: no "+" or "00"
        ("10-12", []),
        ("+12 34", []),  // 4 digits
        ("+123456", []),  // 6 digits
        ("+1234567890123456", []),  // 16 digits in one group
        ("+966  55 123 4567", []),  // two spaces: "+966" alone is too short
        ("+1 (555) (123) 4567", []),  // a second bracket ends it after 4 digits
        ("a+966551234567", []),  // right after a letter
        ("1+9665512345", []),  // right after a digit
        ("+966551234567abc", []),  // runs into a word
        ("100 9665512345", []),  // "00" right after a digit
        ("+ 966 55 123 4567", []),  // a space after "+"
    ])
    func phone(text: String, expected: [String]) {
        #expect(found(text, kinds: .phones) == expected)
    }
}

@Suite struct HashtagGrammarTests {
    @Test(arguments: [
        ("#swift is fun", ["hashtag: #swift"]),
        ("نحن #مرحبا_بكم هنا", ["hashtag: #مرحبا_بكم"]),
        ("#今天 好", ["hashtag: #今天"]),
        ("#swift_6!", ["hashtag: #swift_6"]),
        ("#7", ["hashtag: #7"]),  // N* counts
        ("#مَرْحَبًا", ["hashtag: #مَرْحَبًا"]),  // M* counts
        ("(#tag)", ["hashtag: #tag"]),
        ("مرحبا#يوم", ["hashtag: #يوم"]),  // after a non-ASCII letter
        // Near misses.
        ("C#", []),
        ("a#b", []),  // right after an ASCII letter
        ("1#2", []),
        ("_#x", []),
        ("# space", []),
        ("#!", []),
    ])
    func hashtag(text: String, expected: [String]) {
        #expect(found(text, kinds: .hashtags) == expected)
    }
}

@Suite struct EntityDetectorTests {
    /// Every kind in one text, in order; a URL is tried before an e-mail address.
    @Test func everyKindInOnePass() {
        let text = "@علي see https://x.com/a, mail ali@example.com, call +966 55 123 4567 #تحدي"
        #expect(found(text) == [
            "mention: @علي", "url: https://x.com/a", "email: ali@example.com", "phone: +966 55 123 4567",
            "hashtag: #تحدي",
        ])
        #expect(found("https://ali@example.com") == ["url: https://ali@example.com"])
        // Only the kinds asked for.
        #expect(found(text, kinds: [.phones, .mentions]) == ["mention: @علي", "phone: +966 55 123 4567"])
        #expect(found(text, kinds: []).isEmpty)
    }

    /// The kinds' names, as the CLI and JSON lines spell them.
    @Test(arguments: [
        ("mentions,urls", EntityKinds([.mentions, .urls])),
        ("phones", EntityKinds.phones),
        (" emails , hashtags ", EntityKinds([.emails, .hashtags])),
        ("none", EntityKinds()),
        ("all", EntityKinds.all),
        ("mentions,urls,emails,phones,hashtags", EntityKinds.all),
    ])
    func kindNames(list: String, expected: EntityKinds) {
        #expect(EntityKinds(parsing: list) == expected)
        #expect(EntityKinds(parsing: expected.listDescription) == expected)
    }

    @Test(arguments: ["", "url", "mentions,", "phones,nope", "NONE"])
    func badKindNames(list: String) {
        #expect(EntityKinds(parsing: list) == nil)
    }
}

@Suite struct EntityHostileInputTests {
    /// Linear time on text built to be slow: a URL ending in 100,000 unopened brackets (each left
    /// out), and 20,000 entities of every kind in one text.
    @Test func longRunsStayLinear() {
        let brackets = "https://x.y/a" + String(repeating: ")", count: 100_000)
        #expect(EntityDetector.detect(brackets).map(\.range) == [0..<13])
        let balanced = "https://x.y/" + String(repeating: "(", count: 50_000) + String(repeating: ")", count: 50_000)
        #expect(EntityDetector.detect(balanced).map(\.range) == [0..<100_012])
        let many = String(repeating: "@a #b a@b.co +1234567 www.x ", count: 4_000)
        let found = EntityDetector.detect(many)
        #expect(found.count == 20_000)
        #expect(found.map(\.kind).prefix(5) == [.mention, .hashtag, .email, .phone, .url])
    }
}
