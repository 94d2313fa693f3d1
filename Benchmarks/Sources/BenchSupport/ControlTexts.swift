// The texts of the `reorder-controls` benchmark and of `Soak reorder ENGINE N controls`: chat
// messages with every explicit bidi control, and the hostile shapes, so that the native engine's
// slow paths (X1–X10, isolating run sequences, brackets) are measured and shown to allocate nothing
// once warm.
import BenchCorpus

/// Corpus messages with explicit controls around their words, then the extreme cases.
///
/// Word `w` of message `k` gets, by `(k + w) % 10`: LRI…PDI, RLI…PDI, FSI left unclosed,
/// LRE…PDF, RLE…PDF, LRO…PDF, RLO…PDF, an LRM, RLM or ALM before it, or nothing. Then: isolates
/// nested 130 deep (past max_depth 125) with brackets, brackets nested 100 deep (past BD16's 63),
/// embeddings and overrides 140 deep, PDIs and PDFs without initiators, a text of six paragraphs
/// (LF, CR LF, U+2029, U+0085) with controls, and a line of about 5,000 code points with controls.
public func controlTexts(count: Int = 500) -> [String] {
    let marks = ["\u{200E}", "\u{200F}", "\u{061C}"]  // LRM, RLM, ALM
    func withControls(_ message: String, _ k: Int) -> String {
        var out = ""
        for (w, word) in message.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if w > 0 { out += " " }
            switch (k + w) % 10 {
            case 0: out += "\u{2066}" + word + "\u{2069}"  // LRI … PDI
            case 1: out += "\u{2067}" + word + "\u{2069}"  // RLI … PDI
            case 2: out += "\u{2068}" + word  // FSI, never closed
            case 3: out += "\u{202A}" + word + "\u{202C}"  // LRE … PDF
            case 4: out += "\u{202B}" + word + "\u{202C}"  // RLE … PDF
            case 5: out += "\u{202D}" + word + "\u{202C}"  // LRO … PDF
            case 6: out += "\u{202E}" + word + "\u{202C}"  // RLO … PDF
            case 7: out += marks[(k + w) % 3] + word
            default: out += word
            }
        }
        return out
    }
    var texts = ChatCorpus.messages(count: count, seed: 0x18).enumerated().map { withControls($1, $0) }
    texts.append(String(repeating: "\u{2067}א (", count: 130) + "x 12" + String(repeating: ") \u{2069}", count: 130))
    texts.append(String(repeating: "[", count: 100) + "abc مرحبا 3.5" + String(repeating: "]", count: 100))
    texts.append(String(repeating: "\u{202B}a \u{202D}ب ", count: 70) + String(repeating: "\u{202C}1", count: 140))
    texts.append("\u{2069}\u{202C} abc \u{2069} مرحبا \u{202C}\u{2069} (1) \u{2066}\u{2067}\u{2068}")
    texts.append(
        ["مرحبا \u{2067}@user\u{2069} 1", "hello (\u{202E}abc\u{202C})", "\u{2068}שלום", "12 \u{200F}%", "a\u{061C}ب", "end"]
            .enumerated().map { $1 + ["\n", "\r\n", "\u{2029}", "\u{85}", "\n", ""][$0] }.joined())
    texts.append(withControls(ChatCorpus.longLines(count: 1, seed: 0x18)[0], 0))
    return texts
}
