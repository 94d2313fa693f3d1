// ConcurrentCallers: the memory of one LayoutEngine shared by many threads, as a chat server shares
// it. THREADS threads (default 64) each lay out corpus messages in a loop with varied options; the
// peak resident size of the process is printed at the end. `make check-memory` runs it (release) and
// holds it to 200 MB. Not a product of the package.
//
//   ConcurrentCallers [THREADS] [LAYOUTS-PER-THREAD]
import BidiRender
import ChatCorpus
import Foundation

func residentMB(_ key: String) -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }),
        let kb = Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
    else { return 0 }
    return kb / 1024
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let threads = arguments.first ?? 64
let perThread = arguments.dropFirst().first ?? 1_000
let engine = LayoutEngine(registry: try FontRegistry.embedded(systemFallback: false))
let messages = ChatCorpus.messages()
let locales = ["ar", "ar-EG", "fa", "zh-CN", "en-US"].map(LocaleTag.init)
let start = Date()
let group = DispatchGroup()
let sink = Locked(0)
for t in 0..<threads {
    group.enter()
    let thread = Thread {
        var lines = 0
        for k in 0..<perThread {
            let i = t &* 7_919 &+ k
            let options = LayoutOptions(
                direction: i % 3 == 0 ? .auto : .rightToLeft, locale: locales[i % locales.count],
                weight: FontWeight(300 + 100 * (i % 5))!, size: 16, maxWidth: i % 2 == 0 ? 300 : nil)
            lines &+= (try? engine.layout(messages[i % messages.count], options: options).lines.count) ?? 0
        }
        sink.add(lines)
        group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
}
group.wait()
print(String(
    format: "%d threads × %d layouts on one engine: %.1f s, peak resident memory %.1f MB (checksum %d)",
    threads, perThread, Date().timeIntervalSince(start), residentMB("VmHWM"), sink.value))

/// A counter behind a lock (NSLock: the probe is plain Foundation).
final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var total: Int
    init(_ value: Int) { total = value }
    func add(_ n: Int) {
        lock.lock()
        total &+= n
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
