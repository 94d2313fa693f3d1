// CorpusDump: writes the chat corpus (ChatCorpus) as JSON Lines for `bidirender layout --jsonl` and
// `bidirender reorder --jsonl`, for the batch benchmark and for scripts/compare-output.sh. Not a product
// of the package: it is built only from this repository.
//
//   CorpusDump [--set real|synthetic] [--count N] [--direction rtl|ltr|auto] [--width PX | --no-width] [--locale TAG]
//   CorpusDump --stats [--set real|synthetic]
//
// The default is the batch benchmark's setting: the real-vocabulary corpus (ChatCorpus.realMessages),
// 10,000 messages, RTL, locale "ar", 300 px. `--set synthetic` dumps the original corpus
// (ChatCorpus.messages) instead. `--stats` describes the set it would dump.
import ChatCorpus
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CorpusDump: \(message)\n".utf8))
    exit(64)
}

var stats = false
var set = ChatCorpus.Kind.real
var count = 10_000
var direction = "rtl"
var width: Double? = 300
var locale = "ar"
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    if option == "--no-width" {
        width = nil
        continue
    }
    if option == "--stats" {
        stats = true
        continue
    }
    guard let value = arguments.first else { fail("\(option) needs a value") }
    arguments.removeFirst()
    switch option {
    case "--set":
        guard let s = ChatCorpus.Kind(rawValue: value) else { fail("--set: real or synthetic, not \(value)") }
        set = s
    case "--count":
        guard let n = Int(value), n > 0 else { fail("--count: not a positive number: \(value)") }
        count = n
    case "--direction":
        guard ["rtl", "ltr", "auto"].contains(value) else { fail("--direction: rtl, ltr or auto, not \(value)") }
        direction = value
    case "--width":
        guard let w = Double(value) else { fail("--width: not a number: \(value)") }
        width = w
    case "--locale": locale = value
    default: fail("unknown option \(option)")
    }
}

if stats {
    // scripts/bench-report.py reads the two "code points per …" lines.
    let messages = ChatCorpus.messages(set, count: count)
    func mean(_ texts: [String]) -> Double {
        Double(texts.reduce(0) { $0 + $1.unicodeScalars.count }) / Double(texts.count)
    }
    let controls = Set("\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}".unicodeScalars)
    let withControls = messages.filter { $0.unicodeScalars.contains(where: controls.contains) }.count
    let tokens = Set(messages.flatMap { $0.split(separator: " ") })
    print("corpus: \(set.rawValue), \(messages.count) messages")
    print(String(format: "code points per message: %.2f", mean(messages)))
    print(String(format: "code points per long line: %.2f", mean(ChatCorpus.longLines(set))))
    print("distinct space-separated tokens: \(tokens.count) (Chinese runs are not split)")
    print(String(format: "messages with explicit bidi controls: %.1f %%", 100 * Double(withControls) / Double(messages.count)))
    exit(0)
}

for message in ChatCorpus.messages(set, count: count) {
    var object: [String: Any] = ["text": message, "direction": direction, "locale": locale]
    if let width { object["width"] = width }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
