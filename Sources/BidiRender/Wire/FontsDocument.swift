// FontsDocument: the JSON document `bidirender fonts --format json` writes: the fallback chain for a
// locale, script, weight and style, and the font of each character of a text, each choice with its
// source, package, weight reasoning, italic rule, synthetic slant and variation.

/// The JSON of a fonts report.
package enum FontsDocument {
    /// One character (a grapheme cluster) of the text and the font chosen for it.
    package struct Character: Sendable {
        /// Its code point offsets.
        package var range: Range<Int>
        /// The cluster.
        package var text: String
        /// Its ISO 15924 script.
        package var script: String
        /// The font that serves it.
        package var choice: FontChoice

        /// A character and its font.
        package init(range: Range<Int>, text: String, script: String, choice: FontChoice) {
            self.range = range
            self.text = text
            self.script = script
            self.choice = choice
        }
    }

    /// Writes {"locale","localeChain","script","weight","style","chain":[…],"characters":[…]} to `out`.
    /// Font files are relative to `fontDirectory` when inside it, as in the layout's document.
    package static func write(
        locale: LocaleTag, script: String, weight: FontWeight, style: FontStyle, chain: [FontChoice], characters: [Character],
        fontDirectory: String? = nil, to out: inout some TextOutputStream
    ) {
        out.write("{\"locale\":\(JSONText.quote(locale.normalized)),\"localeChain\":[")
        out.write(locale.fallbackChain.map(JSONText.quote).joined(separator: ","))
        out.write("],\"script\":\(JSONText.quote(script)),\"weight\":\(weight.value),\"style\":\"\(style.rawValue)\",\"chain\":[")
        for (i, choice) in chain.enumerated() {
            out.write((i > 0 ? ",{" : "{") + fields(choice, fontDirectory) + "}")
        }
        out.write("],\"characters\":[")
        for (i, c) in characters.enumerated() {
            out.write(i > 0 ? "," : "")
            out.write("{\"start\":\(c.range.lowerBound),\"end\":\(c.range.upperBound),\"text\":\(JSONText.quote(c.text)),")
            out.write("\"script\":\(JSONText.quote(c.script)),\(fields(c.choice, fontDirectory))}")
        }
        out.write("]}")
    }

    /// A choice's fields: source, package, weights and reason, italic, synthetic slant, variation, font.
    private static func fields(_ c: FontChoice, _ fontDirectory: String?) -> String {
        let d = c.font.descriptor
        var fields = "\"source\":\(JSONText.quote(c.source.label))"
        if let package = package(c.source) { fields += ",\"package\":\(JSONText.quote(package))" }
        fields += ",\"weightAsked\":\(c.requestedWeight.value),\"weightGiven\":\(d.weight.value)"
        fields += ",\"weightReason\":\(JSONText.quote(c.weightReason)),\"italicMissing\":\(c.italicMissing)"
        if let rule = c.italicRule { fields += ",\"italicRule\":\(JSONText.quote(rule.description))" }
        if d.syntheticSlant != 0 { fields += ",\"synthetic\":\"slant\",\"slant\":\(JSONText.number(d.syntheticSlant))" }
        if let w = d.variationWeight { fields += ",\"variation\":{\"wght\":\(JSONText.number(w))}" }
        fields += ",\"font\":{\"family\":\(JSONText.quote(d.family)),\"weight\":\(d.weight.value),\"style\":\"\(d.style.rawValue)\""
        fields += ",\"file\":\(JSONText.quote(String(Layout.file(d.file, fontDirectory)))),\"index\":\(d.index)}"
        return fields
    }

    /// The manifest package a source names, if any.
    private static func package(_ source: FontSource) -> String? {
        switch source {
        case .scriptPackage(_, let locale), .localePackage(let locale): return locale
        case .defaultPackage: return "default"
        case .emojiPackage: return "emoji"
        case .system, .notdef: return nil
        }
    }
}
