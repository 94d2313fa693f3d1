// Entity-aware truncation (issue #35): the cut of a truncated line never falls inside a mention, a
// phone number, an e-mail address or a hashtag (the whole entity goes or stays), and a URL keeps
// its host; an entity that starts the line and is wider than it is cut at a grapheme boundary and
// stays marked. Hand-written cases in both paragraph directions, then the corpus with entities put
// into it at widths 80–300 and one or two lines.
import ChatCorpus
import Testing
@_spi(Tools) @testable import BidiRender

@Suite struct TruncationEntityTests {
    /// The kept text of the last line of `text` laid out at `width` on at most `maxLines` lines.
    static func kept(_ text: String, _ direction: ParagraphDirection, width: Double, maxLines: Int = 1) throws -> (String, Layout) {
        let layout = try TruncatedLayout.layout(text, direction, width: width, maxLines: maxLines)
        let line = try #require(layout.lines.last)
        let scalars = Array(text.unicodeScalars)
        return (String(String.UnicodeScalarView(scalars[line.range])), layout)
    }

    @Test(arguments: [
        // A phone number, a mention, an e-mail address and a hashtag go whole, in both directions.
        ("call me at +966 55 123 4567 tomorrow", ParagraphDirection.leftToRight, 160.0, "call me at"),
        ("اتصل بي على +966 55 123 4567 غدا", .rightToLeft, 160, "اتصل بي على"),
        ("thanks @alexander_the_great for this", .leftToRight, 170, "thanks"),
        ("شكرا @alexander_the_great على هذا", .rightToLeft, 170, "شكرا"),
        ("write to someone.long@example.com ok", .leftToRight, 200, "write to"),
        ("tagged #SaudiNationalDay2026 today", .leftToRight, 180, "tagged"),
        // A URL keeps its host and is cut in its path.
        ("see https://example.com/a/very/long/path/file.html now", .leftToRight, 240, "see https://example.com/a/ve"),
        ("انظر https://example.com/a/very/long/path/file.html الآن", .rightToLeft, 240, "انظر https://example.com/a/ve"),
        // Not even the host fits: the URL goes whole.
        ("see https://a-rather-long-host-name.example.com/x now", .leftToRight, 200, "see"),
        // An entity that starts the line is cut at a grapheme boundary.
        ("@alexander_the_great_and_more_names please", .leftToRight, 100, "@alexande"),
    ])
    func theWholeEntityGoesOrStays(text: String, direction: ParagraphDirection, width: Double, expected: String) throws {
        let (kept, layout) = try Self.kept(text, direction, width: width)
        #expect(kept == expected)
        #expect(layout.truncated)
        // The ellipsis at the paragraph's end edge: the left in RTL, the right in LTR.
        let runs = try #require(layout.lines.last).runs
        #expect((direction == .rightToLeft ? runs.first : runs.last)?.isEllipsis == true)
        // The entity cut at the line's start is still an entity of the layout.
        if expected.hasPrefix("@") { #expect(layout.entities.first?.kind == .mention) }
    }

    /// Whether `cut` is a cut the rule allows for the line starting at `start`.
    static func allowed(_ cut: Int, start: Int, _ layout: Layout, _ scalars: [Unicode.Scalar]) -> Bool {
        for entity in layout.entities where entity.range.lowerBound > start && entity.range.contains(cut) && cut > entity.range.lowerBound {
            guard entity.kind == .url else { return false }
            // After the "/" that ends the host.
            let text = String(String.UnicodeScalarView(scalars[entity.range.lowerBound..<cut]))
            let afterScheme = text.range(of: "://").map { text[$0.upperBound...] } ?? text[...]
            guard afterScheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return false }
        }
        return true
    }

    /// The corpus with a phone number, a mention, a URL, an e-mail address and a hashtag put into
    /// each message: no cut inside an entity, at widths 80–300 and on one or two lines.
    /// `count` corpus messages, each with a phone number, a mention, a URL, an e-mail address or a
    /// hashtag put into its middle, in turn.
    static func messagesWithEntities(count: Int) -> [String] {
        let inserts = ["+966 55 123 4567", "@محمد_العلي", "https://example.com/chat/room/42", "nora.k@example.org", "#مرحبا_2026"]
        return ChatCorpus.messages(count: count, seed: 35).enumerated().map { i, message in
            let words = message.split(separator: " ", omittingEmptySubsequences: false)
            let at = words.count / 2
            return (words[..<at] + [Substring(inserts[i % inserts.count])] + words[at...]).joined(separator: " ")
        }
    }

    @Test func noCutInsideAnEntityOverTheCorpus() throws {
        var truncated = 0
        for text in Self.messagesWithEntities(count: 120) {
            let scalars = Array(text.unicodeScalars)
            for direction in [ParagraphDirection.rightToLeft, .leftToRight] {
                for width in stride(from: 80.0, through: 300, by: 44) {
                    for maxLines in [1, 2] {
                        let layout = try TruncatedLayout.layout(text, direction, width: width, maxLines: maxLines)
                        guard layout.truncated, let line = layout.lines.last else { continue }
                        truncated += 1
                        #expect(Self.allowed(line.range.upperBound, start: line.range.lowerBound, layout, scalars),
                                "\(text) at \(width) px, \(maxLines) line(s): cut at \(line.range.upperBound)")
                    }
                }
            }
        }
        #expect(truncated > 1_000)
    }
}
