// JSONLocator: finds the line of a value in JSON text by its key path, so manifest errors can say
// "fonts.json:12: packages[1].fonts[0].weight: …". Foundation parses the JSON; this only walks the
// already-valid text to count lines.

/// One step of a path into a JSON document.
enum JSONPathComponent: Sendable, Hashable, CustomStringConvertible {
    case key(String)
    case index(Int)

    var description: String {
        switch self {
        case .key(let k): return ".\(k)"
        case .index(let i): return "[\(i)]"
        }
    }
}

extension [JSONPathComponent] {
    /// "packages[1].fonts[0].weight".
    var dotted: String {
        var out = map(\.description).joined()
        if out.hasPrefix(".") { out.removeFirst() }
        return out
    }
}

/// Walks JSON text that Foundation has already accepted.
struct JSONLocator {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line where the value at `path` starts. When the path ends in a missing key, the
    /// line of the object that lacks it. 0 if the text does not have the shape the path expects.
    static func line(of path: [JSONPathComponent], in bytes: [UInt8]) -> Int {
        var locator = JSONLocator(bytes)
        return locator.find(path[...])
    }

    /// The 1-based line of byte offset `offset`.
    static func line(ofOffset offset: Int, in bytes: [UInt8]) -> Int {
        1 + bytes.prefix(offset).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    private mutating func find(_ path: ArraySlice<JSONPathComponent>) -> Int {
        skipWhitespace()
        guard let first = path.first else { return line }
        let valueLine = line
        switch (first, peek()) {
        case (.key(let wanted), UInt8(ascii: "{")):
            position += 1
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "}") || peek() == nil { return valueLine }
                let key = readString()
                skipWhitespace()
                position += 1  // ':'
                if key == wanted { return find(path.dropFirst()) }
                skipValue()
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { position += 1 }
            }
        case (.index(let wanted), UInt8(ascii: "[")):
            position += 1
            var index = 0
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "]") || peek() == nil { return valueLine }
                if index == wanted { return find(path.dropFirst()) }
                skipValue()
                skipWhitespace()
                if peek() == UInt8(ascii: ",") { position += 1 }
                index += 1
            }
        default:
            return valueLine
        }
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func advance() {
        if bytes[position] == 0x0A { line += 1 }
        position += 1
    }

    private mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { advance() }
    }

    /// Reads a string token and returns its raw content (escapes are kept; keys in a manifest have none).
    private mutating func readString() -> String {
        guard peek() == UInt8(ascii: "\"") else { return "" }
        position += 1
        let start = position
        while let b = peek(), b != UInt8(ascii: "\"") {
            if b == UInt8(ascii: "\\") { position += 1 }
            advance()
        }
        let text = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
        position += 1
        return text
    }

    private mutating func skipValue() {
        skipWhitespace()
        guard let b = peek() else { return }
        switch b {
        case UInt8(ascii: "\""):
            _ = readString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while let c = peek() {
                if c == UInt8(ascii: "\"") {
                    _ = readString()
                    continue
                }
                if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") { depth -= 1 }
                advance()
                if depth == 0 { return }
            }
        default:
            while let c = peek(), c != UInt8(ascii: ","), c != UInt8(ascii: "}"), c != UInt8(ascii: "]") { advance() }
        }
    }
}
