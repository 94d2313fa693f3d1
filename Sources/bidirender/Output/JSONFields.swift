// JSONFields: the typed fields of a JSON Lines object, read strictly. JSONSerialization gives every
// JSON number and boolean as an NSNumber, and on Linux `true as? Int` is 1 and `1 as? Bool` is true:
// a boolean is told apart by its class (the one `NSNumber(value: true)` has), never by a cast.
import Foundation

enum JSONFields {
    /// The class JSONSerialization uses for `true` and `false` (__NSCFBoolean on Darwin and Linux).
    private static let booleanType = type(of: NSNumber(value: true))

    /// Whether `value` came from a JSON `true` or `false`.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return type(of: number) == booleanType || String(cString: number.objCType) == "c"
    }

    /// A JSON number (not a boolean, not a string) as a Double, or nil when `value` is not one.
    static func double(_ value: Any) -> Double? {
        guard !(value is String), !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    /// A JSON number that is a whole number in `range`; nil when it is not a number. Throws naming
    /// `key` when it is a number but not a whole one in the range.
    static func integer(_ value: Any, key: String, in range: ClosedRange<Int>) throws(LineError) -> Int? {
        guard let number = double(value) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound),
            let integer = Int(exactly: number)
        else {
            throw LineError(message: "\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(number)")
        }
        return integer
    }
}

extension JSONLines {
    /// An optional string field; a LineError naming the key if it is not a string.
    static func string(_ object: [String: Any], _ key: String, path: String? = nil) throws(LineError) -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else {
            throw LineError(message: "\"\(path ?? key)\" must be a string")
        }
        return string
    }

    /// An optional number field; a LineError naming the key if it is not a number (a boolean or a
    /// string is not).
    static func number(_ object: [String: Any], _ key: String) throws(LineError) -> Double? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let number = JSONFields.double(value) else {
            throw LineError(message: "\"\(key)\" must be a number")
        }
        return number
    }

    /// An optional boolean field; a LineError naming the key if it is not `true` or `false` (1 is not).
    static func boolean(_ object: [String: Any], _ key: String, path: String? = nil) throws(LineError) -> Bool? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard JSONFields.isBoolean(value), let flag = value as? Bool else {
            throw LineError(message: "\"\(path ?? key)\" must be true or false")
        }
        return flag
    }

    /// An optional enum field spelled as its raw value; a LineError listing the allowed values.
    static func choice<T: RawRepresentable & CaseIterable>(
        _ object: [String: Any], _ key: String, as: T.Type, path: String? = nil
    ) throws(LineError) -> T? where T.RawValue == String {
        guard let raw = try string(object, key, path: path) else { return nil }
        guard let value = T(rawValue: raw) else {
            let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw LineError(message: "\"\(path ?? key)\" must be one of \(allowed), not \"\(raw)\"")
        }
        return value
    }
}

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
