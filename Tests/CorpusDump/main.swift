// CorpusDump: writes the chat corpus (ChatCorpus) as JSON Lines for `bidirender layout --jsonl` and
// `bidirender reorder --jsonl`, for the batch benchmark and for scripts/compare-output.sh. Not a product
// of the package: it is built only from this repository.
//
//   CorpusDump [--count N] [--direction rtl|ltr|auto] [--width PX | --no-width] [--locale TAG]
//   CorpusDump --stats
//
// The default is the batch benchmark's setting: 10,000 messages, RTL, locale "ar", 300 px.
import ChatCorpus
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CorpusDump: \(message)\n".utf8))
    exit(64)
}

if arguments.first == "--stats" {
    func mean(_ texts: [String]) -> Double {
        Double(texts.reduce(0) { $0 + $1.unicodeScalars.count }) / Double(texts.count)
    }
    print(String(format: "code points per message: %.2f", mean(ChatCorpus.messages())))
    print(String(format: "code points per long line: %.2f", mean(ChatCorpus.longLines())))
    exit(0)
}

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
    guard let value = arguments.first else { fail("\(option) needs a value") }
    arguments.removeFirst()
    switch option {
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

for message in ChatCorpus.messages(count: count) {
    var object: [String: Any] = ["text": message, "direction": direction, "locale": locale]
    if let width { object["width"] = width }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
