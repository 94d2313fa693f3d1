// CorpusDump: writes the benchmark chat corpus as JSON Lines for `bidirender layout --jsonl`, each
// message forced RTL at 300 px, so the batch benchmark times the CLI on the same text as the others.
// With --stats it prints instead the mean length, in code points, of the messages and of the long
// lines (for the per-code-point ratio of `make bench`).
import ChatCorpus
import Foundation

if CommandLine.arguments.dropFirst().first == "--stats" {
    func mean(_ texts: [String]) -> Double {
        Double(texts.reduce(0) { $0 + $1.unicodeScalars.count }) / Double(texts.count)
    }
    print(String(format: "code points per message: %.2f", mean(ChatCorpus.messages())))
    print(String(format: "code points per long line: %.2f", mean(ChatCorpus.longLines())))
    exit(0)
}

for message in ChatCorpus.messages() {
    let object: [String: Any] = ["text": message, "direction": "rtl", "locale": "ar", "width": 300]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
