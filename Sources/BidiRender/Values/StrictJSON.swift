// StrictJSON: a validating pass over manifest text before Foundation parses it. Foundation's
// JSONSerialization accepts trailing commas ({"a": 1,} and [1, 2,]) and keeps the last of duplicate
// keys silently; a manifest from someone else gets neither. Errors say the line and column, and for
// a duplicate key the path of its object. Grammar: RFC 8259 §2–7 (a UTF-8 byte order mark may open
// the text).

/// Checks JSON text strictly (RFC 8259), without building values.
struct StrictJSON {
    /// What is wrong and where: 1-based line and column (in bytes), and the path of the object for a
    /// duplicate key (empty for syntax errors).
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var path: [JSONPathComponent]
        var reason: String
    }

    /// Deeper nesting is refused rather than risking the stack (a manifest is about 4 deep).
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var path: [JSONPathComponent] = []

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Validates `bytes` as one JSON text.
    /// - Throws: `Failure` at the first problem.
    static func validate(_ bytes: [UInt8]) throws(Failure) {
        var parser = StrictJSON(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        try parser.value()
        parser.skipWhitespace()
        if parser.position < bytes.count { throw parser.failure("unexpected text after the JSON value") }
    }

    private func failure(_ reason: String, path: [JSONPathComponent] = []) -> Failure {
        Failure(line: line, column: position - lineStart + 1, path: path, reason: reason)
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let b = peek(), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
            position += 1
            if b == 0x0A {
                line += 1
                lineStart = position
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw failure(peek() == nil ? "unexpected end, expected \(what)" : "expected \(what)") }
        position += 1
    }

    private mutating func value() throws(Failure) {
        guard let b = peek() else { throw failure("unexpected end, expected a value") }
        switch b {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw failure("expected a value")
        }
    }

    /// Reads `word`; a mismatch is reported at the word's first byte.
    private mutating func literal(_ word: String) throws(Failure) {
        let start = position
        for byte in word.utf8 {
            guard peek() == byte else {
                position = start
                throw failure("expected \(word)")
            }
            position += 1
        }
    }

    private mutating func number() throws(Failure) {
        func digits(_ parser: inout StrictJSON) -> Int {
            var count = 0
            while let b = parser.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                parser.position += 1
                count += 1
            }
            return count
        }
        if peek() == UInt8(ascii: "-") { position += 1 }
        if peek() == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw failure("expected a digit")
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw failure("expected a digit after the decimal point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
        }
    }

    /// Reads a string and returns its raw bytes between the quotes (escapes checked, not decoded:
    /// duplicate keys are compared as written, and manifest keys have no escapes).
    private mutating func string() throws(Failure) -> ArraySlice<UInt8> {
        try expect(UInt8(ascii: "\""), "a string")
        let start = position
        while true {
            guard let b = peek() else { throw failure("unexpected end inside a string") }
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw failure("a control character inside a string (write it as an escape)") }
            position += 1
            if b == UInt8(ascii: "\\") {
                guard let e = peek() else { throw failure("unexpected end inside a string") }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    position += 1
                    for _ in 0..<4 {
                        guard let h = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(h)
                            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(h) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(h)
                        else { throw failure("expected 4 hex digits after \\u") }
                        position += 1
                    }
                default: throw failure("an unknown escape in a string")
                }
            }
        }
        let content = bytes[start..<position]
        position += 1
        return content
    }

    private mutating func object() throws(Failure) {
        guard path.count < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1  // {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return
        }
        var keys = Set<ArraySlice<UInt8>>()
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { throw failure("a trailing comma before '}'") }
            let keyLine = line, keyColumn = position - lineStart + 1
            // Keys are compared as a parser reads them: "t\u0065xt" is "text".
            var key = try string()
            if key.contains(UInt8(ascii: "\\")) { key = Self.unescaped(key)[...] }
            guard keys.insert(key).inserted else {
                throw Failure(
                    line: keyLine, column: keyColumn, path: path,
                    reason: "duplicate key \"\(String(decoding: key, as: UTF8.self))\"")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            path.append(.key(String(decoding: key, as: UTF8.self)))
            try value()
            path.removeLast()
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return
        }
    }

    /// The UTF-8 bytes of a string's content whose escapes are already checked: each escape
    /// replaced by what it stands for (a lone surrogate by U+FFFD).
    private static func unescaped(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = raw.startIndex
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.endIndex else { return nil }
            return UInt32(String(decoding: raw[at..<(at + 4)], as: UTF8.self), radix: 16)
        }
        while i < raw.endIndex {
            guard raw[i] == UInt8(ascii: "\\"), i + 1 < raw.endIndex else {
                out.append(raw[i])
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(i) ?? 0xFFFD
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 1 < raw.endIndex, raw[i] == UInt8(ascii: "\\"),
                    raw[i + 1] == UInt8(ascii: "u"), let low = hex(i + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)
            }
        }
        return out
    }

    private mutating func array() throws(Failure) {
        guard path.count < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1  // [
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { throw failure("a trailing comma before ']'") }
            path.append(.index(index))
            try value()
            path.removeLast()
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return
        }
    }
}
