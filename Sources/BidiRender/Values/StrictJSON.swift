// StrictJSON: a validating pass over manifest text before Foundation parses it. Foundation's
// JSONSerialization accepts trailing commas ({"a": 1,} and [1, 2,]) and keeps the last of duplicate
// keys silently; a manifest from someone else gets neither. Errors say the line and column, and for
// a duplicate key the path of its object. Grammar: RFC 8259 §2–7 (a UTF-8 byte order mark may open
// the text). `parse` is the same pass building the values as JSONSerialization gives them (a
// `--jsonl` line is parsed once, not validated and then parsed again).

import Foundation

/// Checks JSON text strictly (RFC 8259); `parse` also builds its values.
struct StrictJSON {
    /// What is wrong and where: 1-based line and column (in bytes), and the path of the object for a
    /// duplicate key (empty for syntax errors).
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var path: [JSONPathComponent]
        var reason: String
        /// For a number past Double's range (1e400): its text, `path` being the value's own.
        var unrepresentableNumber: String? = nil
    }

    /// Deeper nesting is refused rather than risking the stack (a manifest is about 4 deep).
    static let maximumDepth = 64

    private let bytes: ArraySlice<UInt8>
    private var position: Int
    /// Whether the values are built (`parse`) or only checked (`validate`).
    private let building: Bool
    private var line = 1
    private var lineStart = 0
    private var path: [JSONPathComponent] = []

    private init(_ bytes: ArraySlice<UInt8>, building: Bool) {
        (self.bytes, self.building) = (bytes, building)
        position = bytes.startIndex
        lineStart = bytes.startIndex
    }

    /// Validates `bytes` as one JSON text: UTF-8 (the first byte that is not, by its offset), and
    /// no lone UTF-16 surrogate escape in a string (which Foundation refuses with no place).
    /// - Throws: `Failure` at the first problem.
    static func validate(_ bytes: [UInt8]) throws(Failure) {
        if let bad = firstInvalidUTF8(bytes) {
            let lineStart = bytes[..<bad].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let line = bytes[..<bad].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw Failure(line: line, column: bad - lineStart + 1, path: [], reason: "invalid UTF-8 at byte offset \(bad)")
        }
        var parser = StrictJSON(bytes[...], building: false)
        _ = try parser.document()
    }

    /// The offset of the first byte of `bytes` that does not begin or continue a well-formed UTF-8
    /// sequence (an overlong form, a surrogate, past U+10FFFF, cut short), or nil when all do.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Parses `bytes` (valid UTF-8) as one JSON text, as strictly as `validate`, into the values
    /// JSONSerialization gives: [String: Any], [Any], String, NSNumber (an Int for a whole number
    /// without a fraction or exponent that fits, else a Double; a boolean as `NSNumber(value:)` of a
    /// Bool) and NSNull. A raw U+FEFF stays in its string. A lone UTF-16 surrogate escape is an error.
    /// - Throws: `Failure` at the first problem; a number past Double's range has
    ///   `unrepresentableNumber` set and its own path.
    /// A byte order mark opens the text only when `byteOrderMark` (a file's start; a `--jsonl`
    /// stream's first line, not the others).
    static func parse(_ bytes: ArraySlice<UInt8>, byteOrderMark: Bool = true) throws(Failure) -> Any {
        var parser = StrictJSON(bytes, building: true)
        return try parser.document(byteOrderMark: byteOrderMark) ?? NSNull()
    }

    private mutating func document(byteOrderMark: Bool = true) throws(Failure) -> Any? {
        if byteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position += 3 }
        skipWhitespace()
        let result = try value()
        skipWhitespace()
        if position < bytes.endIndex { throw failure("unexpected text after the JSON value") }
        return result
    }

    private func failure(_ reason: String, path: [JSONPathComponent] = []) -> Failure {
        Failure(line: line, column: position - lineStart + 1, path: path, reason: reason)
    }

    private func peek() -> UInt8? { position < bytes.endIndex ? bytes[position] : nil }

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

    /// Reads one value; returns it when building, else nil.
    private mutating func value() throws(Failure) -> Any? {
        guard let b = peek() else { throw failure("unexpected end, expected a value") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let start = position
            let raw = try string()
            return building ? try decoded(raw, at: start) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case UInt8(ascii: "t"):
            try literal("true")
            return building ? NSNumber(value: true) : nil
        case UInt8(ascii: "f"):
            try literal("false")
            return building ? NSNumber(value: false) : nil
        case UInt8(ascii: "n"):
            try literal("null")
            return building ? NSNull() : nil
        default: throw failure("expected a value")
        }
    }

    /// A string's raw content (quotes off, escapes checked) as a String; `start` is its opening
    /// quote, where a lone surrogate escape is reported.
    private func decoded(_ raw: ArraySlice<UInt8>, at start: Int) throws(Failure) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        guard let bytes = Self.unescaped(raw, strict: true) else {
            var at = self
            at.position = start
            throw at.failure("a lone UTF-16 surrogate escape in a string")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads `word`; a mismatch is reported at the word's first byte.
    private mutating func literal(_ word: String) throws(Failure) {
        let start = position
        for byte in word.utf8 {
            guard peek() == byte else {
                let matched = position - start
                position = start
                // "tru" is a mistyped true; "not json" (one letter in common) is no mistyped null.
                throw failure(matched > 1 ? "expected \(word)" : "expected a value (a string, a number, an object, an array, true, false or null)")
            }
            position += 1
        }
    }

    /// Reads a number; when building, returns it as an NSNumber (an Int when it is whole, written
    /// without a fraction or exponent, and fits; else a Double).
    private mutating func number() throws(Failure) -> Any? {
        let start = position
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
        guard building else { return nil }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if let whole = Int(text) { return NSNumber(value: whole) }
        guard let number = Double(text), number.isFinite else {
            var at = self
            at.position = start
            var failure = at.failure("number out of range: \(text)", path: path)
            failure.unrepresentableNumber = text
            throw failure
        }
        return NSNumber(value: number)
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
        // `validate` builds nothing, so a lone surrogate escape is looked for here (`decoded` finds
        // it when building).
        if !building, content.contains(UInt8(ascii: "\\")), Self.unescaped(content, strict: true) == nil {
            var at = self
            at.position = start - 1
            throw at.failure("a lone UTF-16 surrogate escape in a string")
        }
        position += 1
        return content
    }

    private mutating func object() throws(Failure) -> Any? {
        guard path.count < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1  // {
        skipWhitespace()
        var built: [String: Any] = [:]
        if peek() == UInt8(ascii: "}") {
            position += 1
            return building ? built : nil
        }
        var keys = Set<ArraySlice<UInt8>>()
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { throw failure("a trailing comma before '}'") }
            let keyLine = line, keyColumn = position - lineStart + 1
            // Keys are compared as a parser reads them: "t\u0065xt" is "text". A lone surrogate
            // escape has no character to read (two of them are not one key).
            var key = try string()
            if key.contains(UInt8(ascii: "\\")) {
                guard let bytes = Self.unescaped(key, strict: true) else {
                    throw Failure(line: keyLine, column: keyColumn, path: path, reason: "a lone UTF-16 surrogate escape in a key")
                }
                key = bytes[...]
            }
            guard keys.insert(key).inserted else {
                throw Failure(
                    line: keyLine, column: keyColumn, path: path,
                    reason: "duplicate key \"\(String(decoding: key, as: UTF8.self))\"")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipWhitespace()
            let name = String(decoding: key, as: UTF8.self)
            path.append(.key(name))
            let item = try value()
            path.removeLast()
            if building { built[name] = item }
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return building ? built : nil
        }
    }

    /// The UTF-8 bytes of a string's content whose escapes are already checked: each escape
    /// replaced by what it stands for; a lone surrogate by U+FFFD, or when `strict`, nil.
    private static func unescaped(_ raw: ArraySlice<UInt8>, strict: Bool) -> [UInt8]? {
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
                } else if strict, (0xD800..<0xE000).contains(scalar) {
                    return nil
                }
                out.append(contentsOf: String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
            default: out.append(e)
            }
        }
        return out
    }

    private mutating func array() throws(Failure) -> Any? {
        guard path.count < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
        position += 1  // [
        skipWhitespace()
        var built: [Any] = []
        if peek() == UInt8(ascii: "]") {
            position += 1
            return building ? built : nil
        }
        var index = 0
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { throw failure("a trailing comma before ']'") }
            path.append(.index(index))
            let item = try value()
            path.removeLast()
            if building, let item { built.append(item) }
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return building ? built : nil
        }
    }
}
