// JSONLines+Numbers: which key a number Foundation could not parse (1e400) belongs to, so a line's
// error names it.
import Foundation

/// Finds which key a number Foundation could not parse belongs to, for the error message.
enum JSONFieldLocator {
    /// The number's text from Foundation's "Number 1e400 is not representable in Swift.", or nil for
    /// any other parse error.
    static func unrepresentableNumber(in error: Error) -> String? {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard text.hasPrefix("Number "), text.hasSuffix(" is not representable in Swift.") else { return nil }
        return String(text.dropFirst("Number ".count).dropLast(" is not representable in Swift.".count))
    }

    /// The key path ("size", "spans[0].weight") of the first value that is the number token `number`,
    /// scanning the line's tokens (strings skipped whole); nil when it is not found or is the whole
    /// line.
    static func key(ofNumber number: String, in line: ArraySlice<UInt8>) -> String? {
        enum Frame {
            case object(key: String?)
            case array(index: Int)
        }
        let bytes = Array(line)
        let token = Array(number.utf8)
        var stack: [Frame] = []
        var lastString: String?
        func path() -> String? {
            var out = ""
            for frame in stack {
                switch frame {
                case .object(let key?): out += out.isEmpty ? key : "." + key
                case .object(nil): return nil
                case .array(let index): out += "[\(index)]"
                }
            }
            return out.isEmpty ? nil : out
        }
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < bytes.count, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                lastString = String(decoding: bytes[(i + 1)..<min(j, bytes.count)], as: UTF8.self)
                i = j + 1
                continue
            case UInt8(ascii: "{"): stack.append(.object(key: nil))
            case UInt8(ascii: "["): stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = stack.popLast()
            case UInt8(ascii: ":"):
                if case .object = stack.last { stack[stack.count - 1] = .object(key: lastString) }
            case UInt8(ascii: ","):
                if case .array(let index) = stack.last { stack[stack.count - 1] = .array(index: index + 1) }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var j = i
                while j < bytes.count, "0123456789+-.eE".utf8.contains(bytes[j]) { j += 1 }
                if bytes[i..<j].elementsEqual(token) { return path() }
                i = j
                continue
            default: break
            }
            i += 1
        }
        return nil
    }
}
