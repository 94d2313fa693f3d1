// CorpusDump: writes the benchmark chat corpus as JSON Lines for `bidirender layout --jsonl`, each
// message forced RTL at 300 px, so the batch benchmark times the CLI on the same text as the others.
import ChatCorpus
import Foundation

for message in ChatCorpus.messages() {
    let object: [String: Any] = ["text": message, "direction": "rtl", "locale": "ar", "width": 300]
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    print(String(decoding: data, as: UTF8.self))
}
